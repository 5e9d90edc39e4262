import { EntitySchema } from '@mikro-orm/core';
import { trigramIndex } from '../../platform/db/search-index';

// The reference-data kit (docs/reference-data-kit.md): one declaration per reference type gives its
// entity (an EntitySchema, no class), its validation, its GraphQL descriptor and its menu codes.

export interface Label {
  th: string;
  en: string;
}

export type FieldKind = 'code' | 'text' | 'integer' | 'boolean';

export interface FieldOptions {
  required?: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  /** Shown as a column of the list screen. */
  list?: boolean;
  /** Matched by the list's search text (ILIKE). */
  search?: boolean;
  /** May be used as the list's sort key. */
  sort?: boolean;
}

export interface ReferenceField {
  /** Property name (camelCase); the column is its snake_case. */
  name: string;
  kind: FieldKind;
  label: Label;
  required: boolean;
  maxLength: number | null;
  min: number | null;
  max: number | null;
  list: boolean;
  search: boolean;
  sort: boolean;
}

function makeField(name: string, kind: FieldKind, label: Label, opts: FieldOptions = {}): ReferenceField {
  const list = opts.list ?? false;
  return {
    name,
    kind,
    label,
    required: opts.required ?? false,
    maxLength: kind === 'text' || kind === 'code' ? (opts.maxLength ?? 255) : null,
    min: opts.min ?? null,
    max: opts.max ?? null,
    list,
    search: opts.search ?? false,
    sort: opts.sort ?? list,
  };
}

export const field = {
  /** The item's code: unique, upper-cased, required, listed, searched and sortable. */
  code: (opts: Pick<FieldOptions, 'maxLength'> & { label?: Label } = {}) =>
    makeField('code', 'code', opts.label ?? { th: 'รหัส', en: 'Code' }, {
      maxLength: opts.maxLength ?? 20,
      required: true,
      list: true,
      search: true,
      sort: true,
    }),
  /** Thai name: required, listed, searched (trigram index) and sortable. */
  nameTh: (opts: Pick<FieldOptions, 'maxLength'> & { label?: Label } = {}) =>
    makeField('nameTh', 'text', opts.label ?? { th: 'ชื่อภาษาไทย', en: 'Thai name' }, {
      maxLength: opts.maxLength ?? 255,
      required: true,
      list: true,
      search: true,
      sort: true,
    }),
  /** English name: optional unless told, listed, searched and sortable. */
  nameEn: (opts: Pick<FieldOptions, 'maxLength' | 'required'> & { label?: Label } = {}) =>
    makeField('nameEn', 'text', opts.label ?? { th: 'ชื่อภาษาอังกฤษ', en: 'English name' }, {
      maxLength: opts.maxLength ?? 255,
      required: opts.required ?? false,
      list: true,
      search: true,
      sort: true,
    }),
  text: (name: string, label: Label, opts: FieldOptions = {}) => makeField(name, 'text', label, opts),
  integer: (name: string, label: Label, opts: Omit<FieldOptions, 'maxLength'> = {}) =>
    makeField(name, 'integer', label, opts),
  boolean: (name: string, label: Label, opts: Pick<FieldOptions, 'list'> = {}) =>
    makeField(name, 'boolean', label, { ...opts, required: true }),
};

/** The columns every reference table has, whatever its declaration. */
export interface ReferenceRow {
  id: number;
  code: string;
  statusCode: string;
  nameTh: string;
  nameEn: string | null;
  createdAt: Date;
  updatedAt: Date;
  createdById: number | null;
  updatedById: number | null;
  [field: string]: unknown;
}

export interface ReferenceDeclaration {
  /** GraphQL enum value, e.g. COUNTING_UNIT. */
  type: string;
  /** Menu key suffix: save-<key> / view-<key>. */
  key: string;
  table: string;
  label: Label;
  menus: { view: string[]; save: string[] };
  /** Must include field.code(), field.nameTh() and field.nameEn(). */
  fields: ReferenceField[];
}

export interface ReferenceType extends ReferenceDeclaration {
  entity: EntitySchema<ReferenceRow>;
  /** The declared fields other than code: the keys of an item's `values`. */
  valueFields: ReferenceField[];
  codeField: ReferenceField;
}

const pascal = (key: string) =>
  key
    .split(/[-_]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

const now = () => new Date();

export function defineReferenceType(decl: ReferenceDeclaration): ReferenceType {
  if (!/^[A-Z][A-Z0-9_]*$/.test(decl.type)) throw new Error(`Reference type ${decl.type}: not an enum name`);
  if (!/^[a-z][a-z0-9-]*$/.test(decl.key))
    throw new Error(`Reference type ${decl.type}: bad key ${decl.key}`);
  const names = decl.fields.map((f) => f.name);
  for (const required of ['code', 'nameTh', 'nameEn']) {
    if (!names.includes(required)) throw new Error(`Reference type ${decl.type} must declare ${required}`);
  }
  if (new Set(names).size !== names.length) throw new Error(`Reference type ${decl.type}: duplicate fields`);
  const reserved = new Set(['id', 'statusCode', 'createdAt', 'updatedAt', 'createdById', 'updatedById']);
  for (const f of decl.fields) {
    if (reserved.has(f.name)) throw new Error(`Reference type ${decl.type}: ${f.name} is a standard column`);
  }
  if (!decl.menus.view.length || !decl.menus.save.length) {
    throw new Error(`Reference type ${decl.type} needs view and save menu codes`);
  }

  // biome-ignore lint/suspicious/noExplicitAny: built from the declaration, checked by the drift test
  const properties: Record<string, any> = {
    id: { type: 'integer', primary: true, autoincrement: true },
  };
  for (const f of decl.fields) {
    if (f.kind === 'code') properties[f.name] = { type: 'string', length: f.maxLength, unique: true };
    else if (f.kind === 'text')
      properties[f.name] = { type: 'string', length: f.maxLength, nullable: !f.required };
    else if (f.kind === 'integer') properties[f.name] = { type: 'integer', nullable: !f.required };
    else properties[f.name] = { type: 'boolean', default: false };
  }
  Object.assign(properties, {
    statusCode: { type: 'string', length: 1, default: 'A' },
    createdAt: { type: 'datetime', onCreate: now },
    updatedAt: { type: 'datetime', onCreate: now, onUpdate: now },
    createdById: { type: 'integer', nullable: true },
    updatedById: { type: 'integer', nullable: true },
  });

  const entity = new EntitySchema<ReferenceRow>({
    name: `Ref${pascal(decl.key)}`,
    tableName: decl.table,
    properties,
    indexes: [trigramIndex(decl.table, 'name_th')],
  } as ConstructorParameters<typeof EntitySchema<ReferenceRow>>[0]);

  return {
    ...decl,
    entity,
    codeField: decl.fields.find((f) => f.name === 'code') as ReferenceField,
    valueFields: decl.fields.filter((f) => f.name !== 'code'),
  };
}

/** Every view (or save) menu code of the given types, for the kit's @Menu declarations. */
export function kitMenuCodes(types: readonly ReferenceType[], kind: 'view' | 'save'): string[] {
  return [...new Set(types.flatMap((t) => t.menus[kind]))].sort();
}
