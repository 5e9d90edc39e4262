import { Migration } from '@mikro-orm/migrations';

export class Migration20261123172412_workflow extends Migration {
  override name = 'Migration20261123172412_workflow';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "document_counter" ("series" varchar(40) not null, "fiscal_year" smallint not null, "last" int not null, primary key ("series", "fiscal_year"));`,
    );

    this.addSql(
      `create table "document_history" ("id" bigserial primary key, "document_type" varchar(40) not null, "document_id" int not null, "action" varchar(40) not null, "from_status" varchar(30) null, "to_status" varchar(30) not null, "reason" varchar(1000) null, "actor_user_id" int not null, "at" timestamptz not null);`,
    );
    this.addSql(
      `create index "document_history_document_type_document_id_index" on "document_history" ("document_type", "document_id");`,
    );

    this.addSql(
      `create table "idempotency_key" ("user_id" int not null, "key" varchar(100) not null, "operation" varchar(100) not null, "result" jsonb null, "created_at" timestamptz not null, primary key ("user_id", "key"));`,
    );
    this.addSql(`create index "idempotency_key_created_at_index" on "idempotency_key" ("created_at");`);

    this.addSql(
      `alter table "document_counter" add constraint "document_counter_last_check" check (last >= 0);`,
    );

    this.addSql(
      `create or replace function "document_history_append_only_fn"() returns trigger as $$ begin raise exception using errcode = 'NJ001', message = 'document_history is append-only: post a reversal instead of changing or deleting a row (แก้ไขหรือลบรายการไม่ได้ ให้บันทึกรายการกลับแทน)'; return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "append_only" BEFORE UPDATE OR DELETE on "document_history" for each ROW execute function "document_history_append_only_fn"();`,
    );
    // By hand: the schema diff cannot see TRUNCATE triggers (platform/db/append-only.ts). The function
    // serves every append-only table.
    this.addSql(
      `create or replace function "append_only_no_truncate_fn"() returns trigger as $$ begin raise exception using errcode = 'NJ001', message = TG_TABLE_NAME || ' is append-only: it cannot be truncated (ล้างตารางนี้ไม่ได้)'; return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "no_truncate" BEFORE TRUNCATE on "document_history" for each STATEMENT execute function "append_only_no_truncate_fn"();`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "document_counter" cascade;`);
    this.addSql(`drop trigger if exists "no_truncate" on "document_history";`);
    this.addSql(`drop function if exists "append_only_no_truncate_fn"();`);
    this.addSql(`drop trigger if exists "append_only" on "document_history";`);
    this.addSql(`drop function if exists "document_history_append_only_fn"();`);
    this.addSql(`drop table if exists "document_history" cascade;`);
    this.addSql(`drop table if exists "idempotency_key" cascade;`);
  }
}
