import type { Writable } from 'node:stream';
import { bangkokDay, bangkokTime, formatBEDay } from '@namjai/common/calendar';

// One export mechanism for every list and report (docs/exports.md): a list declares its columns
// and gives its rows as an async iterable read from PostgreSQL in pages; the writers stream XLSX or
// CSV from that, and exportRoute (export-route.ts) serves it as a download with the list's filters.

export type ExportLanguage = 'th' | 'en';
export type ExportFormat = 'xlsx' | 'csv';
export const exportFormats: readonly ExportFormat[] = ['xlsx', 'csv'];

/**
 * How a column's values are written. text: as given; integer / number: numbers; money: numbers with
 * two decimals (`#,##0.00`); date: a calendar day (yyyy-mm-dd text, or a Date read as its Bangkok
 * day); datetime: an instant (Date or ISO text), shown as Bangkok wall time.
 */
export type ExportKind = 'text' | 'integer' | 'number' | 'money' | 'date' | 'datetime';

export interface ExportColumn<Row> {
  /** Stable name (used for widths, tests and the CSV's machine readers). */
  key: string;
  th: string;
  en: string;
  kind: ExportKind;
  /** The cell of a row; `lang` picks between Thai and English names (a status label, a unit name). */
  value: (row: Row, lang: ExportLanguage) => unknown;
  /** Width in characters in the XLSX; a default follows the kind. */
  width?: number;
}

export interface ExportSource<Row> {
  /** File name without extension, e.g. `ประวัติการบริจาค` (Thai is fine). */
  fileName: string;
  sheetTitle: { th: string; en: string };
  columns: readonly ExportColumn<Row>[];
  /** Read lazily, in pages or with a cursor: never the whole list in memory. */
  rows: AsyncIterable<Row>;
  /** Rows the export will hold (the list's total), sent as X-Total-Count for the progress bar. */
  total?: number;
}

/** Rows written so far; called every `progressEvery` rows and once at the end. */
export type ExportProgress = (rows: number) => void;

export const columnLabel = (c: { th: string; en: string }, lang: ExportLanguage) => c[lang] || c.th;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A calendar day from a date value: 'yyyy-mm-dd…' text as written, a Date as its Bangkok day. */
export function dayOf(value: unknown): { year: number; month: number; day: number } | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : bangkokDay(value);
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(value));
  return m ? { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) } : null;
}

/** An instant from a datetime value (Date or ISO text). */
export function instantOf(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Bangkok wall time of an instant, as its parts. */
export { bangkokTime };

/** A day as text: Thai dd/mm/yyyy with a Buddhist-era year, English yyyy-mm-dd. */
export function dayText(d: { year: number; month: number; day: number }, lang: ExportLanguage): string {
  return lang === 'th' ? formatBEDay(d) : `${d.year}-${pad2(d.month)}-${pad2(d.day)}`;
}

/** An instant as Bangkok wall time: Thai dd/mm/yyyy HH:mm (B.E.), English yyyy-mm-dd HH:mm. */
export function dateTimeText(instant: Date, lang: ExportLanguage): string {
  const t = bangkokTime(instant);
  return `${dayText(t, lang)} ${pad2(t.hour)}:${pad2(t.minute)}`;
}

/** Money as its decimal text with two places (no thousands separator): '1234.50'. */
export function moneyText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value).trim();
  if (/^-?\d+(\.\d+)?$/.test(text)) {
    const [whole, frac = ''] = text.split('.');
    if (frac.length <= 2) return `${whole}.${frac.padEnd(2, '0')}`;
  }
  const n = Number(text);
  return Number.isFinite(n) ? n.toFixed(2) : text;
}

/** A number from a numeric value (numeric columns arrive as text), or null. */
export function numberOf(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Waits until `out` takes more (its buffer drained); throws when the download was stopped. */
export async function drained(out: Writable): Promise<void> {
  if (out.destroyed) throw new Error('the download was stopped');
  if (!out.writableNeedDrain) return;
  await new Promise<void>((resolve, reject) => {
    const done = () => {
      out.off('close', stopped);
      resolve();
    };
    const stopped = () => {
      out.off('drain', done);
      reject(new Error('the download was stopped'));
    };
    out.once('drain', done);
    out.once('close', stopped);
  });
}
