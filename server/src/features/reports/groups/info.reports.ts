import { col, defineReport, type ReportSql } from '../../../kits/reports/report-kit';
import { goodsValueOf } from '../../donation-history';

// MN-146 and MN-147: the division and province information screens, read-only, built as reports of
// the kit: one row per unit (of the division chosen, or of the caller's scope) or per province, with
// this fiscal year's figures unless another period is chosen.

const disbursed = ['APPROVED', 'DELIVERED', 'COMPLETED'].map((s) => `'${s}'`).join(', ');

/** The fiscal figures per owner unit within the scope, unit subtree and period. */
const figuresByUnit = (q: ReportSql) => `
    select o.id as unit_id, o.province_id,
      coalesce((select sum(d.amount) from doc_money_donation d
                where d.owner_unit_id = o.id and d.status = 'APPROVED' and ${q.period('d.donated_on')}), 0) as money_in,
      coalesce((select sum(${goodsValueOf('d')}) from doc_goods_donation d
                where d.owner_unit_id = o.id and d.status = 'APPROVED_2' and ${q.period('d.donation_date')}), 0) as goods_in,
      coalesce((select sum(d.amount) from doc_money_disbursement d
                where d.owner_unit_id = o.id and d.status in (${disbursed})
                  and ${q.period('d.created_at', { timestamp: true })}), 0) as money_out,
      coalesce((select sum(l.quantity * coalesce(l.unit_value, 0))
                from doc_resource_disbursement d join doc_resource_disbursement_line l on l.document_id = d.id
                where d.owner_unit_id = o.id and d.status in (${disbursed})
                  and ${q.period('d.created_at', { timestamp: true })}), 0) as goods_out
    from organisation_unit o
    where ${q.scope('o.path')} and ${q.unit('o.path')}`;

export const divisionInfo = defineReport({
  key: 'view-division-info',
  group: 0,
  filters: ['period', 'unit'],
  periodDefault: 'fiscalYear',
  columns: [
    col.text('unit_code', 'รหัสหน่วยงาน', 'Unit code'),
    col.text('unit', 'หน่วยงาน', 'Unit'),
    col.text('province', 'จังหวัด', 'Province'),
    col.integer('storages', 'คลัง', 'Storages'),
    col.integer('staff', 'เจ้าหน้าที่', 'Staff'),
    col.money('money_in', 'รับบริจาคเงิน (บาท)', 'Money donated (baht)'),
    col.money('goods_in', 'รับบริจาคสิ่งของ (บาท)', 'Goods donated (baht)'),
    col.money('money_out', 'เบิกจ่ายเงิน (บาท)', 'Money given out (baht)'),
    col.money('goods_out', 'เบิกจ่ายสิ่งของ (บาท)', 'Goods given out (baht)'),
  ],
  totals: ['storages', 'staff', 'money_in', 'goods_in', 'money_out', 'goods_out'],
  chart: {
    kind: 'bar',
    by: 'unit',
    values: ['money_in', 'goods_in', 'money_out', 'goods_out'],
    order: 'value',
  },
  orderBy: 'unit_code',
  sql: (q) => `
    select o.code as unit_code, ${q.name('o')} as unit, coalesce(${q.name('p')}, '-') as province,
           (select count(*) from ref_storage s where s.owner_unit_id = o.id and s.status_code = 'A') as storages,
           (select count(*) from app_user u
             where u.organisation_unit_id = o.id and u.kind = 'STAFF' and u.user_status_code = 'A') as staff,
           f.money_in, f.goods_in, f.money_out, f.goods_out
    from (${figuresByUnit(q)}) f join organisation_unit o on o.id = f.unit_id
    left join geo_province p on p.id = o.province_id`,
});

export const provinceInfo = defineReport({
  key: 'view-province-info',
  group: 0,
  filters: ['period', 'unit', 'province'],
  periodDefault: 'fiscalYear',
  columns: [
    col.text('province', 'จังหวัด', 'Province'),
    col.integer('units', 'หน่วยงาน', 'Units'),
    col.integer('donation_points', 'จุดรับบริจาค', 'Donation points'),
    col.integer('requests', 'คำขอรับการสนับสนุน', 'Support requests'),
    col.integer('disbursements', 'รายการเบิกจ่าย', 'Disbursements'),
    col.money('money_in', 'รับบริจาคเงิน (บาท)', 'Money donated (baht)'),
    col.money('money_out', 'เบิกจ่ายเงิน (บาท)', 'Money given out (baht)'),
    col.money('goods_out', 'เบิกจ่ายสิ่งของ (บาท)', 'Goods given out (baht)'),
  ],
  totals: ['units', 'donation_points', 'requests', 'disbursements', 'money_in', 'money_out', 'goods_out'],
  chart: { kind: 'bar', by: 'province', values: ['requests', 'disbursements'], order: 'value' },
  orderBy: 'province',
  sql: (q) => `
    select ${q.name('p')} as province, count(*) as units,
           count(*) filter (where o.accepts_donations and o.active) as donation_points,
           coalesce((select count(*) from doc_support_request d join organisation_unit du on du.id = d.owner_unit_id
                     where d.province = p.id and d.status not in ('DRAFT', 'CANCELLED')
                       and ${q.scope('du.path')} and ${q.unit('du.path')} and ${q.period('d.request_date')}), 0) as requests,
           coalesce((select count(*) from doc_resource_disbursement d join organisation_unit du on du.id = d.owner_unit_id
                     where du.province_id = p.id and d.status in (${disbursed})
                       and ${q.scope('du.path')} and ${q.unit('du.path')}
                       and ${q.period('d.created_at', { timestamp: true })}), 0)
             + coalesce((select count(*) from doc_money_disbursement d join organisation_unit du on du.id = d.owner_unit_id
                     where du.province_id = p.id and d.status in (${disbursed})
                       and ${q.scope('du.path')} and ${q.unit('du.path')}
                       and ${q.period('d.created_at', { timestamp: true })}), 0) as disbursements,
           sum(f.money_in) as money_in, sum(f.money_out) as money_out, sum(f.goods_out) as goods_out
    from (${figuresByUnit(q)}) f join organisation_unit o on o.id = f.unit_id
    join geo_province p on p.id = o.province_id
    where ${q.eq('province', 'p.id')}
    group by p.id`,
});

export const infoReports = [divisionInfo, provinceInfo];
