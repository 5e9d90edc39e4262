import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../platform/auth/principal';
import { bangkokClock, type JobContext, type JobDefinition } from '../../platform/jobs/job-queue';
import type { MailMessage } from '../../platform/mail/mailer';
import { UserStatus } from '../users/user.entity';
import { PENDING_WORK_MENU } from './pending-work.resolver';
import { type PendingWork, pendingWorkOf } from './pending-work.service';

// The daily e-mail of pending work (docs/pending-work.md): at the configured Bangkok time
// (PENDING_WORK_MAIL_AT, default 07:30) each active member of staff who holds pending-work
// notifications (MN-106) and has anything waiting gets one mail, Thai then English, with the counts by
// kind and a link to the screen. The mail and the row of pending_work_reminder (user, day) are
// written in one transaction, so a second run the same day (another process, a retry, "run now")
// mails nobody twice. Delivery is the outbox's (platform/mail).

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

/** Active staff holding MN-106, with what the session would know of them (menus, unit). */
async function staffToRemind(em: EntityManager): Promise<StaffRow[]> {
  return em.getConnection().execute<StaffRow[]>(
    `select * from (
       select u.id, u.username, u.email, u.first_name_th, u.last_name_th, u.user_group_code,
              o.id as unit_id, o.path as unit_path,
              array(select m.code from user_group g
                      join user_group_menu gm on gm.user_group_code = g.code
                      join menu_entry m on m.code = gm.menu_entry_code
                     where g.code = u.user_group_code and g.status_code = 'A' and m.status_code = 'A') as menu_codes
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

/** Runs the digest for the day of `now` (Bangkok): how many were mailed and how many had nothing. */
export async function sendPendingWorkDigest(
  ctx: JobContext,
): Promise<{ mailed: number; nothing: number; already: number }> {
  const day = typeof ctx.payload.day === 'string' ? ctx.payload.day : bangkokClock(ctx.now).day;
  const result = { mailed: 0, nothing: 0, already: 0 };
  for (const user of await staffToRemind(ctx.em)) {
    const em = ctx.em.fork();
    const [sent] = await em
      .getConnection()
      .execute<{ n: number }[]>(
        'select count(*)::int as n from pending_work_reminder where user_id = ? and day = ?',
        [user.id, day],
      );
    if (sent?.n) {
      result.already++;
      continue;
    }
    const work = await pendingWorkOf(em, principalOf(user), 0);
    if (!work.total) {
      result.nothing++;
      continue;
    }
    await em.transactional(async (tx) => {
      const [claimed] = await tx.getConnection().execute<{ user_id: number }[]>(
        `insert into pending_work_reminder (user_id, day, total) values (?, ?, ?)
           on conflict do nothing returning user_id`,
        [user.id, day, work.total],
        'all',
        tx.getTransactionContext(),
      );
      // Another process mailed this person for the day meanwhile.
      if (!claimed) return;
      ctx.deps.mailer.enqueue(tx, digestMail(user, work, ctx.deps.config.publicUrl, day));
      result.mailed++;
    });
  }
  await ctx.deps.mailer.flush();
  return result;
}

export const pendingWorkDigestJob: JobDefinition = {
  name: PENDING_WORK_DIGEST,
  dailyAt: (deps) => deps.config.jobs.pendingWorkMailAt,
  run: sendPendingWorkDigest,
};
