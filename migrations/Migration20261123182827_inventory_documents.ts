import { Migration } from '@mikro-orm/migrations';

export class Migration20261123182827_inventory_documents extends Migration {
  override name = 'Migration20261123182827_inventory_documents';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "doc_stock_adjustment" ("id" serial primary key, "number" varchar(30) not null, "fiscal_year" smallint not null, "status" varchar(30) not null, "version" int not null default 1, "owner_unit_id" int not null, "remark" varchar(1000) null, "created_by" int not null, "created_at" timestamptz not null, "updated_by" int not null, "updated_at" timestamptz not null, "storage_id" int not null);`,
    );
    this.addSql(
      `alter table "doc_stock_adjustment" add constraint "doc_stock_adjustment_number_unique" unique ("number");`,
    );
    this.addSql(`create index "doc_stock_adjustment_status_index" on "doc_stock_adjustment" ("status");`);
    this.addSql(
      `create index "doc_stock_adjustment_owner_unit_id_index" on "doc_stock_adjustment" ("owner_unit_id");`,
    );
    this.addSql(
      `create index "doc_stock_adjustment_created_at_index" on "doc_stock_adjustment" ("created_at");`,
    );
    this.addSql(
      `create index "doc_stock_adjustment_storage_id_index" on "doc_stock_adjustment" ("storage_id");`,
    );

    this.addSql(
      `create table "doc_stock_adjustment_line" ("id" serial primary key, "document_id" int not null, "line_no" smallint not null, "resource_id" int not null, "lot" varchar(50) null, "expiry_date" date null, "quantity" numeric(14,3) not null, "unit_value" numeric(14,2) null, "reason_id" int not null);`,
    );
    this.addSql(
      `create index "doc_stock_adjustment_line_document_id_index" on "doc_stock_adjustment_line" ("document_id");`,
    );
    this.addSql(
      `create index "doc_stock_adjustment_line_resource_id_index" on "doc_stock_adjustment_line" ("resource_id");`,
    );
    this.addSql(
      `create index "doc_stock_adjustment_line_reason_id_index" on "doc_stock_adjustment_line" ("reason_id");`,
    );

    this.addSql(
      `create table "doc_initial_money" ("id" serial primary key, "number" varchar(30) not null, "fiscal_year" smallint not null, "status" varchar(30) not null, "version" int not null default 1, "owner_unit_id" int not null, "remark" varchar(1000) null, "created_by" int not null, "created_at" timestamptz not null, "updated_by" int not null, "updated_at" timestamptz not null, "money_account_id" int not null, "budget_year" int not null, "amount" numeric(14,2) not null);`,
    );
    this.addSql(
      `alter table "doc_initial_money" add constraint "doc_initial_money_number_unique" unique ("number");`,
    );
    this.addSql(`create index "doc_initial_money_status_index" on "doc_initial_money" ("status");`);
    this.addSql(
      `create index "doc_initial_money_owner_unit_id_index" on "doc_initial_money" ("owner_unit_id");`,
    );
    this.addSql(`create index "doc_initial_money_created_at_index" on "doc_initial_money" ("created_at");`);
    this.addSql(
      `create index "doc_initial_money_money_account_id_index" on "doc_initial_money" ("money_account_id");`,
    );

    this.addSql(
      `create table "doc_initial_money_line" ("id" serial primary key, "document_id" int not null, "line_no" smallint not null);`,
    );
    this.addSql(
      `create index "doc_initial_money_line_document_id_index" on "doc_initial_money_line" ("document_id");`,
    );

    this.addSql(
      `alter table "doc_stock_adjustment" add constraint "doc_stock_adjustment_owner_unit_id_foreign" foreign key ("owner_unit_id") references "organisation_unit" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_stock_adjustment" add constraint "doc_stock_adjustment_storage_id_foreign" foreign key ("storage_id") references "ref_storage" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "doc_stock_adjustment_line" add constraint "doc_stock_adjustment_line_document_id_foreign" foreign key ("document_id") references "doc_stock_adjustment" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_stock_adjustment_line" add constraint "doc_stock_adjustment_line_resource_id_foreign" foreign key ("resource_id") references "ref_resource" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_stock_adjustment_line" add constraint "doc_stock_adjustment_line_reason_id_foreign" foreign key ("reason_id") references "ref_missing_excess_reason" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "doc_initial_money" add constraint "doc_initial_money_owner_unit_id_foreign" foreign key ("owner_unit_id") references "organisation_unit" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_initial_money" add constraint "doc_initial_money_money_account_id_foreign" foreign key ("money_account_id") references "ref_money_account" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "doc_initial_money_line" add constraint "doc_initial_money_line_document_id_foreign" foreign key ("document_id") references "doc_initial_money" ("id") on delete restrict;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "doc_stock_adjustment_line" drop constraint "doc_stock_adjustment_line_document_id_foreign";`,
    );
    this.addSql(
      `alter table "doc_initial_money_line" drop constraint "doc_initial_money_line_document_id_foreign";`,
    );

    this.addSql(`drop table if exists "doc_stock_adjustment" cascade;`);
    this.addSql(`drop table if exists "doc_stock_adjustment_line" cascade;`);
    this.addSql(`drop table if exists "doc_initial_money" cascade;`);
    this.addSql(`drop table if exists "doc_initial_money_line" cascade;`);
  }
}
