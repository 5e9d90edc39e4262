import { EntitySchema } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MenuCode } from '@namjai/common/menu-catalogue';
import type { FastifyRequest } from 'fastify';
import { SubDistrict } from '../../features/geography/geography.entity';
import { menuByCode, menuByKey, menuCatalogue } from '../../platform/auth/menu-catalogue';
import type { Principal } from '../../platform/auth/principal';
import { trigramIndex } from '../../platform/db/search-index';

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

const textKinds: FieldKind[] = ['code', 'text', 'taxId', 'email', 'phone'];

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

const pascal = (key: string) =>
  key
    .split(/[-_]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

const now = () => new Date();

function checkDeclaration(decl: ReferenceDeclaration, screens: ReferenceScreen[]): void {
  const fail = (why: string) => {
    throw new Error(`Reference type ${decl.type}: ${why}`);
  };
  if (!/^[A-Z][A-Z0-9_]*$/.test(decl.type)) fail('not an enum name');
  if (!/^[a-z][a-z0-9-]*$/.test(decl.key)) fail(`bad key ${decl.key}`);
  const names = decl.fields.map((f) => f.name);
  for (const required of ['code', 'nameTh', 'nameEn']) {
    if (!names.includes(required)) fail(`must declare ${required}`);
  }
  if (new Set(names).size !== names.length) fail('duplicate fields');
  const reserved = new Set([
    'id',
    'statusCode',
    'active',
    'createdAt',
    'updatedAt',
    'createdById',
    'updatedById',
  ]);
  for (const f of decl.fields) if (reserved.has(f.name)) fail(`${f.name} is a standard column`);
  for (const f of decl.fields) if (f.kind === 'enum' && !f.options.length) fail(`${f.name} has no options`);
  if (decl.scope === 'DIVISION' && decl.fields.find((f) => f.name === 'ownerUnit')?.kind !== 'reference') {
    fail('a DIVISION-scoped type needs an ownerUnit reference field');
  }
  const codes = [
    ...decl.menus.view,
    ...(decl.menus.save ?? []),
    ...(decl.menus.create ?? []),
    ...(decl.menus.edit ?? []),
  ];
  for (const code of codes) if (!menuByCode(code)) fail(`unknown menu code ${code}`);
  for (const s of screens) if (!menuByKey(s.key)) fail(`screen ${s.key} is not a catalogue key`);
}

export function defineReferenceType(decl: ReferenceDeclaration): ReferenceType {
  const screens = decl.screens ?? [
    { key: `save-${decl.key}`, mode: 'SAVE' },
    { key: `view-${decl.key}`, mode: 'VIEW' },
  ];
  checkDeclaration(decl, screens);
  const menus = {
    view: decl.menus.view,
    create: decl.menus.create ?? decl.menus.save ?? [],
    edit: decl.menus.edit ?? decl.menus.save ?? [],
  };
  if (!menus.view.length || !menus.create.length || !menus.edit.length) {
    throw new Error(`Reference type ${decl.type} needs view, create and edit menu codes`);
  }

  let entity = decl.entity as EntitySchema<ReferenceRow> | undefined;
  if (!entity) {
    // biome-ignore lint/suspicious/noExplicitAny: built from the declaration, checked by the drift test
    const properties: Record<string, any> = {
      id: { type: 'integer', primary: true, autoincrement: true },
    };
    for (const f of decl.fields) {
      const nullable = !f.required || f.derived;
      if (f.kind === 'code') properties[f.name] = { type: 'string', length: f.maxLength, unique: true };
      else if (textKinds.includes(f.kind))
        properties[f.name] = { type: 'string', length: f.maxLength, nullable };
      else if (f.kind === 'integer') properties[f.name] = { type: 'integer', nullable };
      else if (f.kind === 'date') properties[f.name] = { type: 'date', nullable };
      else if (f.kind === 'decimal')
        properties[f.name] = { type: 'decimal', precision: 14, scale: f.scale, nullable };
      else if (f.kind === 'enum')
        properties[f.name] = f.numericEnum
          ? { type: 'smallint', nullable }
          : { type: 'string', length: Math.max(...f.options.map((o) => o.value.length)), nullable };
      else if (f.kind === 'reference') {
        const ref = f.refType as () => ReferenceType;
        properties[f.name] = {
          kind: 'm:1',
          entity: () => ref().entity,
          nullable,
          deleteRule: 'restrict',
          index: true,
        };
      } else if (f.kind === 'subDistrict') {
        properties[f.name] = { kind: 'm:1', entity: () => SubDistrict, nullable, deleteRule: 'restrict' };
      } else properties[f.name] = { type: 'boolean', default: false };
    }
    Object.assign(properties, {
      statusCode: { type: 'string', length: 1, default: 'A' },
      createdAt: { type: 'datetime', onCreate: now },
      updatedAt: { type: 'datetime', onCreate: now, onUpdate: now },
      createdById: { type: 'integer', nullable: true },
      updatedById: { type: 'integer', nullable: true },
    });
    entity = new EntitySchema<ReferenceRow>({
      name: `Ref${pascal(decl.key)}`,
      tableName: decl.table,
      properties,
      indexes: [trigramIndex(decl.table, 'name_th'), ...(decl.indexes ?? [])],
    } as ConstructorParameters<typeof EntitySchema<ReferenceRow>>[0]);
  }

  return {
    ...decl,
    entity,
    menus,
    screens,
    scope: decl.scope ?? 'NONE',
    statusProperty: decl.statusProperty ?? 'statusCode',
    createInline: decl.createInline ?? false,
    personalData: decl.personalData ?? false,
    auditColumns: !decl.entity,
    codeField: decl.fields.find((f) => f.name === 'code') as ReferenceField,
    valueFields: decl.fields.filter((f) => f.name !== 'code'),
  };
}

/** Every menu code of the given kind across the types, for the kit's @Menu declarations. */
export function kitMenuCodes(types: readonly ReferenceType[], kind: 'view' | 'create' | 'edit'): MenuCode[] {
  return [...new Set(types.flatMap((t) => t.menus[kind]))].sort();
}

/** Enum options from a common list (bank, donor-type, …): its codes and names. */
export const optionsOf = (
  items: readonly { code: string | number; nameTh: string; nameEn: string }[],
): EnumOption[] => items.map((i) => ({ value: String(i.code), label: { th: i.nameTh, en: i.nameEn } }));

/** Menu codes of every back-office screen (all but change-password): staff pick lists. */
export const staffMenuCodes = (): MenuCode[] =>
  menuCatalogue.filter((m) => m.code !== 'MN-007').map((m) => m.code);

export const statusOf = (type: ReferenceType, row: ReferenceRow): string =>
  type.statusProperty === 'active' ? (row.active ? 'A' : 'I') : (row.statusCode as string);

export function statusWhere(type: ReferenceType, code: string): Record<string, unknown> {
  return type.statusProperty === 'active' ? { active: code === 'A' } : { statusCode: code };
}

/** The active items of a type, by code (for legacy lists and trees). */
export function activeRows(
  em: EntityManager,
  type: ReferenceType,
  where: Record<string, unknown> = {},
  populate: string[] = [],
): Promise<ReferenceRow[]> {
  return em.find(
    type.entity,
    { ...where, ...statusWhere(type, 'A') },
    {
      orderBy: { code: 'asc' },
      populate: populate as never[],
    },
  );
}

// Pick lists (referenceOptions) serve every back-office screen that chooses an item: the kit's own
// forms, documents, stock, reports and the other-data screens. A pick list shows codes and names
// only, as the legacy division-storage list does to any staff member, so holding any menu of those
// screens lets one pick any type, except a type of personal data (a donor): its pick list needs one
// of the type's own codes, or a code of a screen that chooses one (registered by the feature that
// declares that screen: a donation's create and edit codes).

/** The sections of the menu catalogue whose screens pick reference items. */
const PICKING_SECTIONS = new Set([
  'basic-data',
  'receiving-donations',
  'disbursement',
  'inventory',
  'reports',
  'other-data',
  'view-data',
]);

/**
 * Every code that may open a pick list (not the user-management, group and password menus). The
 * reports' codes are external-site entries in the catalogue and the in-product reports' codes too.
 */
export const pickListCodes: MenuCode[] = menuCatalogue
  .filter((m) => PICKING_SECTIONS.has(m.section))
  .map((m) => m.code)
  .sort();

/** Who else may pick a personal-data type: [type, codes] pairs, given lazily by the features. */
type PickerSource = () => Iterable<readonly [ReferenceType, readonly MenuCode[]]>;
const pickerSources: PickerSource[] = [];

/**
 * Lets holders of codes pick items of a personal-data type (the screens that choose a donor). The
 * source is read each time such a pick list is asked for, so after every module has loaded.
 */
export function registerPickers(source: PickerSource): void {
  pickerSources.push(source);
}

/**
 * The pick list of a document form's field (referenceOptions with documentType and documentField):
 * the referenced type's name and the condition on its items that saving the document applies too.
 * Registered by the document kit (document-pick.ts); undefined for an unknown type or field.
 */
export type FormFieldPickRule = (
  documentType: string,
  field: string,
  principal: Principal,
) => { refType: string; where: Record<string, unknown> } | undefined;
let formFieldPickRule: FormFieldPickRule = () => undefined;

export function registerFormFieldPickRule(rule: FormFieldPickRule): void {
  formFieldPickRule = rule;
}

export function formFieldPick(
  documentType: string,
  field: string,
  principal: Principal,
): ReturnType<FormFieldPickRule> {
  return formFieldPickRule(documentType, field, principal);
}

/** The codes any one of which lets a user pick items of the type. */
export function pickCodesOf(type: ReferenceType): MenuCode[] {
  if (!type.personalData) return pickListCodes;
  const codes = new Set([...type.menus.view, ...type.menus.create, ...type.menus.edit]);
  for (const source of pickerSources)
    for (const [picked, by] of source()) if (picked.type === type.type) for (const c of by) codes.add(c);
  return [...codes].sort();
}
