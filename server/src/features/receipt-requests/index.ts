// The front door of receipt-requests: what other features use of it (docs/architecture-layers.md).
// Generated from their imports; add a name here when another feature needs it. Never export
// the module file (the registry imports it; decorators' evaluation order).

export type { ReceiptRequestItem } from './receipt-request.entity';
export { ReceiptRequest } from './receipt-request.entity';
export { ReceiptRequestItemType } from './receipt-request.type';
export { RECEIPT_REQUEST, receiptRequestWorkflow } from './receipt-request.workflow';
