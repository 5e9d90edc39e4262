// The front door of this feature: what other features and the routes may use (issue 23).

export { PENDING_WORK_SCREENS } from './pending-work.screens';
export { PendingWorkBadge } from './pending-work-badge';
