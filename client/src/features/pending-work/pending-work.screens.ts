import { type FeatureScreens, screen } from '../../ui/app-shell/feature-screen-props';

/** Pending work (notification-pending-work, MN-106). */
export const PENDING_WORK_SCREENS: FeatureScreens = {
  'notification-pending-work': screen(async () => (await import('./pending-work-page')).PendingWorkPage),
};
