import type { MailMessage } from '../../platform/mail/mailer';

// The one-time code that proves a donor account holds the e-mail on a donator's record. Plain text,
// Thai then English; it names no donator and no account, so a stranger's request tells the reader
// nothing but that someone typed their id.

export function linkCodeMail(
  to: string,
  f: { code: string; minutes: number; publicUrl: string },
): MailMessage {
  return {
    to,
    subject: `รหัสยืนยันการเชื่อมประวัติการบริจาค ${f.code} / Code to link your donation history`,
    text: [
      'มีผู้ขอเชื่อมประวัติการบริจาคที่บันทึกด้วยอีเมลนี้เข้ากับบัญชีผู้บริจาคบนเว็บไซต์น้ำใจ',
      '',
      `รหัสยืนยัน: ${f.code}`,
      `กรุณากรอกรหัสนี้ในหน้า "ประวัติการบริจาค" ภายใน ${f.minutes} นาที`,
      `${f.publicUrl}/user/donation-history`,
      '',
      'หากท่านไม่ได้เป็นผู้ขอ ไม่ต้องดำเนินการใด ๆ ประวัติของท่านจะไม่ถูกเชื่อมกับบัญชีใด',
      '',
      '---',
      '',
      'Someone asked to link the donation history recorded with this e-mail to a donor account on the Namjai website.',
      '',
      `Code: ${f.code}`,
      `Enter it on the "Donation history" page within ${f.minutes} minutes.`,
      '',
      'If you did not ask for this, do nothing: your history will not be linked to any account.',
    ].join('\n'),
  };
}
