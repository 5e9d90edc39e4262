import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../platform/auth/principal';
import { badInput } from '../../platform/errors';
import { checkReference, checkValue, toAssignable, validationError } from '../reference/reference-check';
import { type FieldError, field } from '../reference/reference-kit';
import { idOf } from '../reference/reference-view';
import type { DocumentInput } from './document.service';
import type { DocumentField, DocumentRow, DocumentType } from './document-kit';

// What a person writes on a document, checked with the reference kit's field checks: the header,
// the lines (the fields entered when the document is written) and the type's own rules. Errors name
// their place (`lines.2.quantity`) in Thai and English.

const MAX_LINES = 500;
const remarkField = field.text('remark', { th: 'หมายเหตุ', en: 'Remark' }, { maxLength: 1000 });

export async function checkFields(
  tx: EntityManager,
  fields: DocumentField[],
  raw: Record<string, unknown>,
  existing: Record<string, unknown> | null,
  prefix: string,
  errors: FieldError[],
): Promise<Record<string, unknown>> {
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
    if ((f.kind === 'reference' || f.kind === 'subDistrict') && checked.value !== null) {
      const bad = await checkReference(tx, f, checked.value as number, idOf(current));
      if (bad) errors.push({ ...bad, field: `${prefix}${f.name}` });
    }
  }
  return next;
}

export interface CheckedInput {
  header: Record<string, unknown>;
  lines: Record<string, unknown>[];
  remark: string | null;
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
): Promise<CheckedInput> {
  const errors: FieldError[] = [];
  const headerFields = type.header.filter((f) => !f.derived);
  const header = await checkFields(tx, headerFields, input.header ?? {}, existing, '', errors);
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
    lines.push(await checkFields(tx, lineFields, raw, null, `lines.${i}.`, errors));
  }
  const remark = checkValue(remarkField, input.remark ?? existing?.remark ?? null);
  if ('error' in remark) errors.push(remark.error);
  if (errors.length) throw validationError(errors);
  return { header, lines, remark: 'value' in remark ? (remark.value as string | null) : null };
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
