import { Migration } from '@mikro-orm/migrations';

// The mail outbox delivered safely by several server processes (docs/jobs.md, "Mail outbox"): a
// delivery run claims due rows (claimed_at, claimed_by) with FOR UPDATE SKIP LOCKED, and a failed send
// waits until next_attempt_at (a backoff per attempt), when the mail-delivery job retries it.
export class Migration20261124090000_mail_outbox_claims extends Migration {
  override name = 'Migration20261124090000_mail_outbox_claims';

  override up(): void | Promise<void> {
    this.addSql(`alter table "mail_outbox" add column "next_attempt_at" timestamptz null,
      add column "claimed_at" timestamptz null, add column "claimed_by" varchar(100) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "mail_outbox" drop column "next_attempt_at", drop column "claimed_at",
      drop column "claimed_by";`);
  }
}
