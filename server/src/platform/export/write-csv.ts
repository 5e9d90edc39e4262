import type { Writable } from 'node:stream';
import {
  columnLabel,
  dateTimeText,
  dayOf,
  dayText,
  drained,
  type ExportLanguage,
  type ExportProgress,
  type ExportSource,
  instantOf,
  moneyText,
  numberOf,
} from './export-source';

// CSV that Excel opens with Thai intact and that a program reads back: UTF-8 with a BOM, records
// ending in CRLF, RFC 4180 quoting (a field with a comma, a quote or a line break is quoted, quotes
// doubled). A line break inside a field is written as LF alone, so CRLF counts records exactly (the
// client's progress bar counts them). Money: '1234.50'; dates: Thai B.E. 'dd/mm/yyyy' (English
// ISO 'yyyy-mm-dd'); date-times: Bangkok wall time.

const BOM = '\uFEFF';
const CHUNK = 64 * 1024;
export const PROGRESS_EVERY = 1000;

/** One field, quoted when RFC 4180 needs it. */
export function csvField(text: string): string {
  const flat = text.replace(/\r\n?/g, '\n');
  return /[",\n]/.test(flat) ? `"${flat.replaceAll('"', '""')}"` : flat;
}

export function csvCell(kind: string, value: unknown, lang: ExportLanguage): string {
  if (value === null || value === undefined) return '';
  switch (kind) {
    case 'money':
      return moneyText(value);
    case 'integer':
    case 'number': {
      const n = numberOf(value);
      return n === null ? String(value) : String(value).trim();
    }
    case 'date': {
      const d = dayOf(value);
      return d ? dayText(d, lang) : '';
    }
    case 'datetime': {
      const t = instantOf(value);
      return t ? dateTimeText(t, lang) : '';
    }
    default:
      return String(value);
  }
}

/** Writes the source as CSV to `out` (not ended); resolves with the number of data rows. */
export async function writeCsv<Row>(
  source: ExportSource<Row>,
  out: Writable,
  lang: ExportLanguage,
  onProgress?: ExportProgress,
): Promise<number> {
  let buffer = `${BOM + source.columns.map((c) => csvField(columnLabel(c, lang))).join(',')}\r\n`;
  let count = 0;
  const flush = async () => {
    if (!buffer) return;
    if (out.destroyed) throw new Error('the download was stopped');
    out.write(buffer);
    buffer = '';
    await drained(out);
  };
  for await (const row of source.rows) {
    buffer += `${source.columns.map((c) => csvField(csvCell(c.kind, c.value(row, lang), lang))).join(',')}\r\n`;
    count++;
    if (buffer.length >= CHUNK) await flush();
    if (count % PROGRESS_EVERY === 0) onProgress?.(count);
  }
  await flush();
  onProgress?.(count);
  return count;
}
