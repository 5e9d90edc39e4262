import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportLanguages } from '../../kits/reports/report-kit';
import { buildReport } from '../../kits/reports/report-run';
import { reportByKey, reports } from '../../kits/reports/reports';
import type { Principal } from '../../platform/auth/principal';
import { fiscalYearBE } from '../../platform/dates';
import { bearer, sessionToken } from '../../testing/auth-helpers';
import { startTestApp, type TestApp } from '../../testing/test-app';

// Reports 1.1..4.2 and the information screens over the demo data plus a few added rows. Every
// report's row count and totals are compared with a direct SQL computation written here, apart from
// the report's own statement, for a system administrator (everything) and for a division's officer
// (OPS-P38-SDW: only its own unit). Filters narrow, menu codes gate each report, bad filters are 400s.

let t: TestApp;
let admin: Record<string, string>;
let officer: Record<string, string>;
let orgAdmin: Record<string, string>;

const ALL = '/%';
let officerPath: string;
/** The current fiscal year's first and last days (Bangkok), for the information screens. */
let fyStart: string;
let fyEnd: string;
/** Each report's row count for the administrator, as the figures test read it (the export must match). */
const adminRows = new Map<string, number>();

interface ReportAnswer {
  report: { columns: { key: string; kind: string }[]; filters: string[] };
  rows: { cells: (string | null)[] }[];
  rowCount: number;
  totals: (string | null)[];
  chartLabels: string[];
  chartSeries: { column: string; values: number[] }[];
}

const REPORT = `query ($key: String!, $filters: ReportFiltersInput, $page: Int!, $pageSize: Int!) {
  report(key: $key, filters: $filters, page: $page, pageSize: $pageSize) {
    report { columns { key kind } filters }
    rows { cells } rowCount totals chartLabels chartSeries { column values }
  }
}`;

async function run(
  who: Record<string, string>,
  key: string,
  filters: Record<string, unknown> = {},
  pageSize = 500,
  language?: string,
) {
  const res = await t.graphql<{ report: ReportAnswer }>(
    language ? REPORT_IN : REPORT,
    { key, filters, page: 1, pageSize, ...(language ? { language } : {}) },
    who,
  );
  return { answer: res.body.data?.report ?? null, error: res.body.errors?.[0] ?? null, status: res.status };
}

const REPORT_IN = `query ($key: String!, $filters: ReportFiltersInput, $page: Int!, $pageSize: Int!, $language: String!) {
  report(key: $key, filters: $filters, page: $page, pageSize: $pageSize, language: $language) {
    report { columns { key kind labelTh labelEn } filters statuses { labelTh labelEn } }
    rows { cells } rowCount totals chartLabels chartSeries { column values }
  }
}`;

async function ok(
  who: Record<string, string>,
  key: string,
  filters: Record<string, unknown> = {},
  language?: string,
) {
  const { answer, error } = await run(who, key, filters, 500, language);
  expect(error, `${key}: ${JSON.stringify(error)}`).toBeNull();
  return answer as ReportAnswer;
}

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await t.em().execute(text, params)) as T[];
}

/** The report's totals by column key, as numbers. */
function totalsOf(a: ReportAnswer): Record<string, number> {
  return Object.fromEntries(
    a.report.columns.map((c, i) => [c.key, a.totals[i] === null ? Number.NaN : Number(a.totals[i])]),
  );
}

// The independent computations: `?` is the unit path prefix (scope), used as often as it appears;
// each returns n (the rows the report should have) and the totals the report sums.
const approvedMoney = `select d.owner_unit_id as u, d.donor_id as donor, d.objective, d.amount as v
  from doc_money_donation d, organisation_unit o where o.id = d.owner_unit_id and d.status = 'APPROVED' and o.path like ?`;
const approvedGoods = `select d.owner_unit_id as u, d.donator_id as donor, d.objective,
  (select round(coalesce(sum(coalesce(l.accepted_quantity, 0) * l.unit_value), 0), 2) from doc_goods_donation_line l where l.document_id = d.id) as v
  from doc_goods_donation d, organisation_unit o where o.id = d.owner_unit_id and d.status = 'APPROVED_2' and o.path like ?`;
const both = `with m as (${approvedMoney}), g as (${approvedGoods}), a as (select * from m union all select * from g)`;
const byTotals = `(select count(*) from m) as money_count, (select coalesce(sum(v), 0) from m) as money_amount,
  (select count(*) from g) as goods_count, (select coalesce(sum(v), 0) from g) as goods_value,
  (select coalesce(sum(v), 0) from a) as total`;
const storageOf = (alias: string, storageColumn: string) =>
  `join ref_storage ${alias}s on ${alias}s.id = ${storageColumn} join organisation_unit ${alias}o on ${alias}o.id = ${alias}s.owner_unit_id`;
const counted = `('APPROVED', 'DELIVERED', 'COMPLETED')`;

/** The e-Donation rows (5.1, 5.2): approved, valued, a receipt not void naming a tax id; keyed = a mark in force. */
const eRows = `with er as (
    select x.day, x.v, (date_trunc('month', x.day) + interval '1 month 4 days')::date as due,
           exists (select 1 from e_donation_mark k where k.document_type = x.t and k.document_id = x.id
                   and k.unmarked_at is null) as keyed
    from (select 'MONEY_DONATION' as t, d.id, d.donated_on as day, d.amount as v, d.owner_unit_id as u, d.donor_id as donor
          from doc_money_donation d where d.status = 'APPROVED'
          union all
          select 'GOODS_DONATION', d.id, d.donation_date, (select round(coalesce(sum(coalesce(l.accepted_quantity, 0) * l.unit_value), 0), 2) from doc_goods_donation_line l where l.document_id = d.id), d.owner_unit_id, d.donator_id
          from doc_goods_donation d where d.status = 'APPROVED_2') x
    join organisation_unit o on o.id = x.u join ref_donator dn on dn.id = x.donor
    join donation_receipt r on r.document_type = x.t and r.document_id = x.id and r.voided_at is null
    where x.v > 0 and coalesce(r.donor_tax_id, dn.tax_id) is not null and o.path like ?)`;

const expected: Record<string, string> = {
  'report-1-1': `select count(distinct date_trunc('month', d.donated_on)) as n, count(*) as donations, sum(d.amount) as amount
    from doc_money_donation d join organisation_unit o on o.id = d.owner_unit_id where d.status = 'APPROVED' and o.path like ?`,
  'report-1-2': `select count(distinct date_trunc('month', d.donation_date)) as n, count(*) as donations,
      sum((select coalesce(sum(coalesce(l.accepted_quantity, 0)), 0) from doc_goods_donation_line l where l.document_id = d.id)) as quantity,
      sum((select round(coalesce(sum(coalesce(l.accepted_quantity, 0) * l.unit_value), 0), 2) from doc_goods_donation_line l where l.document_id = d.id)) as value
    from doc_goods_donation d join organisation_unit o on o.id = d.owner_unit_id
    where d.status = 'APPROVED_2' and o.path like ?`,
  'report-1-3': `${both} select (select count(distinct u) from a) as n, ${byTotals}`,
  'report-1-4': `${both} select (select count(distinct objective) from a) as n, ${byTotals}`,
  'report-1-5': `${both} select (select count(distinct dn.donor_type) from a join ref_donator dn on dn.id = a.donor) as n,
      (select count(distinct donor) from a) as donors, ${byTotals}`,
  'report-1-6': `select count(*) as n, sum(r.amount) as amount from donation_receipt r join organisation_unit o on o.id = r.issuer_unit_id
    where o.path like ?`,
  'report-1-7': `select count(*) as n, coalesce(sum(r.amount), 0) as amount from donation_receipt r
    join organisation_unit o on o.id = r.issuer_unit_id where r.voided_at is not null and o.path like ?`,
  'report-1-8': `select count(*) as n, sum(l.quantity) as quantity, sum(coalesce(l.accepted_quantity, 0)) as accepted,
      sum(coalesce(l.rejected_quantity, 0)) as rejected
    from doc_goods_donation_line l join doc_goods_donation d on d.id = l.document_id join organisation_unit o on o.id = d.owner_unit_id
    where l.screen_status is not null and d.status <> 'CANCELLED' and o.path like ?`,
  'report-2-1': `select count(distinct (b.storage_id, b.resource_id)) as n, sum(b.on_hand * b.unit_value) as value
    from stock_balance b ${storageOf('x', 'b.storage_id')} where b.on_hand > 0 and xo.path like ?`,
  'report-2-2': `select count(*) as n, coalesce(sum(m.quantity) filter (where m.quantity > 0), 0) as received,
      coalesce(-sum(m.quantity) filter (where m.quantity < 0), 0) as issued
    from stock_movement m ${storageOf('x', 'm.storage_id')} where m.quantity <> 0 and xo.path like ?`,
  'report-2-3': `select count(*) as n, coalesce(sum(b.on_hand), 0) as on_hand, coalesce(sum(b.on_hand * b.unit_value), 0) as value
    from stock_balance b ${storageOf('x', 'b.storage_id')}
    where b.on_hand > 0 and b.expiry_date <= (now() at time zone 'Asia/Bangkok')::date + 90 and xo.path like ?`,
  'report-2-4': `select count(*) as n from ref_resource_minimum m ${storageOf('x', 'm.storage_id')}
    where m.status_code = 'A' and xo.path like ?
      and m.minimum_quantity > (select coalesce(sum(b.on_hand), 0) from stock_balance b
                                 where b.storage_id = m.storage_id and b.resource_id = m.resource_id)`,
  'report-2-5': `select count(*) as n, sum(l.quantity) as quantity, sum(coalesce(l.received_quantity, 0)) as received,
      sum(l.quantity * l.unit_value) as value
    from doc_stock_transfer_line l join doc_stock_transfer d on d.id = l.document_id
    ${storageOf('src', 'd.from_storage_id')} ${storageOf('dst', 'd.to_storage_id')}
    where d.status in ('SENT', 'RECEIVED') and (srco.path like ? or dsto.path like ?)`,
  'report-2-6': `select count(*) as n, sum(l.quantity) as quantity, sum(l.quantity * l.unit_value) as value
    from doc_stock_adjustment_line l join doc_stock_adjustment d on d.id = l.document_id ${storageOf('x', 'd.storage_id')}
    where d.status = 'POSTED' and xo.path like ?`,
  'report-2-7': `select count(*) as n,
      coalesce(sum(case when m.movement_type = 'TRANSFER_MISSING' then m.transit_delta else m.quantity end)
        filter (where (case when m.movement_type = 'TRANSFER_MISSING' then m.transit_delta else m.quantity end) > 0), 0) as excess,
      coalesce(-sum(case when m.movement_type = 'TRANSFER_MISSING' then m.transit_delta else m.quantity end)
        filter (where (case when m.movement_type = 'TRANSFER_MISSING' then m.transit_delta else m.quantity end) < 0), 0) as missing
    from stock_movement m ${storageOf('x', 'm.storage_id')}
    where m.reason_id is not null and xo.path like ?
      and (case when m.movement_type = 'TRANSFER_MISSING' then m.transit_delta else m.quantity end) <> 0`,
  'report-2-8': `select count(*) as n, sum(l.quantity) as quantity, sum(l.quantity * l.unit_value) as value
    from doc_provide_resource_line l join doc_provide_resource d on d.id = l.document_id ${storageOf('x', 'd.storage_id')}
    where d.status = 'CONFIRMED' and xo.path like ?`,
  'report-3-1': `select count(distinct d.province) as n, count(distinct d.id) as requests, coalesce(sum(l.quantity), 0) as quantity,
      coalesce(sum(l.approved_quantity), 0) as approved_quantity, coalesce(sum(l.amount), 0) as amount,
      coalesce(sum(l.approved_amount), 0) as approved_amount
    from doc_support_request d join organisation_unit o on o.id = d.owner_unit_id
    left join doc_support_request_line l on l.document_id = d.id
    where d.status in ('SUBMITTED', 'APPROVED', 'REJECTED') and o.path like ?`,
  'report-3-2': `select count(distinct coalesce(sr.province, o.province_id)) as n, count(*) as disbursements,
      coalesce(sum((select sum(l.quantity) from doc_resource_disbursement_line l where l.document_id = d.id)), 0) as quantity,
      coalesce(sum((select sum(l.quantity * l.unit_value) from doc_resource_disbursement_line l where l.document_id = d.id)), 0) as value,
      coalesce(sum(d.beneficiaries), 0) as beneficiaries
    from doc_resource_disbursement d join organisation_unit o on o.id = d.owner_unit_id
    left join doc_support_request sr on sr.id = d.support_request_id where d.status in ${counted} and o.path like ?`,
  'report-3-3': `select count(distinct coalesce(sr.province, o.province_id)) as n, count(*) as disbursements,
      coalesce(sum(d.amount), 0) as amount
    from doc_money_disbursement d join organisation_unit o on o.id = d.owner_unit_id
    left join doc_support_request sr on sr.id = d.support_request_id where d.status in ${counted} and o.path like ?`,
  'report-3-4': `select (select count(*) from doc_resource_disbursement d join organisation_unit o on o.id = d.owner_unit_id
         where d.status in ('DELIVERED', 'COMPLETED') and o.path like ?)
      + (select count(*) from doc_money_disbursement d join organisation_unit o on o.id = d.owner_unit_id
         where d.status in ('DELIVERED', 'COMPLETED') and o.path like ?) as n,
      coalesce((select sum(l.quantity * l.unit_value) from doc_resource_disbursement d join doc_resource_disbursement_line l
         on l.document_id = d.id join organisation_unit o on o.id = d.owner_unit_id
         where d.status in ('DELIVERED', 'COMPLETED') and o.path like ?), 0)
      + coalesce((select sum(d.amount) from doc_money_disbursement d join organisation_unit o on o.id = d.owner_unit_id
         where d.status in ('DELIVERED', 'COMPLETED') and o.path like ?), 0) as value`,
  'report-3-5': `select count(*) as n, coalesce(sum(d.beneficiaries), 0) as beneficiaries,
      coalesce(sum((select sum(l.quantity * l.unit_value) from doc_resource_disbursement_line l where l.document_id = d.id)), 0) as value
    from doc_resource_disbursement d join organisation_unit o on o.id = d.owner_unit_id
    where d.status = 'COMPLETED' and d.result_date is not null and o.path like ?`,
  'report-3-6': `select count(*) as n, sum(l.quantity) as quantity, sum(l.quantity * l.unit_value) as value
    from doc_distribution_line l join doc_distribution d on d.id = l.document_id ${storageOf('x', 'd.from_storage_id')}
    where d.status = 'APPROVED' and xo.path like ?`,
  'report-3-7': `select count(*) as n, coalesce(sum(m.amount) filter (where m.amount > 0), 0) as money_in,
      coalesce(-sum(m.amount) filter (where m.amount < 0), 0) as money_out
    from money_movement m join ref_money_account a on a.id = m.account_id join organisation_unit o on o.id = a.owner_unit_id
    where m.amount <> 0 and o.path like ?`,
  'report-3-8': `select count(*) as n, sum(b.balance) as balance, sum(b.reserved) as reserved, sum(b.balance - b.reserved) as available
    from money_balance b join ref_money_account a on a.id = b.account_id join organisation_unit o on o.id = a.owner_unit_id
    where o.path like ?`,
  'report-4-1': `${both} select (select count(distinct donor) from a) as n, (select count(*) from a) as donations,
      (select coalesce(sum(v), 0) from m) as money_amount, (select coalesce(sum(v), 0) from g) as goods_value,
      (select coalesce(sum(v), 0) from a) as total`,
  'report-4-2': `${both} select (select count(*) from ref_donator) as n, (select count(*) from a) as donations,
      (select coalesce(sum(v), 0) from a) as total`,
  'report-4-3': `select count(*) as n, coalesce(sum(coalesce(r.total_value, 0)), 0) as total_value
    from doc_royal_decoration r join organisation_unit o on o.id = r.owner_unit_id where r.status <> 'CANCELLED' and o.path like ?`,
  'report-4-4': `select count(*) as n, count(*) as proposals, coalesce(sum(coalesce(r.total_value, 0)), 0) as total_value
    from doc_royal_decoration r join organisation_unit o on o.id = r.owner_unit_id
    where r.status in ('AWARDED', 'NOT_AWARDED') and o.path like ?`,
  'report-4-5': `with a as (
      select d.donor_id as donor, d.amount as v from doc_money_donation d join organisation_unit o on o.id = d.owner_unit_id
      where d.status = 'APPROVED' and o.path like ? and d.donated_on <= $end
        and d.id not in (select money_donation from doc_royal_decoration_line where counted and money_donation is not null)
      union all
      select d.donator_id, (select round(coalesce(sum(coalesce(l.accepted_quantity, 0) * l.unit_value), 0), 2) from doc_goods_donation_line l where l.document_id = d.id)
      from doc_goods_donation d join organisation_unit o on o.id = d.owner_unit_id
      where d.status = 'APPROVED_2' and o.path like ? and d.donation_date <= $end
        and d.id not in (select goods_donation from doc_royal_decoration_line where counted and goods_donation is not null)),
    e as (select a.donor, count(*) as c, sum(a.v) as t from a join ref_donator dn on dn.id = a.donor
          where dn.donor_type <> 'ANONYMOUS' and a.v > 0 group by a.donor
          having sum(a.v) >= (select min(min_value) from royal_decoration_class))
    select count(*) as n, coalesce(sum(c), 0) as donations, coalesce(sum(t), 0) as total from e`,
  'report-4-6': `${both} select (select count(*) from a) as n, (select coalesce(sum(v), 0) from a) as value,
      (select count(*) from a) as letters,
      (select coalesce(sum(t.print_count), 0) from thanks_letter_print t
        where (t.document_type = 'MONEY_DONATION' and t.document_id in (select d.id from doc_money_donation d
                 join organisation_unit o on o.id = d.owner_unit_id where d.status = 'APPROVED' and o.path like ?))
           or (t.document_type = 'GOODS_DONATION' and t.document_id in (select d.id from doc_goods_donation d
                 join organisation_unit o on o.id = d.owner_unit_id where d.status = 'APPROVED_2' and o.path like ?)))
        as print_count`,
  'report-5-1': `${eRows} select count(distinct date_trunc('month', day)) as n, count(*) as donations,
      count(*) filter (where keyed) as keyed, count(*) filter (where not keyed) as not_keyed,
      count(*) filter (where not keyed and (now() at time zone 'Asia/Bangkok')::date > due) as overdue,
      coalesce(sum(v), 0) as value from er`,
  'report-5-2': `${eRows} select count(*) as n, coalesce(sum(v), 0) as value from er
      where not keyed and (now() at time zone 'Asia/Bangkok')::date > due`,
};

/** The information screens over the current fiscal year: `$start`, `$end` are its days. */
const infoExpected: Record<string, string> = {
  'view-division-info': `select count(*) as n,
      (select count(*) from ref_storage s join organisation_unit o on o.id = s.owner_unit_id where s.status_code = 'A' and o.path like ?) as storages,
      (select count(*) from app_user u join organisation_unit o on o.id = u.organisation_unit_id
        where u.kind = 'STAFF' and u.user_status_code = 'A' and o.path like ?) as staff,
      (select coalesce(sum(d.amount), 0) from doc_money_donation d join organisation_unit o on o.id = d.owner_unit_id
        where d.status = 'APPROVED' and d.donated_on between $start and $end and o.path like ?) as money_in,
      (select coalesce(sum((select round(coalesce(sum(coalesce(l.accepted_quantity, 0) * l.unit_value), 0), 2) from doc_goods_donation_line l where l.document_id = d.id)), 0) from doc_goods_donation d
        join organisation_unit o on o.id = d.owner_unit_id
        where d.status = 'APPROVED_2' and d.donation_date between $start and $end and o.path like ?) as goods_in,
      (select coalesce(sum(l.quantity * l.unit_value), 0) from doc_resource_disbursement d
        join doc_resource_disbursement_line l on l.document_id = d.id join organisation_unit o on o.id = d.owner_unit_id
        where d.status in ${counted} and (d.created_at at time zone 'Asia/Bangkok')::date between $start and $end
          and o.path like ?) as goods_out
    from organisation_unit where path like ?`,
  'view-province-info': `select count(distinct province_id) as n, count(*) as units,
      count(*) filter (where accepts_donations and active) as donation_points,
      (select coalesce(sum(d.amount), 0) from doc_money_donation d join organisation_unit o on o.id = d.owner_unit_id
        where d.status = 'APPROVED' and d.donated_on between $start and $end and o.path like ?) as money_in
    from organisation_unit where path like ? and province_id is not null`,
};

/** Runs an expectation with every `?` bound to the path prefix and the fiscal year's days. */
async function expectedFor(text: string, prefix: string): Promise<Record<string, number>> {
  const count = text.split('?').length - 1;
  const filled = text.replaceAll('$start', `'${fyStart}'::date`).replaceAll('$end', `'${fyEnd}'::date`);
  const [row] = await sql(
    filled,
    Array.from({ length: count }, () => prefix),
  );
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)]));
}

function compare(key: string, answer: ReportAnswer, want: Record<string, number>) {
  const got = totalsOf(answer);
  const figures = Object.fromEntries(
    Object.keys(want).map((k) => [
      k,
      k === 'n' ? answer.rowCount : Number((got[k] ?? Number.NaN).toFixed(2)),
    ]),
  );
  const wanted = Object.fromEntries(Object.entries(want).map(([k, v]) => [k, Number(v.toFixed(2))]));
  expect(figures, key).toEqual(wanted);
}

beforeAll(async () => {
  t = await startTestApp();
  const [unit] = await sql<{ id: number; path: string }>(
    `select id, path from organisation_unit where code = 'OPS-P38-SDW'`,
  );
  officerPath = `${unit.path}%`;
  // The officer's group (UG-S01) holds the information screens and, from the seed, the reports of
  // its work (1.x, 2.x, 3.x, 4.2, 4.6); grant it the others but not 4.1, to compare every report in
  // one division's scope and see one field gate each report by its own code.
  await sql(
    `insert into user_group_menu (user_group_code, menu_entry_code)
     select 'UG-S01', code from menu_entry where code between 'MN-113' and 'MN-144' and code <> 'MN-137'
     on conflict do nothing`,
  );
  // Added rows: an approved money donation of the officer's unit in the previous fiscal year
  // (objective: older persons), beside the demo data's ones of the finance division.
  await sql(
    `insert into doc_money_donation (number, fiscal_year, status, version, owner_unit_id, created_by, created_at,
       updated_by, updated_at, donor_id, donated_on, amount, transfer_type, money_account_id, objective, channel,
       receipt_delivery)
     select 'MD-TEST-000001', 2569, 'APPROVED', 1, ?, created_by, created_at, created_by, created_at, donor_id,
       '2026-08-15', 777.25, transfer_type, money_account_id, 'OLDER_PERSONS', channel, receipt_delivery
     from doc_money_donation order by id limit 1`,
    [unit.id],
  );
  // and a voided receipt of the finance division (a copy of its first one, numbered apart).
  await sql(
    `insert into donation_receipt (document_type, document_id, issuer_unit_id, fiscal_year, seq, number, issued_on, amount,
       donor_id, donor_name, donor_tax_id, donor_address, purpose, payment_text, issuer_name, issuer_tax_id, issuer_address,
       receiving_unit_name, statement, signer_name, signer_position, issued_by_id, issued_at, voided_at, voided_by_id,
       void_reason, print_count, kind)
     select document_type, document_id, issuer_unit_id, fiscal_year, 999, '2570/000999', issued_on, 555.50,
       donor_id, donor_name, donor_tax_id, donor_address, purpose, payment_text, issuer_name, issuer_tax_id, issuer_address,
       receiving_unit_name, statement, signer_name, signer_position, issued_by_id, issued_at, now(), issued_by_id,
       'พิมพ์ชื่อผิด', print_count, kind
     from donation_receipt where kind = 'MONEY' order by id limit 1`,
  );
  // and a delivered money disbursement (a copy of the demo one, numbered apart), for 3.3 and 3.4.
  await sql(
    `insert into doc_money_disbursement (number, fiscal_year, status, version, owner_unit_id, remark, created_by, created_at,
       updated_by, updated_at, money_account_id, amount, recipient_name, recipient_address, purpose, recipient_bank,
       recipient_account_number, support_request_id, transferred_on, transfer_reference, support_request_line)
     select 'MB-TEST-000001', fiscal_year, 'DELIVERED', 1, owner_unit_id, remark, created_by, created_at, updated_by,
       updated_at, money_account_id, 1500.75, recipient_name, recipient_address, purpose, recipient_bank,
       recipient_account_number, null, '2026-11-20', 'TR-TEST', null
     from doc_money_disbursement order by id limit 1`,
  );
  // and two approved goods donations of the officer's unit whose one line is worth 5.5 × 20.25 = 111.375,
  // which the history (and so every report) counts as 111.38 each: values are rounded per donation
  // (the sum of the unrounded lines would give 222.75, not 222.76).
  await sql(
    `with doc as (
       insert into doc_goods_donation (number, fiscal_year, status, version, owner_unit_id, created_by, created_at,
         updated_by, updated_at, donator_id, receiving_unit_id, storage_id, donation_date, objective)
       select 'DT-TEST-00000' || k, fiscal_year, 'APPROVED_2', 1, ?, created_by, created_at, created_by, created_at,
         donator_id, receiving_unit_id, storage_id, donation_date, objective
       from (select * from doc_goods_donation order by id limit 1) g, generate_series(1, 2) k returning id)
     insert into doc_goods_donation_line (document_id, line_no, resource_id, character, quantity, accepted_quantity,
       counting_unit_id, unit_value, price_from, lot)
     select doc.id, 1, l.resource_id, l.character, 5.5, 5.5, l.counting_unit_id, 20.25, l.price_from, 'L-TEST'
     from doc, (select * from doc_goods_donation_line order by id limit 1) l`,
    [unit.id],
  );
  // and an awarded royal decoration proposal of the finance division, for 4.3 and 4.4.
  await sql(
    `insert into doc_royal_decoration (number, fiscal_year, status, version, owner_unit_id, created_by, created_at,
       updated_by, updated_at, unit_id, donor_id, proposal_year, total_value, requested_class, certificate_number,
       certificate_date)
     select 'RD-TEST-000001', 2570, 'AWARDED', 1, u.id, a.id, now(), a.id, now(), u.id, dn.id, 2570, 142100.50,
       (select code from royal_decoration_class order by rank limit 1), 'CERT-TEST-1', '2026-11-01'
     from organisation_unit u, app_user a, ref_donator dn
     where u.code = 'OPS-FIN-ACC' and a.username = 'admin.demo' and dn.code = 'DN-000001'`,
  );
  const today = new Date(Date.now() + 7 * 3600_000);
  const y = today.getUTCFullYear();
  const startYear = today.getUTCMonth() + 1 >= 10 ? y : y - 1;
  fyStart = `${startYear}-10-01`;
  fyEnd = `${startYear + 1}-09-30`;
  [admin, officer, orgAdmin] = (
    await Promise.all(['admin.demo', 'officer.demo', 'orgadmin.demo'].map((u) => sessionToken(t, u)))
  ).map(bearer);
});
afterAll(() => t.close());

describe('report figures', () => {
  it('declares every report 1.1..5.2 and both information screens, and lists what each user may open', async () => {
    expect(Object.keys(expected).length + Object.keys(infoExpected).length).toBe(reports.length);
    const list = async (who: Record<string, string>) =>
      (
        await t.graphql<{ reports: { key: string }[] }>('{ reports { key } }', {}, who)
      ).body.data?.reports.map((r) => r.key);
    expect(await list(admin)).toEqual(reports.map((r) => r.key));
    expect(await list(officer)).toEqual(reports.map((r) => r.key).filter((k) => k !== 'report-4-1'));
  });

  it('equals a direct SQL computation for every report, for the whole ministry and for one division', async () => {
    const seen: string[] = [];
    for (const [key, text] of Object.entries(expected)) {
      const answer = await ok(admin, key);
      adminRows.set(key, answer.rowCount);
      compare(`${key} admin`, answer, await expectedFor(text, ALL));
      if (key !== 'report-4-1')
        compare(`${key} officer`, await ok(officer, key), await expectedFor(text, officerPath));
      seen.push(key);
    }
    for (const [key, text] of Object.entries(infoExpected)) {
      const answer = await ok(admin, key);
      adminRows.set(key, answer.rowCount);
      compare(`${key} admin`, answer, await expectedFor(text, ALL));
      compare(`${key} officer`, await ok(officer, key), await expectedFor(text, officerPath));
    }
    expect(seen.length).toBe(32);
  });

  it('totals goods values as the donation history does (rounded per donation)', async () => {
    const res = await t.graphql<{ donationHistoryTotals: { goodsApprovedTotal: string } }>(
      `query { donationHistoryTotals(kind: GOODS) { goodsApprovedTotal } }`,
      {},
      admin,
    );
    expect(res.body.errors).toBeUndefined();
    const history = Number(res.body.data?.donationHistoryTotals.goodsApprovedTotal);
    const report = totalsOf(await ok(admin, 'report-1-2')).value;
    // Summing the unrounded line values would leave 111.375's half cent in the report's total.
    expect(report).toBeCloseTo(history, 3);
  });

  it('shows row values as the ledger and the documents hold them', async () => {
    // 1.1: one row per Buddhist-era month with its count and amount.
    const byMonth = await sql<{ month: string; n: string; amount: string }>(
      `select (extract(year from donated_on)::int + 543) || '-' || to_char(donated_on, 'MM') as month, count(*)::text as n,
              to_char(sum(amount), 'FM999999999990.00') as amount
       from doc_money_donation where status = 'APPROVED' group by 1 order by 1`,
    );
    expect((await ok(admin, 'report-1-1')).rows.map((r) => r.cells)).toEqual(
      byMonth.map((m) => [m.month, m.n, m.amount]),
    );
    // 3.8: each account's balance, reserved and available.
    const balances = await sql<{ code: string; balance: string }>(
      `select a.code, to_char(b.balance, 'FM999999999990.00') as balance
       from money_balance b join ref_money_account a on a.id = b.account_id order by a.code`,
    );
    const accounts = await ok(admin, 'report-3-8');
    expect(accounts.rows.map((r) => [r.cells[0], r.cells[3]])).toEqual(
      balances.map((b) => [b.code, b.balance]),
    );
    // The chart draws the same figures as the table (3.8: balance per account, largest first).
    expect(accounts.chartSeries[0].values.reduce((a, b) => a + b, 0)).toBeCloseTo(
      balances.reduce((a, b) => a + Number(b.balance), 0),
      2,
    );
  });
});

describe('filters and scope', () => {
  it('narrows by period, objective, organisation subtree, storage and status', async () => {
    const all = await ok(admin, 'report-1-1');
    const older = await ok(admin, 'report-1-1', { objective: 'OLDER_PERSONS' });
    expect(older.rows.map((r) => r.cells)).toEqual([['2569-08', '1', '777.25']]);
    const fy2569 = await ok(admin, 'report-1-1', { fiscalYear: 2569 });
    expect(fy2569.rows.map((r) => r.cells[0])).toEqual(['2569-08']);
    const august = await ok(admin, 'report-1-1', { fromDate: '2026-08-01', toDate: '2026-08-31' });
    expect(august.rowCount).toBe(1);
    expect(all.rowCount).toBeGreaterThan(august.rowCount);
    // The organisation subtree: the province office OPS-P38 holds the officer's unit, and nothing else here.
    const province = await ok(admin, 'report-1-3', { unitCode: 'OPS-P38' });
    expect(province.rows.map((r) => r.cells[0])).toEqual(['OPS-P38-SDW']);
    const [storage] = await sql<{ id: number; value: string }>(
      `select s.id, sum(b.on_hand * b.unit_value)::text as value from ref_storage s join stock_balance b on b.storage_id = s.id
       where b.on_hand > 0 group by s.id order by s.id limit 1`,
    );
    const oneStorage = await ok(admin, 'report-2-1', { storageId: storage.id });
    expect(Number(totalsOf(oneStorage).value)).toBeCloseTo(Number(storage.value), 2);
    // The disbursement added above: delivered, so counted by 3.3 and listed by 3.4 as money.
    expect(
      (await ok(admin, 'report-3-4')).rows.map((r) => [r.cells[0], r.cells[1], r.cells[5]]),
    ).toContainEqual(['MB-TEST-000001', 'เงิน', '1500.75']);
    expect((await ok(admin, 'report-3-3', { status: 'APPROVED' })).rowCount).toBe(0);
    // The proposal added above: awarded, with its certificate, and none of the officer's division.
    expect((await ok(admin, 'report-4-4')).rows.map((r) => [r.cells[0], r.cells[5], r.cells[6]])).toEqual([
      ['RD-TEST-000001', 'CERT-TEST-1', '2026-11-01'],
    ]);
    expect((await ok(admin, 'report-4-3', { status: 'DRAFT' })).rowCount).toBe(0);
    expect((await ok(officer, 'report-4-3')).rowCount).toBe(0);
    const valid = await ok(admin, 'report-1-6', { status: 'VALID' });
    const voided = await ok(admin, 'report-1-6', { status: 'VOIDED' });
    expect(valid.rowCount + voided.rowCount).toBe((await ok(admin, 'report-1-6')).rowCount);
  });

  it('keeps another division’s data out of a division-scoped user’s reports', async () => {
    const finance = await ok(admin, 'report-1-3');
    expect(finance.rows.map((r) => r.cells[0])).toContain('OPS-FIN-ACC');
    for (const key of ['report-1-3', 'report-1-6', 'report-2-1', 'report-3-8', 'view-division-info']) {
      const own = await ok(officer, key);
      const text = JSON.stringify(own.rows);
      expect(text, key).not.toContain('OPS-FIN-ACC');
      expect(text, key).not.toContain('กลุ่มงานการเงินและบัญชี');
      expect(text, key).not.toContain('AC-OPS-ACC');
    }
    const division = await ok(officer, 'view-division-info');
    expect(division.rows.map((r) => r.cells[0])).toEqual(['OPS-P38-SDW']);
    // A unit outside the officer's scope is refused, not silently emptied.
    const outside = await run(officer, 'view-division-info', { unitCode: 'OPS-FIN' });
    expect(outside.error?.extensions).toMatchObject({ code: 'FORBIDDEN', status: 403 });
  });
});

describe('refusals', () => {
  it('answers 403 without the report’s menu code', async () => {
    const none = await run(orgAdmin, 'report-1-1');
    expect(none.error?.extensions).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    const notThisOne = await run(officer, 'report-4-1');
    expect(notThisOne.error?.extensions).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    expect(notThisOne.answer).toBeNull();
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/export/reports/report-4-1?format=csv',
      headers: officer,
    });
    expect(exported.statusCode).toBe(403);
  });

  it('answers bad filters with a 4xx in Thai and English', async () => {
    const cases: [string, Record<string, unknown>, number][] = [
      ['report-1-1', { storageId: 1 }, 400],
      ['report-1-1', { fromDate: '2026-02-30' }, 400],
      ['report-1-1', { fromDate: '2026-09-01', toDate: '2026-08-01' }, 400],
      ['report-1-6', { status: 'LOST' }, 400],
      ['report-1-5', { donorType: 'ROBOT' }, 400],
      ['report-1-4', { objective: 'NOPE' }, 400],
      ['report-1-3', { unitCode: 'NO-SUCH-UNIT' }, 404],
      ['report-1-1', { fiscalYear: 1999 }, 400],
      // The year list ends at the current fiscal year (platform/dates.ts).
      ['report-1-1', { fiscalYear: fiscalYearBE() + 1 }, 400],
      ['report-9-9', {}, 404],
    ];
    for (const [key, filters, status] of cases) {
      const { error } = await run(admin, key, filters);
      const label = `${key} ${JSON.stringify(filters)}`;
      expect(error?.extensions?.status, label).toBe(status);
      const ext = error?.extensions as { messageTh?: string; messageEn?: string } | undefined;
      expect(ext?.messageTh, label).toMatch(/[\u0E00-\u0E7F]/);
      expect(ext?.messageEn, label).toMatch(/^[\x20-\x7E]+$/);
    }
    const big = await t.graphql(REPORT, { key: 'report-1-1', filters: {}, page: 1, pageSize: 10_000 }, admin);
    expect(big.body.errors?.[0]?.extensions).toMatchObject({ status: 400 });
  });
});

describe('export', () => {
  it('streams every report as CSV with the rows of the screen, and as XLSX read back with exceljs', async () => {
    for (const r of reports) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/export/reports/${r.key}?format=csv`,
        headers: admin,
      });
      expect(res.statusCode, r.key).toBe(200);
      const records = res.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter((l) => l !== '');
      expect(records.length - 1, r.key).toBe(adminRows.get(r.key));
    }
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/export/reports/report-1-1?format=csv&objective=OLDER_PERSONS',
      headers: admin,
    });
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toEqual(['เดือน (พ.ศ.),จำนวนรายการ,จำนวนเงิน (บาท)', '2569-08,1,777.25']);
    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/api/export/reports/report-3-8?format=xlsx',
      headers: admin,
    });
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as never);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    const screen = await ok(admin, 'report-3-8');
    expect(rows[0]).toEqual(reportByKey('report-3-8')?.columns.map((c) => c.label.th));
    expect(rows.slice(1).map((r) => [r[0], r[3]])).toEqual(
      screen.rows.map((r) => [r.cells[0], Number(r.cells[3])]),
    );
  });
});

const THAI = /[\u0E00-\u0E7F]/;

describe('languages and row links', () => {
  it('declares every label and fixed value in Thai and in English (all 34 reports)', async () => {
    // The SQL each declaration builds for an English reader: every name goes through q.name (English
    // when recorded, else Thai), every fixed value through q.text or q.values, so no Thai is left in it.
    const reader: Principal = {
      userId: 0,
      sessionId: '',
      kind: 'STAFF',
      username: 'reader',
      groupCode: 'UG-A01',
      menuCodes: new Set(),
      unitId: null,
      unitPath: null,
    };
    const none = { from: null, to: null, unitPath: null, values: {} };
    const english = (l: { th: string; en: string }, what: string) => {
      expect(l.th, what).toMatch(THAI);
      expect(l.en.trim(), what).not.toBe('');
      expect(l.en, what).not.toMatch(THAI);
    };
    expect(reports.length).toBe(34);
    for (const r of reports) {
      english(r.title, `${r.key} title`);
      for (const c of r.columns) english(c.label, `${r.key} column ${c.key}`);
      for (const s of r.statuses ?? []) english(s.label, `${r.key} status ${s.code}`);
      // Both names carried through a feature's subquery (4.5's eligibleDonorsSql) for the outer q.name.
      const carried = /\w+\.name_th, \w+\.name_en\b/g;
      const en = buildReport(reader, r, none, 'en').sql.replace(carried, '');
      const thai = en.match(/.{0,40}[\u0E00-\u0E7F]+.{0,10}/)?.[0];
      expect(thai, `${r.key}: a Thai-only value in its SQL`).toBeUndefined();
      // A Thai name column shown as it is (outside q.name's fallback and a GROUP BY).
      const bare = en
        .replace(/coalesce\(nullif\(\w+\.name_en, ''\), \w+\.name_th\)/g, '')
        .replace(/group by [^\n`]*/g, '')
        .match(/\w+\.name_th\b/)?.[0];
      expect(bare, `${r.key}: a Thai name column`).toBeUndefined();
      expect(buildReport(reader, r, none, 'th').sql.replace(carried, ''), r.key).not.toMatch(/name_en/);
    }
    // Every report in English for the administrator: the same rows as in Thai, English labels and
    // the fixed values (kinds, printed, statuses, not specified) in English.
    for (const r of reports) {
      const answer = await ok(admin, r.key, {}, 'en');
      expect(answer.rowCount, r.key).toBe(adminRows.get(r.key));
    }
    const letters = await ok(admin, 'report-4-6', {}, 'en');
    const at = (key: string) => letters.report.columns.findIndex((c) => c.key === key);
    expect(new Set(letters.rows.map((row) => row.cells[at('kind')]))).toEqual(new Set(['Money', 'Goods']));
    expect(
      letters.rows.every((row) => ['Printed', 'Not printed'].includes(row.cells[at('printed')] ?? '')),
    ).toBe(true);
    const receipts = await ok(admin, 'report-1-6', {}, 'en');
    expect(new Set(receipts.rows.map((row) => row.cells[6]))).toEqual(new Set(['Valid', 'Voided']));
    // The ledgers' codes by name: 2.2's movement and document types (RECEIVE, GOODS_DONATION, ...).
    const card = await ok(admin, 'report-2-2', {}, 'en');
    const coded = card.rows
      .flatMap((row) => [row.cells[5], row.cells[6]])
      .filter((v) => /^[A-Z_]+$/.test(v ?? ''));
    expect(card.rowCount).toBeGreaterThan(0);
    expect(coded).toEqual([]);
    const bad = await run(admin, 'report-1-1', {}, 50, 'fr');
    expect(bad.error?.extensions).toMatchObject({ status: 400 });
    expect((bad.error?.extensions as { messageTh?: string } | undefined)?.messageTh).toMatch(THAI);
    // The English export: English headers and values, and no Thai file name.
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/export/reports/report-4-6?format=csv&lang=en',
      headers: admin,
    });
    expect(csv.statusCode).toBe(200);
    const [header, ...lines] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).not.toMatch(THAI);
    expect(lines.join('\n')).toContain(',Money,');
    expect(lines.join('\n')).not.toMatch(/เงิน|สิ่งของ|พิมพ์แล้ว|ยังไม่พิมพ์/);
    expect(decodeURIComponent(String(csv.headers['content-disposition']))).not.toMatch(THAI);
    expect(reportLanguages).toEqual(['th', 'en']);
  });

  it('links each row of 4.6 to its thanks letter, which the report’s holder opens', async () => {
    const answer = await ok(officer, 'report-4-6');
    const at = (key: string) => answer.report.columns.findIndex((c) => c.key === key);
    expect(answer.report.columns[at('letter_pdf')]?.kind).toBe('link');
    const [money] = await sql<{ id: number }>(
      `select id from doc_money_donation where number = 'MD-TEST-000001'`,
    );
    const row = answer.rows.find((r) => r.cells[at('number')] === 'MD-TEST-000001');
    const path = row?.cells[at('letter_pdf')];
    expect(path).toBe(`/api/thanks-letters/money/${money.id}/pdf`);
    // Every row links to its own letter (money or goods, by its document).
    for (const r of answer.rows)
      expect(r.cells[at('letter_pdf')]).toMatch(/^\/api\/thanks-letters\/(money|goods)\/\d+\/pdf$/);
    // The officer holds report 4.6, not the thanks-letter list (MN-148): the link opens all the same,
    // counts a print, and the report then says so. Without either menu: 403.
    const pdf = await t.app.inject({ method: 'GET', url: path as string, headers: officer });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const again = (await ok(officer, 'report-4-6')).rows.find(
      (r) => r.cells[at('number')] === 'MD-TEST-000001',
    );
    expect([again?.cells[at('printed')], again?.cells[at('print_count')]]).toEqual(['พิมพ์แล้ว', '1']);
    expect((await t.app.inject({ method: 'GET', url: path as string, headers: orgAdmin })).statusCode).toBe(
      403,
    );
    // The export leaves the link out (a path on this server means nothing in a file).
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/export/reports/report-4-6?format=csv',
      headers: officer,
    });
    const header = csv.body.replace(/^\uFEFF/, '').split('\r\n')[0];
    expect(header.split(',')).toHaveLength(answer.report.columns.length - 1);
    expect(header).not.toContain('PDF');
  });
});

// Reports 4.5, 5.1 and 5.2 read the features' own rules (eligibleDonorsSql, eDonationRowsSql): they must
// answer what the royal-decoration and e-Donation screens answer. Last in the file: it adds rows.
describe('one rule with the features', () => {
  beforeAll(async () => {
    await sql(
      `insert into user_group_menu (user_group_code, menu_entry_code)
       select 'UG-A01', code from menu_entry where code in ('MN-107', 'MN-112') on conflict do nothing`,
    );
  });

  interface Eligible {
    donorCode: string;
    totalValue: string;
    donationCount: number;
    classCode: string;
  }
  async function screenEligible(fiscalYear: number): Promise<string[][]> {
    const res = await t.graphql<{ royalDecorationEligibleDonors: { donors: Eligible[] } }>(
      `query ($y: Int) { royalDecorationEligibleDonors(fiscalYear: $y) { donors { donorCode totalValue donationCount classCode } } }`,
      { y: fiscalYear },
      admin,
    );
    expect(res.body.errors).toBeUndefined();
    const names = new Map(
      (await sql<{ code: string; name_th: string }>('select code, name_th from royal_decoration_class')).map(
        (c) => [c.code, c.name_th],
      ),
    );
    return (res.body.data?.royalDecorationEligibleDonors.donors ?? []).map((d) => [
      d.donorCode,
      String(d.donationCount),
      d.totalValue,
      names.get(d.classCode) ?? '?',
    ]);
  }
  const reportEligible = async (fiscalYear: number) =>
    (await ok(admin, 'report-4-5', { fiscalYear })).rows.map((r) => [
      r.cells[0],
      r.cells[3],
      r.cells[4],
      r.cells[5],
    ]);

  it('4.5 lists the royal-decoration screen’s eligible donors: cumulative up to the fiscal year’s end, valued donations only', async () => {
    // A donor without donations reaches the lowest class with one of two fiscal years ago (the rule
    // is cumulative), and gives approved goods valued at nothing (none accepted), which do not count.
    const [donor] = await sql<{ id: number; code: string }>(
      `insert into ref_donator (code, donor_type, name_th, created_at, updated_at)
       values ('DN-TEST-45', 'PERSON', 'นายทดสอบ สะสมยอด', now(), now()) returning id, code`,
    );
    await sql(
      `insert into doc_money_donation (number, fiscal_year, status, version, owner_unit_id, created_by, created_at,
         updated_by, updated_at, donor_id, donated_on, amount, transfer_type, money_account_id, objective, channel,
         receipt_delivery)
       select 'MD-TEST-000002', 2568, 'APPROVED', 1, owner_unit_id, created_by, created_at, created_by, created_at, ?,
         '2025-08-15', (select min(min_value) from royal_decoration_class), transfer_type, money_account_id, objective,
         channel, receipt_delivery
       from doc_money_donation order by id limit 1`,
      [donor.id],
    );
    await sql(
      `with doc as (
         insert into doc_goods_donation (number, fiscal_year, status, version, owner_unit_id, created_by, created_at,
           updated_by, updated_at, donator_id, receiving_unit_id, storage_id, donation_date, objective)
         select 'DT-TEST-000009', fiscal_year, 'APPROVED_2', 1, owner_unit_id, created_by, created_at, created_by, created_at,
           ?, receiving_unit_id, storage_id, '2026-08-20', objective
         from doc_goods_donation order by id limit 1 returning id)
       insert into doc_goods_donation_line (document_id, line_no, resource_id, character, quantity, accepted_quantity,
         rejected_quantity, counting_unit_id, unit_value, price_from, lot)
       select doc.id, 1, l.resource_id, l.character, 3, 0, 3, l.counting_unit_id, 50, l.price_from, 'L-TEST-0'
       from doc, (select * from doc_goods_donation_line order by id limit 1) l`,
      [donor.id],
    );
    const current = Number(fyEnd.slice(0, 4)) + 543;
    for (const year of [current, 2569, 2568]) {
      const screen = await screenEligible(year);
      expect(await reportEligible(year), `fiscal year ${year}`).toEqual(screen);
      // The donor of two years ago is eligible in every year since, counted once: the zero-valued goods do not count.
      expect(screen.find((r) => r[0] === donor.code)?.[1], `fiscal year ${year}`).toBe('1');
    }
    expect((await screenEligible(2567)).map((r) => r[0])).not.toContain(donor.code);
    expect((await reportEligible(2567)).map((r) => r[0])).not.toContain(donor.code);
    // Without a period: this fiscal year, as on the proposal screen.
    expect(
      (await ok(admin, 'report-4-5')).rows.map((r) => [r.cells[0], r.cells[3], r.cells[4], r.cells[5]]),
    ).toEqual(await screenEligible(current));
    // A first day has no meaning for a cumulative list: refused, in Thai and English.
    const from = await run(admin, 'report-4-5', { fromDate: '2026-01-01' });
    expect(from.error?.extensions).toMatchObject({ status: 400, details: { field: 'fromDate' } });
    expect((from.error?.extensions as { messageTh?: string } | undefined)?.messageTh).toMatch(
      /[\u0E00-\u0E7F]/,
    );
    const upTo = await ok(admin, 'report-4-5', { toDate: '2025-08-14' });
    expect(upTo.rows.map((r) => r.cells[0])).not.toContain(donor.code);
  });

  it('5.1 and 5.2 count the e-Donation screen’s rows: keyed, not keyed, overdue and value, for any period and unit', async () => {
    const cases: { filters: Record<string, string>; screen: string }[] = [
      { filters: {}, screen: '' },
      {
        filters: { fromDate: '2026-08-01', toDate: '2026-12-31' },
        screen: 'from: "2026-08-01", to: "2026-12-31"',
      },
      { filters: { unitCode: 'OPS-P38' }, screen: 'unitCode: "OPS-P38"' },
      { filters: { toDate: '2026-07-31' }, screen: 'to: "2026-07-31"' },
    ];
    for (const { filters, screen } of cases) {
      const res = await t.graphql<{
        eDonationRows: {
          totals: {
            count: number;
            keyedCount: number;
            notKeyedCount: number;
            overdueCount: number;
            total: string;
          };
        };
      }>(
        `{ eDonationRows(rows: 1${screen ? `, ${screen}` : ''}) { totals { count keyedCount notKeyedCount overdueCount total } } }`,
        {},
        admin,
      );
      expect(res.body.errors).toBeUndefined();
      const want = res.body.data?.eDonationRows.totals;
      const keying = totalsOf(await ok(admin, 'report-5-1', filters));
      const overdue = await ok(admin, 'report-5-2', filters);
      const label = JSON.stringify(filters);
      expect(
        [keying.donations, keying.keyed, keying.not_keyed, keying.overdue, keying.value.toFixed(2)],
        label,
      ).toEqual([want?.count, want?.keyedCount, want?.notKeyedCount, want?.overdueCount, want?.total]);
      expect(overdue.rowCount, label).toBe(want?.overdueCount);
    }
    // The figures are not all zero: the demo data has e-Donation rows.
    expect(totalsOf(await ok(admin, 'report-5-1')).donations).toBeGreaterThan(0);
  });
});
