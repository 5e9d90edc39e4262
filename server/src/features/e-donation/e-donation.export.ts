import { commonLists } from '../../kits/core/common-lists.data';
import { exportRoute } from '../../kits/export/export-route';
import { cursorRows } from '../../kits/export/export-rows';
import type { ExportColumn } from '../../kits/export/export-source';
import { badInput } from '../../platform/errors';
import { DonationKind } from '../donation-history';
import { E_DONATION_EXPORT_MENU, eDonationRow, eDonationSelect } from './e-donation.queries';
import { EDonationKeying, type EDonationRowType } from './e-donation.type';

// The e-Donation file (export-data-revenue, MN-111; docs/e-donation.md): the rows of the screen's
// filters as XLSX or CSV through the one export mechanism (docs/exports.md), in the order staff key
// them into the Revenue Department's system, each with what they key and whether it was keyed.

type Row = EDonationRowType;
const label = (th: string, en: string) => ({ th, en });
const donorTypes = new Map(commonLists['donor-type'].map((d) => [d.code, d]));

const keyingText = (r: Row, lang: 'th' | 'en') =>
  r.keyedAt
    ? { th: 'บันทึกแล้ว', en: 'Keyed' }[lang]
    : r.overdue
      ? { th: 'เกินกำหนด', en: 'Overdue' }[lang]
      : { th: 'ยังไม่บันทึก', en: 'Not keyed' }[lang];

export const eDonationColumns: ExportColumn<Row>[] = [
  {
    key: 'donorTaxId',
    ...label('เลขประจำตัวผู้เสียภาษีอากรของผู้บริจาค', 'Donor tax id'),
    kind: 'text',
    width: 16,
    value: (r) => r.donorTaxId,
  },
  {
    key: 'donorName',
    ...label('ชื่อผู้บริจาค', 'Donor name'),
    kind: 'text',
    width: 36,
    value: (r, lang) => (lang === 'en' ? r.donorNameEn || r.donorName : r.donorName),
  },
  {
    key: 'donorType',
    ...label('ประเภทผู้บริจาค', 'Donor type'),
    kind: 'text',
    width: 16,
    value: (r, lang) => {
      const t = donorTypes.get(r.donorType);
      return t ? (lang === 'en' ? t.nameEn : t.nameTh) : r.donorType;
    },
  },
  { key: 'donatedOn', ...label('วันที่บริจาค', 'Donation date'), kind: 'date', value: (r) => r.donatedOn },
  {
    key: 'value',
    ...label('จำนวนเงิน/มูลค่า (บาท)', 'Amount or value (baht)'),
    kind: 'money',
    value: (r) => r.value,
  },
  {
    key: 'revenueTypeCode',
    ...label('รหัสประเภทการบริจาค', 'Donation type code'),
    kind: 'text',
    width: 10,
    value: (r) => r.revenueTypeCode,
  },
  {
    key: 'revenueType',
    ...label('ประเภทการบริจาค', 'Donation type'),
    kind: 'text',
    width: 16,
    value: (r, lang) => (lang === 'en' ? r.revenueTypeEn : r.revenueTypeTh),
  },
  {
    key: 'receiptNumber',
    ...label('เลขที่ใบเสร็จ/หลักฐานการรับบริจาค', 'Receipt number'),
    kind: 'text',
    width: 18,
    value: (r) => r.receiptNumber,
  },
  {
    key: 'number',
    ...label('เลขที่เอกสาร', 'Document number'),
    kind: 'text',
    width: 20,
    value: (r) => r.number,
  },
  {
    key: 'unit',
    ...label('หน่วยรับบริจาค', 'Receiving unit'),
    kind: 'text',
    width: 32,
    value: (r, lang) => (lang === 'en' ? r.unitNameEn || r.unitNameTh : r.unitNameTh),
  },
  { key: 'dueOn', ...label('กำหนดบันทึกภายใน', 'Key by'), kind: 'date', value: (r) => r.dueOn },
  { key: 'keying', ...label('สถานะการบันทึก', 'Keying status'), kind: 'text', width: 14, value: keyingText },
  { key: 'keyedAt', ...label('บันทึกเมื่อ', 'Keyed at'), kind: 'datetime', value: (r) => r.keyedAt },
  {
    key: 'keyedBy',
    ...label('ผู้บันทึก', 'Keyed by'),
    kind: 'text',
    width: 24,
    value: (r) => r.keyedByName ?? r.keyedByUsername,
  },
];

function oneOf<T extends string>(name: string, value: unknown, allowed: readonly T[]): T | null {
  if (value === undefined || value === null || value === '') return null;
  if (!allowed.includes(value as T))
    throw badInput(
      `${name} ต้องเป็นค่าใดค่าหนึ่งใน ${allowed.join(', ')}`,
      `${name} must be one of ${allowed.join(', ')}`,
      {
        field: name,
      },
    );
  return value as T;
}

const s = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v));

/** GET /api/export/e-donation: the screen's filters, in the caller's data scope, oldest first. */
export const eDonationExport = exportRoute<Row>({
  name: 'e-donation',
  access: { menu: [E_DONATION_EXPORT_MENU] },
  filters: {
    from: { type: 'string', maxLength: 10 },
    to: { type: 'string', maxLength: 10 },
    unitCode: { type: 'string', maxLength: 32 },
    keying: { type: 'string', maxLength: 10 },
    kind: { type: 'string', maxLength: 10 },
  },
  async source({ em, principal, filters: f, origin }) {
    const { sql, params, total } = await eDonationSelect(
      em,
      principal,
      {
        from: s(f.from),
        to: s(f.to),
        unitCode: s(f.unitCode),
        keying: oneOf('keying', f.keying, Object.values(EDonationKeying)),
        kind: oneOf('kind', f.kind, Object.values(DonationKind)),
      },
      { origin },
    );
    return {
      fileName: 'ข้อมูลการบริจาค e-Donation',
      sheetTitle: label('e-Donation', 'e-Donation'),
      columns: eDonationColumns,
      rows: cursorRows(em, sql, params, { map: eDonationRow }),
      total,
    };
  },
});
