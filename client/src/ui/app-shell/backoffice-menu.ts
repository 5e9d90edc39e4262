import { isMenuSection, MENU_SECTIONS, type MenuSection } from '../../platform/menu-catalogue';
import type { MenuEntry } from '../../platform/session/session-types';

export interface MenuSectionGroup {
  section: MenuSection;
  entries: MenuEntry[];
}

/**
 * The user's allowed menu entries (LoggedInUser.menus, already filtered by the server) grouped by
 * section in the specification's order; inactive entries and empty sections are left out.
 */
export function groupMenus(menus: readonly MenuEntry[]): MenuSectionGroup[] {
  return MENU_SECTIONS.map((section) => ({
    section,
    entries: menus.filter(
      (entry) => entry.statusCode !== 'I' && isMenuSection(entry.section) && entry.section === section,
    ),
  })).filter((group) => group.entries.length > 0);
}

export const SECTION_LABEL_KEYS = {
  'user-group': 'menu.sections.userGroup',
  'basic-data': 'menu.sections.basicData',
  'receiving-donations': 'menu.sections.receivingDonations',
  disbursement: 'menu.sections.disbursement',
  inventory: 'menu.sections.inventory',
  'other-data': 'menu.sections.otherData',
  'view-data': 'menu.sections.viewData',
  reports: 'menu.sections.reports',
  'user-management': 'menu.sections.userManagement',
  'password-management': 'menu.sections.passwordManagement',
} as const satisfies Record<MenuSection, string>;

/**
 * Whether the reports section leads with the in-product reports index (/backoffice/reports): the
 * user holds at least one active report menu (reports 1.1..5.2, MN-113..MN-144) of the in-product
 * reports (`reportKeys`, the reports feature's list, handed to the shell by the route layer).
 */
export const showsReportsIndex = (entries: readonly MenuEntry[], reportKeys: ReadonlySet<string>): boolean =>
  entries.some((entry) => entry.statusCode !== 'I' && reportKeys.has(entry.key));

/** The path of the reports index, which has no catalogue entry of its own. */
export const REPORTS_INDEX_PATH = '/backoffice/reports';
