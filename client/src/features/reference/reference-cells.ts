import { formatBE } from '../../platform/dates';
import type { Language } from '../../platform/language';
import { valuesRecord } from './reference-form-values';
import { labelOf, type ReferenceField } from './reference-rules';

export interface ReferenceItemTexts {
  code: string;
  values: unknown;
  display: unknown;
}

/**
 * A field's value as text in lists and details: the server's display text for references, enums
 * and sub-districts, yes/no for booleans, the value itself otherwise.
 */
export function fieldText(
  field: ReferenceField,
  item: ReferenceItemTexts,
  language: Language,
  yesNo: { yes: string; no: string },
): string {
  if (field.name === 'code') return item.code;
  const shown = valuesRecord(item.display)[field.name];
  if (typeof shown === 'string') return shown;
  const value = valuesRecord(item.values)[field.name];
  if (field.kind === 'boolean') return value === true ? yesNo.yes : yesNo.no;
  if (value === null || value === undefined) return '';
  if (field.kind === 'enum') {
    const option = field.options.find((candidate) => candidate.value === String(value));
    return option ? labelOf(option, language) : String(value);
  }
  return String(value);
}

/** When an item was created or last changed: its Bangkok day, Buddhist era. */
export function dayBE(value: unknown, language: Language): string {
  return typeof value === 'string' ? formatBE(value, 'long', language) : '';
}
