import { defineEntity, p } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { commonLists } from '../../kits/core/common-lists.data';
import { audit } from '../../platform/audit/audit';
import { scopePathSql } from '../../platform/auth/data-scope';
import type { Principal } from '../../platform/auth/principal';
import { conflict, notFound } from '../../platform/errors';
import type { PdfPage } from '../../platform/pdf/pdf-renderer';
import { approvedDonationsSql } from '../donation-history';
import { receiptDonor, thaiAddress } from '../receipts';
import { type ThanksLetterFacts, thanksLetterPage } from './thanks-letter-template';

// Thanks letters (view-thanks-letter-list MN-148, report 4.6; docs/royal-decoration.md "Thanks
// letters"): one letter per approved donation (money approved, goods approved at level 2), printed
// through the receipts' PDF path (platform/pdf: Chromium, Sarabun) with the organisation's name, a
// Buddhist-era date and the donor's name and amount or value. Each print is counted and audited
// (THANKS_LETTER_PRINTED); every print after the first is marked พิมพ์ซ้ำ / REPRINT.

export class ThanksLetterPrint {
  declare documentType: string;
  declare documentId: number;
  declare printCount: number;
  declare lastPrintedAt: Date;
  declare lastPrintedBy: number;
}

export const ThanksLetterPrintSchema = defineEntity({
  class: ThanksLetterPrint,
  tableName: 'thanks_letter_print',
  checks: [{ name: 'thanks_letter_print_count_check', expression: 'print_count > 0' }],
  properties: {
    documentType: p.string().length(40).primary(),
    documentId: p.integer().primary(),
    printCount: p.integer(),
    lastPrintedAt: p.datetime(),
    lastPrintedBy: p.integer(),
  },
});

export const DONATION_TYPES = ['MONEY_DONATION', 'GOODS_DONATION'] as const;
export type DonationType = (typeof DONATION_TYPES)[number];

const objectiveNames = new Map(commonLists['objective/event'].map((o) => [o.code, o.nameTh]));

interface IssuerRow {
  name_th: string;
  tax_id: string | null;
  address_line: string | null;
  sub_district: string | null;
  district: string | null;
  province: string | null;
  province_id: number | null;
  postcode: string | null;
  receipt_signer_name: string | null;
  receipt_signer_position: string | null;
}

/**
 * The organisation a letter is from, as the receipt names it: the nearest unit up the tree with a tax
 * id (the legal body; the top of the tree when none has one), the address of the nearest unit with
 * one and the signer of the nearest unit that sets one.
 */
async function letterIssuer(em: EntityManager, unitId: number) {
  const rows = await em.getConnection().execute<IssuerRow[]>(
    `select u.name_th, u.tax_id, u.address_line, u.receipt_signer_name, u.receipt_signer_position,
            sd.name_th as sub_district, di.name_th as district, pr.name_th as province, pr.id as province_id,
            sd.postcode
       from organisation_unit r
       join organisation_unit u on r.path like u.path || '%'
       left join geo_sub_district sd on sd.id = u.sub_district_id
       left join geo_district di on di.id = sd.district_id
       left join geo_province pr on pr.id = di.province_id
      where r.id = ?
      order by length(u.path) desc`,
    [unitId],
  );
  const legal = rows.find((u) => u.tax_id) ?? rows[rows.length - 1];
  const placed = rows.find((u) => u.address_line || u.sub_district);
  const signer = rows.find((u) => u.receipt_signer_name);
  return {
    organisationName: legal?.name_th ?? '',
    organisationAddress: placed ? thaiAddress(placed) : null,
    receivingUnitName: rows[0]?.name_th ?? '',
    signerName: signer?.receipt_signer_name ?? null,
    signerPosition: signer?.receipt_signer_position ?? null,
  };
}

interface DonationRow {
  document_type: DonationType;
  id: number;
  number: string;
  donated_on: string;
  donor_id: number;
  unit_id: number;
  objective: string;
  value: string;
  in_scope: boolean;
}

/**
 * What a thanks letter says about an approved donation the caller may see (data scope); null when
 * there is none (unknown, not approved, another division's: one answer for all).
 */
export async function thanksLetterFacts(
  em: EntityManager,
  principal: Principal,
  documentType: DonationType,
  documentId: number,
): Promise<ThanksLetterFacts | null> {
  const scope = scopePathSql(principal, 'o.path');
  const [row] = await em.getConnection().execute<DonationRow[]>(
    `select a.document_type, a.id, a.number, a.donated_on::text as donated_on, a.donor_id, a.unit_id, a.objective,
            a.value::numeric(20, 2)::text as value, (${scope.sql}) as in_scope
       from ${approvedDonationsSql} a join organisation_unit o on o.id = a.unit_id
      where a.document_type = ? and a.id = ?`,
    [...scope.params, documentType, documentId],
  );
  if (!row?.in_scope) return null;
  const items =
    documentType === 'GOODS_DONATION'
      ? await em.getConnection().execute<{ name: string; quantity: string; unit: string | null }[]>(
          `select r.name_th as name, l.accepted_quantity::text as quantity, cu.name_th as unit
             from doc_goods_donation_line l
             join ref_resource r on r.id = l.resource_id
             left join ref_counting_unit cu on cu.id = l.counting_unit_id
            where l.document_id = ? and l.accepted_quantity > 0
            order by l.line_no`,
          [documentId],
        )
      : [];
  const donor = await receiptDonor(em, row.donor_id);
  return {
    kind: documentType === 'MONEY_DONATION' ? 'MONEY' : 'GOODS',
    documentType,
    documentId,
    number: row.number,
    donatedOn: row.donated_on,
    donorId: row.donor_id,
    donorName: donor.donorName,
    donorAddress: donor.donorAddress,
    value: row.value,
    objective: objectiveNames.get(row.objective) ?? row.objective,
    items,
    ...(await letterIssuer(em, row.unit_id)),
  };
}

export const missingLetter = () =>
  notFound('ไม่พบรายการบริจาคที่อนุมัติแล้วสำหรับหนังสือขอบคุณนี้', 'No approved donation for this thanks letter');

/** A file name: หนังสือขอบคุณ-DM-2569-000123.pdf (พิมพ์ซ้ำ when a reprint). */
export const thanksLetterFileName = (facts: ThanksLetterFacts, reprint: boolean) =>
  `หนังสือขอบคุณ-${facts.number}${reprint ? '-พิมพ์ซ้ำ' : ''}.pdf`;

/**
 * Renders the thanks letter of an approved donation once, for a caller already allowed to (MN-148 or
 * the report's menu): `render` makes the output (the PDF: deps.pdf.render; report 4.6 may pass its
 * own) from the page; then, in a short transaction, the print is counted and audited, only if nobody
 * printed it meanwhile, else it renders again (the second of two prints at once is the reprint). No
 * connection is held while Chromium renders. 404 for a donation the caller may not see.
 */
export async function printThanksLetter<T>(
  em: EntityManager,
  principal: Principal,
  documentType: DonationType,
  documentId: number,
  origin: { ip: string | null; requestId: string | null },
  render: (page: PdfPage, facts: ThanksLetterFacts, reprint: boolean) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const reader = em.fork();
    const facts = await thanksLetterFacts(reader, principal, documentType, documentId);
    if (!facts) throw missingLetter();
    const [seen] = await reader
      .getConnection()
      .execute<{ print_count: number }[]>(
        'select print_count from thanks_letter_print where document_type = ? and document_id = ?',
        [documentType, documentId],
      );
    const count = seen?.print_count ?? 0;
    const output = await render(thanksLetterPage(facts, count > 0), facts, count > 0);
    const counted = await em.fork().transactional(async (tx) => {
      const rows = await tx.getConnection().execute<{ print_count: number }[]>(
        `insert into thanks_letter_print (document_type, document_id, print_count, last_printed_at, last_printed_by)
         values (?, ?, 1, now(), ?)
         on conflict (document_type, document_id) do update
           set print_count = thanks_letter_print.print_count + 1, last_printed_at = now(),
               last_printed_by = excluded.last_printed_by
           where thanks_letter_print.print_count = ?
         returning print_count`,
        [documentType, documentId, principal.userId, count],
        'all',
        tx.getTransactionContext(),
      );
      // A first print that finds a row, or a reprint that finds another count: someone printed meanwhile.
      if (!rows.length || rows[0]?.print_count !== count + 1) return false;
      audit(tx, {
        event: 'THANKS_LETTER_PRINTED',
        actorUserId: principal.userId,
        subject: `thanks letter ${documentType} ${documentId}`,
        details: { documentType, documentId, number: facts.number, reprint: count > 0, print: count + 1 },
        ip: origin.ip,
        requestId: origin.requestId,
      });
      await tx.flush();
      return true;
    });
    if (counted) return output;
    if (attempt >= 5)
      throw conflict(
        `หนังสือขอบคุณของรายการบริจาค ${facts.number} กำลังถูกพิมพ์โดยผู้อื่น กรุณาลองใหม่อีกครั้ง`,
        `The thanks letter of donation ${facts.number} is being printed by others; try again`,
      );
  }
}
