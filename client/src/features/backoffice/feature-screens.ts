import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { type CatalogueEntry, menuCatalogue } from '../../platform/menu-catalogue';

export interface FeatureScreenProps {
  entry: CatalogueEntry;
}

type LazyScreen = LazyExoticComponent<ComponentType<FeatureScreenProps>>;

// Each screen is its own chunk: a user loads only the screens they open.
const screen = (load: () => Promise<ComponentType<FeatureScreenProps>>): LazyScreen =>
  lazy(async () => ({ default: await load() }));

/**
 * The basic-data screens (menu catalogue MN-008..MN-026): every one is the reference-data kit's list
 * page, which shows the types whose descriptors name the key. The spelling "goverment" is the
 * catalogue's.
 */
export const REFERENCE_SCREEN_KEYS: readonly string[] = menuCatalogue
  .filter((entry) => {
    const number = Number(entry.code.slice(3));
    return number >= 8 && number <= 26;
  })
  .map((entry) => entry.key);

const referenceListPage = screen(
  async () => (await import('../reference/reference-list-page')).ReferenceListPage,
);

/** The back-office screens built so far, by feature key; other keys show the coming-later panel. */
export const FEATURE_SCREENS: Readonly<Record<string, LazyScreen>> = {
  'approve-user': screen(async () => (await import('../users/approve-user-page')).ApproveUserPage),
  'view-user': screen(async () => (await import('../users/view-user-page')).ViewUserPage),
  'admin-edit-user': screen(async () => (await import('../users/admin-edit-user-page')).AdminEditUserPage),
  'edit-status-user': screen(async () => (await import('../users/edit-status-user-page')).EditStatusUserPage),
  'approve-tranfer-user': screen(
    async () => (await import('../users/approve-transfer-user-page')).ApproveTransferUserPage,
  ),
  'edit-user': screen(async () => (await import('../users/edit-own-profile-page')).EditOwnProfilePage),
  'view-user-group': screen(
    async () => (await import('../user-groups/view-user-group-page')).ViewUserGroupPage,
  ),
  'add-user-group': screen(async () => (await import('../user-groups/add-user-group-page')).AddUserGroupPage),
  'edit-user-group': screen(
    async () => (await import('../user-groups/edit-user-group-page')).EditUserGroupPage,
  ),
  'delete-user-group': screen(
    async () => (await import('../user-groups/delete-user-group-page')).DeleteUserGroupPage,
  ),
  ...Object.fromEntries(REFERENCE_SCREEN_KEYS.map((key) => [key, referenceListPage])),
};
