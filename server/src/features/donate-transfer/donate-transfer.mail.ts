import type { MailMessage } from '../../platform/mail/mailer';
import { formatBaht, longThaiDate } from '../receipts';
import type { TransferDonationForm } from './donate-transfer.form';
import type { ReceivingAccount } from './receiving-units';

// The e-mail a visitor gets after reporting a donation by transfer: the tracking number and what was
// reported, in Thai then English. Plain text (never HTML): a name with markup in it arrives as the
// characters typed. The subject holds only the number, never what the visitor typed. It offers a donor
// account (sign-up with this e-mail filled in), where the donation and its receipt can be followed.

export interface TrackingMailFacts {
  trackingNumber: string;
  unitNameTh: string;
  account: ReceivingAccount;
  form: TransferDonationForm;
  /** The site's address, for the sign-up link. */
  publicUrl: string;
}

/** The donor sign-up page with the e-mail filled in (client route /signup?email=…). */
export const signupLink = (publicUrl: string, email: string) =>
  `${publicUrl}/signup?email=${encodeURIComponent(email)}`;

const receiptTh = { NONE: 'ไม่ต้องการใบเสร็จ', EMAIL: 'ส่งทางอีเมลนี้', POST: 'ส่งทางไปรษณีย์ตามที่อยู่ที่แจ้ง' };
const receiptEn = {
  NONE: 'no receipt wanted',
  EMAIL: 'by e-mail to this address',
  POST: 'by post to the address given',
};

export function trackingMail(to: string, f: TrackingMailFacts): MailMessage {
  const { form, account } = f;
  const name = form.donorType === 'ANONYMOUS' ? 'ผู้บริจาค' : (form.donorName ?? 'ผู้บริจาค');
  return {
    to,
    subject: `ได้รับแจ้งการโอนเงินบริจาค เลขที่ติดตาม ${f.trackingNumber} / Donation received, tracking number ${f.trackingNumber}`,
    text: [
      `เรียน ${name}`,
      '',
      `ขอขอบคุณที่ร่วมบริจาคเงินให้ ${f.unitNameTh} ระบบได้รับแจ้งการโอนเงินของท่านแล้ว`,
      '',
      `เลขที่ติดตาม: ${f.trackingNumber}`,
      `จำนวนเงิน: ${formatBaht(form.amount)} บาท`,
      `วันที่โอน: ${longThaiDate(form.transferredOn)}`,
      `โอนเข้าบัญชี: ${account.bankNameTh} เลขที่ ${account.accountNumber} (${account.nameTh})`,
      `ใบเสร็จรับเงิน: ${receiptTh[form.receiptDelivery]}`,
      '',
      'เจ้าหน้าที่จะตรวจสอบสลิปกับรายการเงินเข้าบัญชี แล้วยืนยันการรับเงินและออกใบเสร็จ',
      'หากต้องการสอบถาม กรุณาแจ้งเลขที่ติดตามข้างต้นกับหน่วยงานที่รับบริจาค',
      '',
      'สมัครบัญชีผู้บริจาคด้วยอีเมลนี้ เพื่อดูประวัติการบริจาคและดาวน์โหลดใบเสร็จของท่าน:',
      signupLink(f.publicUrl, to),
      '',
      '---',
      '',
      `Thank you for your donation to ${f.unitNameTh}. We have received your transfer report.`,
      '',
      `Tracking number: ${f.trackingNumber}`,
      `Amount: ${formatBaht(form.amount)} baht`,
      `Transferred on: ${form.transferredOn}`,
      `Paid into: ${account.bankNameEn} account ${account.accountNumber}`,
      `Receipt: ${receiptEn[form.receiptDelivery]}`,
      '',
      'Staff will check the slip against the account and then confirm the donation and issue the receipt.',
      'Please quote the tracking number when you contact the receiving unit.',
      '',
      'Sign up for a donor account with this e-mail to see your donation history and download your receipts:',
      signupLink(f.publicUrl, to),
    ].join('\n'),
  };
}
