import { Migration } from '@mikro-orm/migrations';

// An idempotency key means one request (platform/workflow/idempotency.ts): the claim keeps the sha256
// of the request's canonical JSON, and the key sent again with another request is refused (422
// IDEMPOTENCY_KEY_REUSED). Rows claimed before this migration have no hash (null) and are trusted as
// before: a retry with their key gets their first answer. (The generator also offered to drop the
// job tables, which are written in SQL and have no entities: left out.)
export class Migration20261128170734_idempotency_request_hash extends Migration {
  override name = 'Migration20261128170734_idempotency_request_hash';

  override up(): void | Promise<void> {
    this.addSql(`alter table "idempotency_key" add column "request_hash" varchar(64) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "idempotency_key" drop column "request_hash";`);
  }
}
