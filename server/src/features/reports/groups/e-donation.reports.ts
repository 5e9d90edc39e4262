import { goodsValueOf } from '../../donation-history/donation-values';
import { bangkokToday, beMonth, col, defineReport, type ReportSql } from '../report-kit';

// Reports 5.1 and 5.2 (docs/e-donation.md on branch edon13): the Revenue Department's e-Donation
// rows (approved money donations and valued goods donations whose receipt, not void, names a tax
// id), whether each is keyed (a mark in force), and the ones not keyed by the 5th of the next month.

/** One row per e-Donation donation, with its mark in force and its due day. */
const rows = (q: ReportSql) => `
    select e.*, k.id as mark_id, k.keyed_at,
           (date_trunc('month', e.donated_on) + interval '1 month' + interval '4 days')::date as due_on
    from (select 'MONEY_DONATION' as document_type, ${q.text('เงิน', 'Money')} as kind, m.id, m.number, m.donated_on, m.owner_unit_id,
                 m.amount as value, r.donor_name, coalesce(r.donor_tax_id, dn.tax_id) as tax_id
          from doc_money_donation m
          join donation_receipt r on r.document_type = 'MONEY_DONATION' and r.document_id = m.id and r.voided_at is null
          join ref_donator dn on dn.id = m.donor_id
          where m.status = 'APPROVED'
          union all
          select 'GOODS_DONATION', ${q.text('สิ่งของ', 'Goods')}, g.id, g.number, g.donation_date, g.owner_unit_id,
                 ${goodsValueOf('g')},
                 r.donor_name, coalesce(r.donor_tax_id, dn.tax_id)
          from doc_goods_donation g
          join donation_receipt r on r.document_type = 'GOODS_DONATION' and r.document_id = g.id and r.voided_at is null
          join ref_donator dn on dn.id = g.donator_id
          where g.status = 'APPROVED_2') e
    join organisation_unit o on o.id = e.owner_unit_id
    left join e_donation_mark k on k.document_type = e.document_type and k.document_id = e.id and k.unmarked_at is null
    where e.tax_id is not null and e.value > 0 and ${q.scope('o.path')} and ${q.unit('o.path')}
      and ${q.period('e.donated_on')}`;

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
           count(*) filter (where x.mark_id is null and ${bangkokToday} > x.due_on) as overdue, sum(x.value) as value
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
    where x.mark_id is null and ${bangkokToday} > x.due_on`,
});

export const eDonationReports = [keyingStatus, overdueKeying];
