import { Reference } from '@mikro-orm/core';
import type { SubDistrict } from '../core/geography.entity';
import { type ReferenceField, type ReferenceRow, type ReferenceType } from './reference-kit';
import { statusOf } from './reference-rows';

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
  /** Text for reference, enum and sub-district fields, as a list shows them (Thai). */
  display: Record<string, string | null>;
  /** The same texts in English: a referenced item's English name, the Thai one where it has none. */
  displayEn: Record<string, string | null>;
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

type Texts = { th: string; en: string } | null;

/** A field's display text in both languages (English falls back to Thai where the data has none). */
function displayOf(f: ReferenceField, value: unknown): Texts {
  if (value === null || value === undefined) return null;
  if (f.kind === 'enum') {
    const option = f.options.find((o) => o.value === String(value));
    return option ? { th: option.label.th, en: option.label.en } : { th: String(value), en: String(value) };
  }
  if (f.kind === 'reference') {
    const r = Reference.unwrapReference(value as object) as {
      code?: string;
      nameTh?: string;
      nameEn?: string | null;
    };
    if (!r.code) return null;
    return {
      th: `${r.code} ${r.nameTh ?? ''}`.trim(),
      en: `${r.code} ${r.nameEn || r.nameTh || ''}`.trim(),
    };
  }
  if (f.kind === 'subDistrict') {
    const s = Reference.unwrapReference(value as object) as SubDistrict;
    const district = s.district?.getEntity?.();
    const province = district?.province?.getEntity?.();
    if (!s.nameTh) return null;
    return {
      th: [s.nameTh, district?.nameTh, province?.nameTh, s.postcode].filter(Boolean).join(' '),
      en: [
        s.nameEn || s.nameTh,
        district?.nameEn || district?.nameTh,
        province?.nameEn || province?.nameTh,
        s.postcode,
      ]
        .filter(Boolean)
        .join(' '),
    };
  }
  return null;
}

/** Declared fields of a row as the wire shows them: values (ids for references) and display texts. */
export function valuesOf(
  fields: readonly ReferenceField[],
  row: Record<string, unknown>,
): {
  values: Record<string, unknown>;
  display: Record<string, string | null>;
  displayEn: Record<string, string | null>;
} {
  const values: Record<string, unknown> = {};
  const display: Record<string, string | null> = {};
  const displayEn: Record<string, string | null> = {};
  const show = (f: ReferenceField, raw: unknown) => {
    const texts = displayOf(f, raw);
    display[f.name] = texts?.th ?? null;
    displayEn[f.name] = texts?.en ?? null;
  };
  for (const f of fields) {
    const raw = row[f.name] ?? null;
    if (f.kind === 'reference' || f.kind === 'subDistrict') {
      values[f.name] = idOf(raw);
      show(f, raw);
    } else if (f.kind === 'decimal') {
      values[f.name] = raw === null ? null : Number(raw).toFixed(f.scale ?? 2);
    } else if (f.kind === 'enum') {
      values[f.name] = raw === null ? null : String(raw);
      show(f, raw);
    } else if (f.kind === 'date') {
      values[f.name] = raw instanceof Date ? raw.toISOString().slice(0, 10) : raw;
    } else values[f.name] = raw;
  }
  return { values, display, displayEn };
}

export function toView(type: ReferenceType, row: ReferenceRow): ReferenceItemView {
  const { values, display, displayEn } = valuesOf(type.valueFields, row);
  return {
    id: row.id,
    code: row.code,
    statusCode: statusOf(type, row),
    nameTh: row.nameTh,
    nameEn: row.nameEn ?? null,
    values,
    display,
    displayEn,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
