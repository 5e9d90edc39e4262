import type { EntityManager } from '@mikro-orm/postgresql';
import { fiscalYearEnd } from '@namjai/common/calendar';
import { type ValidateContext } from '../../kits/documents/document-kit';
import { type FieldError } from '../../kits/reference/reference-kit';
import { scopePathSql } from '../../platform/auth/data-scope';
import { AppError } from '../../platform/errors';
import { approvedDonationsSql } from '../donation-history';

// The donations a royal decoration proposal counts: each read with its value, donor, data scope and
// the live proposal already counting it; why one may not be counted; and the choices a line offers.

/** The unique indexes that hold a donation to one live proposal (migration). */
export const COUNTED_INDEXES = [
  'doc_royal_decoration_line_money_counted_key',
  'doc_royal_decoration_line_goods_counted_key',
];

export const err = (f: string, messageTh: string, messageEn: string): FieldError => ({
  field: f,
  messageTh,
  messageEn,
});

export const has = (v: unknown) => v !== null && v !== undefined && v !== '';

/** The last day of a Buddhist-era fiscal year (30 September), yyyy-mm-dd. */
/** The last day of a Buddhist-era fiscal year (30 September), yyyy-mm-dd. */
export { fiscalYearEnd };

const refused = (messageTh: string, messageEn: string) =>
  new AppError('DONATION_COUNTED', 409, messageTh, messageEn);

export const countedRefusal = () =>
  refused(
    'เงินหรือสิ่งของบริจาคบางรายการถูกนับในรายการเสนอขอพระราชทานเครื่องราชอิสริยาภรณ์อื่นแล้ว (อาจมีผู้บันทึกพร้อมกัน) รายการบริจาคหนึ่งนับได้ในรายการเสนอเดียว กรุณาโหลดใหม่แล้วตรวจสอบ',
    'Some of the donations are already counted in another royal decoration proposal (perhaps saved at the same moment); a donation counts for one proposal only. Reload and check',
  );

export interface NamedDonation {
  document_type: string;
  id: number;
  number: string;
  donated_on: string;
  donor_id: number;
  donor_name_th: string;
  donor_name_en: string | null;
  value: string;
  in_scope: boolean;
  counted_in: string | null;
}

/** The line's donation as (type, id); null when it names none. */
export const donationOf = (line: Record<string, unknown>): [string, number] | null =>
  has(line.moneyDonation)
    ? ['MONEY_DONATION', Number(line.moneyDonation)]
    : has(line.goodsDonation)
      ? ['GOODS_DONATION', Number(line.goodsDonation)]
      : null;

/**
 * Approved donations (`which`: a condition on `a`, the approved donations) with their value, donor,
 * whether they are in the caller's data scope (`scope`, on `o.path`), and the number of another live
 * proposal counting them (not `self`): '' when that proposal is outside `proposalScope` (on
 * `po.path`), whose number the caller may not read.
 */
async function donationRows(
  tx: EntityManager,
  scope: { sql: string; params: unknown[] },
  which: { sql: string; params: unknown[] },
  self: number,
  proposalScope: { sql: string; params: unknown[] } = { sql: 'true', params: [] },
  tail = '',
): Promise<NamedDonation[]> {
  return tx.getConnection().execute<NamedDonation[]>(
    `select a.document_type, a.id, a.number, a.donated_on::text as donated_on, a.donor_id,
            d.name_th as donor_name_th, d.name_en as donor_name_en, a.value::text as value,
            (${scope.sql}) as in_scope,
            (select case when (${proposalScope.sql}) then p.number else '' end
               from doc_royal_decoration_line l join doc_royal_decoration p on p.id = l.document_id
               join organisation_unit po on po.id = p.owner_unit_id
              where l.counted and p.id <> ?
                and (case a.document_type when 'MONEY_DONATION' then l.money_donation else l.goods_donation end) = a.id
              limit 1) as counted_in
       from ${approvedDonationsSql} a join organisation_unit o on o.id = a.unit_id
       join ref_donator d on d.id = a.donor_id
      where ${which.sql} ${tail}`,
    [...scope.params, ...proposalScope.params, self, ...which.params],
    'all',
    tx.getTransactionContext(),
  );
}

/** The approved donations the lines name (`pairs`), by `type:id`. */
export async function namedDonations(
  tx: EntityManager,
  scope: { sql: string; params: unknown[] },
  pairs: [string, number][],
  self: number,
  proposalScope?: { sql: string; params: unknown[] },
): Promise<Map<string, NamedDonation>> {
  if (!pairs.length) return new Map();
  const rows = await donationRows(
    tx,
    scope,
    {
      sql: `(a.document_type, a.id) in (${pairs.map(() => '(?, ?::int)').join(', ')})`,
      params: pairs.flat(),
    },
    self,
    proposalScope,
  );
  return new Map(rows.map((r) => [`${r.document_type}:${r.id}`, r]));
}

/**
 * Why a proposal of `donor` for fiscal year `year` may not count this donation; null when it may.
 * The one rule of a line: the save (`checkProposal`) refuses by it, and the pick list
 * (`donationChoices`) offers only the donations it lets through.
 */
export function donationRefusal(
  row: NamedDonation | undefined,
  donor: number | null,
  year: number,
): { th: string; en: string } | null {
  if (!row?.in_scope)
    return { th: 'ไม่พบรายการบริจาคที่อนุมัติแล้วนี้ในหน่วยงานของท่าน', en: 'No such approved donation in your units' };
  if (row.donor_id !== donor)
    return {
      th: `รายการบริจาค ${row.number} เป็นของผู้บริจาครายอื่น`,
      en: `Donation ${row.number} was made by another donor`,
    };
  if (row.donated_on > fiscalYearEnd(year))
    return {
      th: `รายการบริจาค ${row.number} อยู่หลังปีงบประมาณ ${year}`,
      en: `Donation ${row.number} is dated after fiscal year ${year}`,
    };
  if (row.counted_in)
    return {
      th: `รายการบริจาค ${row.number} ถูกนับในรายการเสนอ ${row.counted_in} แล้ว รายการบริจาคหนึ่งนับได้ในรายการเสนอเดียว`,
      en: `Donation ${row.number} is already counted in proposal ${row.counted_in}; a donation counts for one proposal only`,
    };
  if (row.counted_in === '')
    return {
      th: `รายการบริจาค ${row.number} ถูกนับในรายการเสนอของหน่วยงานอื่นแล้ว รายการบริจาคหนึ่งนับได้ในรายการเสนอเดียว`,
      en: `Donation ${row.number} is already counted in another unit's proposal; a donation counts for one proposal only`,
    };
  return null;
}

/** A donation a proposal's line may name (royalDecorationDonationChoices). */
export interface DonationChoice {
  documentType: string;
  id: number;
  number: string;
  donatedOn: string;
  donorId: number;
  donorNameTh: string;
  donorNameEn: string | null;
  value: string;
}

/** The most choices one answer gives (newest first); a donor with more is rare. */
export const DONATION_CHOICES_MAX = 200;

/**
 * The pick list of a proposal's `documentType` line field (MONEY_DONATION or GOODS_DONATION): the
 * approved donations of `donor` that a proposal of it for `proposalYear` may count, by the save's
 * own rule (`donationRefusal`): in the caller's data scope, dated by the end of the fiscal year, not
 * counted in another live proposal (`proposal`, the one being edited, counts its own). Newest first.
 */
export async function donationChoices(
  tx: EntityManager,
  principal: ValidateContext['principal'],
  input: { donor: number; proposalYear: number; documentType: string; proposal: number | null },
): Promise<DonationChoice[]> {
  const scope = scopePathSql(principal, 'o.path');
  const proposalScope = scopePathSql(principal, 'po.path');
  // The proposal being edited keeps its own donations, if the caller may read it (another unit's
  // proposal named here would otherwise tell which donations it counts).
  let self = 0;
  if (input.proposal !== null) {
    const [own] = await tx.getConnection().execute<{ id: number }[]>(
      `select p.id from doc_royal_decoration p join organisation_unit po on po.id = p.owner_unit_id
        where p.id = ? and (${proposalScope.sql})`,
      [input.proposal, ...proposalScope.params],
      'all',
      tx.getTransactionContext(),
    );
    self = own?.id ?? 0;
  }
  const rows = await donationRows(
    tx,
    scope,
    {
      // Narrowed in SQL by what the rule needs; the rule then decides, as it does for a save.
      sql: `a.document_type = ? and a.donor_id = ? and a.donated_on <= ?::date and (${scope.sql})`,
      params: [input.documentType, input.donor, fiscalYearEnd(input.proposalYear), ...scope.params],
    },
    self,
    proposalScope,
    `order by a.donated_on desc, a.number desc limit ${DONATION_CHOICES_MAX}`,
  );
  return rows
    .filter((r) => donationRefusal(r, input.donor, input.proposalYear) === null)
    .map((r) => ({
      documentType: r.document_type,
      id: r.id,
      number: r.number,
      donatedOn: r.donated_on,
      donorId: r.donor_id,
      donorNameTh: r.donor_name_th,
      donorNameEn: r.donor_name_en,
      value: r.value,
    }));
}
