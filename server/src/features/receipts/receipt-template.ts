import { formatBE, startOfBangkokDay } from '../../platform/dates';
import { bahtText } from '../../platform/money/baht-text';
import { formatQuantity } from '../../platform/money/quantity';
import { escapeHtml, type PdfPage } from '../../platform/pdf/pdf-renderer';
import type { DonationReceipt, DonationReceiptItem } from './receipt.entity';
import { receiptKinds } from './receipt-kinds';

// The one template of a donation receipt, money receipt or goods evidence (product-decisions sec. 4,
// docs/receipts.md): the PDF (deps.pdf.render) and the browser's print view (the same HTML,
// PdfRenderer.html) are made from it. A4 print styles; every value escaped. Values that can wrap
// (addresses, the purpose, the statement, an item's name) each sit in a block of their own with a
// line height of 1.75 or more: at the default, a wrapped line's stacked upper marks touch the lower
// marks of the line above (docs/receipts.md).

/** "1234567.5" → "1,234,567.50". */
export function formatBaht(amount: string): string {
  const [whole, fraction = ''] = amount.split('.');
  const grouped = (whole ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${grouped}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/** A 13-digit id as Thai documents print it: 1-2345-67890-12-3. */
export function formatThaiId(id: string): string {
  return /^\d{13}$/.test(id)
    ? `${id[0]}-${id.slice(1, 5)}-${id.slice(5, 10)}-${id.slice(10, 12)}-${id[12]}`
    : id;
}

/** A 'YYYY-MM-DD' day as "22 พฤศจิกายน 2569". */
export function longThaiDate(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return formatBE(startOfBangkokDay({ year: year ?? 0, month: month ?? 1, day: date ?? 1 }), 'long');
}

export interface ReceiptView {
  receipt: DonationReceipt;
  /** Goods evidence: its items in order; empty for money. */
  items: DonationReceiptItem[];
  copy: boolean;
}

/** The words a kind prints around the shared layout. */
const WORDING = {
  MONEY: {
    from: 'ได้รับเงินจาก',
    unit: 'หน่วยงานที่รับเงิน',
    receiver: 'ผู้รับเงิน',
    voided: 'ใบเสร็จรับเงินฉบับนี้',
  },
  GOODS: {
    from: 'ได้รับบริจาคสิ่งของจาก',
    unit: 'หน่วยงานที่รับบริจาค',
    receiver: 'ผู้รับบริจาค',
    voided: 'หลักฐานการรับบริจาคฉบับนี้',
  },
} as const;

const CSS = `
.marks { text-align: right; min-height: 9mm; }
.mark { display: inline-block; border: 2px solid #000; padding: 2px 10px; font-weight: 700; margin-left: 6px; }
.mark.void { border-color: #b00020; color: #b00020; }
header { text-align: center; margin: 0 0 4mm; }
.org { font-size: 20px; font-weight: 700; }
.org-line { margin-top: 0.5mm; }
h1 { text-align: center; font-size: 24px; margin: 6mm 0 4mm; }
h1 .en { font-size: 15px; font-weight: 400; margin-left: 8px; }
.meta { margin-left: auto; border-collapse: collapse; margin-bottom: 5mm; }
.meta th { text-align: right; font-weight: 400; padding: 1mm 3mm 1mm 0; }
.meta td { font-weight: 700; padding: 1mm 0; }
.fields { width: 100%; border-collapse: collapse; }
.fields th { width: 60mm; text-align: left; vertical-align: top; font-weight: 400; padding: 1.5mm 3mm 1.5mm 0; }
.fields td { vertical-align: top; padding: 1.5mm 0; border-bottom: 1px dotted #777; }
/* Room for a wrapped line's stacked upper marks (ฟื้, ที่) above the line below's lower ones (อุ). */
.fields th, .fields td { line-height: 1.75; }
.fields td.amount { font-weight: 700; font-size: 17px; }
.items { width: 100%; border-collapse: collapse; margin: 3mm 0 0; font-size: 14px; }
.items th, .items td { border: 1px solid #777; padding: 0.5mm 2mm; line-height: 1.75; vertical-align: top; }
.items thead th { background: #f2f2f2; font-weight: 700; text-align: center; white-space: nowrap; }
.items td.n { text-align: right; white-space: nowrap; }
.items td.c { text-align: center; white-space: nowrap; }
.items tfoot th { text-align: right; }
.items tfoot td { font-weight: 700; }
.items tfoot td.words { text-align: center; }
/* A long list goes on over the page: its header row again, no row cut in two. */
.items thead { display: table-header-group; } .items tr { break-inside: avoid; }
/* Goods evidence carries a table: the same layout, a little tighter, so a usual list fits one page. */
.goods h1 { margin: 4mm 0 2mm; } .goods .meta { margin-bottom: 2mm; }
.goods .fields th, .goods .fields td { padding: 0.8mm 0; }
.goods .statement { margin-top: 4mm; padding: 2mm 4mm; } .goods .sign { margin-top: 6mm; }
.statement { margin: 6mm 0 0; padding: 3mm 4mm; border: 1px solid #999; line-height: 1.9; }
.sign { margin: 12mm 0 0 auto; break-inside: avoid; width: 85mm; text-align: center; line-height: 1.9; }
.void-note { margin: 5mm 0 0; color: #b00020; font-weight: 700; line-height: 1.9; }
.watermark { position: fixed; top: 40%; left: 0; right: 0; text-align: center; transform: rotate(-30deg);
  font-size: 84px; font-weight: 700; color: rgba(176, 0, 32, 0.18); pointer-events: none; }
@media screen {
  body { background: #eee; }
  .receipt { background: #fff; width: 178mm; min-height: 261mm; margin: 8mm auto; padding: 18mm 16mm;
    box-shadow: 0 0 4px rgba(0, 0, 0, 0.3); }
}
@media print { body { background: none; } }
`;

/** A field row: label and value, the value escaped; a missing value prints as a dash. */
const row = (label: string, value: string | null, cls = '') =>
  `<tr><th>${escapeHtml(label)}</th><td${cls ? ` class="${cls}"` : ''}>${value === null || value === '' ? '–' : escapeHtml(value)}</td></tr>`;

/** The goods evidence's items: resource, quantity accepted, counting unit, unit value, line value, total. */
function itemsTable(receipt: DonationReceipt, items: DonationReceiptItem[]): string {
  const rows = items
    .map(
      (item) => `<tr><td class="c">${item.lineNo}</td><td>${escapeHtml(item.resourceName)}</td>
    <td class="n">${escapeHtml(formatQuantity(item.quantity))}</td><td class="c">${escapeHtml(item.countingUnitName ?? '–')}</td>
    <td class="n">${escapeHtml(formatBaht(item.unitValue))}</td><td class="n">${escapeHtml(formatBaht(item.lineValue))}</td></tr>`,
    )
    .join('\n');
  return `<table class="items">
  <thead><tr><th>ลำดับ</th><th>รายการสิ่งของ</th><th>จำนวน</th><th>หน่วยนับ</th><th>มูลค่าต่อหน่วย (บาท)</th><th>มูลค่า (บาท)</th></tr></thead>
  <tbody>
  ${rows}
  </tbody>
  <tfoot>
    <tr><th colspan="5">รวมมูลค่าทั้งสิ้น</th><td class="n">${escapeHtml(formatBaht(receipt.amount))}</td></tr>
    <tr><td colspan="6" class="words">มูลค่ารวม (ตัวอักษร) (${escapeHtml(bahtText(receipt.amount))})</td></tr>
  </tfoot>
</table>`;
}

/**
 * The page of a receipt: the original, a copy (สำเนา / COPY), and void (ยกเลิก / VOID) when voided.
 * A money receipt states the amount and how it came; goods evidence lists the items and their total.
 */
export function receiptPage({ receipt, items, copy }: ReceiptView): PdfPage {
  const kind = receiptKinds[receipt.kind];
  const words = WORDING[receipt.kind];
  const voided = receipt.voidedAt !== null;
  const marks = [
    copy ? '<span class="mark copy">สำเนา / COPY</span>' : '',
    voided ? '<span class="mark void">ยกเลิก / VOID</span>' : '',
  ].join('');
  const signer = receipt.signerName
    ? `<div>(${escapeHtml(receipt.signerName)})</div>`
    : '<div>(........................................................)</div>';
  const voidNote = voided
    ? `<p class="void-note">${words.voided}ถูกยกเลิกแล้วเมื่อวันที่ ${escapeHtml(
        formatBE(receipt.voidedAt as Date, 'long'),
      )}${receipt.voidReason ? `<br>เหตุผล: ${escapeHtml(receipt.voidReason)}` : ''}</p>`
    : '';
  const parties = `
  ${row(words.from, receipt.donorName)}
  ${row('เลขประจำตัวประชาชน/ผู้เสียภาษี', receipt.donorTaxId ? formatThaiId(receipt.donorTaxId) : null)}
  ${row('ที่อยู่', receipt.donorAddress)}`;
  const fields =
    receipt.kind === 'GOODS'
      ? `<table class="fields">${parties}
  ${row('วัตถุประสงค์', receipt.purpose)}
  ${row(words.unit, receipt.receivingUnitName)}
</table>
${itemsTable(receipt, items)}`
      : `<table class="fields">${parties}
  ${row('จำนวนเงิน', `${formatBaht(receipt.amount)} บาท`, 'amount')}
  ${row('จำนวนเงิน (ตัวอักษร)', `(${bahtText(receipt.amount)})`)}
  ${row('วัตถุประสงค์', receipt.purpose)}
  ${row('ชำระโดย', receipt.paymentText)}
  ${row(words.unit, receipt.receivingUnitName)}
</table>`;
  const body = `<div class="receipt${receipt.kind === 'GOODS' ? ' goods' : ''}">
<div class="marks">${marks}</div>
<header>
  <div class="org">${escapeHtml(receipt.issuerName)}</div>
  ${receipt.issuerAddress ? `<div class="org-line">${escapeHtml(receipt.issuerAddress)}</div>` : ''}
  <div class="org-line">เลขประจำตัวผู้เสียภาษีอากร ${escapeHtml(receipt.issuerTaxId)}</div>
</header>
<h1>${escapeHtml(kind.titleTh)}<span class="en">${escapeHtml(kind.titleEn)}</span></h1>
<table class="meta">
  <tr><th>เลขที่</th><td>${escapeHtml(receipt.number)}</td></tr>
  <tr><th>วันที่</th><td>${escapeHtml(longThaiDate(receipt.issuedOn))}</td></tr>
</table>
${fields}
${voidNote}
<p class="statement">${escapeHtml(receipt.statement)}</p>
<div class="sign">
  <div>ลงชื่อ ........................................................ ${words.receiver}</div>
  ${signer}
  ${receipt.signerPosition ? `<div>${escapeHtml(receipt.signerPosition)}</div>` : ''}
</div>
${voided ? '<div class="watermark">ยกเลิก / VOID</div>' : ''}
</div>`;
  return { title: `${kind.titleTh} ${receipt.number}`, body, css: CSS, lang: 'th' };
}
