import { commonLists } from '../../kits/core/common-lists.data';
import { exportRoute } from '../../kits/export/export-route';
import { cursorRows } from '../../kits/export/export-rows';
import type { ExportColumn } from '../../kits/export/export-source';
import { badInput } from '../../platform/errors';
import { goodsDonation } from '../donations';
import { moneyDonation } from '../money-donations';
import { donationHistoryCount, donationHistoryRow, donationHistorySelect } from './donation-history.queries';
import { DONATION_HISTORY_MENU } from './donation-history.resolver';
import { type DonationHistoryRowType, DonationKind } from './donation-history.type';

// The donation history list as XLSX or CSV (docs/exports.md), with the screen's filters: the rows are
// the ones the list's own statement selects (filters, data scope, order), read through a cursor.

type Row = DonationHistoryRowType;
const label = (th: string, en: string) => ({ th, en });
const statusLabels = {
  [DonationKind.GOODS]: new Map(goodsDonation.workflow.statuses.map((s) => [s.code, s.label])),
  [DonationKind.MONEY]: new Map(moneyDonation.workflow.statuses.map((s) => [s.code, s.label])),
};
const objectives = new Map(commonLists['objective/event'].map((o) => [o.code, o]));

export const donationHistoryColumns: ExportColumn<Row>[] = [
  { key: 'number', ...label('เลขที่เอกสาร', 'Number'), kind: 'text', width: 20, value: (r) => r.number },
  {
    key: 'kind',
    ...label('ประเภท', 'Kind'),
    kind: 'text',
    width: 12,
    value: (r, lang) =>
      r.kind === DonationKind.MONEY ? { th: 'เงิน', en: 'Money' }[lang] : { th: 'สิ่งของ', en: 'Goods' }[lang],
  },
  { key: 'donatedOn', ...label('วันที่บริจาค', 'Donated on'), kind: 'date', value: (r) => r.donatedOn },
  {
    key: 'donorCode',
    ...label('รหัสผู้บริจาค', 'Donor code'),
    kind: 'text',
    width: 14,
    value: (r) => r.donorCode,
  },
  {
    key: 'donorName',
    ...label('ชื่อผู้บริจาค', 'Donor'),
    kind: 'text',
    width: 32,
    value: (r, lang) => (lang === 'en' ? r.donorNameEn || r.donorNameTh : r.donorNameTh),
  },
  {
    key: 'unit',
    ...label('หน่วยงาน', 'Unit'),
    kind: 'text',
    width: 32,
    value: (r, lang) => (lang === 'en' ? r.unitNameEn || r.unitNameTh : r.unitNameTh),
  },
  {
    key: 'objective',
    ...label('วัตถุประสงค์', 'Objective'),
    kind: 'text',
    width: 28,
    value: (r, lang) => {
      const o = objectives.get(r.objective);
      return o ? (lang === 'en' ? o.nameEn : o.nameTh) : r.objective;
    },
  },
  {
    key: 'status',
    ...label('สถานะ', 'Status'),
    kind: 'text',
    width: 18,
    value: (r, lang) => statusLabels[r.kind].get(r.status)?.[lang] ?? r.status,
  },
  {
    key: 'value',
    ...label('จำนวนเงิน/มูลค่า (บาท)', 'Amount or value (baht)'),
    kind: 'money',
    value: (r) => r.value,
  },
  {
    key: 'receiptNumber',
    ...label('เลขที่ใบเสร็จ', 'Receipt number'),
    kind: 'text',
    width: 18,
    value: (r, lang) =>
      r.receiptNumber && r.receiptVoid
        ? `${r.receiptNumber} (${lang === 'en' ? 'void' : 'ยกเลิก'})`
        : r.receiptNumber,
  },
];

const text = { type: 'string' as const, maxLength: 100 };

/** GET /api/export/donation-history: the list's filters and order, in the caller's data scope. */
export const donationHistoryExport = exportRoute<Row>({
  name: 'donation-history',
  access: { menu: [DONATION_HISTORY_MENU] },
  filters: {
    from: { type: 'string', maxLength: 10 },
    to: { type: 'string', maxLength: 10 },
    unitCode: { type: 'string', maxLength: 32 },
    donatorId: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
    donor: text,
    kind: { type: 'string', maxLength: 10 },
    objective: { type: 'string', maxLength: 30 },
    status: { type: 'string', maxLength: 30 },
    sort: { type: 'string', maxLength: 40 },
    direction: { type: 'string', maxLength: 4 },
  },
  async source({ em, principal, filters: f, origin }) {
    const s = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v));
    const kind = s(f.kind);
    if (kind && !Object.values(DonationKind).includes(kind as DonationKind))
      throw badInput('ประเภทต้องเป็น GOODS หรือ MONEY', 'kind must be GOODS or MONEY', { field: 'kind' });
    const { sql, where, params } = await donationHistorySelect(
      em,
      principal,
      {
        from: s(f.from),
        to: s(f.to),
        unitCode: s(f.unitCode),
        donatorId: typeof f.donatorId === 'number' ? f.donatorId : null,
        donor: s(f.donor),
        kind: kind as DonationKind | null,
        objective: s(f.objective),
        status: s(f.status),
        sort: s(f.sort),
        direction: s(f.direction),
      },
      origin,
    );
    const total = await donationHistoryCount(em, where, params);
    return {
      fileName: 'ประวัติการบริจาค',
      sheetTitle: label('ประวัติการบริจาค', 'Donation history'),
      columns: donationHistoryColumns,
      rows: cursorRows(em, sql, params, { map: donationHistoryRow }),
      total,
    };
  },
});
