import { bangkokToday, beMonth, col, defineReport, type ReportSql } from '../../../kits/reports/report-kit';
import { eDonationRowsSql } from '../../e-donation';

// Reports 5.1 and 5.2 (docs/e-donation.md): the Revenue Department's e-Donation rows, whether each
// is keyed (a mark in force), and the ones not keyed by the 5th of the next month. Which donations
// are rows and their due day are the feature's (`eDonationRowsSql`, e-donation.queries.ts): the
// report reads the same rows as the e-Donation screens, export and pending work.

/** One row per e-Donation donation in the caller's scope, the unit and the period. */
const rows = (q: ReportSql) => `
    select r.id, r.number, case r.kind when 'MONEY' then ${q.text('เงิน', 'Money')} else ${q.text('สิ่งของ', 'Goods')} end as kind,
           r.donated_on, r.due_on, r.unit_id as owner_unit_id, r.value, r.donor_name, r.tax_id, r.mark_id, r.keyed_at, r.overdue
    from (${eDonationRowsSql(bangkokToday, `${q.scope('o.path')} and ${q.unit('o.path')} and ${q.period('e.donated_on')}`)}) r`;

export const keyingStatus = defineReport({
  key: 'report-5-1',
  group: 5,
  filters: ['period', 'unit'],
  columns: [
    col.text('month', 'เดือนที่บริจาค (พ.ศ.)', 'Month donated (BE)'),
    col.integer('donations', 'รายการ', 'Rows'),
    col.integer('keyed', 'บันทึกแล้ว', 'Keyed'),
    col.integer('not_keyed', 'ยังไม่บันทึก', 'Not keyed'),
    col.integer('overdue', 'เกินกำหนด', 'Overdue'),
    col.money('value', 'มูลค่า (บาท)', 'Value (baht)'),
  ],
  totals: ['donations', 'keyed', 'not_keyed', 'overdue', 'value'],
  chart: { kind: 'bar', by: 'month', values: ['keyed', 'not_keyed', 'overdue'], order: 'label' },
  orderBy: 'month',
  sql: (q) => `
    select ${beMonth('x.donated_on')} as month, count(*) as donations, count(x.mark_id) as keyed,
           count(*) - count(x.mark_id) as not_keyed,
           count(*) filter (where x.overdue) as overdue, sum(x.value) as value
    from (${rows(q)}) x
    group by 1`,
});

export const overdueKeying = defineReport({
  key: 'report-5-2',
  group: 5,
  filters: ['period', 'unit'],
  columns: [
    col.text('number', 'เลขที่เอกสาร', 'Document number'),
    col.text('kind', 'ประเภท', 'Kind'),
    col.date('donated_on', 'วันที่บริจาค', 'Donated on'),
    col.date('due_on', 'กำหนดบันทึก', 'Due by'),
    col.integer('days_overdue', 'เกินกำหนด (วัน)', 'Days overdue'),
    col.text('donor', 'ผู้บริจาค', 'Donor'),
    col.text('tax_id', 'เลขประจำตัวผู้เสียภาษี', 'Tax id'),
    col.text('unit', 'หน่วยงาน', 'Unit'),
    col.money('value', 'มูลค่า (บาท)', 'Value (baht)'),
  ],
  totals: ['value'],
  chart: { kind: 'bar', by: 'unit', values: ['value'], order: 'value' },
  orderBy: 'due_on, number',
  sql: (q) => `
    select x.number, x.kind, x.donated_on, x.due_on, ${bangkokToday} - x.due_on as days_overdue, x.donor_name as donor,
           x.tax_id, ${q.name('o')} as unit, x.value
    from (${rows(q)}) x join organisation_unit o on o.id = x.owner_unit_id
    where x.overdue`,
});

export const eDonationReports = [keyingStatus, overdueKeying];
