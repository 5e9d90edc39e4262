import { EntitySchema } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MenuCode } from '@namjai/common/menu-catalogue';
import { assertMenuCodes, menuByKey } from '../../platform/auth/menu-catalogue';
import type { Principal } from '../../platform/auth/principal';
import { SubDistrict } from '../core/geography.entity';
import { OrganisationUnit } from '../core/organisation.entity';
import type { FieldError, ReferenceField, ReferenceType } from '../reference/reference-kit';
import { numberingTrigger } from '../workflow/numbering';
import { checkWorkflow, type Label, type TransitionDecl, type WorkflowDecl } from '../workflow/workflow';
import type { OpeningRead, ReadAhead } from './opening-read';

// The document kit (docs/document-kit.md): one declaration per business document type gives its
// tables (a header and a line table), numbering (at COMMIT), data scope, workflow with history,
// maker-checker, optimistic concurrency and idempotency, its GraphQL and its screens. Fields are
// declared with the reference-data kit's `field` helpers and checked by the same code.

/**
 * A field entered at a later action: a line's (the received quantity, at RECEIVE) or the header's
 * (the delivery date, at DELIVER). It is not written when the document is saved or edited.
 */
export type DocumentField = ReferenceField & {
  enteredAt?: string;
  /**
   * For a reference to a division-owned item or a unit: `caller` binds the item to the caller's data
   * scope (the owner field always is), `any` lets any active item be named (document-pick.ts).
   */
  pickScope?: 'caller' | 'any';
  /** Later actions that enter it again (a result's edit): the action's form shows the current value. */
  reenteredAt?: string[];
  /**
   * An integer field holding the id of another document (or document line): the column gets a
   * foreign key to that table and the value stays the id (`mapToPk`). The type's `validate` checks
   * which documents it may name (status, data scope).
   */
  documentRef?: () => EntitySchema;
  /**
   * What the form offers for a `documentRef` instead of a typed id: documents of `type` in `status`
   * (read with `documents`, so within the caller's data scope and its menus), or with `lineOf`, the
   * lines of the document the header field `lineOf` names (read with `document`). With `query`, the
   * choices come from that query of the type's own instead, which applies the type's own rule (a
   * royal decoration line: `royalDecorationDonationChoices`, the chosen donor's countable donations).
   */
  refChoices?: { type: string; status?: string; lineOf?: string; query?: string };
  /** Read only and not stored (no column): filled when the document is read (`readExtras`). */
  computed?: boolean;
  /**
   * Kept for the server's own work (a stock count's movement marks): stored, but neither described to
   * clients nor shown, exported or listed. Only with `derived: true`.
   */
  internal?: boolean;
  /**
   * Set only by server code through the create's `system` values (the public transfer form's channel):
   * stored and shown, derived for clients and forms, refused in a client's input. Header fields only.
   */
  setBy?: 'system';
};

/** A header field only server code sets (`setBy: 'system'`). */
export const systemSet = (f: ReferenceField): DocumentField => ({ ...f, derived: true, setBy: 'system' });
/** Whether people see this field (everything but `internal` ones). */
export const shown = (f: DocumentField): boolean => !f.internal;

/** What a type adds when one document is read: computed line values, documents before and after it. */
export interface DocumentExtras {
  /** By line id: values of the lines' `computed` fields. */
  lines?: Map<number, Record<string, unknown>>;
  /** Documents it was made from and made into (a support request's disbursements). */
  related?: DocumentRef[];
}

/** Whether this field is entered at the action (`enteredAt` or one of `reenteredAt`). */
export const isEnteredAt = (f: DocumentField, action: string): boolean =>
  f.enteredAt === action || (f.reenteredAt ?? []).includes(action);

/** A saved document as the kit's code sees it: standard columns and declared fields by name. */
export interface DocumentRow {
  id: number;
  number: string;
  fiscalYear: number;
  status: string;
  version: number;
  ownerUnit: OrganisationUnit;
  remark: string | null;
  createdBy: number;
  createdAt: Date;
  updatedBy: number;
  updatedAt: Date;
  [field: string]: unknown;
}

export interface DocumentLineRow {
  id: number;
  document: DocumentRow;
  lineNo: number;
  [field: string]: unknown;
}

export interface ValidateContext {
  tx: EntityManager;
  principal: Principal;
  /** The document being edited; null while it is created. */
  documentId: number | null;
  /** Checked header values by field name (references are ids). */
  header: Record<string, unknown>;
  /** Checked line values, in order. */
  lines: Record<string, unknown>[];
  /** The owning unit of each header reference whose item has one, as the field checks read it. */
  ownerUnits?: Record<string, number | null>;
}

export interface EffectContext {
  tx: EntityManager;
  principal: Principal;
  type: DocumentType;
  document: DocumentRow;
  /**
   * The document's lines after the action's inputs were applied; an effect may add or change lines.
   * Their references are not loaded: take them by id (`idOf`).
   */
  lines: DocumentLineRow[];
  action: string;
  reason: string | null;
  /** Adds a line (e.g. one per lot when a line without a lot is split first-expiry-first-out). */
  addLine(values: Record<string, unknown>): DocumentLineRow;
  /** Numbers and labels of documents the ledger names (by type and id), to tell a person which. */
  nameDocuments(refs: readonly DocumentRef[]): Promise<NamedDocument[]>;
  /** Only the COMMIT follows: the effect may send its last statement as the closing one (document-kit.md). */
  closing?: boolean;
  /** The read the type's `readAhead` for this action made in the create's opening statement, answered. */
  readAhead?: OpeningRead | null;
}

/** A document as the ledger and the history refer to it. */
export interface DocumentRef {
  documentType: string;
  documentId: number;
}

/** A document a person can find: its number and its type's label (the type's name and id if unknown). */
export interface NamedDocument extends DocumentRef {
  number: string;
  label: Label;
}

/**
 * What saving a document does (a transfer reserves what it will send), in the create or edit
 * transaction after the lines are written: `action` is CREATE or EDIT, `reason` null. An edit also
 * gets the header values and lines as they were before it (`previous`), to undo what they did.
 */
export interface SaveContext extends EffectContext {
  previous: { header: Record<string, unknown>; lines: DocumentLineRow[] } | null;
}

export interface DocumentScreen {
  /** A catalogue key, e.g. save-transfer-item-to-another-storage. */
  key: string;
  /** WORK: list, create, edit and act; VIEW: read-only; APPROVE: the approval queue. */
  mode: 'WORK' | 'VIEW' | 'APPROVE';
  /** The screen lists the documents waiting at this approval level (its queue, with the count). */
  level?: number;
}

export interface DocumentDeclaration {
  /** GraphQL enum value, e.g. STOCK_TRANSFER. */
  type: string;
  /** Number prefix: TR gives TR-2569-000001. */
  prefix: string;
  table: string;
  label: Label;
  /** `attach`: further codes whose holders add and remove the files (a result's photos). */
  menus: { view: MenuCode[]; create: MenuCode[]; edit: MenuCode[]; attach?: MenuCode[] };
  screens: DocumentScreen[];
  /** Statuses in which the header and lines may still be edited. */
  editableIn: string[];
  header: DocumentField[];
  lines: DocumentField[];
  minLines?: number;
  workflow: WorkflowDecl;
  /**
   * Actions that may be taken in the create's own request (createAndActOnDocument,
   * createAnd<Action><Type>Document): each from the initial status, on the owner's scope, no
   * approval (its maker may not approve) and no field entered at it.
   */
  createAnd?: string[];
  /**
   * The unit that owns a document (its data scope): the name of a header reference whose item has
   * an `ownerUnit` (a storage, a money account) or is a unit of the organisation tree itself (a
   * receiving unit), or a function of the checked header.
   */
  owner: string | ((ctx: ValidateContext) => Promise<number>);
  /**
   * Other units a document concerns, by name, as a property path from the header to an organisation
   * unit (e.g. `destination: 'toStorage.ownerUnit'` for a transfer): their staff see the document too,
   * and an action named in `actionScope` is checked against that unit instead of the owner.
   */
  scopes?: Record<string, string>;
  /**
   * Units a document's lines concern, by name, as a property path from a line to an organisation
   * unit (a distribution's `destination: 'toStorage.ownerUnit'`): their staff see the document in
   * lists and details (documentScopeWhere), without acting on it (actions follow the owner).
   */
  lineScopes?: Record<string, string>;
  /** Which named scope an action is checked against (e.g. RECEIVE: destination); default the owner. */
  actionScope?: Record<string, string>;
  /**
   * Header fields a list orders by (the donation history by the donation's date): an index on the
   * field and the id each, which serves a page by key (document-kit.md "Paging by key").
   */
  keyIndexes?: string[];
  /** Rules across fields and lines, after each field is checked. */
  validate?(ctx: ValidateContext): Promise<FieldError[]>;
  /** What an action does besides its status change (ledger postings), in the action's transaction. */
  effects?: Record<string, (ctx: EffectContext) => Promise<void>>;
  /** Actions whose effect writes in SQL only, no entity: a create takes it with no flush after. */
  sqlEffects?: string[];
  /** The read an action's effect makes first, in the create's opening statement (opening-read.ts). */
  readAhead?: Record<string, ReadAhead>;
  /**
   * What writing the document does (a transfer reserves its lines), in the same transaction as the
   * create or edit; a refusal (a shortfall) rolls the whole write back.
   */
  onSave?: (ctx: SaveContext) => Promise<void>;
  /** Read with one document (not with lists): computed line values and related documents. */
  readExtras?: (tx: EntityManager, row: DocumentRow) => Promise<DocumentExtras>;
}

/**
 * The longest text a declared field may take: the API's limit on each text of a document's JSON
 * input (DocumentInput, DocumentActionInput), under which every field's own maxLength applies.
 */
export const DOCUMENT_TEXT_MAX = 2000;

/** Statuses most document types share. */
export const commonStatuses = {
  SAVED: { code: 'SAVED', label: { th: 'บันทึก', en: 'Saved' } },
  POSTED: { code: 'POSTED', label: { th: 'ลงบัญชีแล้ว', en: 'Posted' } },
  CANCELLED: { code: 'CANCELLED', label: { th: 'ยกเลิก', en: 'Cancelled' } },
} as const;

/** CANCEL: never deletes; the document keeps its number and shows as cancelled. */
export const cancelAction = (from: string[], menu: readonly MenuCode[]): TransitionDecl => ({
  action: 'CANCEL',
  label: { th: 'ยกเลิก', en: 'Cancel' },
  from,
  to: 'CANCELLED',
  menu,
  reason: 'optional',
});

/** The header's collection of its lines, declared only for types with `lineScopes` (no column). */
export const LINE_ROWS = 'lineRows';

export interface DocumentType extends DocumentDeclaration {
  entity: EntitySchema<DocumentRow>;
  lineEntity: EntitySchema<DocumentLineRow>;
}

const pascal = (s: string) =>
  s
    .toLowerCase()
    .split(/[-_]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

const textKinds = ['code', 'text', 'taxId', 'email', 'phone'];

/** Whether a field's column may hold null (its typed GraphQL field is then nullable too). */
export const mayBeNull = (f: DocumentField): boolean =>
  f.kind !== 'boolean' &&
  (!f.required || Boolean(f.derived) || f.enteredAt !== undefined || Boolean(f.computed));

// biome-ignore lint/suspicious/noExplicitAny: MikroORM property options built from the declaration
function columnOf(f: DocumentField, entityOf: (f: DocumentField) => () => EntitySchema): Record<string, any> {
  const nullable = mayBeNull(f);
  if (textKinds.includes(f.kind)) return { type: 'string', length: f.maxLength, nullable };
  if (f.kind === 'integer' && f.documentRef)
    return {
      kind: 'm:1',
      entity: f.documentRef,
      mapToPk: true,
      fieldName: f.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
      nullable,
      deleteRule: 'restrict',
      index: true,
    };
  if (f.kind === 'integer') return { type: 'integer', nullable };
  if (f.kind === 'date') return { type: 'date', nullable };
  if (f.kind === 'decimal') return { type: 'decimal', precision: 14, scale: f.scale, nullable };
  if (f.kind === 'enum')
    return f.numericEnum
      ? { type: 'smallint', nullable }
      : { type: 'string', length: Math.max(...f.options.map((o) => o.value.length)), nullable };
  if (f.kind === 'reference' || f.kind === 'subDistrict')
    return { kind: 'm:1', entity: entityOf(f), nullable, deleteRule: 'restrict', index: true };
  return { type: 'boolean', default: false };
}

function checkDeclaration(decl: DocumentDeclaration): void {
  const fail = (why: string) => {
    throw new Error(`Document type ${decl.type}: ${why}`);
  };
  if (!/^[A-Z][A-Z0-9_]*$/.test(decl.type)) fail('not an enum name');
  if (!/^[A-Z]{2,6}$/.test(decl.prefix)) fail(`bad prefix ${decl.prefix}`);
  checkWorkflow(decl.type, decl.workflow);
  for (const kind of ['view', 'create', 'edit'] as const)
    assertMenuCodes(decl.menus[kind], `${decl.type} ${kind}`);
  for (const t of decl.workflow.transitions) assertMenuCodes(t.menu, `${decl.type} ${t.action}`);
  for (const s of decl.screens) if (!menuByKey(s.key)) fail(`screen ${s.key} is not a catalogue key`);
  const reserved = [
    'id',
    'number',
    'fiscalYear',
    'status',
    'version',
    'ownerUnit',
    'remark',
    'createdBy',
    'createdAt',
    'updatedBy',
    'updatedAt',
    'document',
    'lineNo',
    LINE_ROWS,
  ];
  for (const f of [...decl.header, ...decl.lines])
    if (reserved.includes(f.name)) fail(`${f.name} is a standard column`);
  for (const f of [...decl.header, ...decl.lines])
    if ((f.maxLength ?? 0) > DOCUMENT_TEXT_MAX)
      fail(`${f.name} is longer than the API takes (${DOCUMENT_TEXT_MAX})`);
  const actions = new Set(decl.workflow.transitions.map((t) => t.action));
  for (const f of [...decl.header, ...decl.lines])
    for (const a of [...(f.enteredAt ? [f.enteredAt] : []), ...(f.reenteredAt ?? [])])
      if (!actions.has(a)) fail(`${f.name} is entered at unknown ${a}`);
  for (const a of decl.createAnd ?? []) {
    const t = decl.workflow.transitions.find((x) => x.action === a);
    if (!t?.from.includes(decl.workflow.initial))
      fail(`createAnd ${a}: not an action from the initial status`);
    if (t?.approval !== undefined || decl.actionScope?.[a])
      fail(`createAnd ${a}: an approval or another scope`);
    if ([...decl.header, ...decl.lines].some((f) => isEnteredAt(f, a)))
      fail(`createAnd ${a}: fields entered at it`);
  }
  for (const a of [...Object.keys(decl.effects ?? {}), ...(decl.sqlEffects ?? [])])
    if (!actions.has(a) || !decl.effects?.[a]) fail(`effect for unknown action ${a}`);
  for (const f of [...decl.header.filter((h) => !h.derived || h.computed), ...decl.lines])
    if (f.setBy) fail(`${f.name}: only stored, derived header fields are set by the system`);
  for (const k of decl.keyIndexes ?? [])
    if (!decl.header.some((f) => f.name === k && !f.computed)) fail(`key index on unknown field ${k}`);
}

export function defineDocumentType(decl: DocumentDeclaration): DocumentType {
  checkDeclaration(decl);
  const now = () => new Date();
  const entityOf = (f: DocumentField) => () =>
    (f.kind === 'subDistrict' ? SubDistrict : (f.refType as () => ReferenceType)().entity) as EntitySchema;
  const name = `Doc${pascal(decl.type)}`;
  const header: Record<string, unknown> = {
    id: { type: 'integer', primary: true, autoincrement: true },
    number: { type: 'string', length: 30, unique: true },
    fiscalYear: { type: 'smallint' },
    status: { type: 'string', length: 30, index: true },
    version: { type: 'integer', default: 1 },
    ownerUnit: { kind: 'm:1', entity: () => OrganisationUnit, deleteRule: 'restrict', index: true },
    remark: { type: 'string', length: 1000, nullable: true },
    createdBy: { type: 'integer' },
    createdAt: { type: 'datetime', onCreate: now, index: true },
    updatedBy: { type: 'integer' },
    updatedAt: { type: 'datetime', onCreate: now, onUpdate: now },
  };
  for (const f of decl.header) if (!f.computed) header[f.name] = columnOf(f, entityOf);
  if (decl.lineScopes) header[LINE_ROWS] = { kind: '1:m', entity: () => lineEntity, mappedBy: 'document' };
  const entity = new EntitySchema<DocumentRow>({
    name,
    tableName: decl.table,
    properties: header,
    indexes: (decl.keyIndexes ?? []).map((f) => ({ properties: [f, 'id'] })),
    triggers: [numberingTrigger(decl.table)],
  } as ConstructorParameters<typeof EntitySchema<DocumentRow>>[0]);
  const lines: Record<string, unknown> = {
    id: { type: 'integer', primary: true, autoincrement: true },
    document: { kind: 'm:1', entity: () => entity, deleteRule: 'restrict', index: true },
    lineNo: { type: 'smallint' },
  };
  for (const f of decl.lines) if (!f.computed) lines[f.name] = columnOf(f, entityOf);
  const lineEntity = new EntitySchema<DocumentLineRow>({
    name: `${name}Line`,
    tableName: `${decl.table}_line`,
    properties: lines,
  } as ConstructorParameters<typeof EntitySchema<DocumentLineRow>>[0]);
  return { ...decl, entity, lineEntity };
}
