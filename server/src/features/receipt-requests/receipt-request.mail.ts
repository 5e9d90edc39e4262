import { formatBE, startOfBangkokDay } from '../../platform/dates';
import type { MailMessage } from '../../platform/mail/mailer';
import { formatQuantity } from '../../platform/money/quantity';
import { formatBaht, longThaiDate } from '../receipts';
import type { ReceiptRequest } from './receipt-request.entity';
import type { LinkedDonation } from './receipt-request-donations';

// The e-mails a requester gets, one at each step: received (with the tracking number), taken in,
// issued, rejected (with the reason). Thai first, then English. Plain text, never HTML: a name with
// markup in it arrives as the characters typed and nothing in a mail client reads it as markup; the
// form refuses control characters in one-line fields, so a name cannot start a line of its own. The
// subject carries only the tracking number and fixed words, never what the visitor typed.

export interface MailContext {
  /** Where the status page is: PUBLIC_URL. */
  publicUrl: string;
  unitNameTh: string;
  unitNameEn: string;
  /** The postal address as printed, for delivery by post. */
  postalAddress: string | null;
}

const englishDate = (day: string) => {
  const [year, month, date] = day.split('-').map(Number);
  return formatBE(startOfBangkokDay({ year: year ?? 0, month: month ?? 1, day: date ?? 1 }), 'long', 'en');
};

const what = (r: ReceiptRequest) =>
  r.kind === 'MONEY'
    ? { th: 'ใบเสร็จรับเงินบริจาค', en: 'a receipt for your money donation' }
    : { th: 'หลักฐานการรับบริจาคสิ่งของ', en: 'an evidence of receipt for your donated goods' };

const statusLink = (r: ReceiptRequest, c: MailContext) =>
  `${c.publicUrl}/reqs-receipt-status?number=${encodeURIComponent(r.number)}`;

const deliveryTh = (r: ReceiptRequest, c: MailContext) =>
  r.delivery === 'POST' ? `ทางไปรษณีย์ ถึงที่อยู่: ${c.postalAddress ?? '-'}` : 'ทางอีเมลนี้';
const deliveryEn = (r: ReceiptRequest, c: MailContext) =>
  r.delivery === 'POST' ? `by post, to: ${c.postalAddress ?? '-'}` : 'by e-mail, to this address';

function mail(
  r: ReceiptRequest,
  subjectTh: string,
  subjectEn: string,
  th: string[],
  en: string[],
): MailMessage {
  return {
    to: r.email,
    subject: `${subjectTh} เลขที่ติดตาม ${r.number} / ${subjectEn}, tracking number ${r.number}`,
    text: [`เรียน ${r.requesterName}`, '', ...th, '', '---', '', `Dear ${r.requesterName},`, '', ...en].join(
      '\n',
    ),
  };
}

function summary(r: ReceiptRequest, c: MailContext): { th: string[]; en: string[] } {
  const th = [
    `เลขที่ติดตาม: ${r.number}`,
    `หน่วยงานที่รับบริจาค: ${c.unitNameTh}`,
    `วันที่บริจาค: ${longThaiDate(r.donatedOn)}`,
  ];
  const en = [
    `Tracking number: ${r.number}`,
    `Receiving unit: ${c.unitNameEn}`,
    `Donated on: ${englishDate(r.donatedOn)}`,
  ];
  if (r.amount) {
    th.push(`จำนวนเงิน: ${formatBaht(r.amount)} บาท`);
    en.push(`Amount: ${formatBaht(r.amount)} baht`);
  }
  for (const [i, item] of (r.items ?? []).entries()) {
    const line = `${i + 1}. ${item.description} ${formatQuantity(item.quantity)}${item.unit ? ` ${item.unit}` : ''}`;
    th.push(i === 0 ? `รายการสิ่งของ:\n${line}` : line);
    en.push(i === 0 ? `Goods:\n${line}` : line);
  }
  th.push(`การจัดส่ง: ${deliveryTh(r, c)}`);
  en.push(`Delivery: ${deliveryEn(r, c)}`);
  return { th, en };
}

/** REQUESTED: the request arrived; the tracking number and how to follow it. */
export function requestedMail(r: ReceiptRequest, c: MailContext): MailMessage {
  const s = summary(r, c);
  return mail(
    r,
    'ได้รับคำขอหลักฐานการบริจาค',
    'Receipt request received',
    [
      `ระบบได้รับคำขอ${what(r).th}ของท่านแล้ว`,
      '',
      ...s.th,
      '',
      'เจ้าหน้าที่จะตรวจสอบกับรายการรับบริจาค แล้วแจ้งผลทางอีเมลนี้ทุกขั้นตอน',
      `ติดตามสถานะได้ที่ ${statusLink(r, c)} โดยกรอกเลขที่ติดตามและอีเมลนี้`,
    ],
    [
      `We have received your request for ${what(r).en}.`,
      '',
      ...s.en,
      '',
      'Staff will check it against the donations received and tell you at each step by e-mail.',
      `Follow it at ${statusLink(r, c)} with the tracking number and this e-mail address.`,
    ],
  );
}

/** IN_PROGRESS: a member of staff took the request in. */
export function inProgressMail(r: ReceiptRequest, c: MailContext): MailMessage {
  return mail(
    r,
    'เจ้าหน้าที่รับเรื่องคำขอแล้ว',
    'Your receipt request is being handled',
    [
      `เจ้าหน้าที่ของ ${c.unitNameTh} รับเรื่องคำขอ${what(r).th}ของท่านแล้ว และกำลังตรวจสอบกับรายการรับบริจาค`,
      `ติดตามสถานะได้ที่ ${statusLink(r, c)}`,
    ],
    [
      `Staff of ${c.unitNameEn} have taken in your request for ${what(r).en} and are checking it against the donations received.`,
      `Follow it at ${statusLink(r, c)}.`,
    ],
  );
}

/** ISSUED: the receipt (money) or the evidence of receipt (goods), and how it reaches the requester. */
export function issuedMail(r: ReceiptRequest, c: MailContext, d: LinkedDonation): MailMessage {
  const issued = longThaiDate(d.receiptIssuedOn ?? d.donatedOn);
  const issuedEn = englishDate(d.receiptIssuedOn ?? d.donatedOn);
  if (r.kind === 'MONEY') {
    return mail(
      r,
      'ออกใบเสร็จรับเงินบริจาคแล้ว',
      'Your receipt has been issued',
      [
        `${c.unitNameTh} ออกใบเสร็จรับเงินบริจาคตามคำขอของท่านแล้ว`,
        '',
        `ใบเสร็จรับเงินเลขที่: ${d.receiptNumber}`,
        `ลงวันที่: ${issued}`,
        `จำนวนเงิน: ${formatBaht(d.amount ?? '0')} บาท`,
        `รายการรับเงินบริจาค: ${d.number}`,
        '',
        `หน่วยงานจะจัดส่งใบเสร็จรับเงินให้ท่าน${deliveryTh(r, c)}`,
      ],
      [
        `${c.unitNameEn} has issued the receipt for your donation.`,
        '',
        `Receipt number: ${d.receiptNumber}`,
        `Dated: ${issuedEn}`,
        `Amount: ${formatBaht(d.amount ?? '0')} baht`,
        `Donation: ${d.number}`,
        '',
        `The unit sends the receipt to you ${deliveryEn(r, c)}.`,
      ],
    );
  }
  return mail(
    r,
    'ออกหลักฐานการรับบริจาคสิ่งของแล้ว',
    'Your evidence of receipt has been issued',
    [
      `${c.unitNameTh} ได้ตรวจรับสิ่งของที่ท่านบริจาคเข้าคลัง และออกหลักฐานการรับบริจาคตามคำขอของท่านแล้ว`,
      '',
      `หลักฐานการรับบริจาคเลขที่: ${d.receiptNumber}`,
      `ลงวันที่: ${issued}`,
      `รายการรับบริจาคสิ่งของ: ${d.number}`,
      '',
      `หน่วยงานจะจัดส่งหลักฐานการรับบริจาคให้ท่าน${deliveryTh(r, c)}`,
    ],
    [
      `${c.unitNameEn} has received the goods you donated into its stock and issued the evidence of receipt.`,
      '',
      `Evidence of receipt number: ${d.receiptNumber}`,
      `Dated: ${issuedEn}`,
      `Donation: ${d.number}`,
      '',
      `The unit sends the evidence of receipt to you ${deliveryEn(r, c)}.`,
    ],
  );
}

/** REJECTED: the request was refused, and why. */
export function rejectedMail(r: ReceiptRequest, c: MailContext, reason: string): MailMessage {
  return mail(
    r,
    'คำขอหลักฐานการบริจาคไม่ได้รับการอนุมัติ',
    'Your receipt request was not approved',
    [
      `${c.unitNameTh} ไม่สามารถออก${what(r).th}ตามคำขอของท่านได้`,
      `เหตุผล: ${reason}`,
      '',
      'หากมีข้อสงสัย กรุณาติดต่อหน่วยงานที่รับบริจาค พร้อมแจ้งเลขที่ติดตามข้างต้น',
    ],
    [
      `${c.unitNameEn} could not issue ${what(r).en}.`,
      `Reason: ${reason}`,
      '',
      'If you have questions, please contact the receiving unit and quote the tracking number.',
    ],
  );
}
