// The Buddhist-era year and fiscal year in Bangkok without a date library, for what every public page
// shows (the footer, the home page's heading): the one calendar of client and server,
// @namjai/common/calendar. luxon, which platform/dates.ts uses for parsing and formatting, stays out of
// the first load.

export {
  bangkokYearBE,
  EXPIRY_YEARS_AHEAD,
  expiryYearListBE,
  FIRST_LIST_YEAR_BE,
  fiscalYearBE as bangkokFiscalYearBE,
  yearListBE,
} from '@namjai/common/calendar';
