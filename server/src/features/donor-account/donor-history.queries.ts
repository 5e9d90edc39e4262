import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlYearBE } from '@namjai/common/calendar';
import { commonLists } from '../../kits/core/common-lists.data';
import { goodsValueLateral } from '../donation-history';
import { goodsDonation } from '../donations';
import { moneyDonation } from '../money-donations';
import type { ReceiptKind } from '../receipts';

// A donor's own donations and receipts (/user/donation-history, docs/public-site.md): the goods and
// money donations of the donators the account is linked to, each with its receipt, and the totals of
// the receipts in force per tax year (the calendar year of the receipt's date, Buddhist era: the
// year the donor claims the deduction in). Values are decimal strings, computed by PostgreSQL.

export interface DonorReceiptRow {
  id: number;
  kind: ReceiptKind;
  number: string;
  issuedOn: string;
  amount: string;
  void: boolean;
}

export interface DonorDonationRow {
  kind: 'GOODS' | 'MONEY';
  documentType: string;
  id: number;
  number: string;
  donatedOn: string;
  status: string;
  statusLabelTh: string;
  statusLabelEn: string;
  objectiveLabelTh: string;
  objectiveLabelEn: string;
  unitNameTh: string;
  unitNameEn: string | null;
  /** Money: the amount; goods: the value (accepted quantities once screened). */
  value: string;
  donorId: number;
  donorCode: string;
  donorNameTh: string;
  receipt: DonorReceiptRow | null;
}

export interface TaxYearTotal {
  /** Buddhist era, e.g. 2569. */
  year: number;
  moneyTotal: string;
  moneyCount: number;
  goodsTotal: string;
  goodsCount: number;
  total: string;
}

const statusLabels = new Map(
  [...goodsDonation.workflow.statuses, ...moneyDonation.workflow.statuses].map((s) => [s.code, s.label]),
);
const objectiveLabels = new Map(commonLists['objective/event'].map((o) => [o.code, o]));

/** A list of ids as one PostgreSQL array literal (`{1,2,3}`), for `= any(?::int[])`. */
const intArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

async function rows<T>(em: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  return (await em.execute(sql, params)) as unknown as T[];
}

/** The donations of these donators, newest first, each with its receipt (in force, else the last voided). */
export async function donorDonations(
  em: EntityManager,
  donatorIds: readonly number[],
): Promise<DonorDonationRow[]> {
  if (!donatorIds.length) return [];
  const raw = await rows<Record<string, unknown>>(
    em,
    `select h.kind, h.document_type, h.id, h.number, h.donated_on::text as donated_on, h.status, h.objective,
            h.value::text as value, d.id as donor_id, d.code as donor_code, d.name_th as donor_name_th,
            o.name_th as unit_name_th, o.name_en as unit_name_en,
            r.id as receipt_id, r.kind as receipt_kind, r.number as receipt_number,
            r.issued_on::text as receipt_issued_on, r.amount::text as receipt_amount,
            r.voided_at is not null as receipt_void
       from (
         select 'GOODS' as kind, '${goodsDonation.type}' as document_type, g.id, g.number,
                g.donation_date as donated_on, g.status, g.objective, g.donator_id as donor_id,
                g.owner_unit_id as unit_id, v.goods_value as value
           from doc_goods_donation g ${goodsValueLateral('g', 'v')}
          where g.donator_id = any(?::int[])
         union all
         select 'MONEY', '${moneyDonation.type}', m.id, m.number, m.donated_on, m.status, m.objective,
                m.donor_id, m.owner_unit_id, m.amount
           from doc_money_donation m
          where m.donor_id = any(?::int[])
       ) h
       join organisation_unit o on o.id = h.unit_id
       join ref_donator d on d.id = h.donor_id
       left join lateral (
         select r.* from donation_receipt r
          where r.document_type = h.document_type and r.document_id = h.id
          order by (r.voided_at is null) desc, r.id desc limit 1
       ) r on true
      order by h.donated_on desc, h.document_type, h.id desc`,
    [intArray(donatorIds), intArray(donatorIds)],
  );
  return raw.map((r) => {
    const status = statusLabels.get(r.status as string);
    const objective = objectiveLabels.get(r.objective as string);
    return {
      kind: r.kind as 'GOODS' | 'MONEY',
      documentType: r.document_type as string,
      id: r.id as number,
      number: r.number as string,
      donatedOn: r.donated_on as string,
      status: r.status as string,
      statusLabelTh: status?.th ?? (r.status as string),
      statusLabelEn: status?.en ?? (r.status as string),
      objectiveLabelTh: objective?.nameTh ?? (r.objective as string),
      objectiveLabelEn: objective?.nameEn ?? (r.objective as string),
      unitNameTh: r.unit_name_th as string,
      unitNameEn: (r.unit_name_en as string | null) ?? null,
      value: r.value as string,
      donorId: r.donor_id as number,
      donorCode: r.donor_code as string,
      donorNameTh: r.donor_name_th as string,
      receipt:
        r.receipt_id === null
          ? null
          : {
              id: r.receipt_id as number,
              kind: r.receipt_kind as ReceiptKind,
              number: r.receipt_number as string,
              issuedOn: r.receipt_issued_on as string,
              amount: r.receipt_amount as string,
              void: r.receipt_void as boolean,
            },
    };
  });
}

/**
 * Per tax year, the receipts in force issued to these donators: money receipts (approved money
 * donations) and goods evidence (the value of the goods accepted), newest year first.
 */
export async function taxYearTotals(
  em: EntityManager,
  donatorIds: readonly number[],
): Promise<TaxYearTotal[]> {
  if (!donatorIds.length) return [];
  const sum = (kind: string) =>
    `coalesce(sum(r.amount) filter (where r.kind = '${kind}'), 0)::numeric(20, 2)::text`;
  const count = (kind: string) => `(count(*) filter (where r.kind = '${kind}'))::int`;
  const raw = await rows<Record<string, unknown>>(
    em,
    `select ${sqlYearBE('r.issued_on')} as year,
            ${sum('MONEY')} as money_total, ${count('MONEY')} as money_count,
            ${sum('GOODS')} as goods_total, ${count('GOODS')} as goods_count,
            sum(r.amount)::numeric(20, 2)::text as total
       from donation_receipt r
      where r.voided_at is null and r.donor_id = any(?::int[])
      group by 1 order by 1 desc`,
    [intArray(donatorIds)],
  );
  return raw.map((r) => ({
    year: r.year as number,
    moneyTotal: r.money_total as string,
    moneyCount: r.money_count as number,
    goodsTotal: r.goods_total as string,
    goodsCount: r.goods_count as number,
    total: r.total as string,
  }));
}
