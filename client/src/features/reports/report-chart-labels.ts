import type { Language } from '../../platform/language';

/** The server's month label: a Buddhist-era year and a month (2569-10; server report-kit beMonth). */
const BE_MONTH = /^(\d{4})-(\d{2})$/;

/**
 * A chart category as people read it: a month (2569-10) becomes "ต.ค. 2569" in Thai (Buddhist era)
 * and "Oct 2026" in English; any other label is kept as it is.
 */
export function chartLabel(label: string, language: Language): string {
  const match = BE_MONTH.exec(label);
  if (!match) return label;
  const beYear = Number(match[1]);
  const month = Number(match[2]);
  if (month < 1 || month > 12 || beYear < 2400) return label;
  // Noon UTC on the 15th: the same month in every time zone.
  const date = new Date(Date.UTC(beYear - 543, month - 1, 15, 12));
  return language === 'en'
    ? new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date)
    : new Intl.DateTimeFormat('th-TH-u-ca-buddhist', {
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(date);
}
