import type { FeatureModule } from '../../platform/module';
import { InventoryResolver } from './inventory.resolver';
import { seedDemoStock } from './inventory.seed';
import { ShortSupplyResolver } from './short-supply.resolver';

/**
 * Inventory: the views over the stock and money ledgers and the public short-supply list. Its
 * documents (transfer, adjustment, initial money) are declared here and served by the document kit.
 */
export const inventoryModule: FeatureModule = {
  name: 'inventory',
  resolvers: [InventoryResolver, ShortSupplyResolver],
  demoSeeds: [{ name: 'stock', run: ({ em }) => seedDemoStock(em) }],
};
