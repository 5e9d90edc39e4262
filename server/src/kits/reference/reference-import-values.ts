import type { EntityManager } from '@mikro-orm/postgresql';
import { escapeLike } from '../../platform/db/like';
import { badInput } from '../../platform/errors';
import { SubDistrict } from '../core/geography.entity';
import type { FieldError, ReferenceField, ReferenceType } from './reference-kit';

// From a file's header and cells to the values a save takes (reference-import.ts): columns named by
// a field's name or its Thai or English label; references by the referenced item's code; a
// sub-district by its id or by "postcode name"; enums by value or label; booleans as yes/no words.

export interface ImportColumn {
  field: ReferenceField;
  /** Index of the column in each row's cells. */
  index: number;
}

const normal = (text: string) =>
  text
    .normalize('NFC')
    .trim()
    .replace(/\s*\*$/, '')
    .replace(/\s+/g, ' ')
    .toLowerCase();

/** Matches the header to the type's fields; refuses unknown, repeated, derived or missing columns. */
export function mapColumns(
  type: ReferenceType,
  headers: string[],
  rows: { cells: string[] }[],
): ImportColumn[] {
  const names = new Map<string, ReferenceField>();
  for (const f of type.fields) {
    for (const name of [f.name, f.label.th, f.label.en])
      if (!names.has(normal(name))) names.set(normal(name), f);
  }
  const columns: ImportColumn[] = [];
  const problems: { th: string; en: string }[] = [];
  const width = Math.max(headers.length, ...rows.map((r) => r.cells.length));
  for (let index = 0; index < width; index++) {
    const header = headers[index] ?? '';
    if (!header) {
      if (rows.some((r) => (r.cells[index] ?? '').trim() !== '')) {
        problems.push({ th: `คอลัมน์ที่ ${index + 1} ไม่มีหัวคอลัมน์`, en: `column ${index + 1} has no header` });
      }
      continue;
    }
    const field = names.get(normal(header));
    if (!field) problems.push({ th: `ไม่รู้จักคอลัมน์ "${header}"`, en: `unknown column "${header}"` });
    else if (field.derived) {
      problems.push({
        th: `คอลัมน์ "${header}" ระบบกำหนดให้เอง`,
        en: `column "${header}" is filled by the system`,
      });
    } else if (columns.some((c) => c.field === field)) {
      problems.push({ th: `คอลัมน์ "${header}" ซ้ำ`, en: `column "${header}" appears twice` });
    } else columns.push({ field, index });
  }
  if (!type.codeField.derived && !columns.some((c) => c.field === type.codeField)) {
    problems.push({ th: 'ไม่มีคอลัมน์ code (รหัส)', en: 'no code column' });
  }
  if (problems.length) {
    const expected = type.fields.filter((f) => !f.derived).map((f) => f.name);
    // A file of another kind (no header row at all) would list every cell: the first five say enough.
    const shown = problems.length > 5 ? [...problems.slice(0, 5), { th: '…', en: '…' }] : problems;
    throw badInput(
      `หัวคอลัมน์ไม่ถูกต้อง: ${shown.map((p) => p.th).join(', ')} (คอลัมน์ที่ใช้ได้: ${expected.join(', ')})`,
      `The header row is not right: ${shown.map((p) => p.en).join(', ')} (columns: ${expected.join(', ')})`,
      { columns: expected },
    );
  }
  return columns;
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'ใช่', 'จริง', 'รับ']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', 'ไม่', 'ไม่ใช่', 'เท็จ', 'ไม่รับ']);

/** A boolean or enum cell as the value a save takes; anything else is left for checkValue to judge. */
export function plainValue(f: ReferenceField, text: string): unknown {
  const cell = text.trim();
  if (cell === '') return null;
  if (f.kind === 'boolean') {
    const word = cell.toLowerCase();
    return TRUE_WORDS.has(word) ? true : FALSE_WORDS.has(word) ? false : cell;
  }
  if (f.kind === 'enum') {
    const wanted = normal(cell);
    const option =
      f.options.find((o) => o.value === cell) ??
      f.options.find((o) => [o.value, o.label.th, o.label.en].some((name) => normal(name) === wanted));
    return option ? option.value : cell;
  }
  return cell;
}

export const fieldError = (f: ReferenceField, messageTh: string, messageEn: string): FieldError => ({
  field: f.name,
  messageTh,
  messageEn,
});

/** Thai addresses often write the sub-district with its prefix: ตำบล, ต., แขวง. */
const SUB_DISTRICT_PREFIX = /^(ตำบล|ต\.|แขวง)\s*/;

/** A sub-district cell: its id, or "postcode name" (10200 พระบรมมหาราชวัง). */
export async function subDistrictValue(
  tx: EntityManager,
  f: ReferenceField,
  text: string,
): Promise<{ value: unknown } | { error: FieldError }> {
  const cell = text.trim();
  if (cell === '' || /^\d+$/.test(cell)) return { value: cell === '' ? null : cell };
  const match = /^(\d{5})\s+(.+)$/.exec(cell);
  if (!match) {
    return {
      error: fieldError(
        f,
        `${f.label.th}: ระบุรหัสตำบล หรือรหัสไปรษณีย์ตามด้วยชื่อ เช่น "10200 พระบรมมหาราชวัง"`,
        `${f.label.en}: give its id, or the postcode and name, e.g. "10200 พระบรมมหาราชวัง"`,
      ),
    };
  }
  const [, postcode, rawName] = match;
  const name = rawName.replace(SUB_DISTRICT_PREFIX, '').trim();
  const found = await tx.find(
    SubDistrict,
    { postcode, $or: [{ nameTh: name }, { nameEn: { $ilike: escapeLike(name) } }] },
    { fields: ['id'], limit: 2 },
  );
  if (found.length === 1) return { value: found[0].id };
  if (found.length === 0) {
    return {
      error: fieldError(
        f,
        `ไม่พบ${f.label.th} "${name}" รหัสไปรษณีย์ ${postcode}`,
        `No ${f.label.en.toLowerCase()} "${name}" with postcode ${postcode}`,
      ),
    };
  }
  return {
    error: fieldError(
      f,
      `${f.label.th} "${name}" รหัสไปรษณีย์ ${postcode} มีมากกว่าหนึ่งแห่ง กรุณาระบุรหัสตำบล`,
      `Several ${f.label.en.toLowerCase()} "${name}" have postcode ${postcode}: give its id`,
    ),
  };
}
