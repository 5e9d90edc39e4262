import { Reference } from '@mikro-orm/core';
import type { SubDistrict } from '../geography/geography.entity';
import { type ReferenceField, type ReferenceRow, type ReferenceType, statusOf } from './reference-kit';

/** The id of a reference value: an id already, or a (possibly unloaded) entity. */
export const idOf = (value: unknown): number | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  return (Reference.unwrapReference(value as object) as { id: number }).id;
};

/** An item as GraphQL shows it: the standard columns and every declared field in `values`. */
export interface ReferenceItemView {
  id: number;
  code: string;
  statusCode: string;
  nameTh: string;
  nameEn: string | null;
  values: Record<string, unknown>;
  /** Text for reference, enum and sub-district fields, as a list shows them. */
  display: Record<string, string | null>;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The relations a view of these fields needs loaded to show its references' names (typed `never[]`:
 * the paths come from a declaration, which MikroORM cannot check statically).
 */
export function populateFor(fields: readonly ReferenceField[], prefix = ''): never[] {
  return fields.flatMap((f) =>
    f.kind === 'reference'
      ? [`${prefix}${f.name}`]
      : f.kind === 'subDistrict'
        ? [`${prefix}${f.name}.district.province`]
        : [],
  ) as never[];
}

export const displayPopulate = (type: ReferenceType): never[] => populateFor(type.valueFields);

function displayOf(f: ReferenceField, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (f.kind === 'enum') return f.options.find((o) => o.value === String(value))?.label.th ?? String(value);
  if (f.kind === 'reference') {
    const r = Reference.unwrapReference(value as object) as { code?: string; nameTh?: string };
    return r.code ? `${r.code} ${r.nameTh ?? ''}`.trim() : null;
  }
  if (f.kind === 'subDistrict') {
    const s = Reference.unwrapReference(value as object) as SubDistrict;
    const district = s.district?.getEntity?.();
    const province = district?.province?.getEntity?.();
    if (!s.nameTh) return null;
    return [s.nameTh, district?.nameTh, province?.nameTh, s.postcode].filter(Boolean).join(' ');
  }
  return null;
}

/** Declared fields of a row as the wire shows them: values (ids for references) and display texts. */
export function valuesOf(
  fields: readonly ReferenceField[],
  row: Record<string, unknown>,
): { values: Record<string, unknown>; display: Record<string, string | null> } {
  const values: Record<string, unknown> = {};
  const display: Record<string, string | null> = {};
  for (const f of fields) {
    const raw = row[f.name] ?? null;
    if (f.kind === 'reference' || f.kind === 'subDistrict') {
      values[f.name] = idOf(raw);
      display[f.name] = displayOf(f, raw);
    } else if (f.kind === 'decimal') {
      values[f.name] = raw === null ? null : Number(raw).toFixed(f.scale ?? 2);
    } else if (f.kind === 'enum') {
      values[f.name] = raw === null ? null : String(raw);
      display[f.name] = displayOf(f, raw);
    } else if (f.kind === 'date') {
      values[f.name] = raw instanceof Date ? raw.toISOString().slice(0, 10) : raw;
    } else values[f.name] = raw;
  }
  return { values, display };
}

export function toView(type: ReferenceType, row: ReferenceRow): ReferenceItemView {
  const { values, display } = valuesOf(type.valueFields, row);
  return {
    id: row.id,
    code: row.code,
    statusCode: statusOf(type, row),
    nameTh: row.nameTh,
    nameEn: row.nameEn ?? null,
    values,
    display,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
