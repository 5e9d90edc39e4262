import type { EntitySchema } from '@mikro-orm/core';
import { AuditEventSchema } from './audit/audit-event.entity';
import { MailOutboxSchema } from './mail/mail-outbox.entity';
import type { FeatureModule } from './module';

/** The platform's own tables: the audit trail and the mail outbox. */
export const platformModule: FeatureModule = {
  name: 'platform',
  entities: [AuditEventSchema, MailOutboxSchema] as EntitySchema[],
};
