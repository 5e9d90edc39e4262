import { Migration } from '@mikro-orm/migrations';

export class Migration20261123175646_stock_transfer extends Migration {
  override name = 'Migration20261123175646_stock_transfer';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "doc_stock_transfer" ("id" serial primary key, "number" varchar(30) not null, "fiscal_year" smallint not null, "status" varchar(30) not null, "version" int not null default 1, "owner_unit_id" int not null, "remark" varchar(1000) null, "created_by" int not null, "created_at" timestamptz not null, "updated_by" int not null, "updated_at" timestamptz not null, "from_storage_id" int not null, "to_storage_id" int not null);`,
    );
    this.addSql(
      `alter table "doc_stock_transfer" add constraint "doc_stock_transfer_number_unique" unique ("number");`,
    );
    this.addSql(`create index "doc_stock_transfer_status_index" on "doc_stock_transfer" ("status");`);
    this.addSql(
      `create index "doc_stock_transfer_owner_unit_id_index" on "doc_stock_transfer" ("owner_unit_id");`,
    );
    this.addSql(`create index "doc_stock_transfer_created_at_index" on "doc_stock_transfer" ("created_at");`);
    this.addSql(
      `create index "doc_stock_transfer_from_storage_id_index" on "doc_stock_transfer" ("from_storage_id");`,
    );
    this.addSql(
      `create index "doc_stock_transfer_to_storage_id_index" on "doc_stock_transfer" ("to_storage_id");`,
    );

    this.addSql(
      `create table "doc_stock_transfer_line" ("id" serial primary key, "document_id" int not null, "line_no" smallint not null, "resource_id" int not null, "lot" varchar(50) null, "expiry_date" date null, "quantity" numeric(14,3) not null, "unit_value" numeric(14,2) null, "received_quantity" numeric(14,3) null, "missing_reason_id" int null);`,
    );
    this.addSql(
      `create index "doc_stock_transfer_line_document_id_index" on "doc_stock_transfer_line" ("document_id");`,
    );
    this.addSql(
      `create index "doc_stock_transfer_line_resource_id_index" on "doc_stock_transfer_line" ("resource_id");`,
    );
    this.addSql(
      `create index "doc_stock_transfer_line_missing_reason_id_index" on "doc_stock_transfer_line" ("missing_reason_id");`,
    );

    this.addSql(
      `alter table "doc_stock_transfer" add constraint "doc_stock_transfer_owner_unit_id_foreign" foreign key ("owner_unit_id") references "organisation_unit" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_stock_transfer" add constraint "doc_stock_transfer_from_storage_id_foreign" foreign key ("from_storage_id") references "ref_storage" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_stock_transfer" add constraint "doc_stock_transfer_to_storage_id_foreign" foreign key ("to_storage_id") references "ref_storage" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "doc_stock_transfer_line" add constraint "doc_stock_transfer_line_document_id_foreign" foreign key ("document_id") references "doc_stock_transfer" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_stock_transfer_line" add constraint "doc_stock_transfer_line_resource_id_foreign" foreign key ("resource_id") references "ref_resource" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_stock_transfer_line" add constraint "doc_stock_transfer_line_missing_reason_id_foreign" foreign key ("missing_reason_id") references "ref_missing_excess_reason" ("id") on delete restrict;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "doc_stock_transfer_line" drop constraint "doc_stock_transfer_line_document_id_foreign";`,
    );

    this.addSql(`drop table if exists "doc_stock_transfer" cascade;`);
    this.addSql(`drop table if exists "doc_stock_transfer_line" cascade;`);
  }
}
