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
