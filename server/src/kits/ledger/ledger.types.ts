// The shapes a document passes to LedgerService and gets back. Quantities, values and money are
// decimal strings ("12.5"); dates are 'YYYY-MM-DD'.

/** A stock line of a document action. */
export interface StockLine {
  storageId: number;
  resourceId: number;
  /** Positive decimal string, up to 3 decimals. */
  quantity: string;
  /**
   * The lot to take from ('' names goods that came without a lot number). Left out, together with
   * expiryDate, the line takes first expiry first out across the lots, skipping expired ones.
   */
  lot?: string;
  expiryDate?: string | null;
}

/** Where a line's quantity came from or went to: one per lot touched, to show and keep on the line. */
export interface LotPosting {
  movementId: string;
  balanceId: number;
  lot: string;
  expiryDate: string | null;
  /** Positive: how much of the line this lot took. */
  quantity: string;
  unitValue: string;
}

export interface ReceiveLine {
  storageId: number;
  resourceId: number;
  quantity: string;
  /** Value of one unit (decimal string, 2 decimals); weighted into the lot's unit value. */
  unitValue: string;
  lot?: string;
  expiryDate?: string | null;
}

export interface TransferLine {
  fromStorageId: number;
  toStorageId: number;
  resourceId: number;
  quantity: string;
  lot?: string;
  expiryDate?: string | null;
  /**
   * Send what the transfer reserved when it was saved (name the lots `reserve` returned): reserved
   * and on hand fall together. Left out, the goods come out of free stock.
   */
  reserved?: boolean;
}

/** One lot of a transfer arriving: what was sent (as transferOut returned it) and what arrived. */
export interface TransitReceipt {
  storageId: number;
  resourceId: number;
  lot: string;
  expiryDate: string | null;
  sent: string;
  received: string;
  unitValue: string;
  /** A missing-excess reason; required when less arrived than was sent. */
  reasonId?: number | null;
}

export interface Adjustment {
  storageId: number;
  resourceId: number;
  /** Signed: positive adds stock (ADJUST_IN), negative removes it (ADJUST_OUT). */
  quantity: string;
  reasonId: number;
  lot?: string;
  expiryDate?: string | null;
  /** For stock added: its unit value (default: the lot's, or 0 for a new lot). */
  unitValue?: string;
}
