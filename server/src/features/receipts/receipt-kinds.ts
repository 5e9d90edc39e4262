import type { MenuCode } from '@namjai/common/menu-catalogue';
// The two kinds of donation receipt (docs/receipts.md): the money receipt (ใบเสร็จรับเงิน) of an
// approved money donation and the evidence of receipt (หลักฐานการรับบริจาคสิ่งของ) of a goods donation
// approved at level 2. One mechanism serves both (numbering, frozen parties, void, copies, audit, the
// one template); what differs per kind is written here, and nothing else asks which kind it is.

export const RECEIPT_KINDS = ['MONEY', 'GOODS'] as const;

export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

export interface ReceiptKindRules {
  /** The document type whose approval issues it. */
  documentType: string;
  /** The counter series of a receiving unit's numbers of this kind in document_counter. */
  series: (unitId: number) => string;
  /** What its number starts with, before the fiscal year: '' for money (`2569/000123`). */
  numberPrefix: string;
  /** Who may print it (the REST routes; `printable` on GraphQL). */
  printMenus: readonly MenuCode[];
  /** The document's name: the title of the page and of the PDF file. */
  titleTh: string;
  titleEn: string;
}

export const receiptKinds: Record<ReceiptKind, ReceiptKindRules> = {
  MONEY: {
    documentType: 'MONEY_DONATION',
    series: (unitId) => `RECEIPT-${unitId}`,
    numberPrefix: '',
    // view-receipt-money, print-donate-money
    printMenus: ['MN-050', 'MN-051'],
    titleTh: 'ใบเสร็จรับเงิน',
    titleEn: 'RECEIPT',
  },
  GOODS: {
    documentType: 'GOODS_DONATION',
    // A series of its own, with the money series' rules: a unit's money receipts stay one unbroken
    // run that matches its money account, and a goods number never looks like a money receipt's.
    series: (unitId) => `GOODS-RECEIPT-${unitId}`,
    numberPrefix: 'G',
    // print-donate-resource
    printMenus: ['MN-052'],
    titleTh: 'หลักฐานการรับบริจาคสิ่งของ',
    titleEn: 'GOODS DONATION RECEIPT',
  },
};

/** The kind a document type issues, if any. */
export function receiptKindOf(documentType: string): ReceiptKind | undefined {
  return RECEIPT_KINDS.find((kind) => receiptKinds[kind].documentType === documentType);
}

/** Every menu code that prints some kind: the routes' first check, before the receipt is read. */
export const ALL_RECEIPT_PRINT_MENUS: readonly MenuCode[] = RECEIPT_KINDS.flatMap(
  (kind) => receiptKinds[kind].printMenus,
);

/** `2569/000123` (money), `G2569/000123` (goods). */
export const formatReceiptNumber = (kind: ReceiptKind, fiscalYear: number, seq: number) =>
  `${receiptKinds[kind].numberPrefix}${fiscalYear}/${String(seq).padStart(6, '0')}`;

/** The built-in statement of goods evidence (the units' receipt statement speaks of money). */
export const GOODS_RECEIPT_STATEMENT =
  'สิ่งของที่บริจาคตามหลักฐานฉบับนี้นำไปลดหย่อนหรือหักเป็นรายจ่ายในการคำนวณภาษีเงินได้ได้ตามมูลค่าที่ระบุ ตามที่ประมวลรัษฎากรกำหนด';
