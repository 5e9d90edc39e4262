import { DonationKind } from '../donation-history';

// The Revenue Department's kind of a donation as its e-Donation system asks for it when a receiving
// body keys a receipt: money (cash, cheque, transfer, PromptPay alike) or property (goods, at the
// value on the goods evidence). The product holds no list of the Department's own codes; these are
// the product's, written on every exported row beside the Thai words staff pick in the Department's
// form (docs/e-donation.md, "Donation type"). Change them here only.

export interface RevenueDonationType {
  code: string;
  th: string;
  en: string;
}

export const revenueDonationTypes: Readonly<Record<DonationKind, RevenueDonationType>> = {
  [DonationKind.MONEY]: { code: '1', th: 'เงิน', en: 'Money' },
  [DonationKind.GOODS]: { code: '2', th: 'ทรัพย์สิน', en: 'Property (goods)' },
};
