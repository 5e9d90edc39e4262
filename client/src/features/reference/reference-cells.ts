import { formatBE } from '../../platform/dates';
import type { Language } from '../../platform/language';
import { formatDecimal } from '../../platform/money';
import { valuesRecord } from './reference-form-values';
import { labelOf, type ReferenceField } from './reference-rules';

/** What a field's text is taken from: a reference item, or a document's header or line. */
export interface ReferenceItemTexts {
  /** A reference item's code (its `code` field is not among its values). */
  code?: string;
  values: unknown;
  display: unknown;
}

/**
 * A field's value as text in lists and details (of both kits): the server's display text for
 * references, enums and sub-districts, yes/no for booleans, Buddhist-era days for dates, decimals
 * with their scale (money with two), the value itself otherwise.
 */
export function fieldText(
  field: Pick<ReferenceField, 'name' | 'kind' | 'options' | 'scale'>,
  item: ReferenceItemTexts,
  language: Language,
  yesNo: { yes: string; no: string },
): string {
  if (field.name === 'code' && item.code !== undefined) return item.code;
  const shown = valuesRecord(item.display)[field.name];
  if (typeof shown === 'string') return shown;
  const value = valuesRecord(item.values)[field.name];
  if (field.kind === 'boolean') return value === true ? yesNo.yes : yesNo.no;
  if (value === null || value === undefined || value === '') return '';
  switch (field.kind) {
    case 'enum': {
      const option = field.options.find((candidate) => candidate.value === String(value));
      return option ? labelOf(option, language) : String(value);
    }
    case 'date':
      return typeof value === 'string' ? formatBE(value, 'dd/MM/yyyy') || value : String(value);
    case 'decimal':
      return typeof value === 'string' || typeof value === 'number'
        ? formatDecimal(value, field.scale ?? 2)
        : String(value);
    default:
      return String(value);
  }
}

/** When an item was created or last changed: its Bangkok day, Buddhist era. */
export function dayBE(value: unknown, language: Language): string {
  return typeof value === 'string' ? formatBE(value, 'long', language) : '';
}
