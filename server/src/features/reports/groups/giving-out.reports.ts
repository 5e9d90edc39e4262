import { commonLists } from '../../../kits/core/common-lists.data';
import { bangkokDate, beMonth, col, defineReport, type ReportSql } from '../../../kits/reports/report-kit';
import { documentTypeNames } from './ledger-labels';

// Reports 3.1..3.8: support requests, disbursements, deliveries, distributions and the money
// accounts (docs/giving-out.md). A disbursement counts from its approval (APPROVED, DELIVERED,
// COMPLETED); its province is its support request's, or else its unit's.

const disbursementStatuses = [
  { code: 'APPROVED', label: { th: 'อนุมัติแล้ว', en: 'Approved' } },
  { code: 'DELIVERED', label: { th: 'ส่งมอบแล้ว', en: 'Delivered' } },
  { code: 'COMPLETED', label: { th: 'เสร็จสิ้น', en: 'Completed' } },
];
const counted = disbursementStatuses.map((s) => s.code);
const notSpecified = (q: ReportSql) => q.text('ไม่ระบุ', 'Not specified');

export const requestsByProvince = defineReport({
  key: 'report-3-1',
  group: 3,
  filters: ['period', 'unit', 'province', 'status'],
  statuses: [
    { code: 'SUBMITTED', label: { th: 'รออนุมัติ', en: 'Submitted' } },
    { code: 'APPROVED', label: { th: 'อนุมัติแล้ว', en: 'Approved' } },
    { code: 'REJECTED', label: { th: 'ไม่อนุมัติ', en: 'Rejected' } },
  ],
  statusDefault: ['SUBMITTED', 'APPROVED', 'REJECTED'],
  columns: [
    col.text('province', 'จังหวัด', 'Province'),
    col.integer('requests', 'จำนวนคำขอ', 'Requests'),
    col.quantity('quantity', 'สิ่งของที่ขอ', 'Goods requested'),
    col.quantity('approved_quantity', 'สิ่งของที่อนุมัติ', 'Goods approved'),
    col.money('amount', 'เงินที่ขอ (บาท)', 'Money requested (baht)'),
    col.money('approved_amount', 'เงินที่อนุมัติ (บาท)', 'Money approved (baht)'),
  ],
  totals: ['requests', 'quantity', 'approved_quantity', 'amount', 'approved_amount'],
  chart: { kind: 'bar', by: 'province', values: ['requests'], order: 'value' },
  orderBy: 'requests desc, province',
  sql: (q) => `
    select ${q.name('p')} as province, count(distinct d.id) as requests, coalesce(sum(l.quantity), 0) as quantity,
           coalesce(sum(l.approved_quantity), 0) as approved_quantity, coalesce(sum(l.amount), 0) as amount,
           coalesce(sum(l.approved_amount), 0) as approved_amount
    from doc_support_request d join organisation_unit o on o.id = d.owner_unit_id
    join geo_province p on p.id = d.province
    left join doc_support_request_line l on l.document_id = d.id
    where ${q.scope('o.path')} and ${q.unit('o.path')} and ${q.period('d.request_date')}
      and ${q.eq('province', 'd.province')} and ${q.eq('status', 'd.status')}
    group by p.id`,
});

/** Resource disbursements with their province, value and quantity, one row each. */
const resourceDisbursements = (q: ReportSql) => `
    select d.*, coalesce(sr.province, o.province_id) as province_id,
           (select coalesce(sum(l.quantity), 0) from doc_resource_disbursement_line l where l.document_id = d.id) as quantity,
           (select coalesce(sum(l.quantity * coalesce(l.unit_value, 0)), 0)
              from doc_resource_disbursement_line l where l.document_id = d.id) as value
    from doc_resource_disbursement d join organisation_unit o on o.id = d.owner_unit_id
    left join doc_support_request sr on sr.id = d.support_request_id
    where ${q.scope('o.path')} and ${q.unit('o.path')} and ${q.eq('status', 'd.status')}`;

export const resourceDisbursementsByProvince = defineReport({
  key: 'report-3-2',
  group: 3,
  filters: ['period', 'unit', 'province', 'status'],
  statuses: disbursementStatuses,
  statusDefault: counted,
  columns: [
    col.text('province', 'จังหวัด', 'Province'),
    col.integer('disbursements', 'จำนวนรายการเบิกจ่าย', 'Disbursements'),
    col.quantity('quantity', 'จำนวนสิ่งของ', 'Quantity'),
    col.money('value', 'มูลค่า (บาท)', 'Value (baht)'),
    col.integer('beneficiaries', 'ผู้ได้รับประโยชน์', 'Beneficiaries'),
  ],
  totals: ['disbursements', 'quantity', 'value', 'beneficiaries'],
  chart: { kind: 'bar', by: 'province', values: ['value'], order: 'value' },
  orderBy: 'value desc, province',
  sql: (q) => `
    select coalesce(${q.name('p')}, ${notSpecified(q)}) as province, count(*) as disbursements, sum(x.quantity) as quantity,
           sum(x.value) as value, coalesce(sum(x.beneficiaries), 0) as beneficiaries
    from (${resourceDisbursements(q)}) x left join geo_province p on p.id = x.province_id
    where ${q.period('x.created_at', { timestamp: true })} and ${q.eq('province', 'x.province_id')}
    group by 1`,
});

const moneyDisbursements = (q: ReportSql) => `
    select d.*, coalesce(sr.province, o.province_id) as province_id
    from doc_money_disbursement d join organisation_unit o on o.id = d.owner_unit_id
    left join doc_support_request sr on sr.id = d.support_request_id
    where ${q.scope('o.path')} and ${q.unit('o.path')} and ${q.eq('status', 'd.status')}`;

export const moneyDisbursementsByProvince = defineReport({
  key: 'report-3-3',
  group: 3,
  filters: ['period', 'unit', 'province', 'status'],
  statuses: disbursementStatuses,
  statusDefault: counted,
  columns: [
    col.text('province', 'จังหวัด', 'Province'),
    col.integer('disbursements', 'จำนวนรายการเบิกจ่าย', 'Disbursements'),
    col.money('amount', 'จำนวนเงิน (บาท)', 'Amount (baht)'),
  ],
  totals: ['disbursements', 'amount'],
  chart: { kind: 'bar', by: 'province', values: ['amount'], order: 'value' },
  orderBy: 'amount desc, province',
  sql: (q) => `
    select coalesce(${q.name('p')}, ${notSpecified(q)}) as province, count(*) as disbursements, sum(x.amount) as amount
    from (${moneyDisbursements(q)}) x left join geo_province p on p.id = x.province_id
    where ${q.period('x.created_at', { timestamp: true })} and ${q.eq('province', 'x.province_id')}
    group by 1`,
});

const deliveredStatuses = [
  { code: 'DELIVERED', label: { th: 'ส่งมอบแล้ว', en: 'Delivered' } },
  { code: 'COMPLETED', label: { th: 'เสร็จสิ้น', en: 'Completed' } },
];

export const deliveries = defineReport({
  key: 'report-3-4',
  group: 3,
  filters: ['period', 'unit', 'province', 'status'],
  statuses: deliveredStatuses,
  statusDefault: ['DELIVERED', 'COMPLETED'],
  columns: [
    col.text('number', 'เลขที่เอกสาร', 'Document number'),
    col.text('kind', 'ประเภท', 'Kind'),
    col.date('delivered_on', 'วันที่ส่งมอบ', 'Delivered on'),
    col.text('recipient', 'ผู้รับ', 'Recipient'),
    col.text('province', 'จังหวัด', 'Province'),
    col.money('value', 'มูลค่า/จำนวนเงิน (บาท)', 'Value or amount (baht)'),
  ],
  totals: ['value'],
  chart: { kind: 'pie', by: 'kind', values: ['value'], order: 'value' },
  orderBy: 'delivered_on, number',
  sql: (q) => `
    select x.number, x.kind, x.delivered_on, x.recipient, coalesce(${q.name('p')}, ${notSpecified(q)}) as province, x.value
    from (select g.number, ${q.text('สิ่งของ', 'Goods')} as kind, g.delivered_on, g.recipient_name as recipient, g.province_id, g.value
          from (${resourceDisbursements(q)}) g
          union all
          select m.number, ${q.text('เงิน', 'Money')}, m.transferred_on, m.recipient_name, m.province_id, m.amount
          from (${moneyDisbursements(q)}) m) x
    left join geo_province p on p.id = x.province_id
    where ${q.period('x.delivered_on')} and ${q.eq('province', 'x.province_id')}`,
});

export const results = defineReport({
  key: 'report-3-5',
  group: 3,
  filters: ['period', 'unit', 'province'],
  columns: [
    col.text('number', 'เลขที่เอกสาร', 'Document number'),
    col.date('result_date', 'วันที่รายงานผล', 'Result date'),
    col.text('month', 'เดือน (พ.ศ.)', 'Month (BE)'),
    col.text('recipient', 'ผู้รับ', 'Recipient'),
    col.text('province', 'จังหวัด', 'Province'),
    col.integer('beneficiaries', 'ผู้ได้รับประโยชน์', 'Beneficiaries'),
    col.money('value', 'มูลค่า (บาท)', 'Value (baht)'),
    col.text('outcome', 'ผลการดำเนินการ', 'Outcome'),
  ],
  totals: ['beneficiaries', 'value'],
  chart: { kind: 'bar', by: 'month', values: ['beneficiaries'], order: 'label' },
  orderBy: 'result_date, number',
  sql: (q) => `
    select x.number, x.result_date, ${beMonth('x.result_date')} as month, x.recipient_name as recipient,
           coalesce(${q.name('p')}, ${notSpecified(q)}) as province, coalesce(x.beneficiaries, 0) as beneficiaries, x.value,
           x.outcome
    from (${resourceDisbursements(q)}) x left join geo_province p on p.id = x.province_id
    where x.status = 'COMPLETED' and x.result_date is not null
      and ${q.period('x.result_date')} and ${q.eq('province', 'x.province_id')}`,
});

export const distributions = defineReport({
  key: 'report-3-6',
  group: 3,
  filters: ['period', 'unit', 'storage', 'resource', 'objective'],
  columns: [
    col.text('number', 'เลขที่เอกสาร', 'Document number'),
    col.date('distribution_date', 'วันที่กระจาย', 'Distributed on'),
    col.text('from_storage', 'จากคลัง', 'From storage'),
    col.text('resource', 'สิ่งของ', 'Resource'),
    col.text('recipient', 'ผู้รับ/คลังปลายทาง', 'Recipient or storage'),
    col.text('receiver_type', 'ประเภทผู้รับ', 'Receiver type'),
    col.quantity('quantity', 'จำนวน', 'Quantity'),
    col.money('value', 'มูลค่า (บาท)', 'Value (baht)'),
  ],
  totals: ['quantity', 'value'],
  chart: { kind: 'bar', by: 'resource', values: ['value'], order: 'value' },
  orderBy: 'distribution_date, number',
  sql: (q) => `
    select d.number, d.distribution_date, ${q.name('s')} as from_storage, ${q.name('r')} as resource,
           coalesce(${q.name('ts')}, l.recipient_name, '-') as recipient, coalesce(rt.name, '-') as receiver_type,
           l.quantity, l.quantity * coalesce(l.unit_value, 0) as value
    from doc_distribution d join doc_distribution_line l on l.document_id = d.id
    join ref_storage s on s.id = d.from_storage_id join organisation_unit o on o.id = s.owner_unit_id
    join ref_resource r on r.id = l.resource_id
    left join ref_storage ts on ts.id = l.to_storage_id
    left join ${q.values(commonLists['receiver-type'])} rt(code, name) on rt.code = l.receiver_type
    where d.status = 'APPROVED' and ${q.scope('o.path')} and ${q.unit('o.path')}
      and ${q.period('d.distribution_date')} and ${q.eq('storage', 'd.from_storage_id')}
      and ${q.eq('resource', 'l.resource_id')} and ${q.eq('objective', 'd.objective')}`,
});

const moneyMovementTypes = [
  { code: 'DONATION_IN', label: { th: 'รับเงินบริจาค', en: 'Donation received' } },
  { code: 'INITIAL', label: { th: 'ยอดยกมา', en: 'Opening balance' } },
  { code: 'DISBURSEMENT_OUT', label: { th: 'เบิกจ่าย', en: 'Disbursement' } },
  { code: 'ADJUST_IN', label: { th: 'ปรับเพิ่ม', en: 'Adjusted up' } },
  { code: 'ADJUST_OUT', label: { th: 'ปรับลด', en: 'Adjusted down' } },
  { code: 'RESERVE', label: { th: 'กันเงิน', en: 'Reserved' } },
  { code: 'RELEASE', label: { th: 'คืนเงินที่กันไว้', en: 'Reservation released' } },
];

export const accountMovements = defineReport({
  key: 'report-3-7',
  group: 3,
  filters: ['period', 'unit', 'account'],
  columns: [
    col.integer('movement', 'ลำดับรายการ', 'Movement'),
    col.date('day', 'วันที่', 'Date'),
    col.text('account', 'บัญชี', 'Account'),
    col.text('movement_type', 'ประเภทรายการ', 'Movement type'),
    col.text('document_type', 'เอกสาร', 'Document'),
    col.money('money_in', 'รับ (บาท)', 'In (baht)'),
    col.money('money_out', 'จ่าย (บาท)', 'Out (baht)'),
    col.money('balance', 'คงเหลือ (บาท)', 'Balance (baht)'),
  ],
  totals: ['money_in', 'money_out'],
  chart: { kind: 'line', by: 'day', values: ['money_in', 'money_out'], order: 'label' },
  orderBy: 'account, movement',
  sql: (q) => `
    select m.id as movement, ${bangkokDate('m.created_at')} as day, a.code || ' ' || ${q.name('a')} as account,
           coalesce(t.name, m.movement_type) as movement_type, coalesce(dt.name, m.document_type) as document_type,
           greatest(m.amount, 0) as money_in, greatest(-m.amount, 0) as money_out, m.balance
    from (select mv.*, sum(mv.amount) over (partition by mv.account_id order by mv.id) as balance
          from money_movement mv where ${q.eq('account', 'mv.account_id')}) m
    join ref_money_account a on a.id = m.account_id join organisation_unit o on o.id = a.owner_unit_id
    left join ${q.values(moneyMovementTypes)} t(code, name) on t.code = m.movement_type
    left join ${q.values(documentTypeNames())} dt(code, name) on dt.code = m.document_type
    where m.amount <> 0 and ${q.scope('o.path')} and ${q.unit('o.path')}
      and ${q.period('m.created_at', { timestamp: true })}`,
});

export const accountBalances = defineReport({
  key: 'report-3-8',
  group: 3,
  filters: ['unit', 'account'],
  columns: [
    col.text('account_code', 'รหัสบัญชี', 'Account code'),
    col.text('account', 'บัญชี', 'Account'),
    col.text('unit', 'หน่วยงาน', 'Unit'),
    col.money('balance', 'ยอดคงเหลือ (บาท)', 'Balance (baht)'),
    col.money('reserved', 'กันไว้ (บาท)', 'Reserved (baht)'),
    col.money('available', 'ใช้ได้ (บาท)', 'Available (baht)'),
  ],
  totals: ['balance', 'reserved', 'available'],
  chart: { kind: 'bar', by: 'account', values: ['balance'], order: 'value' },
  orderBy: 'account_code',
  sql: (q) => `
    select a.code as account_code, ${q.name('a')} as account, ${q.name('o')} as unit, b.balance, b.reserved,
           b.balance - b.reserved as available
    from money_balance b join ref_money_account a on a.id = b.account_id
    join organisation_unit o on o.id = a.owner_unit_id
    where ${q.scope('o.path')} and ${q.unit('o.path')} and ${q.eq('account', 'b.account_id')}`,
});

export const givingOutReports = [
  requestsByProvince,
  resourceDisbursementsByProvince,
  moneyDisbursementsByProvince,
  deliveries,
  results,
  distributions,
  accountMovements,
  accountBalances,
];
