import type { EntityManager } from '@mikro-orm/postgresql';
import { type AppError, badInput } from '../../platform/errors';
import { isValidCitizenId } from '../../platform/validation/citizen-id';
import { isEmail } from '../../platform/validation/email';
import { SubDistrict } from '../core/geography.entity';
import { type FieldError, type ReferenceField, type ReferenceType } from './reference-kit';
import { statusOf } from './reference-rows';

// The checks of one value, shared by a single save, an import (reference-save.ts) and the document
// kit, whose fields are declared with the same helpers.

export const ReferenceStatus = { Active: 'A', Inactive: 'I' } as const;

const codePattern = /^[A-Z0-9._-]+$/;
const phonePattern = /^[0-9+()\-,# ]+$/;
const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Checks a value against its field's rules; returns the normalised value or the error. */
export function checkValue(f: ReferenceField, raw: unknown): { value: unknown } | { error: FieldError } {
  const fail = (messageTh: string, messageEn: string) => ({ error: { field: f.name, messageTh, messageEn } });
  const { th, en } = f.label;
  let value = raw === undefined ? null : raw;
  if (typeof value === 'string' && f.kind !== 'boolean') {
    value = value.trim();
    if (value === '') value = null;
  }
  if (value === null) {
    if (f.kind === 'boolean') return { value: false };
    return f.required ? fail(`กรุณาระบุ${th}`, `${en} is required`) : { value: null };
  }
  const tooLong = (text: string) =>
    f.maxLength !== null && [...text].length > f.maxLength
      ? fail(`${th}ยาวได้ไม่เกิน ${f.maxLength} ตัวอักษร`, `${en} may be at most ${f.maxLength} characters`)
      : null;
  const range = (n: number) => {
    if (f.min !== null && n < f.min)
      return fail(`${th}ต้องไม่น้อยกว่า ${f.min}`, `${en} must be at least ${f.min}`);
    if (f.max !== null && n > f.max) return fail(`${th}ต้องไม่เกิน ${f.max}`, `${en} must be at most ${f.max}`);
    return null;
  };
  switch (f.kind) {
    case 'code':
    case 'text':
    case 'email':
    case 'phone':
    case 'taxId': {
      if (typeof value !== 'string') return fail(`${th}ต้องเป็นข้อความ`, `${en} must be text`);
      let text = value;
      if (f.kind === 'code') text = value.toUpperCase();
      if (f.kind === 'email') text = value.toLowerCase();
      if (f.kind === 'taxId') text = value.replace(/[\s-]/g, '');
      const long = tooLong(text);
      if (long) return long;
      if (f.kind === 'code' && !codePattern.test(text)) {
        return fail(
          `${th}ใช้ได้เฉพาะตัวอักษร A-Z ตัวเลข และ . _ -`,
          `${en} may contain only A-Z, digits and . _ -`,
        );
      }
      if (f.kind === 'email' && !isEmail(text)) {
        return fail(`${th}ไม่ใช่อีเมลที่ถูกต้อง`, `${en} is not a valid e-mail address`);
      }
      if (f.kind === 'phone' && (!phonePattern.test(text) || (text.match(/\d/g) ?? []).length < 9)) {
        return fail(
          `${th}ต้องเป็นหมายเลขโทรศัพท์อย่างน้อย 9 หลัก (ตัวเลข เว้นวรรค + - ( ) , #)`,
          `${en} must be a phone number of at least 9 digits (digits, spaces, + - ( ) , #)`,
        );
      }
      if (f.kind === 'taxId' && !isValidCitizenId(text)) {
        return fail(
          `${th}ต้องเป็นเลข 13 หลักที่มีหลักตรวจสอบถูกต้อง`,
          `${en} must be 13 digits with a valid check digit`,
        );
      }
      return { value: text };
    }
    case 'integer': {
      const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isSafeInteger(n)) {
        return fail(`${th}ต้องเป็นจำนวนเต็ม`, `${en} must be a whole number`);
      }
      return range(n) ?? { value: n };
    }
    case 'decimal': {
      const text = typeof value === 'number' ? String(value) : value;
      const scale = f.scale ?? 2;
      const pattern = new RegExp(`^-?\\d{1,${14 - scale}}(\\.\\d{1,${scale}})?$`);
      if (typeof text !== 'string' || !pattern.test(text)) {
        return fail(
          `${th}ต้องเป็นตัวเลข ทศนิยมไม่เกิน ${scale} ตำแหน่ง`,
          `${en} must be a number with at most ${scale} decimals`,
        );
      }
      return range(Number(text)) ?? { value: Number(text).toFixed(scale) };
    }
    case 'enum': {
      const option = f.options.find((o) => o.value === String(value));
      if (!option) {
        const allowed = f.options.map((o) => o.value).join(', ');
        return fail(`${th}ต้องเป็นค่าใดค่าหนึ่งใน ${allowed}`, `${en} must be one of ${allowed}`);
      }
      return { value: f.numericEnum ? Number(option.value) : option.value };
    }
    case 'reference':
    case 'subDistrict': {
      const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) {
        return fail(`${th}ต้องเป็นรหัสอ้างอิงที่ถูกต้อง`, `${en} must be a valid id`);
      }
      return { value: n };
    }
    case 'date': {
      const m = typeof value === 'string' ? isoDate.exec(value) : null;
      const day = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
      if (!m || !day || day.getUTCDate() !== Number(m[3]) || day.getUTCMonth() !== Number(m[2]) - 1) {
        return fail(`${th}ต้องเป็นวันที่ที่มีอยู่จริง`, `${en} must be a real date (yyyy-mm-dd)`);
      }
      return { value };
    }
    case 'boolean':
      if (typeof value !== 'boolean') return fail(`${th}ต้องเป็นใช่หรือไม่ใช่`, `${en} must be true or false`);
      return { value };
  }
}

export function validationError(errors: FieldError[]): AppError {
  return badInput(errors.map((e) => e.messageTh).join(' '), errors.map((e) => e.messageEn).join('; '), {
    fields: errors,
  });
}

/** Checks a reference value points at an existing (and, for new links, active) item. */
export async function checkReference(
  tx: EntityManager,
  f: ReferenceField,
  id: number,
  previous: number | null,
): Promise<FieldError | null> {
  const fail = (messageTh: string, messageEn: string) => ({ field: f.name, messageTh, messageEn });
  if (f.kind === 'subDistrict') {
    return (await tx.count(SubDistrict, { id }))
      ? null
      : fail(`ไม่พบ${f.label.th} รหัส ${id}`, `No ${f.label.en.toLowerCase()} ${id}`);
  }
  const target = (f.refType as () => ReferenceType)();
  const row = await tx.findOne(target.entity, { id });
  if (!row) return fail(`ไม่พบ${f.label.th} รหัส ${id}`, `No ${f.label.en.toLowerCase()} ${id}`);
  if (id !== previous && statusOf(target, row) !== ReferenceStatus.Active) {
    return fail(`${f.label.th} ${row.code} ไม่ได้ใช้งานแล้ว`, `${f.label.en} ${row.code} is inactive`);
  }
  return null;
}

/** A reference value to check: which field (and where, e.g. `lines.2.resource`), the id, the id before. */
export interface ReferenceLookup {
  f: ReferenceField;
  id: number;
  previous: number | null;
  field: string;
}

/** A row of the one statement that looks every reference up. */
export interface FoundRow {
  t: string;
  id: number;
  code: string;
  status: string;
  owner_unit_id: number | null;
  owner_path: string | null;
}

/** What a batch of checks found of a referenced item. */
export interface ReferencedItem {
  code: string;
  status: string;
  /** The item's owning unit, for types with an `ownerUnit` reference (storages, money accounts). */
  ownerUnitId: number | null;
  /**
   * The path of the unit that owns it (a storage's owning unit; a unit of the organisation tree is
   * its own), for the data-scope rule of a document's reference field (document-pick.ts).
   */
  ownerPath: string | null;
}

/** Runs the references' statement (null: nothing to look up) and answers its rows. */
export type ReferenceStatement = (sql: string | null, params: unknown[]) => Promise<FoundRow[]>;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * `checkReference` for many values at once (a document's header and lines): one statement reads
 * every referenced item of every table, without loading entities. Errors are appended; the items
 * found come back by lookup, in order (undefined where none was found). `run`, when given, runs the
 * statement (null when there is nothing to look up) as part of the caller's own (a document's create
 * folds it into the statement that takes its id).
 */
export async function checkReferences(
  tx: EntityManager,
  lookups: readonly ReferenceLookup[],
  errors: FieldError[],
  run?: ReferenceStatement,
): Promise<(ReferencedItem | undefined)[]> {
  const found: (ReferencedItem | undefined)[] = [];
  const byTable = new Map<string, { sql: string; idColumn: string; ids: Set<number> }>();
  const keyOf = new Map<ReferenceLookup, string>();
  for (const lookup of lookups) {
    if (lookup.f.kind !== 'reference') continue;
    const target = (lookup.f.refType as () => ReferenceType)();
    const meta = tx.getMetadata(target.entity);
    const column = (property: string) => quoted(meta.properties[property as never].fieldNames[0]);
    const status =
      target.statusProperty === 'active'
        ? `case when ${column('active')} then 'A' else 'I' end`
        : column('statusCode');
    const owner = target.fields.some((f) => f.name === 'ownerUnit' && f.kind === 'reference')
      ? column('ownerUnit')
      : 'null::int';
    const ownerPath =
      target.scope === 'SUBTREE'
        ? column('path')
        : owner === 'null::int'
          ? 'null::text'
          : `(select o.path from organisation_unit o where o.id = ${owner})`;
    const sql = `select ${column('id')} as id, ${column('code')} as code, ${status} as status, ${owner} as owner_unit_id, ${ownerPath} as owner_path from ${quoted(meta.tableName)}`;
    keyOf.set(lookup, meta.tableName);
    const entry = byTable.get(meta.tableName) ?? { sql, idColumn: column('id'), ids: new Set<number>() };
    entry.ids.add(lookup.id);
    byTable.set(meta.tableName, entry);
  }
  const rows = new Map<string, ReferencedItem>();
  if (!byTable.size && run) await run(null, []);
  if (byTable.size) {
    const parts = [...byTable].map(
      ([table, { sql, idColumn }]) =>
        `select '${table.replaceAll("'", "''")}' as t, r.* from (${sql} where ${idColumn} = any(?::bigint[])) r`,
    );
    // The ids as one array each: the text does not vary with their number (a create sends it prepared).
    const params = [...byTable.values()].map(({ ids }) => `{${[...ids].join(',')}}`);
    const sql = parts.join(' union all ');
    const result = run
      ? await run(sql, params)
      : await tx.getConnection().execute<FoundRow[]>(sql, params, 'all', tx.getTransactionContext());
    for (const r of result)
      rows.set(`${r.t}:${r.id}`, {
        code: r.code,
        status: r.status,
        ownerUnitId: r.owner_unit_id,
        ownerPath: r.owner_path,
      });
  }
  for (const lookup of lookups) {
    const { f, id, previous, field } = lookup;
    const fail = (messageTh: string, messageEn: string) => errors.push({ field, messageTh, messageEn });
    if (f.kind === 'subDistrict') {
      const bad = await checkReference(tx, f, id, previous);
      if (bad) errors.push({ ...bad, field });
      found.push(undefined);
      continue;
    }
    const item = rows.get(`${keyOf.get(lookup)}:${id}`);
    found.push(item);
    if (!item) fail(`ไม่พบ${f.label.th} รหัส ${id}`, `No ${f.label.en.toLowerCase()} ${id}`);
    else if (id !== previous && item.status !== ReferenceStatus.Active)
      fail(`${f.label.th} ${item.code} ไม่ได้ใช้งานแล้ว`, `${f.label.en} ${item.code} is inactive`);
  }
  return found;
}

/** A checked value as the entity takes it: references become entity references. */
export function toAssignable(tx: EntityManager, f: ReferenceField, value: unknown): unknown {
  if ((f.kind === 'reference' || f.kind === 'subDistrict') && value !== null) {
    const target = f.kind === 'subDistrict' ? SubDistrict : (f.refType as () => ReferenceType)().entity;
    return tx.getReference(target as never, value as never);
  }
  return value;
}
