import type { FeatureModule } from '../../platform/module';
import { reportExport } from './report.export';
import { reportResolver } from './report.resolver';
import { reports } from './reports';

/** The report kit: the `reports`/`report` fields and the export of every registered report. */
export const reportKitModule: FeatureModule = {
  name: 'report-kit',
  get resolvers() {
    return [reportResolver()];
  },
  routes: () => [reportExport()],
  describeAccess: () =>
    reports.map(
      (r) =>
        `report(key: "${r.key}") and GET /api/export/reports/${r.key}: menu ${r.code}, rows within the caller's data scope`,
    ),
};
