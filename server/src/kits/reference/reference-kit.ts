import { EntitySchema } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MenuCode } from '@namjai/common/menu-catalogue';
import type { FastifyRequest } from 'fastify';
import { menuCatalogue } from '../../platform/auth/menu-catalogue';
import type { Principal } from '../../platform/auth/principal';

// The reference-data kit (docs/reference-data-kit.md): one declaration per reference type gives its
// entity (an EntitySchema, no class), its validation, its GraphQL descriptor, its menu codes, its
// screens and its legacy REST lists.

export interface Label {
  th: string;
  en: string;
}

export type FieldKind =
  | 'code'
  | 'text'
  | 'integer'
  | 'decimal'
  | 'boolean'
  | 'enum'
  | 'taxId'
  | 'email'
  | 'phone'
  | 'reference'
  | 'subDistrict'
  | 'date';

export interface EnumOption {
  value: string;
  label: Label;
}

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
  /** Filled by the type's beforeSave hook, never entered. */
  derived?: boolean;
}

export interface ReferenceField {
  /** Property name (camelCase); the column is its snake_case (`<name>_id` for references). */
  name: string;
  kind: FieldKind;
  label: Label;
  required: boolean;
  maxLength: number | null;
  min: number | null;
  max: number | null;
  /** decimal: digits after the point (and precision 14 in the table). */
  scale: number | null;
  /** enum: the allowed values. */
  options: EnumOption[];
  /** enum stored as a small integer (values are its decimal text). */
  numericEnum: boolean;
  /** reference: the type whose items it points at. */
  refType: (() => ReferenceType) | null;
  derived: boolean;
  list: boolean;
  search: boolean;
  sort: boolean;
}

/** Kinds stored as text columns. */
export const textKinds: FieldKind[] = ['code', 'text', 'taxId', 'email', 'phone'];

function makeField(name: string, kind: FieldKind, label: Label, opts: FieldOptions = {}): ReferenceField {
  const list = opts.list ?? false;
  const defaultLength = kind === 'taxId' ? 13 : kind === 'email' ? 254 : kind === 'phone' ? 100 : 255;
  return {
    name,
    kind,
    label,
    required: opts.required ?? false,
    maxLength: textKinds.includes(kind) ? (opts.maxLength ?? defaultLength) : null,
    min: opts.min ?? null,
    max: opts.max ?? null,
    scale: null,
    options: [],
    numericEnum: false,
    refType: null,
    derived: opts.derived ?? false,
    list,
    search: opts.search ?? false,
    sort: opts.sort ?? (list && kind !== 'reference' && kind !== 'subDistrict'),
  };
}

type NameOptions = Pick<FieldOptions, 'maxLength' | 'derived'> & { label?: Label };

export const field = {
  /** The item's code: unique, upper-cased, required, listed, searched and sortable. */
  code: (opts: NameOptions = {}) =>
    makeField('code', 'code', opts.label ?? { th: 'รหัส', en: 'Code' }, {
      maxLength: opts.maxLength ?? 20,
      required: !opts.derived,
      derived: opts.derived,
      list: true,
      search: true,
      sort: true,
    }),
  /** Thai name: required, listed, searched (trigram index) and sortable. */
  nameTh: (opts: NameOptions = {}) =>
    makeField('nameTh', 'text', opts.label ?? { th: 'ชื่อภาษาไทย', en: 'Thai name' }, {
      maxLength: opts.maxLength ?? 255,
      required: !opts.derived,
      derived: opts.derived,
      list: true,
      search: true,
      sort: true,
    }),
  /** English name: optional unless told, listed, searched and sortable. */
  nameEn: (opts: NameOptions & Pick<FieldOptions, 'required' | 'list'> = {}) =>
    makeField('nameEn', 'text', opts.label ?? { th: 'ชื่อภาษาอังกฤษ', en: 'English name' }, {
      maxLength: opts.maxLength ?? 255,
      required: opts.required ?? false,
      derived: opts.derived,
      list: opts.list ?? true,
      search: true,
      sort: true,
    }),
  text: (name: string, label: Label, opts: FieldOptions = {}) => makeField(name, 'text', label, opts),
  integer: (name: string, label: Label, opts: Omit<FieldOptions, 'maxLength'> = {}) =>
    makeField(name, 'integer', label, opts),
  /** A number with `scale` decimals, kept exactly (numeric) and shown as text, e.g. "12.50". */
  decimal: (name: string, label: Label, opts: Omit<FieldOptions, 'maxLength'> & { scale?: number } = {}) => ({
    ...makeField(name, 'decimal', label, opts),
    scale: opts.scale ?? 2,
  }),
  /** A calendar day (ISO yyyy-mm-dd on the wire; people read and type it in the Buddhist era). */
  date: (name: string, label: Label, opts: Omit<FieldOptions, 'maxLength' | 'min' | 'max'> = {}) =>
    makeField(name, 'date', label, opts),
  boolean: (name: string, label: Label, opts: Pick<FieldOptions, 'list'> = {}) =>
    makeField(name, 'boolean', label, { ...opts, required: true }),
  enum: (
    name: string,
    label: Label,
    options: EnumOption[],
    opts: Omit<FieldOptions, 'maxLength' | 'min' | 'max'> & { numeric?: boolean } = {},
  ) => ({ ...makeField(name, 'enum', label, opts), options, numericEnum: opts.numeric ?? false }),
  /** Thai citizen or tax id: 13 digits whose last is the mod-11 checksum. */
  taxId: (name: string, label: Label, opts: Omit<FieldOptions, 'maxLength' | 'min' | 'max'> = {}) =>
    makeField(name, 'taxId', label, opts),
  email: (opts: Omit<FieldOptions, 'min' | 'max'> = {}) =>
    makeField('email', 'email', { th: 'อีเมล', en: 'E-mail' }, opts),
  phone: (opts: Omit<FieldOptions, 'min' | 'max'> = {}) =>
    makeField('phone', 'phone', { th: 'โทรศัพท์', en: 'Phone' }, opts),
  /** An address: the line above the sub-district, then the sub-district (district, province, postcode). */
  address: (label: Label = { th: 'ที่อยู่ (เลขที่ อาคาร ถนน)', en: 'Address (number, building, road)' }) => [
    makeField('addressLine', 'text', label, { maxLength: 500 }),
    makeField('subDistrict', 'subDistrict', { th: 'ตำบล/แขวง', en: 'Sub-district' }),
  ],
  /** Another reference type's item (a foreign key: the item cannot be deleted while referenced). */
  reference: (
    name: string,
    label: Label,
    refType: () => ReferenceType,
    opts: Omit<FieldOptions, 'maxLength' | 'min' | 'max'> = {},
  ) => ({ ...makeField(name, 'reference', label, opts), refType }),
};

/** The columns every reference table has, whatever its declaration. */
export interface ReferenceRow {
  id: number;
  code: string;
  nameTh: string;
  nameEn: string | null;
  createdAt: Date;
  updatedAt: Date;
  [field: string]: unknown;
}

export type ScreenMode = 'VIEW' | 'SAVE' | 'ADD' | 'EDIT';

export interface ReferenceScreen {
  /** A catalogue key, e.g. save-resource. */
  key: string;
  mode: ScreenMode;
}

/**
 * Data scope: NONE (any holder of the menu code), DIVISION (rows owned by a unit through the
 * `ownerUnit` field: seen and edited only within the caller's subtree), SUBTREE (the rows are
 * units: everyone with the view code sees them, edits stay within the caller's subtree).
 */
export type ReferenceScope = 'NONE' | 'DIVISION' | 'SUBTREE';

export interface FieldError {
  field: string;
  messageTh: string;
  messageEn: string;
}

export interface SaveHookContext {
  tx: EntityManager;
  principal: Principal;
  /** Checked values by field name, code included; references are ids. The hook may change them. */
  next: Record<string, unknown>;
  existing: ReferenceRow | null;
}

export interface LegacyListContext {
  em: EntityManager;
  /** The type that declares the list. */
  type: ReferenceType;
  body: Record<string, string>;
  request: FastifyRequest;
}

export interface LegacyList {
  method: 'GET' | 'POST';
  /** Path below /api, e.g. /common/unit-tree. */
  url: string;
  /** POST: the body's required string properties (e.g. divisionCode). */
  bodyFields?: string[];
  /** GET lists are public (specification sec. 7); POST lists need a logged-in staff member. */
  handler: (ctx: LegacyListContext) => Promise<unknown>;
}

export interface ReferenceDeclaration {
  /** GraphQL enum value, e.g. COUNTING_UNIT. */
  type: string;
  /** Short name (the menu keys save-<key> / view-<key> unless screens say otherwise). */
  key: string;
  table: string;
  label: Label;
  /** `save` grants create and edit; `create` / `edit` split them (add-ext-office / edit-ext-office). */
  menus: { view: MenuCode[]; save?: MenuCode[]; create?: MenuCode[]; edit?: MenuCode[] };
  /** The catalogue keys whose screens show this type; default save-<key> (SAVE) and view-<key> (VIEW). */
  screens?: ReferenceScreen[];
  scope?: ReferenceScope;
  /** Must include field.code(), field.nameTh() and field.nameEn(). */
  fields: ReferenceField[];
  /** An entity that already exists for the table (the organisation tree); default: derived. */
  entity?: EntitySchema;
  /** The table keeps its status as a boolean `active` column instead of status_code A/I. */
  statusProperty?: 'statusCode' | 'active';
  /** Type-specific rules after the field checks, in the save's transaction; returns field errors. */
  beforeSave?: (ctx: SaveHookContext) => Promise<FieldError[] | undefined>;
  /** After the row is flushed (e.g. to recompute a path from its new id). */
  afterSave?: (tx: EntityManager, row: ReferenceRow) => Promise<void>;
  /** Legacy REST lists of specification sec. 7 served from this type. */
  legacyLists?: LegacyList[];
  /**
   * Unique constraints besides the code's (by constraint name), as the field error a save reports
   * when the database refuses a row, e.g. a second root of the organisation tree.
   */
  constraintErrors?: Record<string, FieldError>;
  /**
   * Further indexes as SQL (e.g. a partial unique index), declared on the entity so the schema diff
   * knows them; the type's migration creates them.
   */
  indexes?: { name: string; expression: string }[];
  /**
   * Items may be created from another form's pick list (a document's donor or supplier) by those
   * holding one of the type's create codes: the list offers "add new", opening this type's own form.
   */
  createInline?: boolean;
  /**
   * Its items are people's personal data (PDPA): every staff read of them (list, item, pick list,
   * and a document showing one) is audited, one PERSONAL_DATA_READ event per request listing the ids.
   */
  personalData?: boolean;
  /** Example rows of the import template, by field name (default: one row made from the field kinds). */
  importExample?: Record<string, string>[];
}

export interface ReferenceType extends Omit<ReferenceDeclaration, 'menus' | 'entity'> {
  entity: EntitySchema<ReferenceRow>;
  menus: { view: MenuCode[]; create: MenuCode[]; edit: MenuCode[] };
  screens: ReferenceScreen[];
  scope: ReferenceScope;
  statusProperty: 'statusCode' | 'active';
  createInline: boolean;
  personalData: boolean;
  /** Whether the table has created_by_id / updated_by_id (derived tables do). */
  auditColumns: boolean;
  /** The declared fields other than code: the keys of an item's `values`. */
  valueFields: ReferenceField[];
  codeField: ReferenceField;
}

/** Enum options from a common list (bank, donor-type, …): its codes and names. */
export const optionsOf = (
  items: readonly { code: string | number; nameTh: string; nameEn: string }[],
): EnumOption[] => items.map((i) => ({ value: String(i.code), label: { th: i.nameTh, en: i.nameEn } }));

/** Menu codes of every back-office screen (all but change-password): staff pick lists. */
export const staffMenuCodes = (): MenuCode[] =>
  menuCatalogue.filter((m) => m.code !== 'MN-007').map((m) => m.code);
