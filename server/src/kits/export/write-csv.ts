import type { Writable } from 'node:stream';
import { ByteSink } from './byte-sink';
import { rowBatches } from './export-rows';
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
export const PROGRESS_EVERY = 1000;

/** One field, quoted when RFC 4180 needs it. */
export function csvField(text: string): string {
  if (!/[",\r\n]/.test(text)) return text;
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
  const sink = new ByteSink(async (chunk) => {
    if (out.destroyed) throw new Error('the download was stopped');
    out.write(chunk);
    await drained(out);
  });
  const columns = source.columns;
  const last = columns.length - 1;
  sink.text(`${BOM + columns.map((c) => csvField(columnLabel(c, lang))).join(',')}\r\n`);
  let count = 0;
  for await (const batch of rowBatches(source.rows)) {
    for (const row of batch) {
      for (let i = 0; i <= last; i++) {
        const c = columns[i];
        sink.text(csvField(csvCell(c.kind, c.value(row, lang), lang)));
        sink.ascii(i === last ? '\r\n' : ',');
      }
      if (last < 0) sink.ascii('\r\n');
      count++;
      if (sink.pending) await sink.drain();
      if (count % PROGRESS_EVERY === 0) onProgress?.(count);
    }
  }
  await sink.flush();
  onProgress?.(count);
  return count;
}
