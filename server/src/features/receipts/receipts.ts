import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { User } from '../../kits/core/user.entity';
import { nextNumber } from '../../kits/workflow/numbering';
import { audit } from '../../platform/audit/audit';
import type { Principal } from '../../platform/auth/principal';
import { bangkokToday, fiscalYearBE } from '../../platform/dates';
import { conflict } from '../../platform/errors';
import { DonationReceipt, DonationReceiptItem } from './receipt.entity';
import { formatReceiptNumber, type ReceiptKind, receiptKinds } from './receipt-kinds';
import { receiptDonor, receiptIssuer } from './receipt-parties';

// Issuing, voiding and printing donation receipts of both kinds, money receipts and goods evidence
// (docs/receipts.md). Issuing and voiding run in the document action's transaction (APPROVE and
// CANCEL_RECEIPT of a money donation, APPROVE_2 and CANCEL_APPROVE_2 of a goods donation); a print
// counts itself and is audited.

/** An item of goods evidence as it prints: what screening accepted, with its value. */
export interface ReceiptItemFacts {
  lineNo: number;
  resourceCode: string;
  resourceName: string;
  quantity: string;
  countingUnitName: string | null;
  unitValue: string;
  lineValue: string;
}

export interface ReceiptFacts {
  kind: ReceiptKind;
  documentType: string;
  documentId: number;
  /** The receiving unit: the document's owner. */
  unitId: number;
  donorId: number;
  /** Money: the amount. Goods: the total value, the sum of the items' line values. */
  amount: string;
  purpose: string;
  /** How the money came; null for goods. */
  paymentText: string | null;
  /** Goods: the items received (at least one); none for money. */
  items?: ReceiptItemFacts[];
  /** The statement to print instead of the organisation's (goods evidence: its own). */
  statement?: string;
}

/**
 * Issues the receipt of a document in the caller's transaction: the issuer's and the donor's data
 * first (a missing tax id refuses before a number is taken), then the next number of the receiving
 * unit's series of the kind for this fiscal year. The counter row stays locked until the transaction
 * ends, so concurrent approvers queue; a rollback gives the number back.
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
  const seq = await nextNumber(tx, receiptKinds[facts.kind].series(facts.unitId), fiscalYear);
  const receipt = tx.create(DonationReceipt, {
    kind: facts.kind,
    documentType: facts.documentType,
    documentId: facts.documentId,
    issuerUnit: facts.unitId,
    fiscalYear,
    seq,
    number: formatReceiptNumber(facts.kind, fiscalYear, seq),
    issuedOn: bangkokToday(now),
    amount: facts.amount,
    donor: facts.donorId,
    ...donor,
    purpose: facts.purpose,
    paymentText: facts.paymentText,
    ...issuer,
    ...(facts.statement ? { statement: facts.statement } : {}),
    issuedBy: tx.getReference(User, principal.userId),
    voidedAt: null,
    voidedBy: null,
    voidReason: null,
  } as never);
  for (const item of facts.items ?? []) tx.create(DonationReceiptItem, { receipt, ...item } as never);
  await tx.flush();
  return receipt;
}

/**
 * Voids a document's receipt in force in the caller's transaction: it keeps its number and prints as
 * void. Null when the document has none (goods of which screening accepted nothing).
 */
export async function voidReceipt(
  tx: EntityManager,
  document: { documentType: string; documentId: number },
  principal: Principal,
  reason: string | null,
): Promise<DonationReceipt | null> {
  const receipt = await tx.findOne(
    DonationReceipt,
    { documentType: document.documentType, documentId: document.documentId, voidedAt: null },
    { lockMode: LockMode.PESSIMISTIC_WRITE },
  );
  if (!receipt) return null;
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
  /** Goods evidence: its items in order; empty for money. */
  items: DonationReceiptItem[];
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
    const reader = em.fork();
    const receipt = await reader.findOneOrFail(DonationReceipt, { id });
    const items = await reader.find(DonationReceiptItem, { receipt: id }, { orderBy: { lineNo: 'asc' } });
    const copy = receipt.printCount > 0;
    const output = await render({ receipt, items, copy });
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
          kind: receipt.kind,
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
        `${receiptKinds[receipt.kind].titleTh} ${receipt.number} กำลังถูกพิมพ์โดยผู้อื่น กรุณาลองใหม่อีกครั้ง`,
        `Receipt ${receipt.number} is being printed by others; try again`,
      );
  }
}

// A list's documents each asking for their receipt share one query per request (as the histories do).
const loaders = new WeakMap<EntityManager, DataLoader<string, DonationReceipt | null>>();

/**
 * The receipt issued for a document: the one in force, else the last voided (goods whose level-2
 * approval was cancelled), else null; batched with the other receipts this request reads.
 */
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
        const rows = await em
          .fork()
          .find(
            DonationReceipt,
            { $or: pairs.map(([documentType, id]) => ({ documentType, documentId: Number(id) })) },
            { orderBy: { id: 'asc' } },
          );
        const byKey = new Map<string, DonationReceipt>();
        for (const r of rows) {
          const key = `${r.documentType}:${r.documentId}`;
          // Later rows replace a void one: the one in force wins, else the last voided.
          if (byKey.get(key)?.voidedAt !== null) byKey.set(key, r);
        }
        return keys.map((k) => byKey.get(k) ?? null);
      },
      { cache: false },
    );
    loaders.set(em, loader);
  }
  return loader.load(`${documentType}:${documentId}`);
}
