import { type FeatureScreens, screen } from '../../ui/app-shell/feature-screen-props';

/** The user-group screens (MN-027..MN-030), by feature key. */
export const USER_GROUPS_SCREENS: FeatureScreens = {
  'view-user-group': screen(async () => (await import('./view-user-group-page')).ViewUserGroupPage),
  'add-user-group': screen(async () => (await import('./add-user-group-page')).AddUserGroupPage),
  'edit-user-group': screen(async () => (await import('./edit-user-group-page')).EditUserGroupPage),
  'delete-user-group': screen(async () => (await import('./delete-user-group-page')).DeleteUserGroupPage),
};
