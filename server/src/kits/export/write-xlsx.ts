import type { Writable } from 'node:stream';
import { ByteSink } from './byte-sink';
import { rowBatches } from './export-rows';
import {
  bangkokTime,
  columnLabel,
  dayOf,
  type ExportKind,
  type ExportLanguage,
  type ExportProgress,
  type ExportSource,
  instantOf,
  numberOf,
} from './export-source';
import { ZipStream } from './zip-stream';

// XLSX (Office Open XML SpreadsheetML) written as the rows come: the package's small parts, then the
// worksheet deflated row by row into a streamed ZIP (zip-stream.ts; ZIP64 past 4 GiB); memory stays
// flat however many rows. Text cells are inline strings (no shared-strings table to hold). One sheet
// (a second, a third… past Excel's 1,048,576 rows a sheet, XLSX_SHEET_ROWS): a bold header row in
// the export's language, frozen, with a filter; widths by kind. Money is a number
// shown `#,##0.00`; dates and date-times are real Excel dates (they sort and filter), the Bangkok day
// or wall time, shown with the Thai Buddhist calendar in Thai files (`[$-107041E]`: 22/11/2569) and
// as yyyy-mm-dd in English ones.
//
// exceljs's streaming WorkbookWriter was the first writer: it spends ~60 µs a row (an object model
// per row and cell, and for every styled cell the style's XML rendered to find its index); writing
// 100,000 rows alone took it 15–24 s on the busy bench machine, this 3.8 s, and the whole export
// went from 41 s to 17 s under the same load (docs/benchmarks.md, the export part). Tests and the
// bench read the files back with exceljs.

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

/** Cell style index (cellXfs) of each kind; 1 is the bold header. */
const styleOf: Record<ExportKind, number> = {
  text: 0,
  number: 0,
  integer: 2,
  money: 3,
  date: 4,
  datetime: 5,
};
const formatted: ExportKind[] = ['integer', 'money', 'date', 'datetime'];

/** A sheet name Excel accepts: no []:*?/\ and at most 31 characters. */
export function sheetName(title: string): string {
  return [...title.replace(/[[\]:*?/\\]/g, ' ').trim()].slice(0, 31).join('') || 'Sheet1';
}

const xmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Characters XML 1.0 cannot hold (C0 controls but tab, LF, CR; U+FFFE, U+FFFF): dropped. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML cannot hold
const notXml = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
/** A character xmlText changes (to escape or drop): most texts have none and are returned as they are. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML cannot hold
const xmlSpecial = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
/** Text for XML: escaped, without the characters XML 1.0 cannot hold. */
export function xmlText(text: string): string {
  if (!xmlSpecial.test(text)) return text;
  return text.replace(notXml, '').replace(/[&<>"]/g, (c) => xmlEscapes[c]);
}

const EXCEL_EPOCH_DAYS = 25569; // 1970-01-01 as an Excel serial day
const serial = (y: number, m: number, d: number, h = 0, min = 0) =>
  Date.UTC(y, m - 1, d) / 86_400_000 + EXCEL_EPOCH_DAYS + (h * 60 + min) / 1440;

/** A cell's value as Excel keeps it: a number (dates as serial days), text, or null. */
export function xlsxCell(kind: ExportKind, value: unknown): number | string | null {
  if (value === null || value === undefined || value === '') return null;
  switch (kind) {
    case 'money':
    case 'integer':
    case 'number':
      return numberOf(value) ?? String(value);
    case 'date': {
      // Excel dates have no zone: the day itself.
      const d = dayOf(value);
      return d ? serial(d.year, d.month, d.day) : null;
    }
    case 'datetime': {
      const t = instantOf(value);
      if (!t) return null;
      const b = bangkokTime(t);
      return serial(b.year, b.month, b.day, b.hour, b.minute);
    }
    default:
      return String(value);
  }
}

/** A, B, …, Z, AA, … */
export function columnLetter(index: number): string {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

function styles(lang: ExportLanguage): string {
  const f = xlsxFormats[lang];
  const formats = formatted.map(
    (k, i) => `<numFmt numFmtId="${164 + i}" formatCode="${xmlText(f[k] ?? 'General')}"/>`,
  );
  const xf = (numFmt: number, font = 0) =>
    `<xf numFmtId="${numFmt}" fontId="${font}" fillId="0" borderId="0" xfId="0"${numFmt ? ' applyNumberFormat="1"' : ''}${font ? ' applyFont="1"' : ''}/>`;
  return `${HEAD}<styleSheet xmlns="${NS_MAIN}"><numFmts count="${formats.length}">${formats.join('')}</numFmts><fonts count="2"><font><sz val="11"/><name val="Tahoma"/><family val="2"/></font><font><b/><sz val="11"/><name val="Tahoma"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="6">${xf(0)}${xf(0, 1)}${xf(164)}${xf(165)}${xf(166)}${xf(167)}</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;
}

/**
 * Rows a worksheet holds in Excel (and LibreOffice): 1,048,576, the header row included. An export
 * with more data rows continues on a second sheet (and a third…), each with the same header row.
 */
export const XLSX_SHEET_ROWS = 1_048_576;

/** Where the data row `index` (0-based) goes: its sheet (1-based) and its row on that sheet (the header is 1). */
export function sheetOfRow(index: number, sheetRows = XLSX_SHEET_ROWS): { sheet: number; row: number } {
  const perSheet = sheetRows - 1;
  return { sheet: Math.floor(index / perSheet) + 1, row: (index % perSheet) + 2 };
}

/** The name of the `n`th sheet: the title, then "title (2)", "title (3)"… within 31 characters. */
export function continuedSheetName(name: string, n: number): string {
  if (n === 1) return name;
  const suffix = ` (${n})`;
  return `${[...name].slice(0, 31 - suffix.length).join('')}${suffix}`;
}

/**
 * Writes the source as XLSX to `out` and ends it; resolves with the number of data rows. Past
 * `sheetRows` rows on a sheet (XLSX_SHEET_ROWS, the header included; tests pass fewer) the rows
 * continue on a new sheet.
 */
export async function writeXlsx<Row>(
  source: ExportSource<Row>,
  out: Writable,
  lang: ExportLanguage,
  onProgress?: ExportProgress,
  options: { sheetRows?: number } = {},
): Promise<number> {
  const sheetRows = options.sheetRows ?? XLSX_SHEET_ROWS;
  if (!(sheetRows >= 2)) throw new Error('a sheet holds its header and at least one row');
  const columns = source.columns;
  const letters = columns.map((_, i) => columnLetter(i));
  const last = letters[letters.length - 1] ?? 'A';
  const name = sheetName(columnLabel(source.sheetTitle, lang));
  const zip = new ZipStream(out);
  // The package's parts that name the sheets (content types, workbook and its relationships) come
  // after the sheets, when their number is known: readers find the parts by the ZIP's directory.
  await zip.file(
    '_rels/.rels',
    `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`,
  );
  await zip.file(
    'docProps/core.xml',
    `${HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>${xmlText(name)}</dc:title><dc:creator>Namjai</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${new Date().toISOString().slice(0, 19)}Z</dcterms:created></cp:coreProperties>`,
  );
  await zip.file('xl/styles.xml', styles(lang));

  const cols = columns
    .map((c, i) => {
      const width = Math.max(
        c.width ?? defaultWidth[c.kind],
        Math.min(40, [...columnLabel(c, lang)].length + 2),
      );
      const style = styleOf[c.kind] ? ` style="${styleOf[c.kind]}"` : '';
      return `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"${style}/>`;
    })
    .join('');
  const header = columns
    .map(
      (c, i) =>
        `<c r="${letters[i]}1" s="1" t="inlineStr"><is><t>${xmlText(columnLabel(c, lang))}</t></is></c>`,
    )
    .join('');
  const sheetHead = `${HEAD}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData><row r="1">${header}</row>`;
  const sheetFoot = `</sheetData><autoFilter ref="A1:${last}1"/></worksheet>`;

  // Each cell's markup before and after its row number, by column: numbers and inline strings.
  const styleAttr = columns.map((c) => (styleOf[c.kind] ? ` s="${styleOf[c.kind]}"` : ''));
  const cellStart = letters.map((l) => `<c r="${l}`);
  const numberOpen = styleAttr.map((s) => `"${s}><v>`);
  const textOpen = styleAttr.map((s) => `"${s} t="inlineStr"><is><t xml:space="preserve">`);
  // The rows are encoded straight into 64 KB chunks (byte-sink.ts), deflated as each one fills.
  let sheets = 1;
  let sheet = await zip.open('xl/worksheets/sheet1.xml');
  await sheet.write(sheetHead);
  let rowsXml = new ByteSink((chunk) => sheet.write(chunk));
  let count = 0;
  for await (const batch of rowBatches(source.rows)) {
    for (const item of batch) {
      const at = sheetOfRow(count, sheetRows);
      if (at.sheet !== sheets) {
        // This sheet is full: close it and go on with the header on the next one.
        await rowsXml.flush();
        await sheet.write(sheetFoot);
        await sheet.close();
        sheets++;
        sheet = await zip.open(`xl/worksheets/sheet${sheets}.xml`);
        await sheet.write(sheetHead);
        rowsXml = new ByteSink((chunk) => sheet.write(chunk));
      }
      const r = at.row;
      rowsXml.ascii('<row r="');
      rowsXml.int(r);
      rowsXml.ascii('">');
      for (let i = 0; i < columns.length; i++) {
        const c = columns[i];
        const v = xlsxCell(c.kind, c.value(item, lang));
        if (v === null) continue;
        rowsXml.ascii(cellStart[i]);
        rowsXml.int(r);
        if (typeof v === 'number') {
          rowsXml.ascii(numberOpen[i]);
          rowsXml.ascii(String(v));
          rowsXml.ascii('</v></c>');
        } else {
          rowsXml.ascii(textOpen[i]);
          rowsXml.text(xmlText(v));
          rowsXml.ascii('</t></is></c>');
        }
      }
      rowsXml.ascii('</row>');
      count++;
      if (rowsXml.pending) await rowsXml.drain();
      if (count % PROGRESS_EVERY === 0) onProgress?.(count);
    }
  }
  await rowsXml.flush();
  await sheet.write(sheetFoot);
  await sheet.close();

  const numbers = Array.from({ length: sheets }, (_, i) => i + 1);
  const names = numbers.map((n) => continuedSheetName(name, n));
  await zip.file(
    '[Content_Types].xml',
    `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${numbers.map((n) => `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`,
  );
  await zip.file(
    'xl/workbook.xml',
    `${HEAD}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><bookViews><workbookView/></bookViews><sheets>${names.map((n, i) => `<sheet name="${xmlText(n)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets><definedNames>${names.map((n, i) => `<definedName name="_xlnm._FilterDatabase" localSheetId="${i}" hidden="1">'${xmlText(n.replaceAll("'", "''"))}'!$A$1:$${last}$1</definedName>`).join('')}</definedNames></workbook>`,
  );
  await zip.file(
    'xl/_rels/workbook.xml.rels',
    `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${numbers.map((n) => `<Relationship Id="rId${n}" Type="${NS_REL}/worksheet" Target="worksheets/sheet${n}.xml"/>`).join('')}<Relationship Id="rId${sheets + 1}" Type="${NS_REL}/styles" Target="styles.xml"/></Relationships>`,
  );
  await zip.finish();
  onProgress?.(count);
  return count;
}
