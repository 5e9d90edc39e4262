import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ExportSource } from './export-source';
import { continuedSheetName, sheetOfRow, writeXlsx, XLSX_SHEET_ROWS } from './write-xlsx';

// Past a sheet's rows (Excel's 1,048,576, the header included) the rows go on to a second sheet
// with the same header row: shown here with a limit of 6 rows a sheet (5 data rows), read back
// with exceljs as the other export tests do.

interface Row {
  n: number;
  name: string;
}

function source(rows: number): ExportSource<Row> {
  async function* all() {
    for (let n = 1; n <= rows; n++) yield { n, name: `ผู้บริจาค ${n}` };
  }
  return {
    fileName: 'test',
    sheetTitle: { th: 'ประวัติการบริจาค', en: 'Donation history' },
    columns: [
      { key: 'n', th: 'ลำดับ', en: 'No.', kind: 'integer', value: (r) => r.n },
      { key: 'name', th: 'ชื่อ', en: 'Name', kind: 'text', value: (r) => r.name },
    ],
    rows: all(),
  };
}

async function written(rows: number, sheetRows?: number): Promise<{ count: number; wb: ExcelJS.Workbook }> {
  const body = new PassThrough();
  const chunks: Buffer[] = [];
  body.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((r) => body.on('end', r));
  const count = await writeXlsx(source(rows), body, 'th', undefined, { sheetRows });
  await ended;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.concat(chunks) as never);
  return { count, wb };
}

describe('writeXlsx past a sheet’s rows', () => {
  it('continues on a second and third sheet, each with the header row', async () => {
    const { count, wb } = await written(12, 6);
    expect(count).toBe(12);
    expect(wb.worksheets.map((s) => s.name)).toEqual([
      'ประวัติการบริจาค',
      'ประวัติการบริจาค (2)',
      'ประวัติการบริจาค (3)',
    ]);
    expect(wb.worksheets.map((s) => s.rowCount)).toEqual([6, 6, 3]);
    let n = 0;
    for (const sheet of wb.worksheets) {
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['ลำดับ', 'ชื่อ']);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      for (let r = 2; r <= sheet.rowCount; r++) {
        n++;
        expect((sheet.getRow(r).values as unknown[]).slice(1)).toEqual([n, `ผู้บริจาค ${n}`]);
      }
    }
    expect(n).toBe(12);
  });

  it('keeps one sheet when the rows fill it exactly, and by default', async () => {
    expect((await written(5, 6)).wb.worksheets.map((s) => s.rowCount)).toEqual([6]);
    expect((await written(7)).wb.worksheets.map((s) => s.rowCount)).toEqual([8]);
  });

  it("uses Excel's limit: 1,048,576 rows a sheet, the header included", () => {
    expect(XLSX_SHEET_ROWS).toBe(1_048_576);
    expect(sheetOfRow(0)).toEqual({ sheet: 1, row: 2 });
    expect(sheetOfRow(1_048_574)).toEqual({ sheet: 1, row: 1_048_576 });
    expect(sheetOfRow(1_048_575)).toEqual({ sheet: 2, row: 2 });
    expect(continuedSheetName('x'.repeat(31), 2)).toBe(`${'x'.repeat(27)} (2)`);
  });
});
