/** A search parameter as text, or undefined when absent or not text (so links need not pass it). */
export function optionalSearchText(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value !== '' ? value : undefined;
}
