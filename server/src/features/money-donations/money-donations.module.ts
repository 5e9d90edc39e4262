import type { EntitySchema } from '@mikro-orm/core';
import type { FeatureModule } from '../../platform/module';
import { DonationReceiptSchema } from '../receipts/receipt.entity';
import { DocumentReceiptResolver } from '../receipts/receipt.resolver';
import { receiptRoutes } from '../receipts/receipt.routes';
import { seedDemoMoneyDonations } from './money-donations.seed';

/**
 * Money donations and their receipts (docs/receipts.md). The MONEY_DONATION document type is
 * declared with the document kit (document-types.ts); this module adds the receipts: their table,
 * Document.receipt, the PDF and print-view routes and the demo donations.
 */
export const moneyDonationsModule: FeatureModule = {
  name: 'money-donations',
  entities: [DonationReceiptSchema as unknown as EntitySchema],
  resolvers: [DocumentReceiptResolver],
  routes: (deps) => receiptRoutes(deps),
  demoSeeds: [{ name: 'money donations', run: ({ em }) => seedDemoMoneyDonations(em) }],
  describeAccess: () => [
    'Document.receipt: the document’s own read access (its type’s view menu codes and data scope)',
    'GET /api/receipts/:id/pdf, /print: also the receipt’s document readable by the caller (view menu codes, data scope), else 404',
  ],
};
