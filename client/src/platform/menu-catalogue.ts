import catalogueJson from '../../../server/data/menu-catalogue.json';

/**
 * The side-menu sections in the order of specification sec. 2 (shell layout). Logout is the last
 * section of the menu but has no catalogue entries, so it is not listed here.
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

export interface CatalogueEntry {
  code: string;
  key: string;
  action: string;
  section: MenuSection;
  nameTh: string;
  nameEn: string;
  /** `/backoffice/<key>`; null for external entries and screens without a route in the specification. */
  route: string | null;
  external: boolean;
  requires: readonly string[];
}

export function isMenuSection(value: unknown): value is MenuSection {
  return typeof value === 'string' && (MENU_SECTIONS as readonly string[]).includes(value);
}

// The catalogue is one data file shared with the server (docs/menu-catalogue.md); reading it here
// rather than copying it keeps the route guard and the server's permission codes from drifting.
export const menuCatalogue: readonly CatalogueEntry[] = catalogueJson.map((entry) => {
  if (!isMenuSection(entry.section)) {
    throw new Error(`menu-catalogue.json: ${entry.code} has an unknown section "${entry.section}"`);
  }
  return { ...entry, section: entry.section };
});

const byKey = new Map(menuCatalogue.map((entry) => [entry.key, entry]));
const byCode = new Map(menuCatalogue.map((entry) => [entry.code, entry]));

export function menuByKey(key: string): CatalogueEntry | undefined {
  return byKey.get(key);
}

export function menuByCode(code: string): CatalogueEntry | undefined {
  return byCode.get(code);
}

// Specification sec. 2: view routes of support requests, the disbursement family and the
// delivery/result screens take an optional txnId path parameter.
const TXN_OBJECTS = [
  'reqs-support',
  'resource-disbursement',
  'money-disbursement',
  'delivery-resource-disbursement',
  'delivery-money-disbursement',
  'result-resource-disbursement',
];

/** Whether /backoffice/<key>/<txnId> is a valid address for this key. */
export function acceptsTxnId(key: string): boolean {
  return TXN_OBJECTS.some((object) => key === `view-${object}` || key === `view-approve-${object}`);
}
