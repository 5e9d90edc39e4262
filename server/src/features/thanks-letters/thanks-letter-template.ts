import { formatBE } from '../../platform/dates';
import { bahtText } from '../../platform/money/baht-text';
import { formatQuantity } from '../../platform/money/quantity';
import { escapeHtml, type PdfPage } from '../../platform/pdf/pdf-renderer';
import { formatBaht, longThaiDate } from '../receipts';

// The one template of a thanks letter (หนังสือขอบคุณ), printed through the receipts' PDF path: A4,
// Sarabun, Buddhist-era dates, every value escaped; the organisation's name at the top, the donor's
// name, the amount (money) or value and items (goods), and the signer of the receiving unit's tree.
// Lines that can wrap have a line height of 1.9 (stacked Thai marks, docs/receipts.md).

export interface ThanksLetterFacts {
  kind: 'MONEY' | 'GOODS';
  documentType: string;
  documentId: number;
  /** The donation's document number, the letter's reference. */
  number: string;
  donatedOn: string;
  donorId: number;
  donorName: string;
  donorAddress: string | null;
  /** Money: the amount; goods: the value of what was accepted. Baht, "1234.50". */
  value: string;
  /** The objective's Thai name. */
  objective: string;
  /** Goods: what was accepted. */
  items: { name: string; quantity: string; unit: string | null }[];
  organisationName: string;
  organisationAddress: string | null;
  receivingUnitName: string;
  signerName: string | null;
  signerPosition: string | null;
}

const CSS = `
.mark { text-align: right; min-height: 9mm; }
.mark span { display: inline-block; border: 2px solid #000; padding: 2px 10px; font-weight: 700; }
header { text-align: center; margin: 0 0 6mm; line-height: 1.9; }
.org { font-size: 20px; font-weight: 700; }
.ref { display: flex; justify-content: space-between; margin: 0 0 4mm; }
.date { text-align: right; margin: 0 0 6mm; }
p, .line { line-height: 1.9; margin: 0 0 3mm; }
.body { text-indent: 25mm; text-align: justify; }
.items { margin: 0 0 3mm 25mm; line-height: 1.9; }
.sign { margin: 14mm 0 0 auto; width: 85mm; text-align: center; line-height: 1.9; break-inside: avoid; }
`;

/** The letter's page: the first print, or a reprint marked พิมพ์ซ้ำ / REPRINT. */
export function thanksLetterPage(
  f: ThanksLetterFacts,
  reprint: boolean,
  printedOn: Date = new Date(),
): PdfPage {
  const what =
    f.kind === 'MONEY'
      ? `บริจาคเงิน จำนวน ${escapeHtml(formatBaht(f.value))} บาท (${escapeHtml(bahtText(f.value))})`
      : `บริจาคสิ่งของ มูลค่ารวม ${escapeHtml(formatBaht(f.value))} บาท (${escapeHtml(bahtText(f.value))})`;
  const items =
    f.kind === 'GOODS' && f.items.length
      ? `<div class="items">${f.items
          .map(
            (i, n) =>
              `<div>${n + 1}. ${escapeHtml(i.name)} จำนวน ${escapeHtml(formatQuantity(i.quantity))} ${escapeHtml(i.unit ?? '')}</div>`,
          )
          .join('')}</div>`
      : '';
  const signer = f.signerName
    ? `<div>(${escapeHtml(f.signerName)})</div>`
    : '<div>(........................................................)</div>';
  const body = `
<div class="mark">${reprint ? '<span>พิมพ์ซ้ำ / REPRINT</span>' : ''}</div>
<header>
  <div class="org">${escapeHtml(f.organisationName)}</div>
  ${f.organisationAddress ? `<div>${escapeHtml(f.organisationAddress)}</div>` : ''}
</header>
<div class="ref"><div>ที่ ${escapeHtml(f.number)}</div></div>
<div class="date">${escapeHtml(formatBE(printedOn, 'long'))}</div>
<div class="line">เรื่อง ขอบคุณ</div>
<div class="line">เรียน ${escapeHtml(f.donorName)}</div>
<p class="body">ตามที่ท่านได้${what} ให้แก่${escapeHtml(f.receivingUnitName)} เมื่อวันที่ ${escapeHtml(
    longThaiDate(f.donatedOn),
  )} เพื่อ${escapeHtml(f.objective)} นั้น</p>
${items}
<p class="body">${escapeHtml(f.organisationName)} ได้รับไว้เรียบร้อยแล้ว และขอขอบคุณในความมีน้ำใจและความเอื้อเฟื้อของท่านมา ณ โอกาสนี้</p>
<div class="sign">
  <div>ขอแสดงความนับถือ</div>
  <div style="height: 14mm"></div>
  ${signer}
  ${f.signerPosition ? `<div>${escapeHtml(f.signerPosition)}</div>` : ''}
</div>`;
  return { title: `หนังสือขอบคุณ ${f.number}`, body, css: CSS, lang: 'th' };
}
