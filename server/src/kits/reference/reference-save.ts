import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../platform/auth/principal';
import { type AppError, badInput, conflict, notFound } from '../../platform/errors';
import {
  checkReference,
  checkValue,
  ReferenceStatus,
  toAssignable,
  validationError,
} from './reference-check';
import { type FieldError, type ReferenceRow, type ReferenceType } from './reference-kit';
import { statusWhere } from './reference-rows';
import { idOf } from './reference-view';

// One save of one item, with every check: the single save (ReferenceService.save) and each row of an
// import (reference-import.ts) run exactly this, so a file is judged by the same rules as the form.

export interface SaveReferenceInput {
  id?: number | null;
  code: string;
  values?: Record<string, unknown> | null;
}

export interface SaveContext {
  /** The transaction (or savepoint) the save runs in. */
  tx: EntityManager;
  principal: Principal;
  type: ReferenceType;
  /** Refuses (and audits) a row outside the principal's data scope. */
  requireScope: (tx: EntityManager, row: ReferenceRow | Record<string, unknown>) => Promise<void>;
}

export function notFoundItem(type: ReferenceType, id: number): AppError {
  return notFound(`ไม่พบ${type.label.th} รหัสอ้างอิง ${id}`, `No ${type.label.en.toLowerCase()} ${id}`);
}

function codeTaken(type: ReferenceType, code: string): AppError {
  return conflict(
    `รหัส${type.label.th} ${code} มีอยู่แล้ว กรุณาใช้รหัสอื่น`,
    `The ${type.label.en.toLowerCase()} code ${code} is already in use`,
  );
}

/** Values may only name the type's entered (not derived) fields. */
export function refuseUnknownFields(type: ReferenceType, values: Record<string, unknown>): void {
  const known = new Set(type.valueFields.filter((f) => !f.derived).map((f) => f.name));
  const unknown = Object.keys(values).filter((k) => !known.has(k));
  if (unknown.length) {
    throw badInput(
      `ไม่รู้จักข้อมูล ${unknown.join(', ')} ของ${type.label.th}`,
      `Unknown fields for ${type.label.en.toLowerCase()}: ${unknown.join(', ')}`,
    );
  }
}

/** A unique constraint other than the code's, as the field error its declaration gives. */
function constraintError(type: ReferenceType, err: UniqueConstraintViolationException): AppError | null {
  const constraint = (err as { constraint?: string }).constraint;
  const known = constraint ? type.constraintErrors?.[constraint] : undefined;
  return known ? validationError([known]) : null;
}

/**
 * Creates (no id) or updates (id) an item inside the caller's transaction; values left out of an
 * update keep their value. `known` are errors the caller already found for some fields (an import's
 * unknown reference code): those fields are not checked again, and nothing is written.
 */
export async function saveReferenceRow(
  ctx: SaveContext,
  input: SaveReferenceInput,
  known: FieldError[] = [],
): Promise<ReferenceRow> {
  const { tx, principal, type } = ctx;
  const values = input.values ?? {};
  refuseUnknownFields(type, values);
  const existing = input.id != null ? await tx.findOne(type.entity, { id: input.id }) : null;
  if (input.id != null && !existing) throw notFoundItem(type, input.id);
  if (existing) await ctx.requireScope(tx, existing);

  const errors: FieldError[] = [...known];
  const failed = new Set(known.map((e) => e.field));
  const next: Record<string, unknown> = {};
  for (const f of type.fields) {
    if (f.derived || failed.has(f.name)) continue;
    const current = existing ? existing[f.name] : undefined;
    const raw =
      f.name === 'code'
        ? input.code
        : f.name in values
          ? values[f.name]
          : f.kind === 'reference' || f.kind === 'subDistrict'
            ? idOf(current)
            : current;
    const checked = checkValue(f, raw);
    if ('error' in checked) {
      errors.push(checked.error);
      continue;
    }
    next[f.name] = checked.value;
    if ((f.kind === 'reference' || f.kind === 'subDistrict') && checked.value !== null) {
      const bad = await checkReference(tx, f, checked.value as number, idOf(current));
      if (bad) errors.push(bad);
    }
  }
  if (!errors.length && type.beforeSave) {
    errors.push(...((await type.beforeSave({ tx, principal, next, existing })) ?? []));
  }
  if (errors.length) throw validationError(errors);
  if (type.scope === 'DIVISION') await ctx.requireScope(tx, next);

  const assigned: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(next)) {
    const f = type.fields.find((x) => x.name === name);
    assigned[name] = f ? toAssignable(tx, f, value) : value;
  }
  const by = type.auditColumns ? { updatedById: principal.userId } : {};
  let saved: ReferenceRow;
  if (existing) {
    saved = existing;
    Object.assign(saved, assigned, by);
  } else {
    saved = tx.create(type.entity, {
      ...assigned,
      ...statusWhere(type, ReferenceStatus.Active),
      ...(type.auditColumns ? { createdById: principal.userId, ...by } : {}),
    } as ReferenceRow);
  }
  try {
    // A code in use is found by its unique constraint here (no query before: an import saves thousands).
    await tx.flush();
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException) {
      throw constraintError(type, err) ?? codeTaken(type, next.code as string);
    }
    throw err;
  }
  if (type.afterSave) await type.afterSave(tx, saved);
  return saved;
}
