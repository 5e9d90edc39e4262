import { Migration } from '@mikro-orm/migrations';

export class Migration20261123190021_stock_count extends Migration {
  override name = 'Migration20261123190021_stock_count';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "doc_stock_count" ("id" serial primary key, "number" varchar(30) not null, "fiscal_year" smallint not null, "status" varchar(30) not null, "version" int not null default 1, "owner_unit_id" int not null, "remark" varchar(1000) null, "created_by" int not null, "created_at" timestamptz not null, "updated_by" int not null, "updated_at" timestamptz not null, "storage_id" int not null, "start_movement_id" int null);`,
    );
    this.addSql(
      `alter table "doc_stock_count" add constraint "doc_stock_count_number_unique" unique ("number");`,
    );
    this.addSql(`create index "doc_stock_count_status_index" on "doc_stock_count" ("status");`);
    this.addSql(`create index "doc_stock_count_owner_unit_id_index" on "doc_stock_count" ("owner_unit_id");`);
    this.addSql(`create index "doc_stock_count_created_at_index" on "doc_stock_count" ("created_at");`);
    this.addSql(`create index "doc_stock_count_storage_id_index" on "doc_stock_count" ("storage_id");`);

    this.addSql(
      `create table "doc_stock_count_line" ("id" serial primary key, "document_id" int not null, "line_no" smallint not null, "resource_id" int not null, "lot" varchar(50) null, "expiry_date" date null, "book_quantity" numeric(14,3) null, "counted_quantity" numeric(14,3) null, "difference" numeric(14,3) null, "reason_id" int null);`,
    );
    this.addSql(
      `create index "doc_stock_count_line_document_id_index" on "doc_stock_count_line" ("document_id");`,
    );
    this.addSql(
      `create index "doc_stock_count_line_resource_id_index" on "doc_stock_count_line" ("resource_id");`,
    );
    this.addSql(
      `create index "doc_stock_count_line_reason_id_index" on "doc_stock_count_line" ("reason_id");`,
    );

    this.addSql(
      `alter table "doc_stock_count" add constraint "doc_stock_count_owner_unit_id_foreign" foreign key ("owner_unit_id") references "organisation_unit" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_stock_count" add constraint "doc_stock_count_storage_id_foreign" foreign key ("storage_id") references "ref_storage" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "doc_stock_count_line" add constraint "doc_stock_count_line_document_id_foreign" foreign key ("document_id") references "doc_stock_count" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_stock_count_line" add constraint "doc_stock_count_line_resource_id_foreign" foreign key ("resource_id") references "ref_resource" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_stock_count_line" add constraint "doc_stock_count_line_reason_id_foreign" foreign key ("reason_id") references "ref_missing_excess_reason" ("id") on delete restrict;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "doc_stock_count_line" drop constraint "doc_stock_count_line_document_id_foreign";`,
    );

    this.addSql(`drop table if exists "doc_stock_count" cascade;`);
    this.addSql(`drop table if exists "doc_stock_count_line" cascade;`);
  }
}
