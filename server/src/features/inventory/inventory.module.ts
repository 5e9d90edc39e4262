import type { DocumentKitContribution } from '../../kits/documents/document-types';
import type { FeatureModule } from '../../platform/module';
import { initialMoney } from './initial-money.document';
import { InventoryResolver } from './inventory.resolver';
import { seedDemoStock } from './inventory.seed';
import { ShortSupplyResolver } from './short-supply.resolver';
import { stockAdjustment } from './stock-adjustment.document';
import { stockCount } from './stock-count.document';
import { stockTransfer } from './stock-transfer.document';

/**
 * Inventory: the views over the stock and money ledgers and the public short-supply list. Its
 * documents (transfer, adjustment, initial money) are declared here and served by the document kit.
 */
export const inventoryModule: FeatureModule & DocumentKitContribution = {
  name: 'inventory',
  documentTypes: [stockTransfer, stockAdjustment, stockCount, initialMoney],
  resolvers: [InventoryResolver, ShortSupplyResolver],
  demoSeeds: [{ name: 'stock', run: ({ em }) => seedDemoStock(em) }],
};
