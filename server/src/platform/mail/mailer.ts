import type { EntityManager } from '@mikro-orm/postgresql';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailConfig } from '../config';
import type { Logger } from '../logger';
import { MailOutbox } from './mail-outbox.entity';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Mail goes through the outbox: `enqueue` writes it in the caller's transaction, `deliverPending`
 * sends what is unsent to SMTP_URL (after the commit, and again on a timer for failures). Without
 * SMTP_URL, development mail is only logged and stays in the outbox table.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private timer: NodeJS.Timeout | undefined;
  private pending = false;
  private running: Promise<unknown> = Promise.resolve();
  private root: EntityManager | undefined;

  constructor(
    private readonly config: MailConfig,
    private readonly log: Logger,
  ) {
    this.transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  }

  enqueue(em: EntityManager, message: MailMessage): void {
    em.persist(em.create(MailOutbox, { to: message.to, subject: message.subject, text: message.text }));
    this.pending = true;
  }

  /** Delivers soon if anything was enqueued since the last run (one run at a time). */
  kick(): void {
    if (!this.pending || !this.root) return;
    this.pending = false;
    const root = this.root;
    this.running = this.running
      .then(() => this.deliverPending(root))
      .catch((err) => this.log.error({ err }, 'mail delivery'));
  }

  /** Waits for the delivery under way; tests read the SMTP server after this. */
  async flush(): Promise<void> {
    this.kick();
    await this.running;
  }

  async deliverPending(em: EntityManager): Promise<number> {
    const fork = em.fork();
    const pending = await fork.find(
      MailOutbox,
      { sentAt: null, attempts: { $lt: 10 } },
      { orderBy: { id: 'asc' }, limit: 50 },
    );
    let sent = 0;
    for (const mail of pending) {
      if (!this.transport) {
        if (!this.config.logBodies) {
          this.log.warn(
            { to: mail.to, subject: mail.subject },
            'mail kept in the outbox: SMTP_URL is not set',
          );
          continue;
        }
        this.log.info(
          { to: mail.to, subject: mail.subject, text: mail.text },
          'mail (no SMTP_URL: logged only)',
        );
        mail.attempts += 1;
        mail.sentAt = new Date();
        sent++;
        continue;
      }
      mail.attempts += 1;
      try {
        await this.transport.sendMail({
          from: this.config.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
        });
        mail.sentAt = new Date();
        mail.lastError = null;
        sent++;
      } catch (err) {
        mail.lastError = String(err instanceof Error ? err.message : err).slice(0, 1000);
        this.log.warn({ err, to: mail.to }, 'mail delivery failed; will retry');
      }
    }
    await fork.flush();
    return sent;
  }

  /** Delivers after each response that enqueued mail, and retries failures every minute. */
  start(em: EntityManager): void {
    this.root = em;
    this.timer = setInterval(() => {
      this.pending = true;
      this.kick();
    }, 60_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.root = undefined;
    await this.running;
    this.transport?.close();
  }
}
