import { formatBE } from '../../platform/dates';
import type { Language } from '../../platform/language';
import { formatQuantity } from '../../platform/money';
import type { DocumentDescriptor } from '../documents/document-rules';
import { labelOf } from '../reference/reference-rules';

/** Quantities of the stock ledger carry three decimals; whole ones show as people count them. */
export const quantityText = (value: string) => formatQuantity(value, 3);

/** An expiry day (yyyy-mm-dd) in the Buddhist era, or a dash for goods that do not expire. */
export const expiryText = (value: string | null | undefined) => (value ? formatBE(value) : '—');

/** A lot, or a dash for goods that came without one. */
export const lotText = (lot: string) => lot || '—';

/** The source of a movement: its document type's label and the document's id. */
export function sourceText(
  descriptors: readonly DocumentDescriptor[],
  documentType: string,
  documentId: number,
  language: Language,
): string {
  const descriptor = descriptors.find((candidate) => candidate.type === documentType);
  return `${descriptor ? labelOf(descriptor, language) : documentType} #${documentId}`;
}

/** When a movement was posted (a DateTimeISO string): its Bangkok day, Buddhist era. */
export const postedText = (value: unknown) => (typeof value === 'string' ? formatBE(value) : '');
