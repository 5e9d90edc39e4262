import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { audit } from '../../platform/audit/audit';
import type { Principal } from '../../platform/auth/principal';
import { fiscalYearBE } from '../../platform/dates';
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
 * One print of a receipt (PDF or the browser's print view): the row is locked, `render` makes the
 * output from the receipt and whether it is a copy, and only a print that rendered is counted and
 * audited (RECEIPT_PRINTED, with its number, copy flag and print number), in one transaction.
 * Concurrent prints of one receipt queue, so exactly one of them is the original.
 */
export async function printReceipt<T>(
  em: EntityManager,
  id: number,
  principal: Principal,
  origin: { ip: string | null; requestId: string | null },
  render: (print: ReceiptPrint) => Promise<T>,
): Promise<T> {
  return em.transactional(async (tx) => {
    const receipt = await tx.findOneOrFail(DonationReceipt, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const copy = receipt.printCount > 0;
    const output = await render({ receipt, copy });
    receipt.printCount += 1;
    audit(tx, {
      event: 'RECEIPT_PRINTED',
      actorUserId: principal.userId,
      subject: `receipt ${receipt.number} unit ${receipt.issuerUnit.id}`,
      details: {
        receiptId: receipt.id,
        number: receipt.number,
        copy,
        print: receipt.printCount,
        void: receipt.voidedAt !== null,
      },
      ip: origin.ip,
      requestId: origin.requestId,
    });
    await tx.flush();
    return output;
  });
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
