import { isMenuCode } from '@namjai/common/menu-catalogue';

// The menu catalogue MN-001..MN-148 lives in @namjai/common (common/data/menu-catalogue.json and the
// generated MenuCode type), shared with the client; how the 148 codes are numbered is written down
// in docs/menu-catalogue.md. The server adds the start-up check of access declarations.

export {
  canonicalAction,
  isMenuCode,
  MENU_SECTIONS as menuSections,
  type MenuAction,
  type MenuCatalogueEntry,
  type MenuCode,
  type MenuSection,
  menuByCode,
  menuByKey,
  menuCatalogue,
  menuCodesFor,
  withRequiredCodes,
} from '@namjai/common/menu-catalogue';

/**
 * Refuses an access declaration (a GraphQL @Menu, a REST route's access, a kit's menus) that names
 * no code or a code outside the catalogue. Declarations in code take MenuCode, so a typo such as
 * MN-300 already fails the typecheck; this catches codes that reach it untyped (a kit's data).
 */
export function assertMenuCodes(codes: readonly string[], where: string): void {
  if (codes.length === 0) throw new Error(`${where}: needs at least one menu code`);
  const unknown = codes.filter((code) => !isMenuCode(code));
  if (unknown.length) {
    throw new Error(`${where}: ${unknown.join(', ')} is not in the menu catalogue (MN-001..MN-148)`);
  }
}
