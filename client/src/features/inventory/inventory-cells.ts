import type { TFunction } from 'i18next';
import { formatBE, parseBE } from '../../platform/dates';
import type { Language } from '../../platform/language';
import { formatQuantity } from '../../platform/money';
import type { DocumentDescriptor } from '../documents';
import { labelOf } from '../reference';

/** Quantities of the stock ledger carry three decimals; whole ones show as people count them. */
export const quantityText = (value: string) => formatQuantity(value);

/** An expiry day (yyyy-mm-dd) in the Buddhist era, or a dash for goods that do not expire. */
export const expiryText = (value: string | null | undefined) => (value ? formatBE(value) : '—');

/** A lot, or a dash for goods that came without one. */
export const lotText = (lot: string) => lot || '—';

/**
 * The source of a movement: the document's number (DS-2570-000005), as people know it; without one
 * (a source outside the document kit), its type's label and id.
 */
export function sourceText(
  descriptors: readonly DocumentDescriptor[],
  documentType: string,
  documentId: number,
  language: Language,
  documentNumber?: string | null,
): string {
  if (documentNumber) return documentNumber;
  const descriptor = descriptors.find((candidate) => candidate.type === documentType);
  return `${descriptor ? labelOf(descriptor, language) : documentType} #${documentId}`;
}

/** When a movement was posted (a DateTimeISO string): its Bangkok day, Buddhist era. */
export const postedText = (value: unknown) => (typeof value === 'string' ? formatBE(value) : '');

/** A movement type's name (inventory.movementTypes.* / inventory.moneyMovementTypes.*), or its code if unnamed. */
export const movementText = (t: TFunction, kind: 'stock' | 'money', code: string) =>
  t(`inventory.${kind === 'stock' ? 'movementTypes' : 'moneyMovementTypes'}.${code}`, { defaultValue: code });

/**
 * A period typed as Buddhist-era days (dd/mm/yyyy, both optional and inclusive) as the ledger
 * queries take it: from the start of the first Bangkok day to the start of the day after the last.
 */
export function periodOf(values: { from?: string; to?: string }): { from?: string; to?: string } {
  const from = values.from ? parseBE(values.from) : null;
  const to = values.to ? parseBE(values.to) : null;
  return {
    ...(from?.isValid ? { from: from.toUTC().toISO() ?? undefined } : {}),
    ...(to?.isValid ? { to: to.plus({ days: 1 }).toUTC().toISO() ?? undefined } : {}),
  };
}
