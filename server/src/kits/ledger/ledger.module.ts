import type { EntitySchema } from '@mikro-orm/core';
import type { FeatureModule } from '../../platform/module';
import {
  MoneyBalanceSchema,
  MoneyMovementSchema,
  StockBalanceSchema,
  StockMovementSchema,
} from './ledger.entity';

/**
 * The stock and money ledgers (docs/ledger.md): tables and the LedgerService that documents post
 * through in their own transactions. No GraphQL or REST of its own: inventory screens read
 * ledger.queries.ts through their features.
 */
export const ledgerModule: FeatureModule = {
  name: 'ledger',
  entities: [
    StockBalanceSchema,
    StockMovementSchema,
    MoneyBalanceSchema,
    MoneyMovementSchema,
  ] as EntitySchema[],
};
