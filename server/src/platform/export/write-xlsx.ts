import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  bangkokTime,
  columnLabel,
  dayOf,
  drained,
  type ExportKind,
  type ExportLanguage,
  type ExportProgress,
  type ExportSource,
  instantOf,
  numberOf,
} from './export-source';

// XLSX streamed with exceljs's WorkbookWriter (rows are committed as they come; no shared-strings
// table, so memory stays flat however many rows). One sheet: a bold header row in the export's
// language, frozen, with a filter; widths by kind. Money is a number shown `#,##0.00`; dates and
// date-times are real Excel dates (they sort and filter), the Bangkok day or wall time, shown with the
// Thai Buddhist calendar in Thai files (`[$-107041E]`: 22/11/2569) and as yyyy-mm-dd in English ones.

export const PROGRESS_EVERY = 1000;

export const xlsxFormats: Record<ExportLanguage, Partial<Record<ExportKind, string>>> = {
  th: {
    integer: '#,##0',
    money: '#,##0.00',
    date: '[$-107041E]dd/mm/yyyy',
    datetime: '[$-107041E]dd/mm/yyyy hh:mm',
  },
  en: { integer: '#,##0', money: '#,##0.00', date: 'yyyy-mm-dd', datetime: 'yyyy-mm-dd hh:mm' },
};

const defaultWidth: Record<ExportKind, number> = {
  text: 24,
  integer: 10,
  number: 14,
  money: 16,
  date: 12,
  datetime: 17,
};

/** A sheet name Excel accepts: no []:*?/\ and at most 31 characters. */
export function sheetName(title: string): string {
  return [...title.replace(/[[\]:*?/\\]/g, ' ').trim()].slice(0, 31).join('') || 'Sheet1';
}

export function xlsxCell(kind: ExportKind, value: unknown): unknown {
  if (value === null || value === undefined || value === '') return null;
  switch (kind) {
    case 'money':
    case 'integer':
    case 'number':
      return numberOf(value) ?? String(value);
    case 'date': {
      // Excel dates have no zone: the day is written as that day's midnight.
      const d = dayOf(value);
      return d ? new Date(Date.UTC(d.year, d.month - 1, d.day)) : null;
    }
    case 'datetime': {
      const t = instantOf(value);
      if (!t) return null;
      const b = bangkokTime(t);
      return new Date(Date.UTC(b.year, b.month - 1, b.day, b.hour, b.minute));
    }
    default:
      return String(value);
  }
}

/** Writes the source as XLSX to `out` and ends it; resolves with the number of data rows. */
export async function writeXlsx<Row>(
  source: ExportSource<Row>,
  out: Writable,
  lang: ExportLanguage,
  onProgress?: ExportProgress,
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Namjai';
  workbook.created = new Date();
  const columns = source.columns;
  const sheet = workbook.addWorksheet(sheetName(columnLabel(source.sheetTitle, lang)), {
    views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }],
  });
  sheet.columns = columns.map((c) => ({
    key: c.key,
    width: Math.max(c.width ?? defaultWidth[c.kind], Math.min(40, [...columnLabel(c, lang)].length + 2)),
    // Only columns with a number format carry a style: every styled cell costs exceljs a lookup.
    ...(xlsxFormats[lang][c.kind] ? { style: { numFmt: xlsxFormats[lang][c.kind] } } : {}),
  }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  const header = sheet.addRow(columns.map((c) => columnLabel(c, lang)));
  header.font = { bold: true };
  header.commit();

  let count = 0;
  for await (const item of source.rows) {
    sheet.addRow(columns.map((c) => xlsxCell(c.kind, c.value(item, lang)))).commit();
    count++;
    if (count % PROGRESS_EVERY === 0) {
      onProgress?.(count);
      // Let the zip catch up with the rows, and the client with the zip.
      await new Promise((r) => setImmediate(r));
      await drained(out);
    }
  }
  sheet.commit();
  await workbook.commit();
  onProgress?.(count);
  return count;
}
