import { messageWithValues } from '../../ui/validation/validation-messages';
import { array, object, string } from '../../ui/validation/yup';
import {
  errorPathOf,
  type FormValue,
  fieldSchema,
  formValueOf,
  inputValue,
  type ReferenceFormValues,
  valuesRecord,
} from '../reference';
import { type DocumentDescriptor, type DocumentField, entryFields } from './document-rules';

// A document's form: header fields, a remark and the lines, each field with the reference kit's
// form value, rule and API value for its kind (reference-form-values.ts), so both kits enter a
// field of a kind the same way.

/** A property of each line the server never sees: a key that follows the line when it moves. */
export const LINE_KEY = '__key';

/** A line as the form holds it: its fields by name, and its key. */
export type LineFormValues = ReferenceFormValues & { [LINE_KEY]: string };

export interface DocumentFormValues {
  header: ReferenceFormValues;
  remark: string;
  lines: LineFormValues[];
}

/** The document being edited, as the details query returns it. */
export interface DocumentLike {
  header: unknown;
  remark: string | null;
  lines: readonly { values: unknown }[];
}

export const REMARK_MAX = 1000;

let lineSerial = 0;

function fieldValues(fields: readonly DocumentField[], stored: unknown): ReferenceFormValues {
  const values = valuesRecord(stored);
  return Object.fromEntries(fields.map((field) => [field.name, formValueOf(field, values[field.name])]));
}

/** An empty line (or a saved one's values), with a key of its own. */
export function lineFormValues(descriptor: DocumentDescriptor, stored?: unknown): LineFormValues {
  lineSerial += 1;
  return { ...fieldValues(entryFields(descriptor.lines), stored), [LINE_KEY]: `line-${lineSerial}` };
}

/** The form's starting values: one empty line for a new document, the document's when editing. */
export function initialDocumentValues(
  descriptor: DocumentDescriptor,
  document: DocumentLike | null,
): DocumentFormValues {
  return {
    header: fieldValues(entryFields(descriptor.header), document?.header),
    remark: document?.remark ?? '',
    lines: document
      ? document.lines.map((line) => lineFormValues(descriptor, line.values))
      : descriptor.lines.length
        ? [lineFormValues(descriptor)]
        : [],
  };
}

const objectOf = (fields: readonly DocumentField[]) =>
  object(Object.fromEntries(fields.map((field) => [field.name, fieldSchema(field)])));

/** The form's yup schema, from the same rules the server checks. Messages are translation keys. */
export function documentFormSchema(descriptor: DocumentDescriptor) {
  const lines = array().of(objectOf(entryFields(descriptor.lines)));
  return object({
    header: objectOf(entryFields(descriptor.header)),
    remark: string().trim().max(REMARK_MAX),
    lines: descriptor.lines.length
      ? lines.min(1, messageWithValues('validation.linesAtLeast', { min: 1 }))
      : lines,
  });
}

function inputValues(fields: readonly DocumentField[], values: ReferenceFormValues): Record<string, unknown> {
  return Object.fromEntries(
    fields.map((field) => [field.name, inputValue(field, values[field.name] as FormValue | undefined)]),
  );
}

/** createDocument's and updateDocument's input: entered fields only, lines in their order. */
export function toDocumentInput(descriptor: DocumentDescriptor, values: DocumentFormValues) {
  const remark = values.remark.trim();
  return {
    header: inputValues(entryFields(descriptor.header), values.header),
    lines: values.lines.map((line) => inputValues(entryFields(descriptor.lines), line)),
    remark: remark === '' ? null : remark,
  };
}

/**
 * Where a server field error goes in the form: header fields under `header.`, line fields at their
 * line (`lines.2.quantity`), `lines` and `remark` as they are; null for a field the form does not
 * have (the error is then shown above the buttons).
 */
export function documentErrorPath(descriptor: DocumentDescriptor, field: string): string | null {
  if (field === 'remark' || field === 'lines') return field;
  const line = /^lines\.(\d+)\.(\w+)$/.exec(field);
  if (line) {
    const lineField = entryFields(descriptor.lines).find((candidate) => candidate.name === line[2]);
    return lineField ? errorPathOf(lineField, field) : null;
  }
  const headerField = entryFields(descriptor.header).find((candidate) => candidate.name === field);
  return headerField ? errorPathOf(headerField, `header.${field}`) : null;
}
