import { Migration } from '@mikro-orm/migrations';

// Sign-in throttling replaces the per-account lockout (docs/sign-in.md):
// - login_attempt.outcome tells a failure (FAILED, or CHECKING while the password is checked) from a
//   refusal that checked no password (THROTTLED, BOT_CHECK) and from the rest (SUCCESS, NOT_ACTIVE);
//   older rows get theirs from success (a refusal of a locked or inactive account among them counts
//   as a failure for the 15 minutes the window looks back, no more). Failures are counted
//   per address and per username: partial indexes on the failures only, which stay small however
//   many refused attempts pile up.
// - No account is locked any more: the status L accounts the lockout left become A again (their lock
//   lasted 15 minutes at most), and locked_until goes.
// - user_session.token_id: the id of the one token that opens the session; a refresh replaces it.
//   Sessions opened before keep null, which their tokens (without an id) match until a refresh.
export class Migration20261128170808_sign_in_throttling extends Migration {
  override name = 'Migration20261128170808_sign_in_throttling';

  override up(): void | Promise<void> {
    this.addSql(`alter table "login_attempt" add "outcome" varchar(12) null;`);
    this.addSql(
      `update "login_attempt" set "outcome" = case when "success" then 'SUCCESS' else 'FAILED' end;`,
    );
    this.addSql(`alter table "login_attempt" alter column "outcome" set not null;`);
    this.addSql(
      `create index "login_attempt_failure_ip_at_index" on "login_attempt" ("ip", "at") where outcome in ('FAILED', 'CHECKING');`,
    );
    this.addSql(
      `create index "login_attempt_failure_username_at_index" on "login_attempt" ("username", "at") where outcome in ('FAILED', 'CHECKING');`,
    );

    this.addSql(
      `update "app_user" set "user_status_code" = 'A', "updated_at" = now() where "user_status_code" = 'L';`,
    );
    this.addSql(`alter table "app_user" drop column "locked_until";`);

    this.addSql(`alter table "user_session" add "token_id" uuid null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "user_session" drop column "token_id";`);
    this.addSql(`alter table "app_user" add "locked_until" timestamptz null;`);
    this.addSql(`drop index "login_attempt_failure_username_at_index";`);
    this.addSql(`drop index "login_attempt_failure_ip_at_index";`);
    this.addSql(`alter table "login_attempt" drop column "outcome";`);
  }
}
