import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type User, UserStatus } from '../../kits/core/user.entity';
import type { Principal, SessionRead, SessionToken } from '../../platform/auth/principal';
import type { IssuedToken, TokenService } from '../../platform/auth/tokens';
import type { AuthConfig } from '../../platform/config';
import { prepared } from '../../platform/db/prepared';
import { sessionEnded } from '../../platform/errors';
import { menuCodesTextSql } from '../user-groups';
import { type SessionEndReason, UserSession } from './identity.entity';

/**
 * Activity is written at most once a minute: a request within a minute of the last write sends no
 * statement. last_seen_at is then up to a minute older than the person's last request, so the idle
 * limit may end a session up to a minute early, never late.
 */
export const touchEveryMs = 60_000;

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
      tokenId: randomUUID(),
    });
    this.em.persist(session);
    return session;
  }

  /** The token of the session's current token id (set by `open` and `rotate`). */
  issue(
    session: Pick<UserSession, 'id' | 'expiresAt' | 'tokenId'>,
    user: Pick<User, 'id' | 'kind'>,
  ): Promise<IssuedToken> {
    return this.tokens.issue(
      {
        sub: String(user.id),
        sid: session.id,
        kind: user.kind,
        ...(session.tokenId ? { jti: session.tokenId } : {}),
      },
      session.expiresAt,
    );
  }

  /**
   * Refresh: a new token id for a live session, in one guarded statement that holds only while the
   * caller's token is still the current one, so of two refreshes with one token (a replay, or a race)
   * one wins and the other is refused. The token replaced stops working at once (`principalFor`).
   * The session keeps its absolute limit; its idle clock is the caller's business (touch).
   */
  async rotate(
    principal: Pick<Principal, 'sessionId' | 'tokenId'>,
    user: Pick<User, 'id' | 'kind'>,
  ): Promise<IssuedToken> {
    const next = randomUUID();
    const [row] = await this.em.execute<{ expires_at: Date }[]>(
      `update user_session set token_id = ?
       where id = ? and ended_at is null and token_id is not distinct from ?
       returning expires_at`,
      [next, principal.sessionId, principal.tokenId ?? null],
    );
    if (!row) throw sessionEnded('SESSION_ENDED');
    principal.tokenId = next;
    return this.issue({ id: principal.sessionId, expiresAt: new Date(row.expires_at), tokenId: next }, user);
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

  /**
   * Records activity, at most once every `touchEveryMs`: skipped when the principal's session was
   * seen recently, otherwise a guarded update (no read) of a live session.
   */
  async touch(principal: Pick<Principal, 'sessionId' | 'sessionSeenAt'>): Promise<void> {
    const now = Date.now();
    if (principal.sessionSeenAt !== undefined && now - principal.sessionSeenAt < touchEveryMs) return;
    await this.em.nativeUpdate(
      UserSession,
      { id: principal.sessionId, endedAt: null, lastSeenAt: { $lt: new Date(now - touchEveryMs) } },
      { lastSeenAt: new Date(now) },
    );
    principal.sessionSeenAt = now;
  }

  /** The session of a token whatever its state, for the session check's xlock. */
  async find(sessionId: string): Promise<UserSession | null> {
    return this.em.findOne(UserSession, { id: sessionId });
  }

  /**
   * Validates a session for a request; ends it when a limit has passed. Returns the principal. One
   * statement reads the session, its user, the user's unit and the group's active menu codes.
   */
  async principalFor(
    sessionId: string,
    userId: number,
    touch: boolean,
    tokenId: string | null = null,
  ): Promise<Principal> {
    const [row] = await principalStatement.rows<SessionRow>(this.em, [sessionId]);
    const judged = judgeSession(row, { sessionId, userId, tokenId }, this.config.idleMinutes, Date.now());
    if ('refused' in judged) {
      if (judged.end) await this.end(sessionId, judged.end);
      throw sessionEnded(judged.refused);
    }
    if (touch) await this.touch(judged.principal);
    return judged.principal;
  }

  /**
   * The session read of a token as a select a command's first statement carries (docs/architecture.md,
   * "The session read in a command's first round trip"), its row judged as `principalFor` judges
   * it but without its writes: the principal of a live session, or null for any other (the caller
   * then reads it the ordinary way, which ends the session where a limit has passed and words the
   * refusal).
   */
  sessionRead(token: SessionToken): SessionRead {
    return {
      sql: principalSql,
      params: [token.sessionId],
      live: (row) => {
        const judged = judgeSession(
          row as SessionRow | undefined,
          token,
          this.config.idleMinutes,
          Date.now(),
        );
        return 'principal' in judged ? judged.principal : null;
      },
    };
  }
}

/** A session's row judged: its principal, or why it is refused (and the end it is given, if any). */
function judgeSession(
  row: SessionRow | undefined,
  token: { sessionId: string; userId: number; tokenId: string | null },
  idleMinutes: number,
  now: number,
): { principal: Principal } | { refused: Parameters<typeof sessionEnded>[0]; end?: SessionEndReason } {
  if (!row || row.user_id !== token.userId) return { refused: 'INVALID_TOKEN' };
  if (row.ended) return { refused: endReasonError[row.end_reason as SessionEndReason] ?? 'SESSION_ENDED' };
  // A token a refresh replaced: the session goes on with its new token; this one has ended.
  if (row.token_id !== token.tokenId) return { refused: 'SESSION_ENDED' };
  if (now - row.last_seen_ms > idleMinutes * 60_000) return { refused: 'SESSION_IDLE', end: 'IDLE' };
  if (now > row.expires_ms) return { refused: 'SESSION_EXPIRED', end: 'EXPIRED' };
  if (row.user_status_code !== UserStatus.Active) return { refused: 'SESSION_ENDED', end: 'DEACTIVATED' };
  return {
    principal: {
      userId: row.user_id,
      sessionId: token.sessionId,
      kind: row.kind,
      username: row.username,
      groupCode: row.user_group_code,
      menuCodes: new Set(row.menu_codes ? row.menu_codes.split(' ') : []),
      unitId: row.unit_id,
      unitPath: row.unit_path,
      sessionSeenAt: row.last_seen_ms,
      tokenId: row.token_id,
    },
  };
}

interface SessionRow {
  user_id: number;
  ended: boolean;
  end_reason: string | null;
  last_seen_ms: number;
  expires_ms: number;
  kind: 'STAFF' | 'DONOR';
  username: string;
  user_status_code: string;
  user_group_code: string;
  unit_id: number | null;
  unit_path: string | null;
  /** Separated by spaces (a menu code has none), kept with the group (user_group_menu_codes); null: none. */
  menu_codes: string | null;
  token_id: string | null;
}

/** A session with its user, the user's unit and the active menu codes of the user's active group. */
const principalSql = `select s.user_id, s.ended_at is not null as ended, s.end_reason, s.token_id,
  (extract(epoch from s.last_seen_at) * 1000)::float8 as last_seen_ms,
  (extract(epoch from s.expires_at) * 1000)::float8 as expires_ms,
  u.kind, u.username, u.user_status_code, u.user_group_code, o.id as unit_id, o.path as unit_path,
  (${menuCodesTextSql('u.user_group_code')}) as menu_codes
from user_session s
join app_user u on u.id = s.user_id
left join organisation_unit o on o.id = u.organisation_unit_id
where s.id = ?`;
/** Sent prepared: every request of a logged-in person reads it (platform/db/prepared.ts). */
const principalStatement = prepared('session_read', principalSql);
