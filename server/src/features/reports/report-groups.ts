import type { Report } from '../../kits/reports/report-kit';
import { decorationReports } from './groups/decoration.reports';
import { donationReports } from './groups/donations.reports';
import { donorReports } from './groups/donors.reports';
import { eDonationReports } from './groups/e-donation.reports';
import { givingOutReports } from './groups/giving-out.reports';
import { infoReports } from './groups/info.reports';
import { stockReports } from './groups/stock.reports';

/** The reports this feature declares on the report kit, in the catalogue's order (docs/reports.md). */
export const reportGroups: readonly Report[] = [
  ...donationReports,
  ...stockReports,
  ...givingOutReports,
  ...donorReports,
  ...decorationReports,
  ...eDonationReports,
  ...infoReports,
];
