import type { EntitySchema } from '@mikro-orm/core';
import { AuditEventSchema } from './audit/audit-event.entity';
import { MailOutboxSchema } from './mail/mail-outbox.entity';
import type { FeatureModule } from './module';
import { workflowEntities } from './workflow/workflow.entity';

/** The platform's own tables: the audit trail, the mail outbox and the workflow's counters, history and keys. */
export const platformModule: FeatureModule = {
  name: 'platform',
  entities: [AuditEventSchema, MailOutboxSchema, ...workflowEntities] as EntitySchema[],
};
