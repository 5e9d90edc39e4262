import type { FeatureModule } from '../../platform/module';
import { eDonationReminderJob, pendingWorkDigestJob } from './pending-work.digest';
import { PendingWorkResolver } from './pending-work.resolver';

/**
 * Pending work (notification-pending-work, MN-106; docs/pending-work.md): what waits for each person
 * within their menus and data scope, the top bar's count, and the daily e-mail of it (a job).
 */
export const pendingWorkModule: FeatureModule = {
  name: 'pending-work',
  resolvers: [PendingWorkResolver],
  jobs: [pendingWorkDigestJob, eDonationReminderJob],
  describeAccess: () => [
    'pendingWork, pendingWorkCount: each source counts only what the caller’s menu codes act on (the workflow’s forward transitions) within the data scope the action is checked against; approvals leave out the caller’s own documents and a level they may not give (maker-checker)',
  ],
};
