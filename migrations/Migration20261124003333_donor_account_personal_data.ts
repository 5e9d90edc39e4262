import { Migration } from '@mikro-orm/migrations';

export class Migration20261124003333_donor_account_personal_data extends Migration {
  override name = 'Migration20261124003333_donor_account_personal_data';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "personal_data_request" ("id" serial primary key, "user_id" int not null, "kind" text not null, "status" varchar(20) not null, "reason" varchar(1000) null, "requested_at" timestamptz not null, "decided_by_id" int null, "decided_at" timestamptz null, "decision_note" varchar(1000) null, "outcome" jsonb null);`,
    );
    this.addSql(`create index "personal_data_request_user_id_index" on "personal_data_request" ("user_id");`);
    this.addSql(`create index "personal_data_request_status_index" on "personal_data_request" ("status");`);
    this.addSql(
      `create unique index "personal_data_request_open_key" on "personal_data_request" ("user_id", "kind") where status = 'REQUESTED';`,
    );

    this.addSql(
      `create table "donor_link_code" ("id" serial primary key, "user_id" int not null, "donator_id" int not null, "sent_to" varchar(254) not null, "code_hash" varchar(64) not null, "expires_at" timestamptz not null, "attempts" smallint not null default 0, "used_at" timestamptz null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "donor_link_code_user_id_index" on "donor_link_code" ("user_id");`);
    this.addSql(`create index "donor_link_code_donator_id_index" on "donor_link_code" ("donator_id");`);

    this.addSql(
      `create table "donor_link" ("id" serial primary key, "user_id" int not null, "donator_id" int not null, "verified_email" varchar(254) not null, "method" text not null, "linked_at" timestamptz not null);`,
    );
    this.addSql(`create index "donor_link_user_id_index" on "donor_link" ("user_id");`);
    this.addSql(`create index "donor_link_donator_id_index" on "donor_link" ("donator_id");`);
    this.addSql(
      `alter table "donor_link" add constraint "donor_link_user_donator_key" unique ("user_id", "donator_id");`,
    );

    this.addSql(
      `alter table "personal_data_request" add constraint "personal_data_request_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "personal_data_request" add constraint "personal_data_request_decided_by_id_foreign" foreign key ("decided_by_id") references "app_user" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "personal_data_request" add constraint "personal_data_request_kind_check" check ("kind" in ('DELETION'));`,
    );

    this.addSql(
      `alter table "donor_link_code" add constraint "donor_link_code_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "donor_link_code" add constraint "donor_link_code_donator_id_foreign" foreign key ("donator_id") references "ref_donator" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "donor_link" add constraint "donor_link_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "donor_link" add constraint "donor_link_donator_id_foreign" foreign key ("donator_id") references "ref_donator" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "donor_link" add constraint "donor_link_method_check" check ("method" in ('EMAIL_MATCH', 'EMAIL_CODE'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "personal_data_request" cascade;`);
    this.addSql(`drop table if exists "donor_link_code" cascade;`);
    this.addSql(`drop table if exists "donor_link" cascade;`);
  }
}
