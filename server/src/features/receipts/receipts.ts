import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { audit } from '../../platform/audit/audit';
import type { Principal } from '../../platform/auth/principal';
import { fiscalYearBE } from '../../platform/dates';
import { conflict } from '../../platform/errors';
import { nextNumber } from '../../platform/workflow/numbering';
import { bangkokToday } from '../ledger/ledger-values';
import { User } from '../users/user.entity';
import { DonationReceipt } from './receipt.entity';
import { receiptDonor, receiptIssuer } from './receipt-parties';

// Issuing, voiding and printing donation receipts (docs/receipts.md). Issuing and voiding run in the
// document action's transaction (APPROVE, CANCEL_RECEIPT); a print counts itself and is audited.

/** The counter series of a receiving unit's receipts in document_counter. */
export const receiptSeries = (unitId: number) => `RECEIPT-${unitId}`;

/** `2569/000123`. */
export const formatReceiptNumber = (fiscalYear: number, seq: number) =>
  `${fiscalYear}/${String(seq).padStart(6, '0')}`;

export interface ReceiptFacts {
  documentType: string;
  documentId: number;
  /** The receiving unit: the document's owner. */
  unitId: number;
  donorId: number;
  amount: string;
  purpose: string;
  paymentText: string;
}

/**
 * Issues the receipt of a document in the caller's transaction: the issuer's and the donor's data
 * first (a missing tax id refuses before a number is taken), then the next number of the receiving
 * unit's series for this fiscal year. The counter row stays locked until the transaction ends, so
 * concurrent approvers queue; a rollback gives the number back.
 */
export async function issueReceipt(
  tx: EntityManager,
  facts: ReceiptFacts,
  principal: Principal,
  now: Date = new Date(),
): Promise<DonationReceipt> {
  const issuer = await receiptIssuer(tx, facts.unitId);
  const donor = await receiptDonor(tx, facts.donorId);
  const fiscalYear = fiscalYearBE(now);
  const seq = await nextNumber(tx, receiptSeries(facts.unitId), fiscalYear);
  const receipt = tx.create(DonationReceipt, {
    documentType: facts.documentType,
    documentId: facts.documentId,
    issuerUnit: facts.unitId,
    fiscalYear,
    seq,
    number: formatReceiptNumber(fiscalYear, seq),
    issuedOn: bangkokToday(now),
    amount: facts.amount,
    donor: facts.donorId,
    ...donor,
    purpose: facts.purpose,
    paymentText: facts.paymentText,
    ...issuer,
    issuedBy: tx.getReference(User, principal.userId),
    voidedAt: null,
    voidedBy: null,
    voidReason: null,
  } as never);
  await tx.flush();
  return receipt;
}

/** Voids a document's receipt in the caller's transaction: it keeps its number and prints as void. */
export async function voidReceipt(
  tx: EntityManager,
  document: { documentType: string; documentId: number },
  principal: Principal,
  reason: string | null,
): Promise<DonationReceipt> {
  const receipt = await tx.findOneOrFail(
    DonationReceipt,
    { documentType: document.documentType, documentId: document.documentId },
    { lockMode: LockMode.PESSIMISTIC_WRITE },
  );
  if (receipt.voidedAt) throw new Error(`Receipt ${receipt.number} is void already`);
  Object.assign(receipt, {
    voidedAt: new Date(),
    voidedBy: tx.getReference(User, principal.userId),
    voidReason: reason,
  });
  await tx.flush();
  return receipt;
}

export interface ReceiptPrint {
  receipt: DonationReceipt;
  /** Not the first print: marked สำเนา / COPY. */
  copy: boolean;
}

/**
 * One print of a receipt (PDF or the browser's print view): `render` makes the output from the
 * receipt as it stands and whether it is a copy; then, in a short transaction, the print is counted
 * and audited (RECEIPT_PRINTED: number, copy flag, print number, void) only if nobody printed or
 * voided it meanwhile, else it renders again from the new state. No connection is held while
 * Chromium renders; a render that fails counts nothing; of two prints at once exactly one is the
 * original.
 */
export async function printReceipt<T>(
  em: EntityManager,
  id: number,
  principal: Principal,
  origin: { ip: string | null; requestId: string | null },
  render: (print: ReceiptPrint) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const receipt = await em.fork().findOneOrFail(DonationReceipt, { id });
    const copy = receipt.printCount > 0;
    const output = await render({ receipt, copy });
    const counted = await em.fork().transactional(async (tx) => {
      const rows = await tx.getConnection().execute<{ print_count: number }[]>(
        `update donation_receipt set print_count = print_count + 1
         where id = ? and print_count = ? and voided_at is not distinct from ?
         returning print_count`,
        [id, receipt.printCount, receipt.voidedAt],
        'all',
        tx.getTransactionContext(),
      );
      if (!rows.length) return false;
      audit(tx, {
        event: 'RECEIPT_PRINTED',
        actorUserId: principal.userId,
        subject: `receipt ${receipt.number} unit ${receipt.issuerUnit.id}`,
        details: {
          receiptId: receipt.id,
          number: receipt.number,
          copy,
          print: rows[0]?.print_count,
          void: receipt.voidedAt !== null,
        },
        ip: origin.ip,
        requestId: origin.requestId,
      });
      await tx.flush();
      return true;
    });
    if (counted) return output;
    if (attempt >= 5)
      throw conflict(
        `ใบเสร็จรับเงิน ${receipt.number} กำลังถูกพิมพ์โดยผู้อื่น กรุณาลองใหม่อีกครั้ง`,
        `Receipt ${receipt.number} is being printed by others; try again`,
      );
  }
}

// A list's documents each asking for their receipt share one query per request (as the histories do).
const loaders = new WeakMap<EntityManager, DataLoader<string, DonationReceipt | null>>();

/** The receipt issued for a document, or null; batched with the other receipts this request reads. */
export function loadReceipt(
  em: EntityManager,
  documentType: string,
  documentId: number,
): Promise<DonationReceipt | null> {
  let loader = loaders.get(em);
  if (!loader) {
    loader = new DataLoader(
      async (keys) => {
        const pairs = keys.map((k) => k.split(':'));
        // A fork of its own: the request may hold an older copy of a receipt an action just changed.
        const rows = await em.fork().find(DonationReceipt, {
          $or: pairs.map(([documentType, id]) => ({ documentType, documentId: Number(id) })),
        });
        const byKey = new Map(rows.map((r) => [`${r.documentType}:${r.documentId}`, r]));
        return keys.map((k) => byKey.get(k) ?? null);
      },
      { cache: false },
    );
    loaders.set(em, loader);
  }
  return loader.load(`${documentType}:${documentId}`);
}
