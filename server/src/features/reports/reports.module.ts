import type { ReportKitContribution } from '../../kits/reports/reports';
import type { FeatureModule } from '../../platform/module';
import { reportGroups } from './report-groups';

/** Reports 1.1..4.2 and the division and province information screens (docs/reports.md), on the report kit. */
export const reportsModule: FeatureModule & ReportKitContribution = {
  name: 'reports',
  reports: reportGroups,
};
