import { moneyDisbursement } from '../disbursements/money-disbursement.document';
import { resourceDisbursement } from '../disbursements/resource-disbursement.document';
import { goodsDonation } from '../donations/goods-donation.document';
import { distribution } from '../giving-out/distribution.document';
import { supportRequest } from '../giving-out/support-request.document';
import { initialMoney } from '../inventory/initial-money.document';
import { stockAdjustment } from '../inventory/stock-adjustment.document';
import { stockCount } from '../inventory/stock-count.document';
import { stockTransfer } from '../inventory/stock-transfer.document';
import { moneyDonation } from '../money-donations/money-donation.document';
import { provideResource } from '../provide-resource/provide-resource.document';
import { royalDecoration } from '../royal-decoration/royal-decoration.document';
import type { DocumentType } from './document-kit';

/** Every declared document type; adding one here (plus its migration) is all the kit needs. */
export const documentTypes: readonly DocumentType[] = [
  stockTransfer,
  stockAdjustment,
  stockCount,
  initialMoney,
  goodsDonation,
  moneyDonation,
  provideResource,
  supportRequest,
  distribution,
  resourceDisbursement,
  moneyDisbursement,
  royalDecoration,
];

export function documentTypeOf(type: string): DocumentType | undefined {
  return documentTypes.find((t) => t.type === type);
}

export const documentEntities = documentTypes.flatMap((t) => [t.entity, t.lineEntity]);
