import type { MailMessage } from '../../platform/mail/mailer';

// What a donor hears about their deletion request. Completing it mails nothing: the address is one of
// the things it removes (the request page said what would happen). A rejection tells why.

export function deletionRejectedMail(to: string, reason: string, publicUrl: string): MailMessage {
  return {
    to,
    subject: 'ผลการพิจารณาคำขอลบข้อมูลส่วนบุคคล / Your personal data deletion request',
    text: [
      'กระทรวงพิจารณาคำขอลบข้อมูลส่วนบุคคลของท่านแล้ว และยังไม่สามารถดำเนินการตามคำขอได้ ด้วยเหตุผลดังนี้',
      '',
      reason,
      '',
      `ท่านดูรายละเอียดและยื่นคำขอใหม่ได้ที่ ${publicUrl}/user/donation-history?view=data`,
      'หากไม่เห็นด้วย ท่านติดต่อเจ้าหน้าที่คุ้มครองข้อมูลส่วนบุคคลตามช่องทางในหน้า /pdpa หรือร้องเรียนต่อสำนักงานคณะกรรมการคุ้มครองข้อมูลส่วนบุคคลได้',
      '',
      '---',
      '',
      'The ministry has considered your request to delete your personal data and cannot carry it out, for this reason:',
      '',
      reason,
      '',
      `You can see the details and ask again at ${publicUrl}/user/donation-history?view=data`,
      'If you disagree, contact the data protection officer (see /pdpa) or complain to the Personal Data Protection Committee.',
    ].join('\n'),
  };
}
