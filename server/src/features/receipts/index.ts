// The front door of receipts: what other features use of it (docs/architecture-layers.md).
// Generated from their imports; add a name here when another feature needs it. Never export
// the module file (the registry imports it; decorators' evaluation order).

export { DonationReceipt } from './receipt.entity';
export { toReceiptType } from './receipt.resolver';
export { missingReceipt, receiptById, sendReceiptPdf } from './receipt.routes';
export { DonationReceiptType } from './receipt.type';
export type { ReceiptKind } from './receipt-kinds';
export { GOODS_RECEIPT_STATEMENT, receiptKinds } from './receipt-kinds';
export { postalAddress, receiptDonor, thaiAddress } from './receipt-parties';
export { formatBaht, longThaiDate } from './receipt-template';
export type { ReceiptItemFacts } from './receipts';
export { issueReceipt, loadReceipt, voidReceipt } from './receipts';
