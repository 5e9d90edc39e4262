import { Migration } from '@mikro-orm/migrations';

// The job queue in PostgreSQL (docs/jobs.md): jobs claimed with FOR UPDATE SKIP LOCKED, daily
// schedules whose day is advanced by one atomic update (two server processes never both enqueue), and
// the pending-work reminders sent per user, kind (DIGEST, E_DONATION) and Bangkok day (docs/pending-work.md), so a job run twice
// the same day mails nobody twice.
export class Migration20261124060000_jobs_pending_work extends Migration {
  override name = 'Migration20261124060000_jobs_pending_work';

  override up(): void | Promise<void> {
    this.addSql(`create table "job" (
      "id" bigserial primary key,
      "name" varchar(100) not null,
      "payload" jsonb not null default '{}',
      "singleton_key" varchar(200) null,
      "state" varchar(20) not null default 'QUEUED',
      "run_at" timestamptz not null default now(),
      "attempts" int not null default 0,
      "max_attempts" int not null default 5,
      "locked_by" varchar(100) null,
      "locked_at" timestamptz null,
      "last_error" varchar(2000) null,
      "created_at" timestamptz not null default now(),
      "finished_at" timestamptz null,
      constraint "job_state_check" check ("state" in ('QUEUED', 'RUNNING', 'DONE', 'FAILED'))
    );`);
    this.addSql(
      `create unique index "job_singleton_key" on "job" ("name", "singleton_key") where "singleton_key" is not null;`,
    );
    this.addSql(`create index "job_due_index" on "job" ("run_at", "id") where "state" = 'QUEUED';`);
    this.addSql(`create table "job_schedule" (
      "name" varchar(100) primary key,
      "time_of_day" varchar(5) not null,
      "last_day" date null,
      "updated_at" timestamptz not null default now(),
      constraint "job_schedule_time_check" check ("time_of_day" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
    );`);
    this.addSql(`create table "pending_work_reminder" (
      "user_id" int not null references "app_user" ("id") on delete cascade,
      "kind" varchar(20) not null,
      "day" date not null,
      "total" int not null,
      "sent_at" timestamptz not null default now(),
      primary key ("user_id", "kind", "day")
    );`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "pending_work_reminder";`);
    this.addSql(`drop table if exists "job_schedule";`);
    this.addSql(`drop table if exists "job";`);
  }
}
