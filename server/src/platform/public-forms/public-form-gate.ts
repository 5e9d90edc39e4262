import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../errors';
import type { PublicFormsConfig } from './public-forms.config';

/** The header a public form sends its bot-check token in (Turnstile or reCAPTCHA response). */
export const BOT_CHECK_HEADER = 'x-bot-check-token';

export const tooManyWrites = (retryAfterSeconds: number) =>
  new AppError(
    'RATE_LIMITED',
    429,
    `ส่งแบบฟอร์มจากเครื่องนี้บ่อยเกินไป กรุณารอประมาณ ${Math.ceil(retryAfterSeconds / 60)} นาทีแล้วลองใหม่`,
    `Too many forms sent from this address. Please wait about ${Math.ceil(retryAfterSeconds / 60)} minutes and try again.`,
    { retryAfterSeconds },
  );

export const botCheckFailed = () =>
  new AppError(
    'BOT_CHECK_FAILED',
    400,
    'ยืนยันว่าท่านไม่ใช่โปรแกรมอัตโนมัติไม่สำเร็จ กรุณาทำเครื่องหมายยืนยันอีกครั้ง',
    'We could not confirm you are not a robot. Please complete the check again.',
  );

export const botCheckUnavailable = () =>
  new AppError(
    'BOT_CHECK_UNAVAILABLE',
    503,
    'ระบบตรวจสอบผู้ใช้ไม่ตอบสนองในขณะนี้ กรุณาลองใหม่ในอีกสักครู่',
    'The robot check is not answering right now. Please try again in a moment.',
  );

export interface FormOrigin {
  em: EntityManager;
  log: FastifyBaseLogger;
  ip: string | null;
  botToken: string | null;
  target: string;
}

/**
 * Admits a write to a public form: first the per-address limit (counted in PostgreSQL, so every app
 * server shares it, and counted before the bot check so failed checks count too), then the bot check
 * of the configured provider. `none` (development and tests) checks nothing.
 */
export class PublicFormGate {
  constructor(
    private readonly config: PublicFormsConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async admit(origin: FormOrigin): Promise<void> {
    await this.count(origin);
    await this.verifyBotCheck(origin);
  }

  /** A provider is configured: `verifyBotCheck` asks it (sign-in uses it for heavily attacked accounts). */
  get botCheckEnabled(): boolean {
    return this.config.botCheck.provider !== 'none';
  }

  private async count({ em, ip, log, target }: FormOrigin): Promise<void> {
    const { writeLimit, windowSeconds } = this.config;
    if (writeLimit <= 0) return;
    // Own connection, outside any command's transaction: a refused or failed write still counts.
    const [row] = await em
      .fork()
      .getConnection()
      .execute<{ count: number; retry: number }[]>(
        `with window_start as (
         select to_timestamp(floor(extract(epoch from now()) / ?) * ?) as at
       ), pruned as (
         delete from public_write_count where window_start < now() - interval '1 day'
       )
       insert into public_write_count (address, window_start, count)
       select ?, at, 1 from window_start
       on conflict (address, window_start) do update set count = public_write_count.count + 1
       returning count, ceil(extract(epoch from window_start + make_interval(secs => ?) - now()))::int as retry`,
        [windowSeconds, windowSeconds, ip ?? 'unknown', windowSeconds],
      );
    if (row.count > writeLimit) {
      log.warn({ ip, target, count: row.count }, 'public form refused: too many writes from this address');
      throw tooManyWrites(Math.max(1, row.retry));
    }
  }

  /**
   * Asks the configured provider about a bot-check token: BOT_CHECK_FAILED (400) when the token is
   * missing or refused, BOT_CHECK_UNAVAILABLE (503) when the provider cannot be reached. `none`
   * checks nothing.
   */
  async verifyBotCheck({ ip, botToken, log, target }: Omit<FormOrigin, 'em'>): Promise<void> {
    const { provider, secret, verifyUrl } = this.config.botCheck;
    if (provider === 'none') return;
    if (!botToken || botToken.length > 4096) throw botCheckFailed();
    const body = new URLSearchParams({ secret: secret ?? '', response: botToken });
    if (ip) body.set('remoteip', ip);
    let answer: { success?: unknown; 'error-codes'?: unknown };
    try {
      const res = await this.fetchImpl(verifyUrl, {
        method: 'POST',
        body,
        signal: AbortSignal.timeout(5000),
      });
      answer = (await res.json()) as typeof answer;
    } catch (err) {
      log.error({ err, provider, target }, 'bot check provider unreachable');
      throw botCheckUnavailable();
    }
    if (answer.success !== true) {
      log.warn(
        { ip, target, provider, errors: answer['error-codes'] },
        'public form refused: bot check failed',
      );
      throw botCheckFailed();
    }
  }
}

/** The bot-check token a request carries, if any. */
export function botTokenOf(request: {
  headers: Record<string, string | string[] | undefined>;
}): string | null {
  const value = request.headers[BOT_CHECK_HEADER];
  return typeof value === 'string' && value !== '' ? value : null;
}
