import type { EntityManager } from '@mikro-orm/postgresql';
import { UserStatus } from '../../kits/core/user.entity';
import type { Principal } from '../../platform/auth/principal';
import { bangkokClock, type JobContext, type JobDefinition } from '../../platform/jobs/job-queue';
import type { MailMessage } from '../../platform/mail/mailer';
import { activeMenuCodesSql } from '../user-groups';
import { PENDING_WORK_MENU } from './pending-work.resolver';
import { type PendingWork, pendingWorkOf } from './pending-work.service';
import type { PendingWorkSource } from './pending-work.source';
import { pendingWorkSources } from './pending-work.sources';
import { eDonationWorkSource } from './request-work.sources';

// The daily reminders of pending work (docs/pending-work.md), jobs of the queue (docs/jobs.md): at the
// configured Bangkok time each active member of staff who holds pending-work notifications (MN-106)
// and has anything waiting gets one mail, Thai then English: the digest (PENDING_WORK_MAIL_AT, the
// counts by group and a link to the screen) and, for holders of the e-Donation export (MN-111), the
// overdue e-Donation rows (E_DONATION_REMINDER_AT, their numbers). The mail and the row of
// pending_work_reminder (user, kind, day) are written in one transaction, so a second run the same day
// (another process, a retry, "run now") mails nobody twice. Delivery is the outbox's (platform/mail).

export const PENDING_WORK_DIGEST = 'pending-work-digest';

interface StaffRow {
  id: number;
  username: string;
  email: string;
  first_name_th: string;
  last_name_th: string;
  user_group_code: string;
  unit_id: number | null;
  unit_path: string | null;
  menu_codes: string[];
}

/** Active staff holding MN-106, with what the session would know of them (menus as kept with the group, unit). */
async function staffToRemind(em: EntityManager): Promise<StaffRow[]> {
  return em.getConnection().execute<StaffRow[]>(
    `select * from (
       select u.id, u.username, u.email, u.first_name_th, u.last_name_th, u.user_group_code,
              o.id as unit_id, o.path as unit_path,
              array(${activeMenuCodesSql('u.user_group_code')}) as menu_codes
         from app_user u left join organisation_unit o on o.id = u.organisation_unit_id
        where u.kind = 'STAFF' and u.user_status_code = ? and u.email <> '') s
      where ? = any(s.menu_codes)
      order by s.id`,
    [UserStatus.Active, PENDING_WORK_MENU],
  );
}

const principalOf = (r: StaffRow): Principal => ({
  userId: r.id,
  sessionId: '',
  kind: 'STAFF',
  username: r.username,
  groupCode: r.user_group_code,
  menuCodes: new Set(r.menu_codes),
  unitId: r.unit_id,
  unitPath: r.unit_path,
});

/** The mail: the counts per group, Thai first, then English, and the link to the screen. */
export function digestMail(user: StaffRow, work: PendingWork, publicUrl: string, day: string): MailMessage {
  const link = `${publicUrl}/backoffice/notification-pending-work`;
  const th = work.groups.map(
    (g) =>
      `- ${g.actionLabel.th}: ${g.label.th} (${g.statusLabel.th}) ${g.count.toLocaleString('th-TH')} รายการ`,
  );
  const en = work.groups.map((g) => `- ${g.actionLabel.en}: ${g.label.en} (${g.statusLabel.en}) ${g.count}`);
  return {
    to: user.email,
    subject: `งานค้างดำเนินการ ${work.total} รายการ / ${work.total} items of pending work (${day})`,
    text: [
      `เรียน ${user.first_name_th} ${user.last_name_th}`,
      '',
      `ท่านมีงานที่รอดำเนินการในระบบน้ำใจ ${work.total} รายการ ดังนี้`,
      ...th,
      '',
      `ดูรายการและดำเนินการได้ที่ ${link}`,
      '',
      '---',
      '',
      `Dear ${user.username},`,
      '',
      `${work.total} items wait for you in Namjai:`,
      ...en,
      '',
      `See and work them at ${link}`,
    ].join('\n'),
  };
}

interface Reminder {
  /** The reminder's kind in pending_work_reminder (one mail per person, kind and day). */
  kind: string;
  sources: readonly PendingWorkSource[];
  /** Items each group lists in the mail (0: counts only). */
  items: number;
  mail(user: StaffRow, work: PendingWork, publicUrl: string, day: string): MailMessage;
}

/**
 * Mails each person the reminder's work for the day of `now` (Bangkok), once: how many were mailed,
 * had nothing, or had it already.
 */
async function sendReminders(
  ctx: JobContext,
  reminder: Reminder,
): Promise<{ mailed: number; nothing: number; already: number }> {
  const day = typeof ctx.payload.day === 'string' ? ctx.payload.day : bangkokClock(ctx.now).day;
  const result = { mailed: 0, nothing: 0, already: 0 };
  for (const user of await staffToRemind(ctx.em)) {
    const em = ctx.em.fork();
    const [sent] = await em
      .getConnection()
      .execute<{ n: number }[]>(
        'select count(*)::int as n from pending_work_reminder where user_id = ? and kind = ? and day = ?',
        [user.id, reminder.kind, day],
      );
    if (sent?.n) {
      result.already++;
      continue;
    }
    const work = await pendingWorkOf(em, principalOf(user), reminder.items, reminder.sources);
    if (!work.total) {
      result.nothing++;
      continue;
    }
    await em.transactional(async (tx) => {
      const [claimed] = await tx.getConnection().execute<{ user_id: number }[]>(
        `insert into pending_work_reminder (user_id, kind, day, total) values (?, ?, ?, ?)
           on conflict do nothing returning user_id`,
        [user.id, reminder.kind, day, work.total],
        'all',
        tx.getTransactionContext(),
      );
      // Another process mailed this person for the day meanwhile.
      if (!claimed) return;
      ctx.deps.mailer.enqueue(tx, reminder.mail(user, work, ctx.deps.config.publicUrl, day));
      result.mailed++;
    });
  }
  await ctx.deps.mailer.flush();
  return result;
}

/** Everything but the overdue e-Donation rows, which have their own reminder. */
const digestSources = () => pendingWorkSources().filter((s) => s !== eDonationWorkSource);

export const pendingWorkDigestJob: JobDefinition = {
  name: PENDING_WORK_DIGEST,
  dailyAt: (deps) => deps.config.jobs.pendingWorkMailAt,
  run: (ctx) => sendReminders(ctx, { kind: 'DIGEST', sources: digestSources(), items: 0, mail: digestMail }),
};

export const E_DONATION_REMINDER = 'e-donation-overdue-reminder';

/**
 * The overdue e-Donation rows, with their numbers and due days (the first 20), to each holder of
 * MN-111 who has any in their scope: Thai, then English, with the link to the export screen.
 */
export function eDonationMail(
  user: StaffRow,
  work: PendingWork,
  publicUrl: string,
  day: string,
): MailMessage {
  const group = work.groups[0];
  const link = `${publicUrl}${group?.link ?? '/backoffice/export-data-revenue'}`;
  const rows = (group?.items ?? []).map((i) => `- ${i.number} ${i.unit?.th ?? ''}`.trimEnd());
  const rowsEn = (group?.items ?? []).map((i) => `- ${i.number} ${i.unit?.en ?? ''}`.trimEnd());
  const more = work.total > rows.length;
  return {
    to: user.email,
    subject: `รายการ e-Donation เลยกำหนดบันทึก ${work.total} รายการ / ${work.total} overdue e-Donation rows (${day})`,
    text: [
      `เรียน ${user.first_name_th} ${user.last_name_th}`,
      '',
      `มีรายการบริจาค ${work.total} รายการที่ยังไม่ได้บันทึกเข้าระบบ e-Donation ของกรมสรรพากรภายในวันที่ 5 ของเดือนถัดไป`,
      ...rows,
      ...(more ? [`และอีก ${work.total - rows.length} รายการ`] : []),
      '',
      `บันทึกและทำเครื่องหมายว่าบันทึกแล้วได้ที่ ${link}`,
      '',
      '---',
      '',
      `Dear ${user.username},`,
      '',
      `${work.total} donations were not keyed in at the Revenue Department's e-Donation by the 5th of the following month:`,
      ...rowsEn,
      ...(more ? [`and ${work.total - rowsEn.length} more`] : []),
      '',
      `Key them in and mark them at ${link}`,
    ].join('\n'),
  };
}

export const eDonationReminderJob: JobDefinition = {
  name: E_DONATION_REMINDER,
  dailyAt: (deps) => deps.config.jobs.eDonationReminderAt,
  run: (ctx) =>
    sendReminders(ctx, {
      kind: 'E_DONATION',
      sources: [eDonationWorkSource],
      items: 20,
      mail: eDonationMail,
    }),
};
