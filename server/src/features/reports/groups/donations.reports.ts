import { commonLists } from '../../../kits/core/common-lists.data';
import { bangkokDate, beMonth, col, defineReport, type ReportSql } from '../../../kits/reports/report-kit';
import { goodsValueOf } from '../../donation-history';

// Reports 1.1..1.8: donations received. A money donation counts once APPROVED (its receipt is
// issued); a goods donation once APPROVED_2 (in stock), at its accepted quantity times its unit value.

// Quantities accepted: an APPROVED_2 donation is screened, so its lines carry accepted quantities.
const goodsQuantity = 'coalesce(l.accepted_quantity, 0)';
const objectives = commonLists['objective/event'];
const donorTypes = commonLists['donor-type'];
const screenStatuses = commonLists['screen-status'];

export const moneyByPeriod = defineReport({
  key: 'report-1-1',
  group: 1,
  filters: ['period', 'unit', 'objective', 'account'],
  columns: [
    col.text('month', 'เดือน (พ.ศ.)', 'Month (BE)'),
    col.integer('donations', 'จำนวนรายการ', 'Donations'),
    col.money('amount', 'จำนวนเงิน (บาท)', 'Amount (baht)'),
  ],
  totals: ['donations', 'amount'],
  chart: { kind: 'line', by: 'month', values: ['amount'], order: 'label' },
  orderBy: 'month',
  sql: (q) => `
    select ${beMonth('d.donated_on')} as month, count(*) as donations, sum(d.amount) as amount
    from doc_money_donation d join organisation_unit o on o.id = d.owner_unit_id
    where d.status = 'APPROVED' and ${q.scope('o.path')} and ${q.period('d.donated_on')}
      and ${q.unit('o.path')} and ${q.eq('objective', 'd.objective')} and ${q.eq('account', 'd.money_account_id')}
    group by 1`,
});

export const goodsByPeriod = defineReport({
  key: 'report-1-2',
  group: 1,
  filters: ['period', 'unit', 'objective', 'storage'],
  columns: [
    col.text('month', 'เดือน (พ.ศ.)', 'Month (BE)'),
    col.integer('donations', 'จำนวนรายการ', 'Donations'),
    col.quantity('quantity', 'จำนวนสิ่งของที่รับ', 'Quantity accepted'),
    col.money('value', 'มูลค่า (บาท)', 'Value (baht)'),
  ],
  totals: ['donations', 'quantity', 'value'],
  chart: { kind: 'bar', by: 'month', values: ['value'], order: 'label' },
  orderBy: 'month',
  sql: (q) => `
    select ${beMonth('d.donation_date')} as month, count(*) as donations,
           sum(qty.quantity) as quantity, sum(${goodsValueOf('d')}) as value
    from doc_goods_donation d join organisation_unit o on o.id = d.owner_unit_id
    cross join lateral (select coalesce(sum(${goodsQuantity}), 0) as quantity
                          from doc_goods_donation_line l where l.document_id = d.id) qty
    where d.status = 'APPROVED_2' and ${q.scope('o.path')} and ${q.period('d.donation_date')}
      and ${q.unit('o.path')} and ${q.eq('objective', 'd.objective')} and ${q.eq('storage', 'd.storage_id')}
    group by 1`,
});

/** Approved money and goods donations per owner unit (one row per donation), for 1.3..1.5 and 4.x. */
export const donationRows = (q: ReportSql) => `
    select d.owner_unit_id as unit_id, d.donor_id as donor_id, d.objective, d.donated_on as day,
           'MONEY' as kind, d.amount as money, 0::numeric as goods
    from doc_money_donation d join organisation_unit o on o.id = d.owner_unit_id
    where d.status = 'APPROVED' and ${q.scope('o.path')} and ${q.period('d.donated_on')} and ${q.unit('o.path')}
    union all
    select d.owner_unit_id, d.donator_id, d.objective, d.donation_date, 'GOODS', 0::numeric,
           ${goodsValueOf('d')}
    from doc_goods_donation d join organisation_unit o on o.id = d.owner_unit_id
    where d.status = 'APPROVED_2' and ${q.scope('o.path')} and ${q.period('d.donation_date')} and ${q.unit('o.path')}`;

const byColumns = [
  col.integer('money_count', 'เงิน: จำนวนรายการ', 'Money: donations'),
  col.money('money_amount', 'เงิน: จำนวนเงิน (บาท)', 'Money: amount (baht)'),
  col.integer('goods_count', 'สิ่งของ: จำนวนรายการ', 'Goods: donations'),
  col.money('goods_value', 'สิ่งของ: มูลค่า (บาท)', 'Goods: value (baht)'),
  col.money('total', 'รวมมูลค่า (บาท)', 'Total (baht)'),
];
const bySums = `count(*) filter (where x.kind = 'MONEY') as money_count, sum(x.money) as money_amount,
           count(*) filter (where x.kind = 'GOODS') as goods_count, sum(x.goods) as goods_value,
           sum(x.money + x.goods) as total`;
const byTotals = ['money_count', 'money_amount', 'goods_count', 'goods_value', 'total'];

export const donationsByUnit = defineReport({
  key: 'report-1-3',
  group: 1,
  filters: ['period', 'unit'],
  columns: [
    col.text('unit_code', 'รหัสหน่วยงาน', 'Unit code'),
    col.text('unit', 'หน่วยงาน', 'Unit'),
    ...byColumns,
  ],
  totals: byTotals,
  chart: { kind: 'bar', by: 'unit', values: ['money_amount', 'goods_value'], order: 'value' },
  orderBy: 'total desc, unit_code',
  sql: (q) => `
    select o.code as unit_code, ${q.name('o')} as unit, ${bySums}
    from (${donationRows(q)}) x join organisation_unit o on o.id = x.unit_id
    group by o.id`,
});

export const donationsByObjective = defineReport({
  key: 'report-1-4',
  group: 1,
  filters: ['period', 'unit', 'objective'],
  columns: [col.text('objective', 'วัตถุประสงค์/กิจกรรม', 'Objective or event'), ...byColumns],
  totals: byTotals,
  chart: { kind: 'pie', by: 'objective', values: ['total'], order: 'value' },
  orderBy: 'total desc, objective',
  sql: (q) => `
    select coalesce(ob.name, ${q.text('ไม่ระบุ', 'Not specified')}) as objective, ${bySums}
    from (${donationRows(q)}) x left join ${q.values(objectives)} ob(code, name) on ob.code = x.objective
    where ${q.eq('objective', 'x.objective')}
    group by 1`,
});

export const donationsByDonorType = defineReport({
  key: 'report-1-5',
  group: 1,
  filters: ['period', 'unit', 'donorType'],
  columns: [
    col.text('donor_type', 'ประเภทผู้บริจาค', 'Donor type'),
    col.integer('donors', 'จำนวนผู้บริจาค', 'Donors'),
    ...byColumns,
  ],
  totals: ['donors', ...byTotals],
  chart: { kind: 'pie', by: 'donor_type', values: ['total'], order: 'value' },
  orderBy: 'total desc, donor_type',
  sql: (q) => `
    select dt.name as donor_type, count(distinct x.donor_id) as donors, ${bySums}
    from (${donationRows(q)}) x join ref_donator dn on dn.id = x.donor_id
    join ${q.values(donorTypes)} dt(code, name) on dt.code = dn.donor_type
    where ${q.eq('donorType', 'dn.donor_type')}
    group by 1`,
});

const receiptKind = (q: ReportSql) =>
  `case r.kind when 'MONEY' then ${q.text('เงิน', 'Money')} else ${q.text('สิ่งของ', 'Goods')} end`;
const receiptState = `case when r.voided_at is null then 'VALID' else 'VOIDED' end`;
const receiptStates = [
  { code: 'VALID', label: { th: 'ใช้งาน', en: 'Valid' } },
  { code: 'VOIDED', label: { th: 'ยกเลิกแล้ว', en: 'Voided' } },
];

export const receiptRegister = defineReport({
  key: 'report-1-6',
  group: 1,
  filters: ['period', 'unit', 'status'],
  statuses: receiptStates,
  columns: [
    col.text('number', 'เลขที่ใบเสร็จ', 'Receipt number'),
    col.date('issued_on', 'วันที่ออก', 'Issued on'),
    col.text('kind', 'ประเภท', 'Kind'),
    col.text('donor', 'ผู้บริจาค', 'Donor'),
    col.text('unit', 'หน่วยงานที่ออก', 'Issuing unit'),
    col.money('amount', 'จำนวนเงิน/มูลค่า (บาท)', 'Amount or value (baht)'),
    col.text('state', 'สถานะ', 'Status'),
  ],
  totals: ['amount'],
  chart: { kind: 'pie', by: 'kind', values: ['amount'], order: 'value' },
  orderBy: 'issued_on, number',
  sql: (q) => `
    select r.number, r.issued_on, ${receiptKind(q)} as kind, r.donor_name as donor, ${q.name('o')} as unit, r.amount,
           st.name as state
    from donation_receipt r join organisation_unit o on o.id = r.issuer_unit_id
    join ${q.values(receiptStates)} st(code, name) on st.code = ${receiptState}
    where ${q.scope('o.path')} and ${q.period('r.issued_on')} and ${q.unit('o.path')}
      and ${q.eq('status', receiptState)}`,
});

export const voidedReceipts = defineReport({
  key: 'report-1-7',
  group: 1,
  filters: ['period', 'unit'],
  columns: [
    col.text('number', 'เลขที่ใบเสร็จ', 'Receipt number'),
    col.date('issued_on', 'วันที่ออก', 'Issued on'),
    col.date('voided_on', 'วันที่ยกเลิก', 'Voided on'),
    col.text('month', 'เดือนที่ยกเลิก (พ.ศ.)', 'Month voided (BE)'),
    col.text('kind', 'ประเภท', 'Kind'),
    col.text('donor', 'ผู้บริจาค', 'Donor'),
    col.money('amount', 'จำนวนเงิน/มูลค่า (บาท)', 'Amount or value (baht)'),
    col.text('reason', 'เหตุผล', 'Reason'),
  ],
  totals: ['amount'],
  chart: { kind: 'bar', by: 'month', values: ['amount'], order: 'label' },
  orderBy: 'voided_on, number',
  sql: (q) => `
    select r.number, r.issued_on, ${bangkokDate('r.voided_at')} as voided_on,
           ${beMonth(bangkokDate('r.voided_at'))} as month, ${receiptKind(q)} as kind, r.donor_name as donor,
           r.amount, r.void_reason as reason
    from donation_receipt r join organisation_unit o on o.id = r.issuer_unit_id
    where r.voided_at is not null and ${q.scope('o.path')} and ${q.period('r.voided_at', { timestamp: true })}
      and ${q.unit('o.path')}`,
});

export const screeningResults = defineReport({
  key: 'report-1-8',
  group: 1,
  filters: ['period', 'unit', 'resource', 'status'],
  statuses: screenStatuses
    .filter((s) => s.group === 'RESULT')
    .map((s) => ({ code: s.code, label: { th: s.nameTh, en: s.nameEn } })),
  columns: [
    col.text('number', 'เลขที่เอกสาร', 'Document number'),
    col.date('donation_date', 'วันที่รับบริจาค', 'Donation date'),
    col.text('resource', 'สิ่งของ', 'Resource'),
    col.quantity('quantity', 'จำนวนที่บริจาค', 'Quantity donated'),
    col.quantity('accepted', 'รับ', 'Accepted'),
    col.quantity('rejected', 'ไม่รับ', 'Rejected'),
    col.text('result', 'ผลการคัดกรอง', 'Result'),
    col.text('classification', 'การจัดกลุ่ม', 'Classification'),
  ],
  totals: ['quantity', 'accepted', 'rejected'],
  chart: { kind: 'pie', by: 'result', values: ['quantity'], order: 'value' },
  orderBy: 'donation_date, number',
  sql: (q) => `
    select d.number, d.donation_date, ${q.name('r')} as resource, l.quantity,
           coalesce(l.accepted_quantity, 0) as accepted, coalesce(l.rejected_quantity, 0) as rejected,
           ss.name as result, coalesce(cl.name, '-') as classification
    from doc_goods_donation d join organisation_unit o on o.id = d.owner_unit_id
    join doc_goods_donation_line l on l.document_id = d.id
    join ref_resource r on r.id = l.resource_id
    join ${q.values(screenStatuses)} ss(code, name) on ss.code = l.screen_status
    left join ${q.values(screenStatuses)} cl(code, name) on cl.code = l.classification
    where d.status <> 'CANCELLED' and ${q.scope('o.path')} and ${q.period('d.donation_date')}
      and ${q.unit('o.path')} and ${q.eq('resource', 'l.resource_id')} and ${q.eq('status', 'l.screen_status')}`,
});

export const donationReports = [
  moneyByPeriod,
  goodsByPeriod,
  donationsByUnit,
  donationsByObjective,
  donationsByDonorType,
  receiptRegister,
  voidedReceipts,
  screeningResults,
];
