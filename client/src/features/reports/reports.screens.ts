import { type FeatureScreens, screen } from '../../ui/app-shell/feature-screen-props';
import { INFO_REPORT_KEYS } from './report-keys';

// The division and province information screens (MN-146, MN-147) are reports of the kit; the reports
// 1.1..4.2 keep their external-site entry and open in the product at /backoffice/reports/{key}.
const infoScreen = screen(async () => (await import('./report-page')).InfoReportScreen);

export const REPORT_SCREENS: FeatureScreens = Object.fromEntries(
  INFO_REPORT_KEYS.map((key) => [key, infoScreen]),
);
