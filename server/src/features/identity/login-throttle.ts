import type { EntityManager } from '@mikro-orm/postgresql';
import type { UserKind } from '../../kits/core/user.entity';
import type { LoginThrottleConfig } from '../../platform/config';
import type { LoginOutcome } from './identity.entity';

/**
 * Sign-in throttling (docs/sign-in.md), counted in PostgreSQL (login_attempt) so that every server
 * process shares the counts. Failures are counted by the typed username, whether or not an account
 * has it, so no rule answers differently for a name that exists.
 */

/** Which rule refused an attempt before its password was checked. */
export type ThrottleRule = 'PAIR' | 'ADDRESS';

export interface LoginAdmission {
  /** The login_attempt row of this attempt (CHECKING when admitted, THROTTLED when refused). */
  attemptId: number;
  /** The account with this username and kind, if any (recorded on the row, never answered). */
  userId: number | null;
  /** Refused without a password check: the rule, its failures in the window and the wait left. */
  throttled: { rule: ThrottleRule; failures: number; waitSeconds: number } | null;
  /** Failures of this username from every address in the window, before this attempt. */
  accountFailures: number;
}

/**
 * The wait a threshold imposes after `failures` failures: none below it, then the first delay,
 * doubled with each further failure, never above the cap. A threshold of 0 is off.
 */
export function throttleDelaySeconds(
  failures: number,
  threshold: number,
  config: Pick<LoginThrottleConfig, 'delaySeconds' | 'delayMaxSeconds'>,
): number {
  if (threshold <= 0 || failures < threshold) return 0;
  const doublings = Math.min(failures - threshold, 30);
  return Math.min(config.delaySeconds * 2 ** doublings, config.delayMaxSeconds);
}

interface Counts {
  pair_failures: number;
  pair_since: number | null;
  address_failures: number;
  address_since: number | null;
  account_failures: number;
  user_id: number | null;
}

// A failure is FAILED (unknown username or wrong password) or CHECKING (admitted, not yet settled:
// a guess in flight, or one whose process died). Seconds since the latest failure of the pair and of
// the address decide whether their delay has passed. Times are the database's, for every process.
const countsSql = `select
  count(*) filter (where a.username = ? and a.ip = ?)::int as pair_failures,
  extract(epoch from now() - max(a.at) filter (where a.username = ? and a.ip = ?))::float8 as pair_since,
  count(*) filter (where a.ip = ?)::int as address_failures,
  extract(epoch from now() - max(a.at) filter (where a.ip = ?))::float8 as address_since,
  count(*) filter (where a.username = ?)::int as account_failures,
  (select u.id from app_user u where u.username = ? and u.kind = ?) as user_id
from login_attempt a
where a.outcome in ('FAILED', 'CHECKING') and a.at > now() - make_interval(mins => ?)
  and (a.username = ? or a.ip = ?)`;

export class LoginThrottle {
  constructor(
    private readonly em: EntityManager,
    private readonly config: LoginThrottleConfig,
  ) {}

  /**
   * Decides, before any password is checked, whether this attempt may go on, and records it
   * (committed at once, on its own transaction: a refusal or a failure must outlive the request's).
   * Attempts from one address are admitted one at a time under an advisory lock held only for this
   * short transaction, not for the password check: guesses sent at once cannot all slip under a
   * threshold, since each sees the others' CHECKING rows.
   */
  async admit(username: string, kind: UserKind, ip: string | null): Promise<LoginAdmission> {
    const { config } = this;
    return this.em.fork().transactional(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`login_attempt:${ip ?? ''}`]);
      const [c] = await tx.execute<Counts[]>(countsSql, [
        username,
        ip,
        username,
        ip,
        ip,
        ip,
        username,
        username,
        kind,
        config.windowMinutes,
        username,
        ip,
      ]);
      const waits: { rule: ThrottleRule; failures: number; waitSeconds: number }[] = [
        {
          rule: 'PAIR',
          failures: c.pair_failures,
          waitSeconds:
            throttleDelaySeconds(c.pair_failures, config.pairFailures, config) - (c.pair_since ?? 0),
        },
        {
          rule: 'ADDRESS',
          failures: c.address_failures,
          waitSeconds:
            throttleDelaySeconds(c.address_failures, config.addressFailures, config) - (c.address_since ?? 0),
        },
      ];
      const throttled = waits
        .filter((w) => w.waitSeconds > 0)
        .sort((a, b) => b.waitSeconds - a.waitSeconds)[0];
      const outcome: LoginOutcome = throttled ? 'THROTTLED' : 'CHECKING';
      const [row] = await tx.execute<{ id: string | number }[]>(
        `insert into login_attempt (username, user_id, success, outcome, ip, at)
         values (?, ?, false, ?, ?, now()) returning id`,
        [username, c.user_id, outcome, ip],
      );
      return {
        attemptId: Number(row.id),
        userId: c.user_id,
        throttled: throttled
          ? { ...throttled, waitSeconds: Math.ceil(throttled.waitSeconds * 1000) / 1000 }
          : null,
        accountFailures: c.account_failures,
      };
    });
  }

  /** Settles an admitted attempt, in the caller's transaction when `em` is in one. */
  static async settle(em: EntityManager, attemptId: number, outcome: LoginOutcome): Promise<void> {
    await em.execute('update login_attempt set outcome = ?, success = ? where id = ?', [
      outcome,
      outcome === 'SUCCESS',
      attemptId,
    ]);
  }
}
