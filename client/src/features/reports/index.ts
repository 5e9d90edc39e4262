// The front door of this feature: what other features and the routes may use (issue 23).
export { IN_PRODUCT_REPORT_KEYS } from './report-keys';
export { ReportPage } from './report-page';
export { REPORT_SCREENS } from './reports.screens';
export { ReportsIndexPage } from './reports-index-page';
