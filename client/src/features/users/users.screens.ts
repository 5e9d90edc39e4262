import { type FeatureScreens, screen } from '../../ui/app-shell/feature-screen-props';

/** The user-management screens (MN-001..MN-006), by feature key. */
export const USERS_SCREENS: FeatureScreens = {
  'approve-user': screen(async () => (await import('./approve-user-page')).ApproveUserPage),
  'view-user': screen(async () => (await import('./view-user-page')).ViewUserPage),
  'admin-edit-user': screen(async () => (await import('./admin-edit-user-page')).AdminEditUserPage),
  'edit-status-user': screen(async () => (await import('./edit-status-user-page')).EditStatusUserPage),
  'approve-tranfer-user': screen(
    async () => (await import('./approve-transfer-user-page')).ApproveTransferUserPage,
  ),
  'edit-user': screen(async () => (await import('./edit-own-profile-page')).EditOwnProfilePage),
};
