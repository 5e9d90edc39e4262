import { formatBE, startOfBangkokDay } from '../../platform/dates';
import { bahtText } from '../../platform/money/baht-text';
import { escapeHtml, type PdfPage } from '../../platform/pdf/pdf-renderer';
import type { DonationReceipt } from './receipt.entity';

// The one template of a donation receipt (product-decisions sec. 4, docs/receipts.md): the PDF
// (deps.pdf.render) and the browser's print view (the same HTML, PdfRenderer.html) are made from
// it. A4 print styles; every value escaped. Values that can wrap (addresses, the purpose, the
// statement) each sit in a block of their own with a line height of 1.75 or more: at the default,
// a wrapped line's stacked upper marks touch the lower marks of the line above (docs/receipts.md).

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
  copy: boolean;
}

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
.statement { margin: 6mm 0 0; padding: 3mm 4mm; border: 1px solid #999; line-height: 1.9; }
.sign { margin: 12mm 0 0 auto; width: 85mm; text-align: center; line-height: 1.9; }
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

/** The page of a receipt: the original, a copy (สำเนา / COPY), and void (ยกเลิก / VOID) when voided. */
export function receiptPage({ receipt, copy }: ReceiptView): PdfPage {
  const voided = receipt.voidedAt !== null;
  const marks = [
    copy ? '<span class="mark copy">สำเนา / COPY</span>' : '',
    voided ? '<span class="mark void">ยกเลิก / VOID</span>' : '',
  ].join('');
  const signer = receipt.signerName
    ? `<div>(${escapeHtml(receipt.signerName)})</div>`
    : '<div>(........................................................)</div>';
  const voidNote = voided
    ? `<p class="void-note">ใบเสร็จรับเงินฉบับนี้ถูกยกเลิกแล้วเมื่อวันที่ ${escapeHtml(
        formatBE(receipt.voidedAt as Date, 'long'),
      )}${receipt.voidReason ? `<br>เหตุผล: ${escapeHtml(receipt.voidReason)}` : ''}</p>`
    : '';
  const body = `<div class="receipt">
<div class="marks">${marks}</div>
<header>
  <div class="org">${escapeHtml(receipt.issuerName)}</div>
  ${receipt.issuerAddress ? `<div class="org-line">${escapeHtml(receipt.issuerAddress)}</div>` : ''}
  <div class="org-line">เลขประจำตัวผู้เสียภาษีอากร ${escapeHtml(receipt.issuerTaxId)}</div>
</header>
<h1>ใบเสร็จรับเงิน<span class="en">RECEIPT</span></h1>
<table class="meta">
  <tr><th>เลขที่</th><td>${escapeHtml(receipt.number)}</td></tr>
  <tr><th>วันที่</th><td>${escapeHtml(longThaiDate(receipt.issuedOn))}</td></tr>
</table>
<table class="fields">
  ${row('ได้รับเงินจาก', receipt.donorName)}
  ${row('เลขประจำตัวประชาชน/ผู้เสียภาษี', receipt.donorTaxId ? formatThaiId(receipt.donorTaxId) : null)}
  ${row('ที่อยู่', receipt.donorAddress)}
  ${row('จำนวนเงิน', `${formatBaht(receipt.amount)} บาท`, 'amount')}
  ${row('จำนวนเงิน (ตัวอักษร)', `(${bahtText(receipt.amount)})`)}
  ${row('วัตถุประสงค์', receipt.purpose)}
  ${row('ชำระโดย', receipt.paymentText)}
  ${row('หน่วยงานที่รับเงิน', receipt.receivingUnitName)}
</table>
${voidNote}
<p class="statement">${escapeHtml(receipt.statement)}</p>
<div class="sign">
  <div>ลงชื่อ ........................................................ ผู้รับเงิน</div>
  ${signer}
  ${receipt.signerPosition ? `<div>${escapeHtml(receipt.signerPosition)}</div>` : ''}
</div>
${voided ? '<div class="watermark">ยกเลิก / VOID</div>' : ''}
</div>`;
  return { title: `ใบเสร็จรับเงิน ${receipt.number}`, body, css: CSS, lang: 'th' };
}
