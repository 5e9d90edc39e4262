import { Migration } from '@mikro-orm/migrations';

export class Migration20261122035624_identity extends Migration {
  override name = 'Migration20261122035624_identity';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "audit_event" ("id" bigserial primary key, "at" timestamptz not null, "actor_user_id" int null, "event" varchar(60) not null, "subject" varchar(255) null, "details" jsonb null, "ip" varchar(64) null, "request_id" varchar(64) null);`,
    );
    this.addSql(`create index "audit_event_at_index" on "audit_event" ("at");`);
    this.addSql(`create index "audit_event_actor_user_id_index" on "audit_event" ("actor_user_id");`);
    this.addSql(`create index "audit_event_event_index" on "audit_event" ("event");`);

    this.addSql(
      `create table "mail_outbox" ("id" bigserial primary key, "to" varchar(255) not null, "subject" varchar(500) not null, "text" text not null, "created_at" timestamptz not null, "sent_at" timestamptz null, "attempts" int not null default 0, "last_error" varchar(1000) null);`,
    );
    this.addSql(`create index "mail_outbox_sent_at_index" on "mail_outbox" ("sent_at");`);

    this.addSql(
      `create table "menu_entry" ("code" varchar(6) not null, "key" varchar(80) not null, "action" varchar(20) not null, "section" varchar(40) not null, "name_th" varchar(255) not null, "name_en" varchar(255) not null, "route" varchar(120) null, "external" boolean not null default false, "status_code" varchar(1) not null default 'A', "remark" varchar(500) null, "sort_order" int not null, primary key ("code"));`,
    );
    this.addSql(`alter table "menu_entry" add constraint "menu_entry_key_unique" unique ("key");`);

    this.addSql(
      `create table "user_group" ("code" varchar(20) not null, "name" varchar(255) not null, "status_code" varchar(1) not null default 'A', "remark" varchar(500) null, "fixed" boolean not null default false, "transaction_code" varchar(64) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("code"));`,
    );

    this.addSql(
      `create table "user_group_menu" ("user_group_code" varchar(20) not null, "menu_entry_code" varchar(6) not null, primary key ("user_group_code", "menu_entry_code"));`,
    );

    this.addSql(
      `create table "app_user" ("id" serial primary key, "kind" varchar(10) not null, "username" varchar(100) not null, "email" varchar(255) not null, "password_hash" varchar(255) not null, "title_th" varchar(50) null, "first_name_th" varchar(100) not null, "last_name_th" varchar(100) not null, "first_name_en" varchar(100) null, "last_name_en" varchar(100) null, "citizen_id" varchar(13) null, "phone" varchar(50) null, "position" varchar(255) null, "organisation_unit_id" int null, "user_group_code" varchar(20) not null, "user_status_code" varchar(1) not null, "request_status_code" varchar(1) not null, "reject_reason" varchar(500) null, "activation_code_hash" varchar(128) null, "activation_expires_at" timestamptz null, "locked_until" timestamptz null, "password_changed_at" timestamptz not null, "last_login_at" timestamptz null, "approved_by_id" int null, "approved_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`alter table "app_user" add constraint "app_user_username_unique" unique ("username");`);
    this.addSql(`create index "app_user_email_index" on "app_user" ("email");`);
    this.addSql(`create index "app_user_citizen_id_index" on "app_user" ("citizen_id");`);
    this.addSql(`create index "app_user_organisation_unit_id_index" on "app_user" ("organisation_unit_id");`);
    this.addSql(`create index "app_user_user_group_code_index" on "app_user" ("user_group_code");`);

    this.addSql(
      `create table "user_transfer_request" ("id" serial primary key, "user_id" int not null, "from_unit_id" int null, "to_unit_id" int not null, "status_code" varchar(1) not null, "reason" varchar(500) null, "requested_at" timestamptz not null, "decided_by_id" int null, "decided_at" timestamptz null);`,
    );
    this.addSql(`create index "user_transfer_request_user_id_index" on "user_transfer_request" ("user_id");`);

    this.addSql(
      `create table "one_time_token" ("id" uuid not null, "user_id" int not null, "purpose" varchar(20) not null, "token_hash" varchar(64) not null, "payload" jsonb null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "one_time_token" add constraint "one_time_token_token_hash_unique" unique ("token_hash");`,
    );

    this.addSql(
      `create table "login_attempt" ("id" bigserial primary key, "username" varchar(100) not null, "user_id" int null, "success" boolean not null, "ip" varchar(64) null, "at" timestamptz not null);`,
    );
    this.addSql(`create index "login_attempt_username_at_index" on "login_attempt" ("username", "at");`);

    this.addSql(
      `create table "user_session" ("id" uuid not null, "user_id" int not null, "created_at" timestamptz not null, "last_seen_at" timestamptz not null, "expires_at" timestamptz not null, "ended_at" timestamptz null, "end_reason" varchar(20) null, "ip" varchar(64) null, "user_agent" varchar(500) null, primary key ("id"));`,
    );
    this.addSql(`create index "user_session_user_id_index" on "user_session" ("user_id");`);

    this.addSql(
      `alter table "user_group_menu" add constraint "user_group_menu_user_group_code_foreign" foreign key ("user_group_code") references "user_group" ("code") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "user_group_menu" add constraint "user_group_menu_menu_entry_code_foreign" foreign key ("menu_entry_code") references "menu_entry" ("code") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "app_user" add constraint "app_user_organisation_unit_id_foreign" foreign key ("organisation_unit_id") references "organisation_unit" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "app_user" add constraint "app_user_user_group_code_foreign" foreign key ("user_group_code") references "user_group" ("code") on delete restrict;`,
    );
    this.addSql(
      `alter table "app_user" add constraint "app_user_approved_by_id_foreign" foreign key ("approved_by_id") references "app_user" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "user_transfer_request" add constraint "user_transfer_request_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "user_transfer_request" add constraint "user_transfer_request_from_unit_id_foreign" foreign key ("from_unit_id") references "organisation_unit" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "user_transfer_request" add constraint "user_transfer_request_to_unit_id_foreign" foreign key ("to_unit_id") references "organisation_unit" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "user_transfer_request" add constraint "user_transfer_request_decided_by_id_foreign" foreign key ("decided_by_id") references "app_user" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "one_time_token" add constraint "one_time_token_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "login_attempt" add constraint "login_attempt_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "user_session" add constraint "user_session_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "user_group_menu" drop constraint "user_group_menu_menu_entry_code_foreign";`);
    this.addSql(`alter table "user_group_menu" drop constraint "user_group_menu_user_group_code_foreign";`);
    this.addSql(`alter table "app_user" drop constraint "app_user_user_group_code_foreign";`);
    this.addSql(`alter table "app_user" drop constraint "app_user_approved_by_id_foreign";`);
    this.addSql(
      `alter table "user_transfer_request" drop constraint "user_transfer_request_user_id_foreign";`,
    );
    this.addSql(
      `alter table "user_transfer_request" drop constraint "user_transfer_request_decided_by_id_foreign";`,
    );
    this.addSql(`alter table "one_time_token" drop constraint "one_time_token_user_id_foreign";`);
    this.addSql(`alter table "login_attempt" drop constraint "login_attempt_user_id_foreign";`);
    this.addSql(`alter table "user_session" drop constraint "user_session_user_id_foreign";`);

    this.addSql(`drop table if exists "audit_event" cascade;`);
    this.addSql(`drop table if exists "mail_outbox" cascade;`);
    this.addSql(`drop table if exists "menu_entry" cascade;`);
    this.addSql(`drop table if exists "user_group" cascade;`);
    this.addSql(`drop table if exists "user_group_menu" cascade;`);
    this.addSql(`drop table if exists "app_user" cascade;`);
    this.addSql(`drop table if exists "user_transfer_request" cascade;`);
    this.addSql(`drop table if exists "one_time_token" cascade;`);
    this.addSql(`drop table if exists "login_attempt" cascade;`);
    this.addSql(`drop table if exists "user_session" cascade;`);
  }
}
