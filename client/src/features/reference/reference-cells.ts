import { formatBE } from '../../platform/dates';
import type { Language } from '../../platform/language';
import { formatDecimal, formatQuantity, QUANTITY_SCALE } from '../../platform/money';
import { valuesRecord } from './reference-form-values';
import { labelOf, type ReferenceField } from './reference-rules';

/** What a field's text is taken from: a reference item, or a document's header or line. */
export interface ReferenceItemTexts {
  /** A reference item's code (its `code` field is not among its values). */
  code?: string;
  values: unknown;
  display: unknown;
  /** The display texts in English (the server's `displayEn`), where the answer carries them. */
  displayEn?: unknown;
}

/**
 * The server's display texts (references, enums, sub-districts) in the chosen language: `displayEn`
 * names a referenced item by its English name, or its Thai one where the data has none.
 */
export function displayIn(
  item: { display?: unknown; displayEn?: unknown } | null | undefined,
  language: Language,
): Record<string, unknown> {
  return valuesRecord(language === 'en' && item?.displayEn ? item.displayEn : item?.display);
}

/**
 * A field's value as text in lists and details (of both kits): the server's display text for
 * references, enums and sub-districts, yes/no for booleans, Buddhist-era days for dates, decimals
 * with their scale (money with two), quantities as people write them, the value itself otherwise.
 */
export function fieldText(
  field: Pick<ReferenceField, 'name' | 'kind' | 'options' | 'scale'>,
  item: ReferenceItemTexts,
  language: Language,
  yesNo: { yes: string; no: string },
): string {
  if (field.name === 'code' && item.code !== undefined) return item.code;
  // An option's label comes in both languages with the field; the server's display text is the
  // fallback for a value the options do not list.
  if (field.kind === 'enum') {
    const value = valuesRecord(item.values)[field.name];
    const option = field.options.find((candidate) => candidate.value === String(value));
    if (option && value !== null && value !== undefined && value !== '') return labelOf(option, language);
  }
  const shown = displayIn(item, language)[field.name];
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
      if (typeof value !== 'string' && typeof value !== 'number') return String(value);
      return isQuantity(field) ? formatQuantity(value) : formatDecimal(value, field.scale ?? 2);
    default:
      return String(value);
  }
}

/**
 * The language of a field's values when the field itself says it (`nameTh`, a Thai name): its text
 * is marked `lang="th"` on an English page, so a screen reader reads it as Thai and the English check
 * (e2e/english.browser.test.ts) knows it is Thai on purpose.
 */
export const fieldLang = (field: Pick<ReferenceField, 'name'>): 'th' | undefined =>
  /Th$/.test(field.name) ? 'th' : undefined;

/**
 * A quantity field: a decimal at the quantities' scale (three; money has two, coordinates six).
 * Every quantity the kits declare (donated, accepted, approved, disbursed, counted, a weight in kg)
 * is one, so each is shown by `formatQuantity`, the one rule.
 */
export const isQuantity = (field: Pick<ReferenceField, 'kind' | 'scale'>) =>
  field.kind === 'decimal' && field.scale === QUANTITY_SCALE;

/** When an item was created or last changed: its Bangkok day, Buddhist era. */
export function dayBE(value: unknown, language: Language): string {
  return typeof value === 'string' ? formatBE(value, 'long', language) : '';
}
