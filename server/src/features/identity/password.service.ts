import { randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { User, UserStatus } from '../../kits/core/user.entity';
import { audit } from '../../platform/audit/audit';
import { assertAcceptablePassword, hashPassword, verifyPassword } from '../../platform/auth/passwords';
import type { Principal } from '../../platform/auth/principal';
import type { AppDeps } from '../../platform/deps';
import { badInput } from '../../platform/errors';
import { sha256 } from '../users';
import { OneTimeToken } from './identity.entity';
import { SessionService } from './session.service';

/** A person's password: changed with the current one, or reset with a mailed one-time link. */
export class PasswordService {
  constructor(
    private readonly em: EntityManager,
    private readonly deps: AppDeps,
  ) {}

  private sessions(em: EntityManager = this.em) {
    return new SessionService(em, this.deps.config.auth, this.deps.tokens);
  }

  async changePassword(principal: Principal, current: string, next: string): Promise<boolean> {
    assertAcceptablePassword(next);
    return this.em.transactional(async (tx) => {
      const user = await tx.findOneOrFail(User, { id: principal.userId }, { populate: ['passwordHash'] });
      if (!(await verifyPassword(user.passwordHash, current))) {
        throw badInput('รหัสผ่านปัจจุบันไม่ถูกต้อง', 'The current password is wrong');
      }
      if (current === next)
        throw badInput('รหัสผ่านใหม่ต้องไม่ซ้ำกับรหัสผ่านเดิม', 'The new password must differ from the current one');
      user.passwordHash = await hashPassword(next);
      user.passwordChangedAt = new Date();
      // Every session ends, this one included: the person logs in again with the new password.
      await this.sessions(tx).endAll(user.id, 'PASSWORD_CHANGED');
      audit(tx, { event: 'PASSWORD_CHANGED', actorUserId: user.id, subject: `user:${user.id}` });
      await tx.flush();
      return true;
    });
  }

  /** Mails a reset link when the address belongs to an active account; answers the same either way. */
  async forgotPassword(email: string): Promise<boolean> {
    const address = email.trim().toLowerCase();
    await this.em.transactional(async (tx) => {
      const users = await tx.find(User, {
        email: address,
        userStatusCode: { $in: [UserStatus.Active, UserStatus.Locked] },
      });
      for (const user of users) {
        const token = randomBytes(32).toString('base64url');
        tx.persist(
          tx.create(OneTimeToken, {
            id: randomUUID(),
            user,
            purpose: 'PASSWORD_RESET',
            tokenHash: sha256(token),
            payload: null,
            expiresAt: new Date(Date.now() + this.deps.config.auth.resetTokenMinutes * 60_000),
            usedAt: null,
          }),
        );
        const path = user.kind === 'DONOR' ? '/reset-password' : '/backoffice/reset-password';
        this.deps.mailer.enqueue(tx, {
          to: user.email,
          subject: 'ตั้งรหัสผ่านใหม่ / Reset your Namjai password',
          text: [
            `มีการขอตั้งรหัสผ่านใหม่สำหรับบัญชี ${user.username}`,
            `กรุณากดลิงก์ภายใน ${this.deps.config.auth.resetTokenMinutes} นาที:`,
            `${this.deps.config.publicUrl}${path}?token=${token}`,
            '',
            'If you did not ask for this, ignore this mail; your password stays as it is.',
          ].join('\n'),
        });
        audit(tx, { event: 'PASSWORD_RESET_REQUESTED', actorUserId: user.id, subject: `user:${user.id}` });
      }
      await tx.flush();
    });
    return true;
  }

  async resetPassword(token: string, next: string): Promise<boolean> {
    assertAcceptablePassword(next);
    return this.em.transactional(async (tx) => {
      const row = await tx.findOne(
        OneTimeToken,
        { tokenHash: sha256(token.trim()), purpose: 'PASSWORD_RESET' },
        { populate: ['user'] },
      );
      if (!row || row.usedAt || row.expiresAt.getTime() < Date.now()) {
        throw badInput('ลิงก์ตั้งรหัสผ่านไม่ถูกต้องหรือหมดอายุ', 'The reset link is invalid or has expired');
      }
      row.usedAt = new Date();
      const user = row.user.getEntity();
      user.passwordHash = await hashPassword(next);
      user.passwordChangedAt = new Date();
      // Status L, left by the lockout of an earlier release, opens with a new password too.
      if (user.userStatusCode === UserStatus.Locked) user.userStatusCode = UserStatus.Active;
      await this.sessions(tx).endAll(user.id, 'PASSWORD_CHANGED');
      audit(tx, { event: 'PASSWORD_RESET', actorUserId: user.id, subject: `user:${user.id}` });
      await tx.flush();
      return true;
    });
  }
}
