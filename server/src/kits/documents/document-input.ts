import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../platform/auth/principal';
import { badInput } from '../../platform/errors';
import {
  checkReferences,
  checkValue,
  type ReferenceLookup,
  type ReferenceStatement,
  toAssignable,
  validationError,
} from '../reference/reference-check';
import { type FieldError, field } from '../reference/reference-kit';
import { idOf } from '../reference/reference-view';
import type { DocumentField, DocumentRow, DocumentType } from './document-kit';

/** What a caller writes: header values, lines and a remark (create and update). */
export interface DocumentInput {
  header?: Record<string, unknown> | null;
  lines?: Record<string, unknown>[] | null;
  remark?: string | null;
}

// What a person writes on a document, checked with the reference kit's field checks: the header,
// the lines (the fields entered when the document is written) and the type's own rules. Errors name
// their place (`lines.2.quantity`) in Thai and English.

const MAX_LINES = 500;
const remarkField = field.text('remark', { th: 'หมายเหตุ', en: 'Remark' }, { maxLength: 1000 });

/**
 * Checks the values of some fields (each value's rules); the references are collected in
 * `lookups`, to be checked together (checkReferences).
 */
function checkValues(
  fields: DocumentField[],
  raw: Record<string, unknown>,
  existing: Record<string, unknown> | null,
  prefix: string,
  errors: FieldError[],
  lookups: ReferenceLookup[],
): Record<string, unknown> {
  const known = new Set(fields.map((f) => f.name));
  for (const k of Object.keys(raw)) {
    if (!known.has(k))
      errors.push({ field: `${prefix}${k}`, messageTh: `ไม่รู้จักข้อมูล ${k}`, messageEn: `Unknown field ${k}` });
  }
  const next: Record<string, unknown> = {};
  for (const f of fields) {
    const current = existing?.[f.name];
    const given =
      f.name in raw
        ? raw[f.name]
        : f.kind === 'reference' || f.kind === 'subDistrict'
          ? idOf(current)
          : current;
    const checked = checkValue(f, given);
    if ('error' in checked) {
      errors.push({ ...checked.error, field: `${prefix}${f.name}` });
      continue;
    }
    next[f.name] = checked.value;
    if ((f.kind === 'reference' || f.kind === 'subDistrict') && checked.value !== null)
      lookups.push({
        f,
        id: checked.value as number,
        previous: idOf(current),
        field: `${prefix}${f.name}`,
      });
  }
  return next;
}

export async function checkFields(
  tx: EntityManager,
  fields: DocumentField[],
  raw: Record<string, unknown>,
  existing: Record<string, unknown> | null,
  prefix: string,
  errors: FieldError[],
): Promise<Record<string, unknown>> {
  const lookups: ReferenceLookup[] = [];
  const next = checkValues(fields, raw, existing, prefix, errors, lookups);
  await checkReferences(tx, lookups, errors);
  return next;
}

export interface CheckedInput {
  header: Record<string, unknown>;
  lines: Record<string, unknown>[];
  remark: string | null;
  /** The owning unit of each header reference whose item has one (a storage's), by field name. */
  ownerUnits: Record<string, number | null>;
  /** Every reference of the header and lines, with the path of its item's owning unit. */
  references: { f: DocumentField; field: string; ownerPath: string | null }[];
}

/**
 * Checks the fields of an input: header, lines (fields entered now) and remark. The type's own rules
 * come after the data-scope check (checkDocumentRules): a rule that looks at other documents (one
 * initial money per account and year) must not tell an outsider about another division's.
 */
export async function checkDocumentFields(
  tx: EntityManager,
  type: DocumentType,
  input: DocumentInput,
  existing: DocumentRow | null,
  run?: ReferenceStatement,
): Promise<CheckedInput> {
  const errors: FieldError[] = [];
  // Every reference of the header and the lines is checked at the end, in one statement.
  const lookups: ReferenceLookup[] = [];
  const headerFields = type.header.filter((f) => !f.derived && !f.enteredAt);
  const header = checkValues(
    headerFields,
    withoutSystemSet(type, input.header ?? {}, errors),
    existing,
    '',
    errors,
    lookups,
  );
  const headerLookups = lookups.length;
  const lineFields = type.lines.filter((f) => !f.derived && !f.enteredAt);
  const rawLines = input.lines ?? [];
  if (rawLines.length > MAX_LINES)
    throw badInput(`รายการได้ไม่เกิน ${MAX_LINES} บรรทัด`, `At most ${MAX_LINES} lines`);
  if (type.lines.length && rawLines.length < (type.minLines ?? 1))
    errors.push({
      field: 'lines',
      messageTh: 'กรุณาเพิ่มรายการอย่างน้อยหนึ่งบรรทัด',
      messageEn: 'Add at least one line',
    });
  const lines: Record<string, unknown>[] = [];
  for (const [i, raw] of rawLines.entries()) {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      errors.push({
        field: `lines.${i}`,
        messageTh: `บรรทัดที่ ${i + 1} ไม่ถูกต้อง`,
        messageEn: `Line ${i + 1} is not an object`,
      });
      continue;
    }
    lines.push(checkValues(lineFields, raw, null, `lines.${i}.`, errors, lookups));
  }
  const remark = checkValue(remarkField, input.remark ?? existing?.remark ?? null);
  if ('error' in remark) errors.push(remark.error);
  const items = await checkReferences(tx, lookups, errors, run);
  if (errors.length) throw validationError(errors);
  const ownerUnits: Record<string, number | null> = {};
  for (const [i, lookup] of lookups.slice(0, headerLookups).entries())
    ownerUnits[lookup.f.name] = items[i]?.ownerUnitId ?? null;
  const references = lookups.flatMap((lookup, i) =>
    lookup.f.kind === 'reference'
      ? [{ f: lookup.f as DocumentField, field: lookup.field, ownerPath: items[i]?.ownerPath ?? null }]
      : [],
  );
  return {
    header,
    lines,
    remark: 'value' in remark ? (remark.value as string | null) : null,
    ownerUnits,
    references,
  };
}

/**
 * A client's header without the fields only the system sets, each one it named refused (422): the
 * kit's create takes them from server code only (checkSystemValues).
 */
function withoutSystemSet(
  type: DocumentType,
  raw: Record<string, unknown>,
  errors: FieldError[],
): Record<string, unknown> {
  const named = type.header.filter((f) => f.setBy === 'system' && f.name in raw);
  if (!named.length) return raw;
  const rest = { ...raw };
  for (const f of named) {
    delete rest[f.name];
    errors.push({
      field: f.name,
      messageTh: `ข้อมูล ${f.name} (${f.label.th}) ระบบเป็นผู้บันทึก ส่งมาไม่ได้`,
      messageEn: `${f.name} (${f.label.en}) is set by the system and cannot be sent`,
    });
  }
  return rest;
}

/**
 * Values of the header fields only the system sets (`setBy: 'system'`), given by server code to the
 * kit's create: each checked like any field; naming another field is a programming error.
 */
export async function checkSystemValues(
  tx: EntityManager,
  type: DocumentType,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const fields = type.header.filter((f) => f.setBy === 'system');
  const known = new Set(fields.map((f) => f.name));
  const other = Object.keys(values).filter((k) => !known.has(k));
  if (other.length) throw new Error(`${type.type}: ${other.join(', ')} not set by the system`);
  const errors: FieldError[] = [];
  const checked = await checkFields(tx, fields, values, null, '', errors);
  if (errors.length) throw validationError(errors);
  return checked;
}

/** The type's rules across fields and lines (validate), on checked fields. */
export async function checkDocumentRules(
  tx: EntityManager,
  type: DocumentType,
  principal: Principal,
  documentId: number | null,
  checked: CheckedInput,
): Promise<void> {
  if (!type.validate) return;
  const errors = await type.validate({
    tx,
    principal,
    documentId,
    header: checked.header,
    lines: checked.lines,
  });
  if (errors.length) throw validationError(errors);
}

/** Checked values as the entity takes them (references become entity references). */
export function assignable(
  tx: EntityManager,
  fields: DocumentField[],
  values: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (f.name in values) out[f.name] = toAssignable(tx, f, values[f.name]);
  return out;
}
