import { commonLists } from '../../../kits/core/common-lists.data';
import { col, defineReport } from '../../../kits/reports/report-kit';
import { donationRows } from './donations.reports';

// Reports 4.1 and 4.2: donors. The donor register is reference data every staff member reads; the
// figures beside each donor count only the donations within the caller's data scope.

const donorTypes = commonLists['donor-type'];

export const donorRanking = defineReport({
  key: 'report-4-1',
  group: 4,
  filters: ['period', 'unit', 'donorType'],
  columns: [
    col.integer('rank', 'อันดับ', 'Rank'),
    col.text('donor_code', 'รหัสผู้บริจาค', 'Donor code'),
    col.text('donor', 'ผู้บริจาค', 'Donor'),
    col.text('donor_type', 'ประเภทผู้บริจาค', 'Donor type'),
    col.integer('donations', 'จำนวนครั้ง', 'Donations'),
    col.money('money_amount', 'เงิน (บาท)', 'Money (baht)'),
    col.money('goods_value', 'สิ่งของ (บาท)', 'Goods (baht)'),
    col.money('total', 'รวม (บาท)', 'Total (baht)'),
  ],
  totals: ['donations', 'money_amount', 'goods_value', 'total'],
  chart: { kind: 'bar', by: 'donor', values: ['total'], order: 'value' },
  orderBy: 'rank, donor_code',
  sql: (q) => `
    select rank() over (order by sum(x.money + x.goods) desc) as rank, dn.code as donor_code, ${q.name('dn')} as donor,
           dt.name as donor_type, count(*) as donations, sum(x.money) as money_amount, sum(x.goods) as goods_value,
           sum(x.money + x.goods) as total
    from (${donationRows(q)}) x join ref_donator dn on dn.id = x.donor_id
    join ${q.values(donorTypes)} dt(code, name) on dt.code = dn.donor_type
    where ${q.eq('donorType', 'dn.donor_type')}
    group by dn.id, dt.name`,
});

export const donorRegister = defineReport({
  key: 'report-4-2',
  group: 4,
  filters: ['period', 'unit', 'donorType'],
  columns: [
    col.text('donor_code', 'รหัสผู้บริจาค', 'Donor code'),
    col.text('donor', 'ผู้บริจาค', 'Donor'),
    col.text('donor_type', 'ประเภทผู้บริจาค', 'Donor type'),
    col.text('tax_id', 'เลขประจำตัวผู้เสียภาษี', 'Tax id'),
    col.text('phone', 'โทรศัพท์', 'Phone'),
    col.text('email', 'อีเมล', 'E-mail'),
    col.integer('donations', 'จำนวนครั้งที่บริจาค', 'Donations'),
    col.money('total', 'มูลค่ารวม (บาท)', 'Total (baht)'),
    col.date('last_donation', 'บริจาคล่าสุด', 'Last donation'),
  ],
  totals: ['donations', 'total'],
  chart: { kind: 'pie', by: 'donor_type', values: ['total'], order: 'value' },
  orderBy: 'donor_code',
  sql: (q) => `
    select dn.code as donor_code, ${q.name('dn')} as donor, dt.name as donor_type, dn.tax_id, dn.phone, dn.email,
           count(x.donor_id) as donations, coalesce(sum(x.money + x.goods), 0) as total, max(x.day) as last_donation
    from ref_donator dn join ${q.values(donorTypes)} dt(code, name) on dt.code = dn.donor_type
    left join (${donationRows(q)}) x on x.donor_id = dn.id
    where ${q.eq('donorType', 'dn.donor_type')}
    group by dn.id, dt.name`,
});

export const donorReports = [donorRanking, donorRegister];
