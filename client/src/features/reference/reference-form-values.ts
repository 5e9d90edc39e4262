import { formatBE, parseBE } from '../../platform/dates';
import { type AddressValue, EMPTY_ADDRESS } from '../../ui/form/address-value';
import { isValidCitizenId } from '../../ui/validation/citizen-id';
import { messageWithValues } from '../../ui/validation/validation-messages';
import { type AnySchema, boolean, number, object, type Schema, string } from '../../ui/validation/yup';
import { formFields, type ReferenceDescriptor, type ReferenceField } from './reference-rules';

/**
 * What the form holds for one field: text kinds, numbers (as typed), enum values and reference ids
 * as strings, booleans, and the address picker's value for a sub-district.
 */
export type FormValue = string | boolean | AddressValue;
export type ReferenceFormValues = Record<string, FormValue>;

/** The item being edited, as the list returns it. */
export interface ReferenceItemLike {
  id: number;
  code: string;
  values: unknown;
}

// The server's rules (server/src/features/reference/reference.service.ts), so most mistakes are
// caught before saving; the server still decides.
const CODE_PATTERN = /^[A-Z0-9._-]+$/;
const PHONE_PATTERN = /^[0-9+()\-.,#/ ]+$/;
const INTEGER_PATTERN = /^-?\d+$/;
const DEFAULT_SCALE = 2;

export function valuesRecord(values: unknown): Record<string, unknown> {
  return typeof values === 'object' && values !== null ? (values as Record<string, unknown>) : {};
}

/**
 * What the form holds for a stored value: the address picker's value for a sub-district, true/false
 * for a boolean, a Buddhist-era dd/mm/yyyy text for a date (stored as yyyy-mm-dd), text otherwise.
 */
export function formValueOf(field: Pick<ReferenceField, 'kind'>, value: unknown): FormValue {
  if (field.kind === 'boolean') return value === true;
  if (field.kind === 'subDistrict')
    return { ...EMPTY_ADDRESS, subDistrictId: typeof value === 'number' ? value : null };
  if (value === null || value === undefined) return '';
  if (field.kind === 'date' && typeof value === 'string') return formatBE(value, 'dd/MM/yyyy') || value;
  return String(value);
}

/** The form's starting values: empty for a new item, the item's values when editing. */
export function initialFormValues(
  descriptor: Pick<ReferenceDescriptor, 'fields'>,
  item?: ReferenceItemLike | null,
): ReferenceFormValues {
  const stored = valuesRecord(item?.values);
  const result: ReferenceFormValues = {};
  for (const field of formFields(descriptor)) {
    result[field.name] = formValueOf(field, field.name === 'code' ? item?.code : stored[field.name]);
  }
  return result;
}

function decimalPattern(scale: number): RegExp {
  return new RegExp(`^-?\\d{1,${14 - scale}}(\\.\\d{1,${scale}})?$`);
}

/** Checks a number's range; the message names the bound. */
function withRange(schema: Schema<string | undefined>, field: ReferenceField): Schema<string | undefined> {
  let ranged = schema;
  const { min, max } = field;
  if (min !== null) {
    ranged = ranged.test('min', messageWithValues('validation.atLeast', { min }), (value) =>
      value ? Number(value) >= min : true,
    );
  }
  if (max !== null) {
    ranged = ranged.test('max', messageWithValues('validation.atMost', { max }), (value) =>
      value ? Number(value) <= max : true,
    );
  }
  return ranged;
}

function textSchema(field: ReferenceField): Schema<string | undefined> {
  let schema = string().trim();
  if (field.required) schema = schema.required('validation.required');
  if (field.maxLength !== null) {
    schema = schema.max(field.maxLength, messageWithValues('validation.maxLength', { max: field.maxLength }));
  }
  switch (field.kind) {
    case 'code':
      return schema.test(
        'code',
        'validation.code',
        (value) => !value || CODE_PATTERN.test(value.toUpperCase()),
      );
    case 'email':
      return schema.email('validation.email');
    case 'phone':
      return schema.test(
        'phone',
        'validation.phone',
        (value) => !value || (PHONE_PATTERN.test(value) && (value.match(/\d/g) ?? []).length >= 9),
      );
    case 'taxId':
      return schema.test('tax-id', 'validation.citizenId', (value) => !value || isValidCitizenId(value));
    case 'integer':
      return withRange(
        schema.matches(INTEGER_PATTERN, { message: 'validation.integer', excludeEmptyString: true }),
        field,
      );
    case 'decimal': {
      const scale = field.scale ?? DEFAULT_SCALE;
      return withRange(
        schema.matches(decimalPattern(scale), {
          message: messageWithValues('validation.decimal', { scale }),
          excludeEmptyString: true,
        }),
        field,
      );
    }
    case 'enum':
      return schema.oneOf(['', ...field.options.map((option) => option.value)], 'validation.choose');
    case 'reference':
      return field.required ? schema.required('validation.choose') : schema;
    case 'date':
      return schema.test('be-date', 'validation.beDate', (value) => !value || parseBE(value).isValid);
    default:
      return schema;
  }
}

/** One field's rule (both kits build their forms from it). Messages are translation keys. */
export function fieldSchema(field: ReferenceField): AnySchema {
  if (field.kind === 'boolean') return boolean();
  if (field.kind === 'subDistrict') {
    const id = number().nullable();
    return object({ subDistrictId: field.required ? id.required('validation.choose') : id });
  }
  if (field.kind === 'enum' && field.required) return textSchema(field).required('validation.choose');
  return textSchema(field);
}

/** The form's yup schema, from the same rules the server checks. Messages are translation keys. */
export function referenceFormSchema(descriptor: Pick<ReferenceDescriptor, 'fields'>) {
  return object(Object.fromEntries(formFields(descriptor).map((field) => [field.name, fieldSchema(field)])));
}

/** What the API takes for a field's form value: ids and integers as numbers, dates as yyyy-mm-dd. */
export function inputValue(field: ReferenceField, value: FormValue | undefined): unknown {
  if (field.kind === 'boolean') return value === true;
  if (field.kind === 'subDistrict') {
    return typeof value === 'object' ? value.subDistrictId : null;
  }
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return null;
  if (field.kind === 'integer' || field.kind === 'reference') return Number(text);
  if (field.kind === 'decimal') return Number(text).toFixed(field.scale ?? DEFAULT_SCALE);
  if (field.kind === 'taxId') return text.replace(/[\s-]/g, '');
  if (field.kind === 'date') return parseBE(text).toISODate() ?? text;
  return text;
}

/**
 * saveReferenceItem's input: the code apart (upper-cased; empty when the server derives it), every
 * other entered field by name. Derived fields are never sent.
 */
export function toSaveInput(
  descriptor: Pick<ReferenceDescriptor, 'fields'>,
  values: ReferenceFormValues,
  id: number | null,
): { id: number | null; code: string; values: Record<string, unknown> } {
  const fields = formFields(descriptor);
  const code = fields.some((field) => field.name === 'code') ? String(values.code ?? '') : '';
  return {
    id,
    code: code.trim().toUpperCase(),
    values: Object.fromEntries(
      fields
        .filter((field) => field.name !== 'code')
        .map((field) => [field.name, inputValue(field, values[field.name])]),
    ),
  };
}

/** The form path a server field error belongs under (the picker's sub-district for addresses). */
export function errorPath(descriptor: Pick<ReferenceDescriptor, 'fields'>, name: string): string {
  const field = descriptor.fields.find((candidate) => candidate.name === name);
  return field ? errorPathOf(field, name) : name;
}

/** A field's error path at a form path (`lines.2.place` → `lines.2.place.subDistrictId`). */
export function errorPathOf(field: Pick<ReferenceField, 'kind'>, path: string): string {
  return field.kind === 'subDistrict' ? `${path}.subDistrictId` : path;
}
