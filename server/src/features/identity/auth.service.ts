import { randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import { OrganisationUnit } from '../../kits/core/organisation.entity';
import { RequestStatus, User, UserStatus } from '../../kits/core/user.entity';
import { audit } from '../../platform/audit/audit';
import { menuByCode } from '../../platform/auth/menu-catalogue';
import {
  assertAcceptablePassword,
  dummyPasswordHash,
  hashPassword,
  verifyPassword,
} from '../../platform/auth/passwords';
import type { Authenticator, AuthState, Principal } from '../../platform/auth/principal';
import { sha256 } from '../../platform/auth/sha256';
import type { AppDeps } from '../../platform/deps';
import { AppError, badInput, forbidden, sessionEnded, unauthenticated } from '../../platform/errors';
import { type MenuRecord, toMenuRecord } from '../menus';
import { UserGroupService } from '../user-groups';
import { OneTimeToken } from './identity.entity';
import { LoginThrottle } from './login-throttle';
import { SessionService } from './session.service';

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
  requestId: string;
}

/** Specification sec. 3 "Logged-in user data". */
export interface LoggedInUserData {
  userId: number;
  kind: 'STAFF' | 'DONOR';
  username: string;
  titleTh: string | null;
  firstNameTh: string;
  lastNameTh: string;
  email: string;
  phone: string | null;
  position: string | null;
  officeTypeCode: number | null;
  userGroup: string;
  userGroupCode: string;
  ministry: string | null;
  ministryCode: string | null;
  department: string | null;
  departmentCode: string | null;
  bureau: string | null;
  bureauCode: string | null;
  division: string | null;
  divisionCode: string | null;
  organisationName: string | null;
  /** The same units' English names (organisation_unit.name_en; the user group's name is Thai only). */
  ministryEn: string | null;
  departmentEn: string | null;
  bureauEn: string | null;
  divisionEn: string | null;
  organisationNameEn: string | null;
  menus: MenuRecord[];
}

export interface AuthResult {
  token: string;
  expiresAt: Date;
  user: LoggedInUserData;
}

/**
 * The one answer to an unknown username, a wrong password and a throttled attempt (docs/sign-in.md):
 * the same status, code and words, so none of them tells a stranger which it was.
 */
export const invalidCredentials = () =>
  new AppError(
    'INVALID_CREDENTIALS',
    401,
    'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง หรือลองหลายครั้งเกินไป กรุณารอสักครู่แล้วลองใหม่',
    'Wrong username or password, or too many attempts: wait a moment and try again',
  );
/**
 * A username with many failures from everywhere needs a bot check (when a provider is configured).
 * Counted by the typed name whether or not an account has it, so it tells nothing about existence.
 */
export const botCheckRequired = () =>
  new AppError(
    'BOT_CHECK_REQUIRED',
    400,
    'มีการลองเข้าสู่ระบบด้วยชื่อผู้ใช้นี้หลายครั้ง กรุณายืนยันว่าท่านไม่ใช่โปรแกรมอัตโนมัติแล้วเข้าสู่ระบบอีกครั้ง',
    'There have been many sign-in attempts with this username. Please confirm you are not a robot, then sign in again.',
  );
const notActive = () =>
  new AppError(
    'ACCOUNT_NOT_ACTIVE',
    403,
    'บัญชียังไม่พร้อมใช้งาน (รอการอนุมัติ ยังไม่เปิดใช้งาน หรือถูกระงับ)',
    'The account is not active (awaiting approval, not activated, or suspended)',
  );

/** What a login needs of its request besides the credentials. */
export interface LoginMeta extends RequestMeta {
  /** The bot-check token the request carries (header x-bot-check-token), if any. */
  botToken: string | null;
  log: FastifyBaseLogger;
}

export class AuthService implements Authenticator {
  constructor(
    private readonly em: EntityManager,
    private readonly deps: AppDeps,
  ) {}

  private sessions(em: EntityManager = this.em) {
    return new SessionService(em, this.deps.config.auth, this.deps.tokens);
  }

  async authenticate(
    authorization: string | undefined,
    opts: { touch: boolean; ip: string | null },
  ): Promise<AuthState> {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return { principal: null, failure: null };
    const claims = await this.deps.tokens.verify(token);
    if (!claims) return { principal: null, failure: sessionEnded('INVALID_TOKEN') };
    try {
      const principal = await this.sessions().principalFor(
        claims.sid,
        Number(claims.sub),
        opts.touch,
        claims.jti ?? null,
      );
      return { principal, failure: null };
    } catch (err) {
      if (err instanceof AppError) return { principal: null, failure: err };
      throw err;
    }
  }

  touch(principal: Principal): Promise<void> {
    return this.sessions().touch(principal);
  }

  /**
   * Staff login (`kind` STAFF) or donor login (DONOR); usernames are compared lower-cased. Throttled
   * per (username, address) and per address, and a much-failed username needs a bot check where one
   * is configured (docs/sign-in.md). Every attempt is recorded in login_attempt and audited.
   */
  async login(
    kind: 'STAFF' | 'DONOR',
    rawUsername: string,
    password: string,
    meta: LoginMeta,
  ): Promise<AuthResult> {
    const username = rawUsername.trim().toLowerCase();
    if (!username || !password) throw badInput('กรุณาระบุชื่อผู้ใช้และรหัสผ่าน', 'Username and password are required');
    const limits = this.deps.config.auth.login;
    const origin = { ip: meta.ip, requestId: meta.requestId };
    // Recorded and committed before the password is looked at (login-throttle.ts).
    const admission = await new LoginThrottle(this.em, limits).admit(username, kind, meta.ip);
    if (admission.throttled) {
      await this.auditApart({
        event: 'LOGIN_THROTTLED',
        actorUserId: admission.userId,
        subject: `username:${username}`,
        details: { ...admission.throttled },
        ...origin,
      });
      throw invalidCredentials();
    }
    if (
      limits.accountFailures > 0 &&
      admission.accountFailures >= limits.accountFailures &&
      this.deps.forms.botCheckEnabled
    ) {
      try {
        if (!meta.botToken) throw botCheckRequired();
        await this.deps.forms.verifyBotCheck({
          ip: meta.ip,
          botToken: meta.botToken,
          log: meta.log,
          target: `login ${kind}`,
        });
      } catch (err) {
        await LoginThrottle.settle(this.em, admission.attemptId, 'BOT_CHECK');
        await this.auditApart({
          event: 'LOGIN_BOT_CHECK_REFUSED',
          actorUserId: admission.userId,
          subject: `username:${username}`,
          details: { accountFailures: admission.accountFailures, code: (err as AppError).code ?? null },
          ...origin,
        });
        throw err;
      }
    }
    // Failures are settled and committed; the error is thrown after the commit, or the rollback would
    // erase the very record that throttling counts.
    const outcome = await this.em.transactional(async (tx): Promise<AuthResult | AppError> => {
      const user = await tx.findOne(User, { username, kind }, { populate: ['passwordHash'] });
      // An unknown username costs the same argon2 check as a known one: timing tells them not apart.
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
      if (!user || !ok) {
        await LoginThrottle.settle(tx, admission.attemptId, 'FAILED');
        audit(tx, {
          event: 'LOGIN_FAILED',
          actorUserId: user?.id ?? null,
          subject: `username:${username}`,
          ...origin,
        });
        const accountFailures = admission.accountFailures + 1;
        if (accountFailures === limits.accountFailures) {
          // Never a refusal that would keep the owner out: a bot check from now on where one is
          // configured, and this record (and the log) for the administrators either way.
          meta.log.warn({ username, failures: accountFailures }, 'many failed logins for one username');
          audit(tx, {
            event: 'LOGIN_USERNAME_UNDER_ATTACK',
            actorUserId: user?.id ?? null,
            subject: `username:${username}`,
            details: {
              failures: accountFailures,
              windowMinutes: limits.windowMinutes,
              botCheck: this.deps.forms.botCheckEnabled,
            },
            ...origin,
          });
        }
        await tx.flush();
        return invalidCredentials();
      }
      if (user.userStatusCode === UserStatus.Locked) {
        // Left by the lockout of an earlier release (docs/sign-in.md): the right password opens it.
        user.userStatusCode = UserStatus.Active;
      }
      if (user.userStatusCode !== UserStatus.Active || user.requestStatusCode !== RequestStatus.Approved) {
        // Said only after the right password: it tells nothing a stranger could not already know.
        await LoginThrottle.settle(tx, admission.attemptId, 'NOT_ACTIVE');
        audit(tx, {
          event: 'LOGIN_REFUSED_INACTIVE',
          actorUserId: user.id,
          subject: `user:${user.id}`,
          ...origin,
        });
        await tx.flush();
        return notActive();
      }
      const session = await this.sessions(tx).open(user, meta);
      user.lastLoginAt = new Date();
      await LoginThrottle.settle(tx, admission.attemptId, 'SUCCESS');
      audit(tx, {
        event: 'LOGIN',
        actorUserId: user.id,
        subject: `session:${session.id}`,
        ...origin,
      });
      await tx.flush();
      const issued = await this.sessions(tx).issue(session, user);
      return { ...issued, user: await new AuthService(tx, this.deps).loggedInUser(user.id) };
    });
    if (outcome instanceof AppError) throw outcome;
    return outcome;
  }

  /** An audit event committed on its own, whatever becomes of the request. */
  private async auditApart(entry: Parameters<typeof audit>[1]): Promise<void> {
    const em = this.em.fork();
    audit(em, entry);
    await em.flush();
  }

  async logout(principal: Principal | null): Promise<boolean> {
    if (!principal) return false;
    await this.sessions().end(principal.sessionId, 'LOGOUT');
    const em = this.em.fork();
    audit(em, { event: 'LOGOUT', actorUserId: principal.userId, subject: `session:${principal.sessionId}` });
    await em.flush();
    return true;
  }

  /**
   * A new token for the same session, never past the session's absolute limit; the token it
   * replaces ends at once (a later use, or a second refresh with it, gets SESSION_ENDED).
   */
  async refresh(principal: Principal): Promise<AuthResult> {
    const issued = await this.sessions().rotate(principal, { id: principal.userId, kind: principal.kind });
    return { ...issued, user: await this.loggedInUser(principal.userId) };
  }

  /** The session check: xlock for a session ended by a login elsewhere or a transfer. */
  async sessionCheck(
    authorization: string | undefined,
    auth: AuthState,
  ): Promise<{ xlock: string | null; expiresAt: Date | null }> {
    if (auth.principal) {
      const session = await this.sessions().find(auth.principal.sessionId);
      return { xlock: null, expiresAt: session?.expiresAt ?? null };
    }
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    const claims = token ? await this.deps.tokens.verify(token) : null;
    if (!claims) throw auth.failure ?? unauthenticated();
    const session = await this.sessions().find(claims.sid);
    if (session?.endReason === 'DUPLICATE') return { xlock: 'DUPLICATE', expiresAt: null };
    if (session?.endReason === 'TRANSFERD_USER') return { xlock: 'TRANSFERD_USER', expiresAt: null };
    throw auth.failure ?? unauthenticated();
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

  /** A one-time token (60 s) for the external food/report site, for a menu the user holds. */
  async externalSiteToken(principal: Principal, menuCode: string): Promise<string> {
    const entry = menuByCode(menuCode);
    if (!entry?.external)
      throw badInput('เมนูนี้ไม่ได้เปิดเว็บไซต์ภายนอก', 'This menu does not open the external site');
    if (!principal.menuCodes.has(menuCode)) throw forbidden();
    const token = randomBytes(32).toString('base64url');
    const em = this.em.fork();
    em.persist(
      em.create(OneTimeToken, {
        id: randomUUID(),
        user: em.getReference(User, principal.userId),
        purpose: 'EXTERNAL_SITE',
        tokenHash: sha256(token),
        payload: { menuCode, userId: principal.userId },
        expiresAt: new Date(Date.now() + 60_000),
        usedAt: null,
      }),
    );
    await em.flush();
    return token;
  }

  /** The external site exchanges the token once for who the user is and which menu they opened. */
  async decryptToken(
    code: string,
  ): Promise<{ userId: number; username: string; menuCode: string; user: LoggedInUserData }> {
    return this.em.transactional(async (tx) => {
      const row = await tx.findOne(
        OneTimeToken,
        { tokenHash: sha256(code.trim()), purpose: 'EXTERNAL_SITE' },
        { populate: ['user'] },
      );
      if (!row || row.usedAt || row.expiresAt.getTime() < Date.now()) {
        throw new AppError(
          'INVALID_TOKEN',
          401,
          'โทเคนไม่ถูกต้องหรือหมดอายุ',
          'The token is invalid, used or expired',
        );
      }
      row.usedAt = new Date();
      await tx.flush();
      const user = row.user.getEntity();
      return {
        userId: user.id,
        username: user.username,
        menuCode: String(row.payload?.menuCode ?? ''),
        user: await new AuthService(tx, this.deps).loggedInUser(user.id),
      };
    });
  }

  async loggedInUser(userId: number): Promise<LoggedInUserData> {
    const user = await this.em.findOneOrFail(
      User,
      { id: userId },
      { populate: ['userGroup', 'organisationUnit'] },
    );
    const unit = user.organisationUnit?.getEntity() ?? null;
    const chain: OrganisationUnit[] = [];
    if (unit) {
      const ids = unit.path.split('/').filter(Boolean).map(Number);
      const rows = await this.em.find(OrganisationUnit, { id: { $in: ids } });
      chain.push(
        ...ids.map((id) => rows.find((r) => r.id === id)).filter((r): r is OrganisationUnit => Boolean(r)),
      );
    }
    const at = (types: number[]) => chain.find((u) => types.includes(u.officeType)) ?? null;
    const [ministry, department, bureau, division] = [at([1]), at([2]), at([3, 5]), at([4, 6])];
    const group = user.userGroup.getEntity();
    return {
      userId: user.id,
      kind: user.kind,
      username: user.username,
      titleTh: user.titleTh,
      firstNameTh: user.firstNameTh,
      lastNameTh: user.lastNameTh,
      email: user.email,
      phone: user.phone,
      position: user.position,
      officeTypeCode: unit?.officeType ?? null,
      userGroup: group.name,
      userGroupCode: group.code,
      ministry: ministry?.nameTh ?? null,
      ministryCode: ministry?.code ?? null,
      department: department?.nameTh ?? null,
      departmentCode: department?.code ?? null,
      bureau: bureau?.nameTh ?? null,
      bureauCode: bureau?.code ?? null,
      division: division?.nameTh ?? null,
      divisionCode: division?.code ?? null,
      organisationName: unit?.nameTh ?? null,
      ministryEn: ministry?.nameEn || null,
      departmentEn: department?.nameEn || null,
      bureauEn: bureau?.nameEn || null,
      divisionEn: division?.nameEn || null,
      organisationNameEn: unit?.nameEn || null,
      menus: (await new UserGroupService(this.em).menusOf(group.code)).map(toMenuRecord),
    };
  }
}
