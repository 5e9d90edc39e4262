import { menuByCode, menuCatalogue } from '../../platform/menu-catalogue';

/**
 * Checking an entry also checks what it requires (edit implies view, as the server grants it);
 * unchecking an entry also unchecks the entries that require it, so what is shown is what is saved.
 */
export function toggleMenuCode(selected: readonly string[], code: string, checked: boolean): string[] {
  const next = new Set(selected);
  if (checked) {
    next.add(code);
    for (const required of menuByCode(code)?.requires ?? []) next.add(required);
  } else {
    next.delete(code);
    for (const entry of menuCatalogue) if (entry.requires.some((r) => r === code)) next.delete(entry.code);
  }
  return sortCodes(next);
}

/** Sets every code of a section on or off (with the same dependency rules). */
export function toggleSectionCodes(
  selected: readonly string[],
  codes: readonly string[],
  checked: boolean,
): string[] {
  return codes.reduce<string[]>((current, code) => toggleMenuCode(current, code, checked), [...selected]);
}

function sortCodes(codes: Iterable<string>): string[] {
  return [...codes].sort();
}
