import { type AppError, badInput } from '../errors';
import { thaiName } from './input-names';

// The refusals of bad input shared by the GraphQL limits (platform/graphql/input-limits.ts) and the
// REST body validation (platform/http/validation-errors.ts): BAD_INPUT (400), in Thai and English,
// naming the argument or property. `path` (e.g. input.username, menuCodes[2]) goes in the details.

/** Characters as PostgreSQL's varchar(n) counts them: code points, not UTF-16 units. */
export const textLength = (text: string): number => {
  let n = 0;
  for (const _ of text) n++;
  return n;
};

export const tooLong = (name: string, max: number, path = name): AppError =>
  badInput(`${thaiName(name)}ยาวได้ไม่เกิน ${max} ตัวอักษร`, `${name} may be at most ${max} characters`, {
    argument: path,
    maxLength: max,
  });

export const tooShort = (name: string, min: number, path = name): AppError =>
  badInput(`${thaiName(name)}ต้องยาวอย่างน้อย ${min} ตัวอักษร`, `${name} must be at least ${min} characters`, {
    argument: path,
    minLength: min,
  });

/** PostgreSQL cannot store U+0000 in text; nobody types it. */
export const nulCharacter = (name: string, path = name): AppError =>
  badInput(`${thaiName(name)}มีอักขระควบคุม NUL ซึ่งใช้ไม่ได้`, `${name} may not contain the NUL character`, {
    argument: path,
  });

export const notAnId = (name: string, path = name): AppError =>
  badInput(
    `${thaiName(name)}ต้องเป็นเลขรหัสอ้างอิง (จำนวนเต็ม 1 ถึง 2147483647)`,
    `${name} must be a record id (a whole number from 1 to 2147483647)`,
    { argument: path },
  );

export const outOfRange = (
  name: string,
  min: number | null,
  max: number | null,
  path = name,
  integer = true,
): AppError => {
  const th = thaiName(name);
  const details = { argument: path, min, max };
  if (min !== null && max !== null)
    return badInput(
      `${th}ต้องอยู่ระหว่าง ${min} ถึง ${max}`,
      `${name} must be between ${min} and ${max}`,
      details,
    );
  if (min !== null)
    return integer
      ? badInput(`${th}ต้องเป็นจำนวนเต็มตั้งแต่ ${min}`, `${name} must be a whole number from ${min}`, details)
      : badInput(`${th}ต้องไม่น้อยกว่า ${min}`, `${name} must be at least ${min}`, details);
  return badInput(`${th}ต้องไม่เกิน ${max}`, `${name} may be at most ${max}`, details);
};

const typeNames: Record<string, [string, string]> = {
  string: ['ข้อความ', 'text'],
  integer: ['จำนวนเต็ม', 'a whole number'],
  number: ['ตัวเลข', 'a number'],
  boolean: ['ค่าใช่หรือไม่ใช่ (true/false)', 'true or false'],
  array: ['รายการ', 'a list'],
  object: ['ออบเจ็กต์ JSON', 'a JSON object'],
  null: ['ค่าว่าง (null)', 'null'],
};

export const wrongType = (name: string, types: string[], path = name): AppError => {
  const known = types.map((t) => typeNames[t] ?? [t, t]);
  return badInput(
    `${thaiName(name)}ต้องเป็น${known.map((k) => k[0]).join(' หรือ ')}`,
    `${name} must be ${known.map((k) => k[1]).join(' or ')}`,
    { argument: path, expected: types },
  );
};

export const missing = (name: string, path = name): AppError =>
  badInput(`กรุณาระบุ${thaiName(name)}`, `${name} is required`, { argument: path });

export const invalidValue = (name: string, reasonEn: string, path = name): AppError =>
  badInput(`${thaiName(name)}ไม่ถูกต้อง`, `${name} ${reasonEn}`, { argument: path });

/**
 * Visits every text inside a JSON value (objects, lists, keys too) with its path, depth first and
 * without recursion: a body may nest 50,000 lists deep. Stops when `visit` returns something.
 */
export function eachText<T>(
  value: unknown,
  path: string,
  visit: (text: string, path: string) => T | null,
): T | null {
  const stack: [unknown, string][] = [[value, path]];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [v, p] = item;
    if (typeof v === 'string') {
      const found = visit(v, p);
      if (found !== null) return found;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${p}[${i}]`]);
    } else if (v && typeof v === 'object') {
      for (const [key, child] of Object.entries(v)) {
        const childPath = p ? `${p}.${key}` : key;
        const found = visit(key, childPath);
        if (found !== null) return found;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

/** The path of the first text (or key) inside a JSON value that holds U+0000. */
export const findNul = (value: unknown, path: string): string | null =>
  eachText(value, path, (text, p) => (text.includes('\u0000') ? p : null));

/** The last name in a path: input.username → username, menuCodes[2] → menuCodes. */
export const leafName = (path: string): string =>
  path
    .replace(/\[\d+\]$/, '')
    .split('.')
    .pop() || path;
