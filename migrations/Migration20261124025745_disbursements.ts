import { Migration } from '@mikro-orm/migrations';

export class Migration20261124025745_disbursements extends Migration {
  override name = 'Migration20261124025745_disbursements';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "doc_resource_disbursement" ("id" serial primary key, "number" varchar(30) not null, "fiscal_year" smallint not null, "status" varchar(30) not null, "version" int not null default 1, "owner_unit_id" int not null, "remark" varchar(1000) null, "created_by" int not null, "created_at" timestamptz not null, "updated_by" int not null, "updated_at" timestamptz not null, "storage_id" int not null, "recipient_name" varchar(255) not null, "recipient_address" varchar(500) null, "purpose" varchar(1000) null, "support_request_id" int null, "delivered_on" date null, "received_by" varchar(255) null);`,
    );
    this.addSql(
      `alter table "doc_resource_disbursement" add constraint "doc_resource_disbursement_number_unique" unique ("number");`,
    );
    this.addSql(
      `create index "doc_resource_disbursement_status_index" on "doc_resource_disbursement" ("status");`,
    );
    this.addSql(
      `create index "doc_resource_disbursement_owner_unit_id_index" on "doc_resource_disbursement" ("owner_unit_id");`,
    );
    this.addSql(
      `create index "doc_resource_disbursement_created_at_index" on "doc_resource_disbursement" ("created_at");`,
    );
    this.addSql(
      `create index "doc_resource_disbursement_storage_id_index" on "doc_resource_disbursement" ("storage_id");`,
    );

    this.addSql(
      `create table "doc_resource_disbursement_line" ("id" serial primary key, "document_id" int not null, "line_no" smallint not null, "resource_id" int not null, "lot" varchar(50) null, "expiry_date" date null, "quantity" numeric(14,3) not null, "unit_value" numeric(14,2) null, "delivered_quantity" numeric(14,3) null);`,
    );
    this.addSql(
      `create index "doc_resource_disbursement_line_document_id_index" on "doc_resource_disbursement_line" ("document_id");`,
    );
    this.addSql(
      `create index "doc_resource_disbursement_line_resource_id_index" on "doc_resource_disbursement_line" ("resource_id");`,
    );

    this.addSql(
      `create table "doc_money_disbursement" ("id" serial primary key, "number" varchar(30) not null, "fiscal_year" smallint not null, "status" varchar(30) not null, "version" int not null default 1, "owner_unit_id" int not null, "remark" varchar(1000) null, "created_by" int not null, "created_at" timestamptz not null, "updated_by" int not null, "updated_at" timestamptz not null, "money_account_id" int not null, "amount" numeric(14,2) not null, "recipient_name" varchar(255) not null, "recipient_address" varchar(500) null, "purpose" varchar(1000) null, "recipient_bank" varchar(3) not null, "recipient_account_number" varchar(20) not null, "support_request_id" int null, "transferred_on" date null, "transfer_reference" varchar(50) null);`,
    );
    this.addSql(
      `alter table "doc_money_disbursement" add constraint "doc_money_disbursement_number_unique" unique ("number");`,
    );
    this.addSql(`create index "doc_money_disbursement_status_index" on "doc_money_disbursement" ("status");`);
    this.addSql(
      `create index "doc_money_disbursement_owner_unit_id_index" on "doc_money_disbursement" ("owner_unit_id");`,
    );
    this.addSql(
      `create index "doc_money_disbursement_created_at_index" on "doc_money_disbursement" ("created_at");`,
    );
    this.addSql(
      `create index "doc_money_disbursement_money_account_id_index" on "doc_money_disbursement" ("money_account_id");`,
    );

    this.addSql(
      `create table "doc_money_disbursement_line" ("id" serial primary key, "document_id" int not null, "line_no" smallint not null);`,
    );
    this.addSql(
      `create index "doc_money_disbursement_line_document_id_index" on "doc_money_disbursement_line" ("document_id");`,
    );

    this.addSql(`alter table "money_balance" add "reserved" numeric(16,2) not null default 0;`);
    this.addSql(
      `alter table "money_balance" add constraint "money_balance_reserved_check" check (reserved >= 0 and reserved <= balance);`,
    );

    this.addSql(`alter table "money_movement" drop constraint "money_movement_movement_type_check";`);
    this.addSql(`alter table "money_movement" drop constraint "money_movement_not_empty_check";`);
    this.addSql(`alter table "money_movement" add "reserved_delta" numeric(16,2) not null default 0;`);
    this.addSql(
      `alter table "money_movement" add constraint "money_movement_movement_type_check" check ("movement_type" in ('DONATION_IN', 'INITIAL', 'RESERVE', 'RELEASE', 'DISBURSEMENT_OUT', 'ADJUST_IN', 'ADJUST_OUT'));`,
    );
    this.addSql(
      `alter table "money_movement" add constraint "money_movement_not_empty_check" check (amount <> 0 or reserved_delta <> 0);`,
    );

    this.addSql(
      `alter table "doc_resource_disbursement" add constraint "doc_resource_disbursement_owner_unit_id_foreign" foreign key ("owner_unit_id") references "organisation_unit" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_resource_disbursement" add constraint "doc_resource_disbursement_storage_id_foreign" foreign key ("storage_id") references "ref_storage" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "doc_resource_disbursement_line" add constraint "doc_resource_disbursement_line_document_id_foreign" foreign key ("document_id") references "doc_resource_disbursement" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_resource_disbursement_line" add constraint "doc_resource_disbursement_line_resource_id_foreign" foreign key ("resource_id") references "ref_resource" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "doc_money_disbursement" add constraint "doc_money_disbursement_owner_unit_id_foreign" foreign key ("owner_unit_id") references "organisation_unit" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_money_disbursement" add constraint "doc_money_disbursement_money_account_id_foreign" foreign key ("money_account_id") references "ref_money_account" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "doc_money_disbursement_line" add constraint "doc_money_disbursement_line_document_id_foreign" foreign key ("document_id") references "doc_money_disbursement" ("id") on delete restrict;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "doc_resource_disbursement_line" drop constraint "doc_resource_disbursement_line_document_id_foreign";`,
    );
    this.addSql(
      `alter table "doc_money_disbursement_line" drop constraint "doc_money_disbursement_line_document_id_foreign";`,
    );

    this.addSql(`drop table if exists "doc_resource_disbursement" cascade;`);
    this.addSql(`drop table if exists "doc_resource_disbursement_line" cascade;`);
    this.addSql(`drop table if exists "doc_money_disbursement" cascade;`);
    this.addSql(`drop table if exists "doc_money_disbursement_line" cascade;`);

    this.addSql(`alter table "money_balance" drop constraint "money_balance_reserved_check";`);
    this.addSql(`alter table "money_balance" drop column "reserved";`);

    this.addSql(`alter table "money_movement" drop constraint "money_movement_not_empty_check";`);
    this.addSql(`alter table "money_movement" drop constraint "money_movement_movement_type_check";`);
    this.addSql(`alter table "money_movement" drop column "reserved_delta";`);
    this.addSql(
      `alter table "money_movement" add constraint "money_movement_not_empty_check" check (amount <> 0);`,
    );
    this.addSql(
      `alter table "money_movement" add constraint "money_movement_movement_type_check" check ("movement_type" in ('DONATION_IN', 'INITIAL', 'DISBURSEMENT_OUT', 'ADJUST_IN', 'ADJUST_OUT'));`,
    );
  }
}
