import catalogueJson from '../data/menu-catalogue.json' with { type: 'json' };
import { MENU_CODES, type MenuCode } from './menu-codes.gen';

// The menu catalogue MN-001..MN-148 (common/data/menu-catalogue.json), one entry per (feature key,
// action). The same file feeds the server (permission checks, the seed), the client (menu, route
// guard) and the tests; its codes are the MenuCode type (menu-codes.gen.ts, `npm run generate`). How
// the 148 codes are numbered is written down in docs/menu-catalogue.md.

export { MENU_CODES, type MenuCode };

/**
 * The action an entry grants. Taken literally from the feature key, so the specification's
 * misspelling `cancle` stays (`cancle-donate-things`, `cancle-approve-donate-things-one`);
 * use `canonicalAction` to treat `cancle` as `cancel`.
 */
export type MenuAction =
  | 'approve'
  | 'view'
  | 'add'
  | 'save'
  | 'edit'
  | 'cancel'
  | 'cancle'
  | 'delete'
  | 'cancel-approve'
  | 'cancle-approve'
  | 'view-approve'
  | 'print'
  | 'export'
  | 'request'
  | 'open';

/**
 * The side-menu sections of the back-office shell in the order of specification sec. 2. Logout is
 * the last section of the menu but has no catalogue entries, so it is not listed here.
 */
export const MENU_SECTIONS = [
  'user-group',
  'basic-data',
  'receiving-donations',
  'disbursement',
  'inventory',
  'other-data',
  'view-data',
  'reports',
  'user-management',
  'password-management',
] as const;

export type MenuSection = (typeof MENU_SECTIONS)[number];

export interface MenuCatalogueEntry {
  /** MN-001..MN-148. */
  code: MenuCode;
  /** Permission feature key, spelled as in the specification (`approve-tranfer-user`, `cancle-...`). */
  key: string;
  action: MenuAction;
  section: MenuSection;
  nameTh: string;
  nameEn: string;
  /** `/backoffice/<key>`; null for external entries and for screens whose route is not shown. */
  route: string | null;
  /** Reports 1.1..5.2 and catering-booking status: open the external food/report site. */
  external: boolean;
  /** Codes this entry needs to be usable (edit implies view): granting it grants these too. */
  requires: readonly MenuCode[];
}

export function isMenuSection(value: unknown): value is MenuSection {
  return typeof value === 'string' && (MENU_SECTIONS as readonly string[]).includes(value);
}

const codes: ReadonlySet<string> = new Set(MENU_CODES);

/** Whether a text (a stored grant, a request's argument) is a code of the catalogue. */
export function isMenuCode(value: unknown): value is MenuCode {
  return typeof value === 'string' && codes.has(value);
}

// Read once, checked once: a section or a required code outside the catalogue is a broken data file.
export const menuCatalogue: readonly MenuCatalogueEntry[] = catalogueJson.map((entry) => {
  if (!isMenuSection(entry.section))
    throw new Error(`menu-catalogue.json: ${entry.code} has an unknown section "${entry.section}"`);
  const unknown = [entry.code, ...entry.requires].filter((code) => !isMenuCode(code));
  if (unknown.length) throw new Error(`menu-catalogue.json: ${unknown.join(', ')} is not a generated code`);
  return entry as MenuCatalogueEntry;
});

const byKey = new Map(menuCatalogue.map((entry) => [entry.key, entry]));
const byCode = new Map<string, MenuCatalogueEntry>(menuCatalogue.map((entry) => [entry.code, entry]));

export function menuByKey(key: string): MenuCatalogueEntry | undefined {
  return byKey.get(key);
}

export function menuByCode(code: string): MenuCatalogueEntry | undefined {
  return byCode.get(code);
}

/**
 * The codes a user needs to use the feature key: its own code first, then everything it requires
 * (transitively). Empty for an unknown key.
 */
export function menuCodesFor(key: string): MenuCode[] {
  const entry = byKey.get(key);
  return entry ? withRequiredCodes([entry.code]) : [];
}

/**
 * The given codes plus every code they require (transitively), without duplicates, in first-seen
 * order. Use it when granting menus to a group so that "edit" brings its "view". Unknown codes are
 * kept as given; validating them is the caller's job.
 */
export function withRequiredCodes<C extends string>(codes: Iterable<C>): (C | MenuCode)[] {
  const seen = new Set<C | MenuCode>();
  const visit = (code: C | MenuCode) => {
    if (seen.has(code)) return;
    seen.add(code);
    for (const required of byCode.get(code)?.requires ?? []) visit(required);
  };
  for (const code of codes) visit(code);
  return [...seen];
}

/** `cancle` and `cancle-approve` (the specification's spelling) read as `cancel` and `cancel-approve`. */
export function canonicalAction(action: MenuAction): Exclude<MenuAction, 'cancle' | 'cancle-approve'> {
  if (action === 'cancle') return 'cancel';
  if (action === 'cancle-approve') return 'cancel-approve';
  return action;
}
