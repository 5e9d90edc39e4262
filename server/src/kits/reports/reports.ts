import type { MenuCode } from '@namjai/common/menu-catalogue';
import type { Report } from './report-kit';

// The report kit's list of reports. A feature declares its reports on the kit and names them in its
// module (`reports`); server/src/registry.ts hands them to the kit once every module is loaded, so
// the kit never imports a feature. Read the list when a request or schema build runs, not while
// modules load.

/** What a feature module gives the report kit. */
export interface ReportKitContribution {
  /** The feature's reports, in the catalogue's order (docs/reports.md). */
  reports?: readonly Report[];
}

const registered: Report[] = [];

/** Every declared report, in the catalogue's order (filled by the registry at start). */
export const reports: readonly Report[] = registered;

/** Adds the features' reports to the kit; the registry calls this once, before the schema is built. */
export function registerReports(given: readonly Report[]): void {
  for (const r of given) {
    if (reportByKey(r.key)) throw new Error(`Report ${r.key} is registered twice`);
    registered.push(r);
  }
}

export const reportByKey = (key: string): Report | undefined => reports.find((r) => r.key === key);

/** Every report's menu code: the `report` and `reports` fields' @Menu; each report checks its own. */
export const reportCodes = (): MenuCode[] => reports.map((r) => r.code);
