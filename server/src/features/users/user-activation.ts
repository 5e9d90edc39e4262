import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { User, UserStatus } from '../../kits/core/user.entity';
import { audit } from '../../platform/audit/audit';
import type { AppDeps } from '../../platform/deps';
import { badInput } from '../../platform/errors';
import { linkOnActivation } from '../donor-account';

// An account's activation: the one-time code mailed (staff once approved, donors at sign-up) and
// its use, which makes the account active.

/** How one-time codes and tokens are stored: their hash, never the code. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A new one-time activation code (72 h), mailed; only its hash is stored. */
export function issueActivation(em: EntityManager, deps: AppDeps, user: User): void {
  const xcode = randomBytes(24).toString('base64url');
  user.activationCodeHash = sha256(xcode);
  user.activationExpiresAt = new Date(Date.now() + deps.config.auth.activationHours * 3_600_000);
  // Donors are sent on to the donor login after activating, staff to the staff login.
  const account = user.kind === 'DONOR' ? '&account=donor' : '';
  const link = `${deps.config.publicUrl}/activate?xcode=${xcode}${account}`;
  deps.mailer.enqueue(em, {
    to: user.email,
    subject: 'เปิดใช้งานบัญชีน้ำใจ / Activate your Namjai account',
    text: [
      `เรียน คุณ${user.firstNameTh} ${user.lastNameTh}`,
      '',
      'บัญชีของท่านพร้อมเปิดใช้งานแล้ว กรุณากดลิงก์ด้านล่างภายใน 72 ชั่วโมง',
      link,
      '',
      `รหัสเปิดใช้งาน (xcode): ${xcode}`,
      '',
      'Your account is ready. Open the link above within 72 hours to activate it.',
    ].join('\n'),
  });
}

export async function activateAccount(em: EntityManager, xcode: string): Promise<User> {
  return em.transactional(async (tx) => {
    const user = await tx.findOne(User, { activationCodeHash: sha256(xcode.trim()) });
    if (!user?.activationExpiresAt || user.activationExpiresAt.getTime() < Date.now()) {
      throw badInput(
        'รหัสเปิดใช้งานไม่ถูกต้องหรือหมดอายุ กรุณาขอรหัสใหม่',
        'The activation code is invalid or has expired; ask for a new one',
      );
    }
    user.userStatusCode = UserStatus.Active;
    user.activationCodeHash = null;
    user.activationExpiresAt = null;
    audit(tx, { event: 'USER_ACTIVATED', actorUserId: user.id, subject: `user:${user.id}` });
    await tx.flush();
    // The e-mail is proved now: a donor who gave their citizen id gets the donator with that id
    // and this e-mail on record (donor-account/donor-links.ts).
    await linkOnActivation(tx, user);
    return user;
  });
}
