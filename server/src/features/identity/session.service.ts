import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../platform/auth/principal';
import type { IssuedToken, TokenService } from '../../platform/auth/tokens';
import type { AuthConfig } from '../../platform/config';
import { sessionEnded } from '../../platform/errors';
import { UserGroupService } from '../user-groups/user-group.service';
import { type User, UserStatus } from '../users/user.entity';
import { type SessionEndReason, UserSession } from './identity.entity';

/** Touching last_seen_at more often than this is wasted writes. */
const touchEveryMs = 15_000;

const endReasonError: Partial<Record<SessionEndReason, Parameters<typeof sessionEnded>[0]>> = {
  DUPLICATE: 'DUPLICATE_LOGIN',
  TRANSFERD_USER: 'TRANSFERD_USER',
  IDLE: 'SESSION_IDLE',
  EXPIRED: 'SESSION_EXPIRED',
};

/**
 * Server-side sessions (product-decisions sec. 2): one live staff session per user, idle and absolute
 * limits, and ending sessions at once on logout, password change, deactivation and transfer.
 */
export class SessionService {
  constructor(
    private readonly em: EntityManager,
    private readonly config: AuthConfig,
    private readonly tokens: TokenService,
  ) {}

  /** Opens a session; a staff user's other live sessions end as DUPLICATE. Caller flushes. */
  async open(user: User, meta: { ip: string | null; userAgent: string | null }): Promise<UserSession> {
    if (user.kind === 'STAFF') await this.endAll(user.id, 'DUPLICATE');
    const now = new Date();
    const session = this.em.create(UserSession, {
      id: randomUUID(),
      user,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + this.config.absoluteHours * 3_600_000),
      endedAt: null,
      endReason: null,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
    });
    this.em.persist(session);
    return session;
  }

  issue(session: UserSession, user: User): Promise<IssuedToken> {
    return this.tokens.issue({ sub: String(user.id), sid: session.id, kind: user.kind }, session.expiresAt);
  }

  /** Ends every live session of a user (optionally but one), in one statement. */
  async endAll(userId: number, reason: SessionEndReason, exceptId?: string): Promise<number> {
    const where = exceptId
      ? { user: userId, endedAt: null, id: { $ne: exceptId } }
      : { user: userId, endedAt: null };
    return this.em.nativeUpdate(UserSession, where, { endedAt: new Date(), endReason: reason });
  }

  async end(sessionId: string, reason: SessionEndReason): Promise<void> {
    await this.em.nativeUpdate(
      UserSession,
      { id: sessionId, endedAt: null },
      { endedAt: new Date(), endReason: reason },
    );
  }

  /** Records activity, at most every 15 s (a guarded update, no read). */
  async touch(sessionId: string): Promise<void> {
    const now = Date.now();
    await this.em.nativeUpdate(
      UserSession,
      { id: sessionId, endedAt: null, lastSeenAt: { $lt: new Date(now - touchEveryMs) } },
      { lastSeenAt: new Date(now) },
    );
  }

  /** The session of a token whatever its state, for the session check's xlock. */
  async find(sessionId: string): Promise<UserSession | null> {
    return this.em.findOne(UserSession, { id: sessionId });
  }

  /** Validates a session for a request; ends it when a limit has passed. Returns the principal. */
  async principalFor(sessionId: string, userId: number, touch: boolean): Promise<Principal> {
    const session = await this.em.findOne(UserSession, { id: sessionId }, { populate: ['user'] });
    if (!session || session.user.id !== userId) throw sessionEnded('INVALID_TOKEN');
    if (session.endedAt)
      throw sessionEnded(endReasonError[session.endReason as SessionEndReason] ?? 'SESSION_ENDED');
    const now = Date.now();
    if (now - session.lastSeenAt.getTime() > this.config.idleMinutes * 60_000) {
      await this.end(session.id, 'IDLE');
      throw sessionEnded('SESSION_IDLE');
    }
    if (now > session.expiresAt.getTime()) {
      await this.end(session.id, 'EXPIRED');
      throw sessionEnded('SESSION_EXPIRED');
    }
    const user = session.user.getEntity();
    if (user.userStatusCode !== UserStatus.Active) {
      await this.end(session.id, 'DEACTIVATED');
      throw sessionEnded('SESSION_ENDED');
    }
    if (touch) await this.touch(session.id);
    const unit = user.organisationUnit ? await user.organisationUnit.load() : null;
    const menuCodes = await new UserGroupService(this.em).activeMenuCodes(user.userGroup.code);
    return {
      userId: user.id,
      sessionId: session.id,
      kind: user.kind,
      username: user.username,
      groupCode: user.userGroup.code,
      menuCodes,
      unitId: unit?.id ?? null,
      unitPath: unit?.path ?? null,
    };
  }
}
