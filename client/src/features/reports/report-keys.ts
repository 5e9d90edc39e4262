/**
 * The catalogue keys of the reports built in the product (server/src/features/reports): the external
 * menu panel offers them beside the external site.
 */
export const IN_PRODUCT_REPORT_KEYS: ReadonlySet<string> = new Set(
  [
    ...['1-1', '1-2', '1-3', '1-4', '1-5', '1-6', '1-7', '1-8'],
    ...['2-1', '2-2', '2-3', '2-4', '2-5', '2-6', '2-7', '2-8'],
    ...['3-1', '3-2', '3-3', '3-4', '3-5', '3-6', '3-7', '3-8'],
    ...['4-1', '4-2', '4-3', '4-4', '4-5', '4-6'],
    ...['5-1', '5-2'],
  ].map((n) => `report-${n}`),
);

/** The information screens (MN-146, MN-147), drawn by the same report screen. */
export const INFO_REPORT_KEYS = ['view-division-info', 'view-province-info'] as const;
