import type { EntitySchema } from '@mikro-orm/core';
import type { FeatureModule } from '../../platform/module';
import { workflowEntities } from './workflow.entity';

/** The workflow primitives' tables: document counters, history and idempotency keys. */
export const workflowModule: FeatureModule = {
  name: 'workflow',
  entities: [...workflowEntities] as EntitySchema[],
};
