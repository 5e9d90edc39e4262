import { Reference } from '@mikro-orm/core';
import type { MenuCode } from '@namjai/common/menu-catalogue';
import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { Identity } from '../../platform/graphql/identity';
import { MaxLength, Range } from '../../platform/graphql/input-limits';
import { declarePageCursors } from '../../platform/graphql/page-cursors';
import { addThaiNames } from '../../platform/validation/input-names';
import { ReferenceOptionItemType, ReferenceOptionType } from '../reference/reference.type';
import type { ReferenceRow } from '../reference/reference-kit';
import { DocumentCommonType, type DocumentType as DocumentView } from './document.type';
import {
  type DocumentField,
  type DocumentType as DocumentKind,
  isEnteredAt,
  mayBeNull,
  shown,
} from './document-kit';
import type { ReadDocument } from './document-read';

// The typed schema of every document type (docs/typed-documents.md), made from its declaration when
// the schema is built, never written by hand: STOCK_TRANSFER gives StockTransferDocument with
// StockTransferDocumentHeader and StockTransferDocumentLine, StockTransferDocumentInput for create
// and update, and StockTransferDocumentReceiveInput for each action. The suffix "Document" keeps the
// names apart from the hand-typed read APIs (GoodsDonation, MoneyDonation, ResourceDisbursement, …).

// biome-ignore lint/complexity/noBannedTypes: type-graphql takes classes as plain constructors
type Class = Function;

/** STOCK_TRANSFER → StockTransfer, APPROVE_1 → Approve1. */
export const pascalOf = (name: string): string =>
  name
    .toLowerCase()
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

/** STOCK_TRANSFER → stockTransfer, CANCEL_APPROVE_1 → cancelApprove1. */
export const camelOf = (name: string): string => {
  const p = pascalOf(name);
  return p.charAt(0).toLowerCase() + p.slice(1);
};

/** A class named for the schema (type-graphql reads the decorators, not the class). */
function named(name: string, base?: abstract new () => object): new () => object {
  const made = base ? { [name]: class extends (base as new () => object) {} } : { [name]: class {} };
  return made[name] as new () => object;
}

const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;

/** What an integrator reads about a field: its labels, its form on the wire, when it is entered. */
function describe(f: DocumentField): string {
  const parts = [`${f.label.th} / ${f.label.en}.`];
  if (f.kind === 'decimal')
    parts.push(`Decimal text with ${f.scale ?? 2} digits after the point, e.g. "12.50".`);
  if (f.kind === 'date') parts.push('A day, YYYY-MM-DD (Gregorian; screens show the Buddhist era).');
  if (f.kind === 'enum')
    parts.push(`One of: ${f.options.map((o) => `${o.value} (${o.label.en})`).join(', ')}.`);
  if (f.kind === 'reference' && f.refType) parts.push(`An item of the reference type ${f.refType().type}.`);
  if (f.kind === 'subDistrict') parts.push('The id of a sub-district (subDistrict(id:)).');
  if (f.refChoices) parts.push(`The id of a ${f.refChoices.type} document.`);
  if (f.enteredAt) parts.push(`Entered at ${[f.enteredAt, ...(f.reenteredAt ?? [])].join(', ')}.`);
  if (f.computed) parts.push('Computed when one document is read (null in lists).');
  else if (f.derived) parts.push('Set by the server, never entered.');
  if (f.required && !f.derived) parts.push('Required.');
  return parts.join(' ');
}

/** The output type of a field's value. */
function outputType(f: DocumentField): () => Class | typeof Int {
  if (f.kind === 'reference') return () => ReferenceOptionItemType;
  if (f.kind === 'enum') return () => ReferenceOptionType;
  if (f.kind === 'integer' || f.kind === 'subDistrict') return () => Int;
  if (f.kind === 'boolean') return () => Boolean;
  return () => String;
}

function addOutputFields(target: Class, fields: readonly DocumentField[]): void {
  for (const f of fields)
    Field(outputType(f), { nullable: mayBeNull(f), description: describe(f) })(target.prototype, f.name);
}

/** An input field: references and sub-districts by id; decimals as text; every field optional. */
function addInputFields(target: Class, fields: readonly DocumentField[]): void {
  addThaiNames(Object.fromEntries(fields.map((f) => [f.name, f.label.th])));
  for (const f of fields) {
    const proto = target.prototype;
    const options = { nullable: true, description: describe(f) };
    if (f.kind === 'reference' || f.kind === 'subDistrict') {
      Field(() => Int, options)(proto, f.name);
      Range(1)(proto, f.name);
    } else if (f.kind === 'integer') {
      Field(() => Int, options)(proto, f.name);
      const min = Number.isInteger(f.min) ? (f.min as number) : INT_MIN;
      Range(min, Number.isInteger(f.max) ? (f.max as number) : INT_MAX)(proto, f.name);
    } else if (f.kind === 'boolean') {
      Field(() => Boolean, options)(proto, f.name);
    } else {
      Field(() => String, options)(proto, f.name);
      const length = f.kind === 'decimal' ? 20 : f.kind === 'date' ? 10 : f.maxLength;
      if (length) MaxLength(length)(proto, f.name);
    }
  }
}

function inputType(name: string, description: string, build: (c: Class) => void): Class {
  const c = named(name);
  build(c);
  InputType(name, { description })(c);
  return c;
}

export interface TypedDocumentSchema {
  kind: DocumentKind;
  /** StockTransferDocument: the root fields are stockTransferDocument(s), create…, update…, <action>… */
  name: string;
  document: Class;
  page: Class;
  input: Class;
  /** By action: its input type and the mutation's name (receiveStockTransferDocument). */
  actions: { action: string; menu: readonly MenuCode[]; input: Class; field: string; label: string }[];
  /** By createAnd action: the create-and-act mutation (createAndPostStockAdjustmentDocument). */
  createAnd: { action: string; menu: readonly MenuCode[]; field: string; reason: boolean; label: string }[];
}

/** The object and input types of one document type, from its declaration. */
export function typedDocumentSchema(kind: DocumentKind): TypedDocumentSchema {
  const name = `${pascalOf(kind.type)}Document`;
  const label = `${kind.label.th} / ${kind.label.en}`;
  const headerFields = kind.header.filter(shown);
  const lineFields = kind.lines.filter(shown);

  const header = named(`${name}Header`);
  addOutputFields(header, headerFields);
  ObjectType(`${name}Header`, { description: `The header of a ${kind.type} document (${label}).` })(header);

  const line = lineFields.length ? named(`${name}Line`) : null;
  if (line) {
    Field(() => Int)(line.prototype, 'id');
    Field(() => Int, { description: 'Its place on the document, from 1.' })(line.prototype, 'lineNo');
    addOutputFields(line, lineFields);
    Identity('id')(line);
    ObjectType(`${name}Line`, { description: `A line of a ${kind.type} document (${label}).` })(line);
  }

  const document = named(name, DocumentCommonType);
  Field(() => header)(document.prototype, 'header');
  if (line) Field(() => [line], { description: 'Empty in lists.' })(document.prototype, 'lines');
  Identity('id')(document);
  ObjectType(name, { description: `A ${kind.type} document (${label}), typed from its declaration.` })(
    document,
  );

  const page = named(`${name}Page`);
  Field(() => [document])(page.prototype, 'items');
  for (const f of ['total', 'currentPage', 'rows']) Field(() => Int)(page.prototype, f);
  declarePageCursors(page);
  ObjectType(`${name}Page`)(page);

  const written = (f: DocumentField) => !f.derived && !f.enteredAt && !f.computed;
  const headerInput = inputType(`${name}HeaderInput`, `The header fields written on create and edit.`, (c) =>
    addInputFields(c, headerFields.filter(written)),
  );
  const lineInput = line
    ? inputType(`${name}LineInput`, 'A line as written on create and edit.', (c) =>
        addInputFields(c, lineFields.filter(written)),
      )
    : null;
  const input = inputType(
    `${name}Input`,
    `A ${kind.type} document to create or edit (an edit replaces the lines).`,
    (c) => {
      Field(() => headerInput, { nullable: true })(c.prototype, 'header');
      if (lineInput)
        Field(() => [lineInput], { nullable: true, description: 'Lines in order.' })(c.prototype, 'lines');
      Field(() => String, { nullable: true })(c.prototype, 'remark');
      MaxLength(1000)(c.prototype, 'remark');
    },
  );

  const actions = kind.workflow.transitions.map((x) => {
    const base = `${name}${pascalOf(x.action)}`;
    const atHeader = headerFields.filter((f) => isEnteredAt(f, x.action) && !f.derived);
    const atLines = lineFields.filter((f) => isEnteredAt(f, x.action));
    const actionHeader = atHeader.length
      ? inputType(`${base}HeaderInput`, `The header fields entered at ${x.action}.`, (c) =>
          addInputFields(c, atHeader),
        )
      : null;
    const actionLine = atLines.length
      ? inputType(`${base}LineInput`, `A line's fields entered at ${x.action}, by its id.`, (c) => {
          Field(() => Int)(c.prototype, 'id');
          Range(1)(c.prototype, 'id');
          addInputFields(c, atLines);
        })
      : null;
    const actionInput = inputType(`${base}Input`, `${x.action}: ${x.label.en}.`, (c) => {
      Field(() => Int, { description: 'The version the person saw: a stale one is refused.' })(
        c.prototype,
        'version',
      );
      Range(1)(c.prototype, 'version');
      if (x.reason) {
        Field(() => String, { nullable: x.reason !== 'required', description: `Reason (${x.reason}).` })(
          c.prototype,
          'reason',
        );
        MaxLength(1000)(c.prototype, 'reason');
      }
      if (actionHeader) Field(() => actionHeader, { nullable: true })(c.prototype, 'header');
      if (actionLine) Field(() => [actionLine], { nullable: true })(c.prototype, 'lines');
    });
    return {
      action: x.action,
      menu: x.menu,
      input: actionInput,
      field: `${camelOf(x.action)}${name}`,
      label: `${x.label.th} / ${x.label.en}`,
    };
  });
  const createAnd = kind.workflow.transitions
    .filter((x) => (kind.createAnd ?? []).includes(x.action))
    .map((x) => ({
      action: x.action,
      menu: [...new Set([...kind.menus.create, ...x.menu])].sort(),
      field: `createAnd${pascalOf(x.action)}${name}`,
      reason: x.reason !== undefined,
      label: `${x.label.th} / ${x.label.en}`,
    }));
  return { kind, name, document, page, input, actions, createAnd };
}

/** A referenced item as the typed document shows it (what its pick list shows). */
function itemOf(value: unknown): ReferenceOptionItemType | null {
  if (value === null || value === undefined || typeof value !== 'object') return null;
  const r = Reference.unwrapReference(value) as ReferenceRow;
  return { id: r.id, code: r.code, nameTh: r.nameTh, nameEn: r.nameEn ?? null };
}

/** Declared values as the wire shows them (`values`), with references and enums as objects. */
function typedValues(
  fields: readonly DocumentField[],
  values: Record<string, unknown>,
  row: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const value = values[f.name] ?? null;
    if (f.kind === 'reference') out[f.name] = f.computed ? null : itemOf(row?.[f.name]);
    else if (f.kind === 'enum' && value !== null) {
      const option = f.options.find((o) => o.value === String(value));
      out[f.name] = {
        value: String(value),
        labelTh: option?.label.th ?? String(value),
        labelEn: option?.label.en ?? String(value),
      };
    } else out[f.name] = value;
  }
  return out;
}

/** The typed document of a read: the generic view with its header and lines typed. */
export function toTypedDocument(read: ReadDocument): DocumentView {
  const { kind, view } = read;
  const headerFields = kind.header.filter(shown);
  const lineFields = kind.lines.filter(shown);
  return {
    ...view,
    header: typedValues(headerFields, view.header, read.row),
    lines: view.lines.map((l, i) => ({
      id: l.id,
      lineNo: l.lineNo,
      ...typedValues(lineFields, l.values, read.lines[i]),
    })),
  } as unknown as DocumentView;
}
