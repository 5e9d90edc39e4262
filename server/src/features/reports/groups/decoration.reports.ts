import { commonLists } from '../../../kits/core/common-lists.data';
import { bangkokDate, col, defineReport, type ReportSql } from '../../../kits/reports/report-kit';
import { goodsValueOf } from '../../donation-history';
import { eligibleDonorsSql } from '../../royal-decoration';
import { thanksLetterPdfPathSql } from '../../thanks-letters';

// Reports 4.3..4.6 (docs/royal-decoration.md on branch decor13): royal decoration proposals and
// their results, donors eligible for a proposal, and the thanks letters of approved donations.

const donorTypes = commonLists['donor-type'];
const proposalStatuses = [
  { code: 'DRAFT', label: { th: 'ร่าง', en: 'Draft' } },
  { code: 'PROPOSED', label: { th: 'เสนอขอแล้ว', en: 'Proposed' } },
  { code: 'AWARDED', label: { th: 'ได้รับพระราชทาน', en: 'Awarded' } },
  { code: 'NOT_AWARDED', label: { th: 'ไม่ได้รับพระราชทาน', en: 'Not awarded' } },
  { code: 'CANCELLED', label: { th: 'ยกเลิก', en: 'Cancelled' } },
];

const proposals = (q: ReportSql) => `
    from doc_royal_decoration r join organisation_unit o on o.id = r.owner_unit_id
    join organisation_unit u on u.id = r.unit_id
    join ref_donator dn on dn.id = r.donor_id
    left join royal_decoration_class c on c.code = r.requested_class
    join ${q.values(proposalStatuses)} st(code, name) on st.code = r.status
    where ${q.scope('o.path')} and ${q.unit('o.path')} and ${q.eq('donorType', 'dn.donor_type')}`;

export const decorationProposals = defineReport({
  key: 'report-4-3',
  group: 4,
  filters: ['period', 'unit', 'donorType', 'status'],
  statuses: proposalStatuses,
  statusDefault: ['DRAFT', 'PROPOSED', 'AWARDED', 'NOT_AWARDED'],
  columns: [
    col.text('number', 'เลขที่เอกสาร', 'Document number'),
    col.integer('proposal_year', 'ปีที่เสนอ (พ.ศ.)', 'Proposal year (BE)'),
    col.text('donor', 'ผู้บริจาค', 'Donor'),
    col.text('unit', 'หน่วยงานที่เสนอ', 'Proposing unit'),
    col.text('requested_class', 'ชั้นที่ขอ', 'Class requested'),
    col.money('total_value', 'มูลค่าที่นับ (บาท)', 'Value counted (baht)'),
    col.text('status', 'สถานะ', 'Status'),
  ],
  totals: ['total_value'],
  chart: { kind: 'bar', by: 'requested_class', values: ['total_value'], order: 'value' },
  orderBy: 'proposal_year, number',
  sql: (q) => `
    select r.number, r.proposal_year, ${q.name('dn')} as donor, ${q.name('u')} as unit,
           coalesce(${q.name('c')}, '-') as requested_class,
           coalesce(r.total_value, 0) as total_value, st.name as status
    ${proposals(q)} and ${q.period('r.created_at', { timestamp: true })} and ${q.eq('status', 'r.status')}`,
});

export const decorationAwards = defineReport({
  key: 'report-4-4',
  group: 4,
  filters: ['period', 'unit', 'donorType', 'status'],
  statuses: proposalStatuses.filter((s) => s.code === 'AWARDED' || s.code === 'NOT_AWARDED'),
  statusDefault: ['AWARDED', 'NOT_AWARDED'],
  columns: [
    col.text('number', 'เลขที่เอกสาร', 'Document number'),
    col.integer('proposal_year', 'ปีที่เสนอ (พ.ศ.)', 'Proposal year (BE)'),
    col.text('donor', 'ผู้บริจาค', 'Donor'),
    col.text('requested_class', 'ชั้น', 'Class'),
    col.text('result', 'ผล', 'Result'),
    col.text('certificate_number', 'เลขที่ประกาศนียบัตร', 'Certificate number'),
    col.date('decided_on', 'วันที่', 'Date'),
    col.integer('proposals', 'จำนวนราย', 'Proposals'),
    col.money('total_value', 'มูลค่าที่นับ (บาท)', 'Value counted (baht)'),
  ],
  totals: ['proposals', 'total_value'],
  chart: { kind: 'pie', by: 'result', values: ['proposals'], order: 'value' },
  orderBy: 'decided_on, number',
  // The date is the certificate's when awarded, else the day the result was recorded.
  sql: (q) => `
    select r.number, r.proposal_year, ${q.name('dn')} as donor, coalesce(${q.name('c')}, '-') as requested_class,
           st.name as result,
           r.certificate_number, coalesce(r.certificate_date, ${bangkokDate('r.updated_at')}) as decided_on,
           1 as proposals, coalesce(r.total_value, 0) as total_value
    ${proposals(q)} and ${q.eq('status', 'r.status')}
      and ${q.period(`coalesce(r.certificate_date, ${bangkokDate('r.updated_at')})`)}`,
});

export const eligibleDonors = defineReport({
  key: 'report-4-5',
  group: 4,
  filters: ['period', 'unit', 'donorType'],
  columns: [
    col.text('donor_code', 'รหัสผู้บริจาค', 'Donor code'),
    col.text('donor', 'ผู้บริจาค', 'Donor'),
    col.text('donor_type', 'ประเภทผู้บริจาค', 'Donor type'),
    col.integer('donations', 'จำนวนครั้ง', 'Donations'),
    col.money('total', 'มูลค่าสะสม (บาท)', 'Cumulative value (baht)'),
    col.text('class', 'ชั้นที่ถึงเกณฑ์', 'Class reached'),
  ],
  totals: ['donations', 'total'],
  chart: { kind: 'bar', by: 'donor', values: ['total'], order: 'value' },
  orderBy: 'total desc, donor_code',
  // The royal-decoration feature's rule (eligibleDonorsSql, docs/royal-decoration.md): the cumulative
  // value of the approved donations not yet counted in a live proposal, dated up to the period's last
  // day (by default the end of this fiscal year, as on the proposal screen), reaches the lowest class.
  periodDefault: 'fiscalYear',
  periodKind: 'asOf',
  sql: (q) => `
    select e.code as donor_code, ${q.name('e')} as donor, dt.name as donor_type, e.donation_count as donations,
           e.total, ${q.name('c')} as class
    from (${eligibleDonorsSql(
      `${q.scope('o.path')} and ${q.unit('o.path')} and ${q.period('a.donated_on')}
       and ${q.eq('donorType', 'd.donor_type')}`,
    )}) e
    join ${q.values(donorTypes)} dt(code, name) on dt.code = e.donor_type
    join royal_decoration_class c on c.code = e.class_code`,
});

export const thanksLetters = defineReport({
  key: 'report-4-6',
  group: 4,
  filters: ['period', 'unit', 'donorType'],
  columns: [
    col.text('number', 'เลขที่เอกสาร', 'Document number'),
    col.text('kind', 'ประเภท', 'Kind'),
    col.date('donated_on', 'วันที่บริจาค', 'Donated on'),
    col.text('donor', 'ผู้บริจาค', 'Donor'),
    col.text('unit', 'หน่วยงาน', 'Unit'),
    col.money('value', 'มูลค่า (บาท)', 'Value (baht)'),
    col.text('printed', 'หนังสือขอบคุณ', 'Thanks letter'),
    col.integer('print_count', 'พิมพ์แล้ว (ครั้ง)', 'Times printed'),
    col.integer('letters', 'จำนวนหนังสือ', 'Letters'),
    col.link('letter_pdf', 'หนังสือขอบคุณ (PDF)', 'Thanks letter (PDF)'),
  ],
  totals: ['value', 'print_count', 'letters'],
  chart: { kind: 'pie', by: 'printed', values: ['letters'], order: 'value' },
  orderBy: 'donated_on, number',
  sql: (q) => `
    select x.number, x.kind, x.donated_on,
           case when dn.donor_type = 'ANONYMOUS' then ${q.text('ผู้ไม่ประสงค์ออกนาม', 'Anonymous donor')} else ${q.name('dn')} end
             as donor,
           ${q.name('o')} as unit, x.value,
           case when t.print_count > 0 then ${q.text('พิมพ์แล้ว', 'Printed')} else ${q.text('ยังไม่พิมพ์', 'Not printed')} end
             as printed,
           coalesce(t.print_count, 0) as print_count, 1 as letters,
           ${thanksLetterPdfPathSql('x.document_type', 'x.id')} as letter_pdf
    from (select 'MONEY_DONATION' as document_type, d.id, d.number, ${q.text('เงิน', 'Money')} as kind, d.donated_on,
                 d.donor_id, d.owner_unit_id, d.amount as value
          from doc_money_donation d where d.status = 'APPROVED'
          union all
          select 'GOODS_DONATION', d.id, d.number, ${q.text('สิ่งของ', 'Goods')}, d.donation_date, d.donator_id, d.owner_unit_id,
                 ${goodsValueOf('d')}
          from doc_goods_donation d where d.status = 'APPROVED_2') x
    join organisation_unit o on o.id = x.owner_unit_id
    join ref_donator dn on dn.id = x.donor_id
    left join thanks_letter_print t on t.document_type = x.document_type and t.document_id = x.id
    where ${q.scope('o.path')} and ${q.unit('o.path')} and ${q.period('x.donated_on')}
      and ${q.eq('donorType', 'dn.donor_type')}`,
});

export const decorationReports = [decorationProposals, decorationAwards, eligibleDonors, thanksLetters];
