import { PassThrough, Writable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ByteSink } from './byte-sink';
import type { ExportColumn, ExportSource } from './export-source';
import { writeCsv } from './write-csv';
import { writeXlsx } from './write-xlsx';

// The writers encode rows straight into 64 KB chunks (byte-sink.ts): a Thai character, a surrogate
// pair or a text longer than a chunk must come out whole at every chunk boundary, and a file of many
// chunks, written to a slow reader, must read back exactly (the route's tests use small lists).

/** A writable that takes `delayEvery` chunks then waits a tick, with a small buffer: drain is exercised. */
function slowSink(): { out: Writable; bytes: () => Buffer } {
  const chunks: Buffer[] = [];
  let n = 0;
  const out = new Writable({
    highWaterMark: 1024,
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk);
      if (++n % 7 === 0) setTimeout(done, 1);
      else done();
    },
  });
  return { out, bytes: () => Buffer.concat(chunks) };
}

describe('ByteSink', () => {
  it('emits exactly the UTF-8 of what was written, in chunks no larger than asked unless one text is', async () => {
    const pieces: (string | number)[] = [];
    // Deterministic mix: markup, Thai, an emoji (a surrogate pair), numbers, and texts far longer
    // than the chunk, so that every kind of piece lands on a chunk boundary somewhere.
    // Short texts are encoded in JavaScript, long ones by Buffer#write: both must agree with
    // Buffer.from, a lone surrogate included (U+FFFD).
    const texts = [
      '<c r="A',
      'ผู้บริจาคทดสอบ',
      '😀น้ำใจ',
      'a&b',
      'ก'.repeat(700),
      'x'.repeat(2500),
      'café ü',
      '\ud800x y\udc00',
      `${'😀'.repeat(30)}é`,
    ];
    for (let i = 0; i < 4000; i++) pieces.push(i % 3 === 0 ? i * 37 : texts[i % texts.length]);
    const emitted: Buffer[] = [];
    const sink = new ByteSink(async (chunk) => {
      emitted.push(Buffer.from(chunk));
      await new Promise((r) => setImmediate(r));
    }, 1024);
    let expected = '';
    for (const p of pieces) {
      if (typeof p === 'number') {
        sink.int(p);
        expected += String(p);
      } else if (/^[\x20-\x7e]*$/.test(p)) {
        sink.ascii(p);
        expected += p;
      } else {
        sink.text(p);
        expected += p;
      }
      if (sink.pending) await sink.drain();
    }
    sink.int(-5);
    sink.int(1.5);
    expected += '-51.5';
    await sink.flush();
    const all = Buffer.concat(emitted);
    expect(all.equals(Buffer.from(expected, 'utf8'))).toBe(true);
    expect(sink.written).toBe(all.length);
    expect(emitted.length).toBeGreaterThan(100);
    // Only a chunk holding one text longer than the chunk (2,500 x's; 700 ก are 2,100 bytes) is larger.
    for (const c of emitted) if (c.length > 1024) expect(c.length).toBeLessThanOrEqual(2500 * 3);
    // Every chunk is valid UTF-8 on its own: no character is split between two chunks.
    for (const c of emitted) expect(Buffer.from(c.toString('utf8'), 'utf8').equals(c)).toBe(true);
  });
});

type Row = { n: number; name: string; note: string | null; amount: string; day: string };
const columns: ExportColumn<Row>[] = [
  { key: 'n', th: 'ลำดับ', en: 'No.', kind: 'integer', value: (r) => r.n },
  { key: 'name', th: 'ชื่อ', en: 'Name', kind: 'text', value: (r) => r.name },
  { key: 'note', th: 'หมายเหตุ', en: 'Note', kind: 'text', value: (r) => r.note },
  { key: 'amount', th: 'จำนวนเงิน', en: 'Amount', kind: 'money', value: (r) => r.amount },
  { key: 'day', th: 'วันที่', en: 'Day', kind: 'date', value: (r) => r.day },
];
const ROWS = 6000;
const rowAt = (i: number): Row => ({
  n: i + 1,
  name: `ผู้บริจาค ${i} "น้ำใจ, ${'ก'.repeat(i % 50)}" <${i}>`,
  note: i % 4 === 0 ? null : i % 4 === 1 ? `บรรทัดแรก\r\nบรรทัดสอง ${i}` : `note & ${i}`,
  amount: `${i * 3}.${String(i % 100).padStart(2, '0')}`,
  day: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
});
function source(): ExportSource<Row> {
  async function* rows() {
    for (let i = 0; i < ROWS; i++) yield rowAt(i);
  }
  return { fileName: 'ทดสอบ', sheetTitle: { th: 'ทดสอบ', en: 'Test' }, columns, rows: rows(), total: ROWS };
}

describe('writers over many chunks', () => {
  it('CSV: every record reads back as written, to a slow reader', async () => {
    const { out, bytes } = slowSink();
    const progress: number[] = [];
    const count = await writeCsv(source(), out, 'en', (n) => progress.push(n));
    await new Promise<void>((r) => out.end(r));
    expect(count).toBe(ROWS);
    expect(progress.at(-1)).toBe(ROWS);
    const buffer = bytes();
    expect(buffer.length).toBeGreaterThan(5 * 64 * 1024);
    expect([...buffer.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records: string[][] = parse(buffer.toString('utf8').slice(1));
    expect(records[0]).toEqual(['No.', 'Name', 'Note', 'Amount', 'Day']);
    expect(records.length).toBe(ROWS + 1);
    for (let i = 0; i < ROWS; i++) {
      const r = rowAt(i);
      expect(records[i + 1]).toEqual([
        String(r.n),
        r.name,
        r.note === null ? '' : r.note.replace('\r\n', '\n'),
        r.amount,
        r.day,
      ]);
    }
    // Records end in CRLF, and a line break inside a field is LF alone: CRLF counts records.
    expect(buffer.toString('utf8').split('\r\n').length - 1).toBe(ROWS + 1);
  });

  it('XLSX: every row reads back with exceljs', async () => {
    const body = new PassThrough();
    const chunks: Buffer[] = [];
    body.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise((r) => body.on('end', r));
    const count = await writeXlsx(source(), body, 'th');
    await ended;
    expect(count).toBe(ROWS);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as never);
    const sheet = wb.worksheets[0];
    expect(sheet.rowCount).toBe(ROWS + 1);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'ลำดับ',
      'ชื่อ',
      'หมายเหตุ',
      'จำนวนเงิน',
      'วันที่',
    ]);
    for (let i = 0; i < ROWS; i++) {
      const r = rowAt(i);
      const [n, name, note, amount, day] = (sheet.getRow(i + 2).values as unknown[]).slice(1);
      // XML reads CRLF inside a text as LF (end-of-line handling).
      const shown = r.note?.replace('\r\n', '\n') ?? null;
      expect([n, name, note ?? null, amount]).toEqual([r.n, r.name, shown, Number(r.amount)]);
      expect((day as Date).toISOString().slice(0, 10)).toBe(r.day);
    }
  });
});
