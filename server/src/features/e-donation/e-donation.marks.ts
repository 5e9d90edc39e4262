import type { EntityManager } from '@mikro-orm/postgresql';
import { audit } from '../../platform/audit/audit';
import type { Principal } from '../../platform/auth/principal';
import { badInput } from '../../platform/errors';
import type { DonationKind, RequestOrigin } from '../donation-history';
import { eDonationRowOf, eDonationRowsOf } from './e-donation.queries';
import type { EDonationRowType } from './e-donation.type';

// Marking rows of the e-Donation export as keyed into the Revenue Department's system, and taking a
// mark back (docs/e-donation.md). Each command is one transaction: every row named is checked (it
// exists, is in the caller's scope, is a row of the export) before anything is written, so a bulk mark
// is all or nothing. Both are idempotent: a row already marked keeps its first mark (who, when), a row
// not marked stays so; only what changed is audited.

export interface RowRef {
  kind: DonationKind;
  id: number;
}

/** At most this many rows in one command (a page of the screen is 50). */
export const MAX_ROWS_PER_MARK = 500;

export interface MarkOutcome {
  changed: number;
  rows: EDonationRowType[];
}

function distinct(refs: readonly RowRef[]): RowRef[] {
  if (!refs.length)
    throw badInput('กรุณาเลือกรายการอย่างน้อยหนึ่งรายการ', 'Choose at least one row', { field: 'donations' });
  if (refs.length > MAX_ROWS_PER_MARK)
    throw badInput(
      `บันทึกได้ครั้งละไม่เกิน ${MAX_ROWS_PER_MARK} รายการ`,
      `At most ${MAX_ROWS_PER_MARK} rows at a time`,
      { field: 'donations' },
    );
  const seen = new Map(refs.map((r) => [`${r.kind}:${r.id}`, r]));
  return [...seen.values()];
}

/** Marks the rows as keyed by the caller now; rows already marked keep their mark. */
export async function markKeyed(
  em: EntityManager,
  principal: Principal,
  refs: readonly RowRef[],
  origin: RequestOrigin,
): Promise<MarkOutcome> {
  const wanted = distinct(refs);
  const changed = await em.transactional(async (tx) => {
    const rows = [];
    for (const ref of wanted)
      rows.push({ ref, ...(await eDonationRowOf(tx, principal, ref.kind, ref.id, origin)) });
    const marked: string[] = [];
    for (const row of rows) {
      // The partial unique index decides between two people marking the same row at once.
      const inserted = (await tx.execute(
        `insert into e_donation_mark (document_type, document_id, keyed_by_id, keyed_at)
         values (?, ?, ?, now())
         on conflict (document_type, document_id) where unmarked_at is null do nothing
         returning id`,
        [row.documentType, row.ref.id, principal.userId],
      )) as unknown as { id: number }[];
      if (inserted.length) marked.push(row.number);
    }
    if (marked.length)
      audit(tx, {
        event: 'E_DONATION_KEYED',
        actorUserId: principal.userId,
        subject: marked.length === 1 ? `e-donation:${marked[0]}` : `e-donation:${marked.length} rows`,
        details: { numbers: marked },
        ip: origin.ip,
        requestId: origin.requestId,
      });
    return marked.length;
  });
  return { changed, rows: await eDonationRowsOf(em, principal, wanted) };
}

/** Takes back the mark in force of each row, with the reason (required); rows not marked stay so. */
export async function unmarkKeyed(
  em: EntityManager,
  principal: Principal,
  refs: readonly RowRef[],
  reason: string,
  origin: RequestOrigin,
): Promise<MarkOutcome> {
  const wanted = distinct(refs);
  const why = reason.trim();
  if (!why)
    throw badInput(
      'กรุณาระบุเหตุผลที่ยกเลิกการบันทึกว่าส่งข้อมูลแล้ว',
      'Give the reason for taking back the keyed-in mark',
      { field: 'reason' },
    );
  const changed = await em.transactional(async (tx) => {
    const rows = [];
    for (const ref of wanted)
      rows.push({ ref, ...(await eDonationRowOf(tx, principal, ref.kind, ref.id, origin)) });
    const unmarked: string[] = [];
    for (const row of rows) {
      const updated = (await tx.execute(
        `update e_donation_mark set unmarked_at = now(), unmarked_by_id = ?, unmark_reason = ?
          where document_type = ? and document_id = ? and unmarked_at is null
          returning id`,
        [principal.userId, why, row.documentType, row.ref.id],
      )) as unknown as { id: number }[];
      if (updated.length) unmarked.push(row.number);
    }
    if (unmarked.length)
      audit(tx, {
        event: 'E_DONATION_UNKEYED',
        actorUserId: principal.userId,
        subject: unmarked.length === 1 ? `e-donation:${unmarked[0]}` : `e-donation:${unmarked.length} rows`,
        details: { numbers: unmarked, reason: why },
        ip: origin.ip,
        requestId: origin.requestId,
      });
    return unmarked.length;
  });
  return { changed, rows: await eDonationRowsOf(em, principal, wanted) };
}
