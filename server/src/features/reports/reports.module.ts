import type { FeatureModule } from '../../platform/module';
import { reportExport } from './report.export';
import { ReportResolver } from './report.resolver';
import { reports } from './reports';

/** Reports 1.1..4.2 and the division and province information screens (docs/reports.md). */
export const reportsModule: FeatureModule = {
  name: 'reports',
  resolvers: [ReportResolver],
  routes: () => [reportExport],
  describeAccess: () =>
    reports.map(
      (r) =>
        `report(key: "${r.key}") and GET /api/export/reports/${r.key}: menu ${r.code}, rows within the caller's data scope`,
    ),
};
