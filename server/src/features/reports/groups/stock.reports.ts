import { bangkokDate, bangkokToday, beMonth, col, defineReport } from '../../../kits/reports/report-kit';
import { documentTypeNames, stockMovementTypeNames } from './ledger-labels';

// Reports 2.1..2.8: the stock ledger (docs/ledger.md). Every storage belongs to a unit; the caller
// sees the storages of their data scope. Quantities and values are the ledger's.

const storageJoin = `join ref_storage s on s.id = b.storage_id
    join organisation_unit o on o.id = s.owner_unit_id
    join ref_resource r on r.id = b.resource_id`;

export const stockByStorage = defineReport({
  key: 'report-2-1',
  group: 2,
  filters: ['unit', 'storage', 'resource'],
  columns: [
    col.text('storage_code', 'รหัสคลัง', 'Storage code'),
    col.text('storage', 'คลัง', 'Storage'),
    col.text('resource_code', 'รหัสสิ่งของ', 'Resource code'),
    col.text('resource', 'สิ่งของ', 'Resource'),
    col.quantity('on_hand', 'คงคลัง', 'On hand'),
    col.quantity('reserved', 'จองแล้ว', 'Reserved'),
    col.quantity('available', 'ใช้ได้', 'Available'),
    col.money('value', 'มูลค่า (บาท)', 'Value (baht)'),
  ],
  totals: ['value'],
  chart: { kind: 'bar', by: 'storage', values: ['value'], order: 'value' },
  orderBy: 'storage_code, resource_code',
  sql: (q) => `
    select s.code as storage_code, ${q.name('s')} as storage, r.code as resource_code, ${q.name('r')} as resource,
           sum(b.on_hand) as on_hand, sum(b.reserved) as reserved, sum(b.on_hand - b.reserved) as available,
           sum(b.on_hand * b.unit_value) as value
    from stock_balance b ${storageJoin}
    where b.on_hand > 0 and ${q.scope('o.path')} and ${q.unit('o.path')}
      and ${q.eq('storage', 'b.storage_id')} and ${q.eq('resource', 'b.resource_id')}
    group by s.id, r.id`,
});

export const stockCard = defineReport({
  key: 'report-2-2',
  group: 2,
  filters: ['period', 'unit', 'storage', 'resource'],
  columns: [
    col.integer('movement', 'ลำดับรายการ', 'Movement'),
    col.date('day', 'วันที่', 'Date'),
    col.text('storage', 'คลัง', 'Storage'),
    col.text('resource', 'สิ่งของ', 'Resource'),
    col.text('lot', 'ล็อต', 'Lot'),
    col.text('movement_type', 'ประเภทรายการ', 'Movement type'),
    col.text('document_type', 'เอกสาร', 'Document'),
    col.quantity('received', 'รับ', 'In'),
    col.quantity('issued', 'จ่าย', 'Out'),
    col.quantity('balance', 'คงเหลือ', 'Balance'),
  ],
  totals: ['received', 'issued'],
  chart: { kind: 'line', by: 'day', values: ['received', 'issued'], order: 'label' },
  orderBy: 'storage, resource, movement',
  // The running balance is taken over every movement of the storage and resource, then the period
  // keeps the rows inside it (the balance stays the book balance after each row).
  sql: (q) => `
    select m.id as movement, ${bangkokDate('m.created_at')} as day, ${q.name('s')} as storage, ${q.name('r')} as resource,
           m.lot, coalesce(mt.name, m.movement_type) as movement_type, coalesce(dt.name, m.document_type) as document_type,
           greatest(m.quantity, 0) as received,
           greatest(-m.quantity, 0) as issued, m.balance
    from (select mv.*, sum(mv.quantity) over (partition by mv.storage_id, mv.resource_id order by mv.id) as balance
          from stock_movement mv
          where ${q.eq('storage', 'mv.storage_id')} and ${q.eq('resource', 'mv.resource_id')}) m
    join ref_storage s on s.id = m.storage_id
    join organisation_unit o on o.id = s.owner_unit_id
    join ref_resource r on r.id = m.resource_id
    left join ${q.values(stockMovementTypeNames)} mt(code, name) on mt.code = m.movement_type
    left join ${q.values(documentTypeNames())} dt(code, name) on dt.code = m.document_type
    where m.quantity <> 0 and ${q.scope('o.path')} and ${q.unit('o.path')}
      and ${q.period('m.created_at', { timestamp: true })}`,
});

export const expiringStock = defineReport({
  key: 'report-2-3',
  group: 2,
  filters: ['period', 'unit', 'storage', 'resource'],
  columns: [
    col.text('storage', 'คลัง', 'Storage'),
    col.text('resource_code', 'รหัสสิ่งของ', 'Resource code'),
    col.text('resource', 'สิ่งของ', 'Resource'),
    col.text('lot', 'ล็อต', 'Lot'),
    col.date('expiry_date', 'วันหมดอายุ', 'Expiry date'),
    col.text('expiry_month', 'เดือนที่หมดอายุ (พ.ศ.)', 'Month of expiry (BE)'),
    col.integer('days_left', 'เหลือ (วัน)', 'Days left'),
    col.quantity('on_hand', 'คงคลัง', 'On hand'),
    col.money('value', 'มูลค่า (บาท)', 'Value (baht)'),
  ],
  totals: ['on_hand', 'value'],
  chart: { kind: 'bar', by: 'expiry_month', values: ['value'], order: 'label' },
  orderBy: 'expiry_date, storage, resource_code, lot',
  // The period is the expiry dates shown; without one, what expires within 90 days (and what has).
  sql: (q) => `
    select ${q.name('s')} as storage, r.code as resource_code, ${q.name('r')} as resource, b.lot, b.expiry_date,
           ${beMonth('b.expiry_date')} as expiry_month, b.expiry_date - ${bangkokToday} as days_left,
           b.on_hand, b.on_hand * b.unit_value as value
    from stock_balance b ${storageJoin}
    where b.on_hand > 0 and b.expiry_date is not null and ${q.scope('o.path')} and ${q.unit('o.path')}
      and ${q.eq('storage', 'b.storage_id')} and ${q.eq('resource', 'b.resource_id')}
      and ${q.period('b.expiry_date', { fallback: `b.expiry_date <= ${bangkokToday} + 90` })}`,
});

export const belowMinimum = defineReport({
  key: 'report-2-4',
  group: 2,
  filters: ['unit', 'storage', 'resource'],
  columns: [
    col.text('storage', 'คลัง', 'Storage'),
    col.text('resource_code', 'รหัสสิ่งของ', 'Resource code'),
    col.text('resource', 'สิ่งของ', 'Resource'),
    col.quantity('minimum', 'ระดับขั้นต่ำ', 'Minimum level'),
    col.quantity('on_hand', 'คงคลัง', 'On hand'),
    col.quantity('shortfall', 'ขาดอีก', 'Short by'),
  ],
  totals: [],
  chart: { kind: 'bar', by: 'resource', values: ['shortfall'], order: 'value' },
  orderBy: 'storage, resource_code',
  sql: (q) => `
    select ${q.name('s')} as storage, r.code as resource_code, ${q.name('r')} as resource, m.minimum_quantity as minimum,
           coalesce(b.on_hand, 0) as on_hand, m.minimum_quantity - coalesce(b.on_hand, 0) as shortfall
    from ref_resource_minimum m
    join ref_storage s on s.id = m.storage_id
    join organisation_unit o on o.id = s.owner_unit_id
    join ref_resource r on r.id = m.resource_id
    left join (select storage_id, resource_id, sum(on_hand) as on_hand from stock_balance group by 1, 2) b
      on b.storage_id = m.storage_id and b.resource_id = m.resource_id
    where m.status_code = 'A' and coalesce(b.on_hand, 0) < m.minimum_quantity
      and ${q.scope('o.path')} and ${q.unit('o.path')}
      and ${q.eq('storage', 'm.storage_id')} and ${q.eq('resource', 'm.resource_id')}`,
});

const transferStatuses = [
  { code: 'SAVED', label: { th: 'บันทึกแล้ว', en: 'Saved' } },
  { code: 'SENT', label: { th: 'ส่งแล้ว', en: 'Sent' } },
  { code: 'RECEIVED', label: { th: 'รับแล้ว', en: 'Received' } },
  { code: 'CANCELLED', label: { th: 'ยกเลิก', en: 'Cancelled' } },
];

export const transfers = defineReport({
  key: 'report-2-5',
  group: 2,
  filters: ['period', 'unit', 'storage', 'resource', 'status'],
  statuses: transferStatuses,
  statusDefault: ['SENT', 'RECEIVED'],
  columns: [
    col.text('number', 'เลขที่เอกสาร', 'Document number'),
    col.date('day', 'วันที่', 'Date'),
    col.text('from_storage', 'จากคลัง', 'From storage'),
    col.text('to_storage', 'ไปยังคลัง', 'To storage'),
    col.text('resource', 'สิ่งของ', 'Resource'),
    col.quantity('quantity', 'จำนวนที่ส่ง', 'Quantity sent'),
    col.quantity('received', 'จำนวนที่รับ', 'Quantity received'),
    col.money('value', 'มูลค่า (บาท)', 'Value (baht)'),
    col.text('status', 'สถานะ', 'Status'),
  ],
  totals: ['quantity', 'received', 'value'],
  chart: { kind: 'bar', by: 'to_storage', values: ['value'], order: 'value' },
  orderBy: 'day, number',
  sql: (q) => `
    select t.number, ${bangkokDate('t.created_at')} as day, ${q.name('fs')} as from_storage,
           ${q.name('ts')} as to_storage, ${q.name('r')} as resource, l.quantity,
           coalesce(l.received_quantity, 0) as received, l.quantity * coalesce(l.unit_value, 0) as value,
           coalesce(st.name, t.status) as status
    from doc_stock_transfer t join doc_stock_transfer_line l on l.document_id = t.id
    join ref_storage fs on fs.id = t.from_storage_id join organisation_unit fo on fo.id = fs.owner_unit_id
    join ref_storage ts on ts.id = t.to_storage_id join organisation_unit tu on tu.id = ts.owner_unit_id
    join ref_resource r on r.id = l.resource_id
    left join ${q.values(transferStatuses)} st(code, name) on st.code = t.status
    where (${q.scope('fo.path')} or ${q.scope('tu.path')}) and (${q.unit('fo.path')} or ${q.unit('tu.path')})
      and ${q.period('t.created_at', { timestamp: true })}
      and (${q.eq('storage', 't.from_storage_id')} or ${q.eq('storage', 't.to_storage_id')})
      and ${q.eq('resource', 'l.resource_id')} and ${q.eq('status', 't.status')}`,
});

export const adjustments = defineReport({
  key: 'report-2-6',
  group: 2,
  filters: ['period', 'unit', 'storage', 'resource'],
  columns: [
    col.text('number', 'เลขที่เอกสาร', 'Document number'),
    col.date('day', 'วันที่', 'Date'),
    col.text('storage', 'คลัง', 'Storage'),
    col.text('resource', 'สิ่งของ', 'Resource'),
    col.quantity('quantity', 'จำนวนที่ปรับ (+/-)', 'Quantity (+/-)'),
    col.money('value', 'มูลค่า (บาท)', 'Value (baht)'),
    col.text('reason', 'เหตุผล', 'Reason'),
  ],
  totals: ['quantity', 'value'],
  chart: { kind: 'bar', by: 'reason', values: ['value'], order: 'value' },
  orderBy: 'day, number',
  sql: (q) => `
    select a.number, ${bangkokDate('a.created_at')} as day, ${q.name('s')} as storage, ${q.name('r')} as resource,
           l.quantity, l.quantity * coalesce(l.unit_value, 0) as value, coalesce(${q.name('rs')}, '-') as reason
    from doc_stock_adjustment a join doc_stock_adjustment_line l on l.document_id = a.id
    join ref_storage s on s.id = a.storage_id join organisation_unit o on o.id = s.owner_unit_id
    join ref_resource r on r.id = l.resource_id
    left join ref_missing_excess_reason rs on rs.id = l.reason_id
    where a.status = 'POSTED' and ${q.scope('o.path')} and ${q.unit('o.path')}
      and ${q.period('a.created_at', { timestamp: true })}
      and ${q.eq('storage', 'a.storage_id')} and ${q.eq('resource', 'l.resource_id')}`,
});

export const missingAndExcess = defineReport({
  key: 'report-2-7',
  group: 2,
  filters: ['period', 'unit', 'storage', 'resource'],
  columns: [
    col.date('day', 'วันที่', 'Date'),
    col.text('document_type', 'เอกสาร', 'Document'),
    col.text('storage', 'คลัง', 'Storage'),
    col.text('resource', 'สิ่งของ', 'Resource'),
    col.text('reason', 'เหตุผล', 'Reason'),
    col.quantity('excess', 'เกินบัญชี', 'Excess'),
    col.quantity('missing', 'ขาดบัญชี', 'Missing'),
    col.money('value', 'มูลค่า (+/-) (บาท)', 'Value (+/-) (baht)'),
  ],
  totals: ['excess', 'missing', 'value'],
  chart: { kind: 'bar', by: 'reason', values: ['missing', 'excess'], order: 'value' },
  orderBy: 'day, storage, resource',
  // Every stock movement with a missing-or-excess reason: adjustments and stock counts change what is
  // on hand; a transfer's shortfall is written off what was in transit.
  sql: (q) => `
    select ${bangkokDate('m.created_at')} as day, coalesce(dt.name, m.document_type) as document_type, ${q.name('s')} as storage, ${q.name('r')} as resource,
           ${q.name('rs')} as reason, greatest(x.delta, 0) as excess, greatest(-x.delta, 0) as missing,
           x.delta * m.unit_value as value
    from stock_movement m
    cross join lateral (select case when m.movement_type = 'TRANSFER_MISSING' then m.transit_delta
                                    else m.quantity end as delta) x
    join ref_missing_excess_reason rs on rs.id = m.reason_id
    left join ${q.values(documentTypeNames())} dt(code, name) on dt.code = m.document_type
    join ref_storage s on s.id = m.storage_id join organisation_unit o on o.id = s.owner_unit_id
    join ref_resource r on r.id = m.resource_id
    where x.delta <> 0 and ${q.scope('o.path')} and ${q.unit('o.path')}
      and ${q.period('m.created_at', { timestamp: true })}
      and ${q.eq('storage', 'm.storage_id')} and ${q.eq('resource', 'm.resource_id')}`,
});

const budgetSources = [
  { code: 'GOVERNMENT_BUDGET', label: { th: 'งบประมาณแผ่นดิน', en: 'Government budget' } },
  { code: 'OFF_BUDGET', label: { th: 'เงินนอกงบประมาณ', en: 'Off-budget funds' } },
  { code: 'DONATED_MONEY', label: { th: 'เงินบริจาค', en: 'Donated money' } },
  {
    code: 'TRANSFERRED',
    label: { th: 'รับโอนจากหน่วยงานอื่นโดยไม่มีค่าใช้จ่าย', en: 'Transferred free of charge from another unit' },
  },
  { code: 'OTHER', label: { th: 'อื่น ๆ', en: 'Other' } },
];

export const providedResources = defineReport({
  key: 'report-2-8',
  group: 2,
  filters: ['period', 'unit', 'storage', 'resource'],
  columns: [
    col.text('number', 'เลขที่เอกสาร', 'Document number'),
    col.date('received_date', 'วันที่รับ', 'Received on'),
    col.text('supplier', 'ผู้จัดหา/หน่วยงานที่ส่งมอบ', 'Supplier'),
    col.text('budget_source', 'แหล่งงบประมาณ', 'Budget source'),
    col.text('storage', 'คลัง', 'Storage'),
    col.text('resource', 'สิ่งของ', 'Resource'),
    col.quantity('quantity', 'จำนวน', 'Quantity'),
    col.money('value', 'มูลค่า (บาท)', 'Value (baht)'),
  ],
  totals: ['quantity', 'value'],
  chart: { kind: 'pie', by: 'budget_source', values: ['value'], order: 'value' },
  orderBy: 'received_date, number',
  sql: (q) => `
    select p.number, p.received_date, coalesce(${q.name('x')}, '-') as supplier,
           coalesce(bs.name, p.budget_source) as budget_source, ${q.name('s')} as storage, ${q.name('r')} as resource, l.quantity, l.quantity * coalesce(l.unit_value, 0) as value
    from doc_provide_resource p join doc_provide_resource_line l on l.document_id = p.id
    join ref_storage s on s.id = p.storage_id join organisation_unit o on o.id = s.owner_unit_id
    join ref_resource r on r.id = l.resource_id
    left join ref_external_office x on x.id = p.supplier_id
    left join ${q.values(budgetSources)} bs(code, name) on bs.code = p.budget_source
    where p.status = 'CONFIRMED' and ${q.scope('o.path')} and ${q.unit('o.path')}
      and ${q.period('p.received_date')}
      and ${q.eq('storage', 'p.storage_id')} and ${q.eq('resource', 'l.resource_id')}`,
});

export const stockReports = [
  stockByStorage,
  stockCard,
  expiringStock,
  belowMinimum,
  transfers,
  adjustments,
  missingAndExcess,
  providedResources,
];
