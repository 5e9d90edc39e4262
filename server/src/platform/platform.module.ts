import type { EntitySchema } from '@mikro-orm/core';
import { AuditEventSchema } from './audit/audit-event.entity';
import { ConsentRecordSchema } from './consent/consent-record.entity';
import { AttachmentSchema } from './files/attachment.entity';
import { attachmentRoutes } from './files/attachment.routes';
import { attachmentOwnerKinds } from './files/attachment-owners';
import { mailDeliveryJob } from './mail/mail-delivery.job';
import { MailOutboxSchema } from './mail/mail-outbox.entity';
import type { FeatureModule } from './module';
import { PublicWriteCountSchema } from './public-forms/public-write-count.entity';
import { retentionJob } from './retention/retention';

/**
 * The platform's own tables and routes: the audit trail, the mail outbox, attachments, the public
 * forms' write counts and consent records (the workflow kit's tables are in kits/workflow).
 */
export const platformModule: FeatureModule = {
  name: 'platform',
  entities: [
    AuditEventSchema,
    MailOutboxSchema,
    AttachmentSchema,
    PublicWriteCountSchema,
    ConsentRecordSchema,
  ] as EntitySchema[],
  routes: attachmentRoutes,
  jobs: [mailDeliveryJob, retentionJob],
  describeAccess: () => [
    `attachments (/api/files): a logged-in user; reading and changing decided by the owner kind's rules; kinds: ${attachmentOwnerKinds().join(', ') || 'none registered'}`,
  ],
};
