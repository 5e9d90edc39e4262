import catalogueJson from '../../../data/menu-catalogue.json' with { type: 'json' };

// The menu catalogue MN-001..MN-148 (server/data/menu-catalogue.json), one entry per (feature key,
// action). The same file feeds the server, the seed, the client menu and the tests; how the 148 codes
// are numbered is written down in docs/menu-catalogue.md.

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

/** The side-menu sections of the back-office shell, in the specification's order. */
export type MenuSection =
  | 'user-group'
  | 'basic-data'
  | 'receiving-donations'
  | 'disbursement'
  | 'inventory'
  | 'other-data'
  | 'view-data'
  | 'reports'
  | 'user-management'
  | 'password-management';

export const menuSections: readonly MenuSection[] = [
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
];

export interface MenuCatalogueEntry {
  /** MN-001..MN-148. */
  code: string;
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
  requires: string[];
}

export const menuCatalogue: readonly MenuCatalogueEntry[] = catalogueJson as MenuCatalogueEntry[];

const byKey = new Map(menuCatalogue.map((entry) => [entry.key, entry]));
const byCode = new Map(menuCatalogue.map((entry) => [entry.code, entry]));

export function menuByKey(key: string): MenuCatalogueEntry | undefined {
  return byKey.get(key);
}

export function menuByCode(code: string): MenuCatalogueEntry | undefined {
  return byCode.get(code);
}

/**
 * Refuses an access declaration (a GraphQL @Menu, a REST route's access, a kit's menus) that names
 * no code or a code outside the catalogue: the server does not start with a typo such as MN-300.
 */
export function assertMenuCodes(codes: readonly string[], where: string): void {
  if (codes.length === 0) throw new Error(`${where}: needs at least one menu code`);
  const unknown = codes.filter((code) => !byCode.has(code));
  if (unknown.length) {
    throw new Error(`${where}: ${unknown.join(', ')} is not in the menu catalogue (MN-001..MN-148)`);
  }
}

/**
 * The codes a user needs to use the feature key: its own code first, then everything it requires
 * (transitively). Empty for an unknown key.
 */
export function menuCodesFor(key: string): string[] {
  const entry = byKey.get(key);
  return entry ? withRequiredCodes([entry.code]) : [];
}

/**
 * The given codes plus every code they require (transitively), without duplicates, in first-seen
 * order. Use it when granting menus to a group so that "edit" brings its "view". Unknown codes are
 * kept as given; validating them is the caller's job.
 */
export function withRequiredCodes(codes: Iterable<string>): string[] {
  const seen = new Set<string>();
  const visit = (code: string) => {
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
