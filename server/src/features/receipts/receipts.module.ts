import type { EntitySchema } from '@mikro-orm/core';
import type { FeatureModule } from '../../platform/module';
import { DonationReceiptItemSchema, DonationReceiptSchema } from './receipt.entity';
import { DocumentReceiptResolver } from './receipt.resolver';
import { receiptRoutes } from './receipt.routes';

/**
 * Donation receipts (docs/receipts.md): the money receipt of an approved money donation and the
 * evidence of receipt of a goods donation approved at level 2, one mechanism for both. The document
 * types issue and void them in their actions' effects; this module adds their tables,
 * Document.receipt and the PDF and print-view routes.
 */
export const receiptsModule: FeatureModule = {
  name: 'receipts',
  entities: [
    DonationReceiptSchema as unknown as EntitySchema,
    DonationReceiptItemSchema as unknown as EntitySchema,
  ],
  resolvers: [DocumentReceiptResolver],
  routes: (deps) => receiptRoutes(deps),
  describeAccess: () => [
    'Document.receipt: the document’s own read access (its type’s view menu codes and data scope)',
    'GET /api/receipts/:id/pdf, /print: also the receipt’s document readable by the caller (view menu codes, data scope), else 404; then the print menus of its kind (money MN-050/MN-051, goods MN-052), else 403',
  ],
};
