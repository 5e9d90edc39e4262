import type { JobDefinition } from '../jobs/job-queue';
import { MAIL_DELIVERY_JOB } from './mailer';

/** Delivers the mail whose retry has come (enqueued by a failed send; docs/jobs.md). */
export const mailDeliveryJob: JobDefinition = {
  name: MAIL_DELIVERY_JOB,
  // A failed send is not the job's failure: the mail has its own attempts and its own next job.
  run: (ctx) => ctx.deps.mailer.deliverPending(ctx.em, ctx.now),
};
