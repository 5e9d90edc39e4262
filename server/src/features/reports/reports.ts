import type { MenuCode } from '@namjai/common/menu-catalogue';
import type { Report } from '../../kits/reports/report-kit';
import { decorationReports } from './groups/decoration.reports';
import { donationReports } from './groups/donations.reports';
import { donorReports } from './groups/donors.reports';
import { eDonationReports } from './groups/e-donation.reports';
import { givingOutReports } from './groups/giving-out.reports';
import { infoReports } from './groups/info.reports';
import { stockReports } from './groups/stock.reports';

/** Every declared report, in the catalogue's order (docs/reports.md). */
export const reports: readonly Report[] = [
  ...donationReports,
  ...stockReports,
  ...givingOutReports,
  ...donorReports,
  ...decorationReports,
  ...eDonationReports,
  ...infoReports,
];

export const reportByKey = (key: string): Report | undefined => reports.find((r) => r.key === key);

/** Every report's menu code: the `report` and `reports` fields' @Menu; each report checks its own. */
export const reportCodes: MenuCode[] = reports.map((r) => r.code);
