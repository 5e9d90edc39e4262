import { randomUUID } from 'node:crypto';

// The GraphQL the ledger bench sends (bench-ledger.mjs): the client's own queries (client/src), so
// the figures are what its screens cost, and the posting mutations.
export const createMutation = `mutation ($input: DocumentInput!, $key: String) {
  createDocument(type: STOCK_ADJUSTMENT, input: $input, idempotencyKey: $key) { id version }
}`;
export const createAndPostMutation = `mutation ($input: StockAdjustmentDocumentInput!, $key: String) {
  createAndPostStockAdjustmentDocument(input: $input, idempotencyKey: $key) { status }
}`;
/** A hot balance's change on turn i: +2 on even turns and −1 on odd ones, so it never runs short. */
export const hotQuantity = (i) => (i % 2 === 0 ? '2' : '-1');

/** The input of a posting on a hot balance: one line of its lot, by `hotQuantity`. */
export function hotPostingInput(balance, i, reason) {
  return {
    header: { storage: balance.storage_id },
    lines: [
      {
        resource: balance.resource_id,
        lot: balance.lot,
        expiryDate: balance.expiry_date,
        quantity: hotQuantity(i),
        reason,
      },
    ],
  };
}

/** Creates and posts `hotPostingInput` in one request (a fresh idempotency key); throws unless POSTED. */
export async function createAndPostHot(client, balance, i, reason) {
  const done = await client.gql(createAndPostMutation, {
    input: hotPostingInput(balance, i, reason),
    key: randomUUID(),
  });
  if (done.createAndPostStockAdjustmentDocument.status !== 'POSTED')
    throw new Error(`status ${done.createAndPostStockAdjustmentDocument.status}`);
}
export const postMutation = `mutation ($id: Int!, $version: Int!, $key: String) {
  actOnDocument(type: STOCK_ADJUSTMENT, id: $id, input: { action: "POST", version: $version }, idempotencyKey: $key) { status }
}`;
// The client's own queries (client/src), so the figures are what its screens cost.
export const stockCardQuery = `query StockCard($storageId: Int!, $resourceId: Int!, $from: DateTimeISO, $to: DateTimeISO, $first: Int, $after: String) {
  stockCardPage(storageId: $storageId, resourceId: $resourceId, from: $from, to: $to, first: $first, after: $after) {
    opening { onHand lots { lot expiryDate onHand } }
    nextCursor
    entries { movementId createdAt movementType lot quantity onHandAfter lotOnHandAfter documentType documentId documentNumber reasonNameTh }
  }
}`;
// The whole card in one answer (the list field the screen used before it paged), as the earlier figures.
export const stockCardAllQuery = `query StockCardAll($storageId: Int!, $resourceId: Int!, $from: DateTimeISO) {
  stockCard(storageId: $storageId, resourceId: $resourceId, from: $from) {
    movementId createdAt movementType lot quantity onHandAfter lotOnHandAfter documentType documentId documentNumber reasonNameTh
  }
}`;
export const shortSupplyQuery = `query ShortSupply($provinceId: Int) {
  shortSupply(provinceId: $provinceId) {
    provinceId provinceNameTh provinceNameEn
    items { resourceCode resourceNameTh resourceNameEn categoryTh categoryEn countingUnitTh countingUnitEn needed }
    donationPoints { code nameTh nameEn addressLine phone openingHours }
  }
}`;
