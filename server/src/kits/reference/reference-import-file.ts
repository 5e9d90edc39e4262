import { CsvError, parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { type AppError, badInput } from '../../platform/errors';
import { checkZip, isZip, ZipRefused } from '../../platform/files/zip-limits';

// Reads an import file (reference-import.ts) into rows of text cells: CSV in UTF-8 (with or without
// a byte-order mark) or an XLSX workbook's first sheet. The kind is told from the bytes, never from
// the file name: an XLSX is a zip (PK), anything else must be UTF-8 text.

export const IMPORT_LIMITS = {
  /** Bytes of the file itself. */
  maxBytes: 2 * 1024 * 1024,
  /** Data rows (the header row not counted). */
  maxRows: 5000,
  /** What an XLSX may inflate to, all its parts together. */
  maxUnzippedBytes: 32 * 1024 * 1024,
  maxColumns: 100,
} as const;

export type ImportFormat = 'CSV' | 'XLSX';

export interface ImportSheet {
  format: ImportFormat;
  headers: string[];
  /** Non-empty data rows; `line` is the row number a spreadsheet shows (the header is row 1). */
  rows: { line: number; cells: string[] }[];
}

const refused = (th: string, en: string): AppError => badInput(th, en);
const MB = IMPORT_LIMITS.maxBytes / (1024 * 1024);

/** The file as sent over GraphQL (base64), decoded and checked for size. */
export function decodeImportFile(base64: string): Buffer {
  const text = base64.replace(/\s+/g, '');
  if (text.length > Math.ceil(IMPORT_LIMITS.maxBytes / 3) * 4) {
    throw refused(`ไฟล์ใหญ่เกิน ${MB} MB`, `The file is larger than ${MB} MB`);
  }
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) {
    throw refused('ข้อมูลไฟล์ไม่ใช่ base64 ที่ถูกต้อง', 'The file is not valid base64');
  }
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length === 0) throw refused('ไฟล์ว่างเปล่า', 'The file is empty');
  if (bytes.length > IMPORT_LIMITS.maxBytes) {
    throw refused(`ไฟล์ใหญ่เกิน ${MB} MB`, `The file is larger than ${MB} MB`);
  }
  return bytes;
}

const isBlank = (cells: string[]) => cells.every((c) => c.trim() === '');

function tooManyRows(): AppError {
  const max = IMPORT_LIMITS.maxRows.toLocaleString('en');
  return refused(`ไฟล์มีข้อมูลเกิน ${max} แถว`, `The file has more than ${max} data rows`);
}

/** The header row and the non-blank rows after it, with the row limit. */
function toSheet(format: ImportFormat, lines: { line: number; cells: string[] }[]): ImportSheet {
  const content = lines.filter((l) => !isBlank(l.cells));
  const [header, ...rows] = content;
  if (!header) throw refused('ไฟล์ไม่มีข้อมูล', 'The file has no rows');
  if (rows.length > IMPORT_LIMITS.maxRows) throw tooManyRows();
  if (header.cells.length > IMPORT_LIMITS.maxColumns) {
    throw refused(
      `ไฟล์มีคอลัมน์เกิน ${IMPORT_LIMITS.maxColumns} คอลัมน์`,
      `The file has more than ${IMPORT_LIMITS.maxColumns} columns`,
    );
  }
  return { format, headers: header.cells.map((h) => h.trim()), rows };
}

function readCsv(bytes: Buffer): ImportSheet {
  let text: string;
  try {
    // fatal: bytes that are not UTF-8 (a TIS-620 or UTF-16 export) are refused, not garbled.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refused(
      'ไฟล์ต้องเป็น CSV แบบ UTF-8 หรือ XLSX (บันทึกจาก Excel เป็น "CSV UTF-8" หรือ .xlsx)',
      'The file must be CSV in UTF-8 or XLSX (save from Excel as "CSV UTF-8" or .xlsx)',
    );
  }
  if (text.includes('\u0000')) {
    throw refused('ไฟล์ต้องเป็น CSV หรือ XLSX', 'The file must be CSV or XLSX');
  }
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  // Excel writes ';' between cells where the decimal separator is a comma.
  const delimiter = (firstLine.match(/;/g) ?? []).length > (firstLine.match(/,/g) ?? []).length ? ';' : ',';
  try {
    const records = parse(text, {
      bom: true,
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      // A row more than the limit aborts parsing early instead of after reading the whole file.
      to: IMPORT_LIMITS.maxRows + 2,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    if (records.length > IMPORT_LIMITS.maxRows + 1) throw tooManyRows();
    // info.lines is where a record ends; a quoted cell may span lines, so count back to its start.
    const startLine = (r: { record: string[]; info: { lines: number } }) =>
      r.info.lines - r.record.reduce((n, cell) => n + (cell.match(/\n/g) ?? []).length, 0);
    return toSheet(
      'CSV',
      records.map((r) => ({ line: startLine(r), cells: r.record })),
    );
  } catch (err) {
    if (err instanceof CsvError) {
      const line = (err as CsvError & { lines?: number }).lines;
      throw refused(
        `อ่านไฟล์ CSV ไม่ได้${line ? ` (บรรทัดที่ ${line})` : ''}: ${err.message}`,
        `Cannot read the CSV file${line ? ` (line ${line})` : ''}: ${err.message}`,
      );
    }
    throw err;
  }
}

/** A cell as the text a person sees in it (formulas: their result). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('hyperlink' in value) return cellText(value.text);
  if ('error' in value) return value.error;
  if ('result' in value) return cellText(value.result);
  return '';
}

async function readXlsx(bytes: Buffer): Promise<ImportSheet> {
  const notWorkbook = () =>
    refused('ไฟล์ XLSX เสียหายหรือไม่ใช่ไฟล์ Excel', 'The XLSX file is damaged or not an Excel workbook');
  try {
    checkZip(bytes, IMPORT_LIMITS.maxUnzippedBytes);
  } catch (err) {
    if (err instanceof ZipRefused) throw notWorkbook();
    throw err;
  }
  // Loaded at the first XLSX import, not at the server's start (docs/start-and-memory.md).
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw notWorkbook();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw refused('ไฟล์ XLSX ไม่มีแผ่นงาน', 'The XLSX file has no worksheet');
  if (sheet.actualRowCount > IMPORT_LIMITS.maxRows + 1) throw tooManyRows();
  const width = Math.min(sheet.actualColumnCount, IMPORT_LIMITS.maxColumns + 1);
  const lines: { line: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const cells: string[] = [];
    for (let col = 1; col <= width; col++) cells.push(cellText(row.getCell(col).value));
    lines.push({ line, cells });
  });
  return toSheet('XLSX', lines);
}

/** Reads the file's rows; every refusal is BAD_INPUT in Thai and English. */
export async function readImportFile(bytes: Buffer): Promise<ImportSheet> {
  if (isZip(bytes)) return readXlsx(bytes);
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) {
    throw refused(
      'ไฟล์ Excel รุ่นเก่า (.xls) ใช้ไม่ได้ กรุณาบันทึกเป็น .xlsx หรือ CSV UTF-8',
      'Old Excel files (.xls) are not read: save as .xlsx or CSV UTF-8',
    );
  }
  return readCsv(bytes);
}
