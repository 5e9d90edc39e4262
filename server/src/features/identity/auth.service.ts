import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import { RequestStatus, User, UserStatus } from '../../kits/core/user.entity';
import { audit } from '../../platform/audit/audit';
import { dummyPasswordHash, verifyPassword } from '../../platform/auth/passwords';
import type {
  Authenticator,
  AuthState,
  Principal,
  SessionRead,
  SessionToken,
} from '../../platform/auth/principal';
import type { AppDeps } from '../../platform/deps';
import { AppError, badInput, sessionEnded, unauthenticated } from '../../platform/errors';
import { type LoggedInUserData, loggedInUser } from './logged-in-user';
import { LoginThrottle } from './login-throttle';
import { SessionService } from './session.service';

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
  requestId: string;
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

  /**
   * The session a bearer token names, read later in a command's first round trip (PendingSession):
   * the token's signed claims only, no statement; null without a valid token.
   */
  async pending(authorization: string | undefined): Promise<SessionToken | null> {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    const claims = token ? await this.deps.tokens.verify(token) : null;
    if (!claims) return null;
    const userId = Number(claims.sub);
    if (!Number.isSafeInteger(userId)) return null;
    return { sessionId: claims.sid, userId, tokenId: claims.jti ?? null };
  }

  sessionRead(token: SessionToken): SessionRead {
    return this.sessions().sessionRead(token);
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
      return { ...issued, user: await loggedInUser(tx, user.id) };
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
    return { ...issued, user: await loggedInUser(this.em, principal.userId) };
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
}
