import type { EntityManager } from '@mikro-orm/postgresql';
import { inScope, scopePathSql } from '../../platform/auth/data-scope';
import type { Principal } from '../../platform/auth/principal';
import { goodsDonation } from '../donations';
import { moneyDonation } from '../money-donations';
import type { ReceiptRequest, ReceiptRequestKind } from './receipt-request.entity';
import { ReceiptRequestStatus } from './receipt-request.workflow';

// The donations a receipt request is linked to: a goods donation (GOODS_DONATION) or a money donation
// (MONEY_DONATION), read by number for a link, as candidates for staff to choose from, and as the
// facts ISSUE needs (is its receipt there?). Plain SQL over the documents' tables, like the donation
// history, so this feature reads donations without depending on how their receipts are printed.

/** The document type a request of each kind is linked to. */
export const LINKED_TYPE: Readonly<Record<ReceiptRequestKind, string>> = {
  GOODS: goodsDonation.type,
  MONEY: moneyDonation.type,
};

const tableOf: Readonly<Record<string, { table: string; donor: string; date: string; amount: string }>> = {
  [goodsDonation.type]: {
    table: goodsDonation.table,
    donor: 'donator_id',
    date: 'donation_date',
    amount: 'null::numeric',
  },
  [moneyDonation.type]: {
    table: moneyDonation.table,
    donor: 'donor_id',
    date: 'donated_on',
    amount: 'h.amount',
  },
};

export interface LinkedDonation {
  documentType: string;
  id: number;
  number: string;
  status: string;
  donatedOn: string;
  amount: string | null;
  ownerPath: string;
  unitNameTh: string;
  unitNameEn: string;
  donorName: string;
  donorTaxId: string | null;
  /** The receipt issued for it (money; goods once the evidence of receipt exists), if any. */
  receiptNumber: string | null;
  receiptIssuedOn: string | null;
  receiptVoid: boolean;
  /** The open or issued request it is already linked to, other than the one asking. */
  linkedRequestNumber: string | null;
}

type Raw = Record<string, string | number | boolean | null>;

// The request's own id is the first parameter: its own link does not count as another request's.
const select = (type: string) => {
  const t = tableOf[type];
  return `select '${type}' as document_type, h.id, h.number, h.status,
       h.${t.date}::text as donated_on, ${t.amount}::text as amount,
       o.path as owner_path, o.name_th as unit_name_th, o.name_en as unit_name_en,
       d.name_th as donor_name, d.tax_id as donor_tax_id,
       r.number as receipt_number, r.issued_on::text as receipt_issued_on, r.voided_at is not null as receipt_void,
       (select q.number from receipt_request q
         where q.linked_document_type = '${type}' and q.linked_document_id = h.id
           and q.status <> '${ReceiptRequestStatus.Rejected}' and q.id <> ?
         limit 1) as linked_request_number
     from ${t.table} h
     join organisation_unit o on o.id = h.owner_unit_id
     join ref_donator d on d.id = h.${t.donor}
     left join donation_receipt r on r.document_type = '${type}' and r.document_id = h.id`;
};

const toDonation = (r: Raw): LinkedDonation => ({
  documentType: r.document_type as string,
  id: r.id as number,
  number: r.number as string,
  status: r.status as string,
  donatedOn: r.donated_on as string,
  amount: r.amount as string | null,
  ownerPath: r.owner_path as string,
  unitNameTh: r.unit_name_th as string,
  unitNameEn: r.unit_name_en as string,
  donorName: r.donor_name as string,
  donorTaxId: r.donor_tax_id as string | null,
  receiptNumber: r.receipt_number as string | null,
  receiptIssuedOn: r.receipt_issued_on as string | null,
  receiptVoid: Boolean(r.receipt_void),
  linkedRequestNumber: r.linked_request_number as string | null,
});

async function query(em: EntityManager, sql: string, params: unknown[]): Promise<LinkedDonation[]> {
  const rows = (await em.execute(sql, params)) as unknown as Raw[];
  return rows.map(toDonation);
}

/** The donation of the request's kind with this number, if the principal may see it. */
export async function donationByNumber(
  em: EntityManager,
  principal: Principal,
  request: ReceiptRequest,
  number: string,
): Promise<LinkedDonation | null> {
  const type = LINKED_TYPE[request.kind];
  const [found] = await query(em, `${select(type)} where h.number = ?`, [
    request.id,
    number.trim().toUpperCase(),
  ]);
  return found && inScope(principal, found.ownerPath) ? found : null;
}

/** The donation a request is linked to (read as the request's own fact: no scope of its own). */
export async function linkedDonation(
  em: EntityManager,
  request: ReceiptRequest,
): Promise<LinkedDonation | null> {
  if (!request.linkedDocumentType || !request.linkedDocumentId) return null;
  const [found] = await query(em, `${select(request.linkedDocumentType)} where h.id = ?`, [
    request.id,
    request.linkedDocumentId,
  ]);
  return found ?? null;
}

/**
 * Donations staff may link the request to: of its kind, in the caller's data scope, not cancelled,
 * given by the same citizen or tax id or on the same day; the same id first, then the nearest day.
 */
export async function candidateDonations(
  em: EntityManager,
  principal: Principal,
  request: ReceiptRequest,
  limit = 20,
): Promise<LinkedDonation[]> {
  const type = LINKED_TYPE[request.kind];
  const t = tableOf[type];
  const scope = scopePathSql(principal, 'o.path');
  return query(
    em,
    `${select(type)}
      where ${scope.sql} and h.status <> 'CANCELLED' and (d.tax_id = ? or h.${t.date} = ?::date)
      order by (d.tax_id = ?) is true desc, abs(h.${t.date} - ?::date), h.id desc
      limit ?::int`,
    [request.id, ...scope.params, request.taxId, request.donatedOn, request.taxId, request.donatedOn, limit],
  );
}

/**
 * Why the linked donation cannot have its receipt sent yet, or null when it can: money needs its
 * receipt (approved), goods their evidence of receipt (approved at level 2, which issues it); neither
 * may be void.
 */
export function notReadyToIssue(donation: LinkedDonation): { th: string; en: string } | null {
  if (donation.status === 'CANCELLED')
    return {
      th: `รายการรับบริจาค ${donation.number} ถูกยกเลิกแล้ว`,
      en: `Donation ${donation.number} was cancelled`,
    };
  const money = donation.documentType === moneyDonation.type;
  if (!donation.receiptNumber)
    return money
      ? {
          th: `รายการรับเงินบริจาค ${donation.number} ยังไม่ได้ออกใบเสร็จรับเงิน (รออนุมัติ)`,
          en: `Money donation ${donation.number} has no receipt yet (waiting for approval)`,
        }
      : {
          th: `รายการรับบริจาคสิ่งของ ${donation.number} ยังไม่ได้ออกหลักฐานการรับบริจาค (รออนุมัติระดับที่ 2)`,
          en: `Goods donation ${donation.number} has no evidence of receipt yet (waiting for the level 2 approval)`,
        };
  if (donation.receiptVoid)
    return {
      th: `${money ? 'ใบเสร็จรับเงิน' : 'หลักฐานการรับบริจาค'}เลขที่ ${donation.receiptNumber} ของรายการ ${donation.number} ถูกยกเลิกแล้ว`,
      en: `${money ? 'Receipt' : 'Evidence of receipt'} ${donation.receiptNumber} of donation ${donation.number} was voided`,
    };
  return null;
}
