import { Migration } from '@mikro-orm/migrations';

export class Migration20261123213758_provide_resource extends Migration {
  override name = 'Migration20261123213758_provide_resource';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "doc_provide_resource" ("id" serial primary key, "number" varchar(30) not null, "fiscal_year" smallint not null, "status" varchar(30) not null, "version" int not null default 1, "owner_unit_id" int not null, "remark" varchar(1000) null, "created_by" int not null, "created_at" timestamptz not null, "updated_by" int not null, "updated_at" timestamptz not null, "supplier_id" int not null, "budget_source" varchar(17) not null, "storage_id" int not null, "received_date" date not null);`,
    );
    this.addSql(
      `alter table "doc_provide_resource" add constraint "doc_provide_resource_number_unique" unique ("number");`,
    );
    this.addSql(`create index "doc_provide_resource_status_index" on "doc_provide_resource" ("status");`);
    this.addSql(
      `create index "doc_provide_resource_owner_unit_id_index" on "doc_provide_resource" ("owner_unit_id");`,
    );
    this.addSql(
      `create index "doc_provide_resource_created_at_index" on "doc_provide_resource" ("created_at");`,
    );
    this.addSql(
      `create index "doc_provide_resource_supplier_id_index" on "doc_provide_resource" ("supplier_id");`,
    );
    this.addSql(
      `create index "doc_provide_resource_storage_id_index" on "doc_provide_resource" ("storage_id");`,
    );

    this.addSql(
      `create table "doc_provide_resource_line" ("id" serial primary key, "document_id" int not null, "line_no" smallint not null, "resource_id" int not null, "quantity" numeric(14,3) not null, "unit_value" numeric(14,2) not null, "lot" varchar(50) null, "expiry_date" date null);`,
    );
    this.addSql(
      `create index "doc_provide_resource_line_document_id_index" on "doc_provide_resource_line" ("document_id");`,
    );
    this.addSql(
      `create index "doc_provide_resource_line_resource_id_index" on "doc_provide_resource_line" ("resource_id");`,
    );

    this.addSql(
      `alter table "doc_provide_resource" add constraint "doc_provide_resource_owner_unit_id_foreign" foreign key ("owner_unit_id") references "organisation_unit" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_provide_resource" add constraint "doc_provide_resource_supplier_id_foreign" foreign key ("supplier_id") references "ref_external_office" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_provide_resource" add constraint "doc_provide_resource_storage_id_foreign" foreign key ("storage_id") references "ref_storage" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "doc_provide_resource_line" add constraint "doc_provide_resource_line_document_id_foreign" foreign key ("document_id") references "doc_provide_resource" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_provide_resource_line" add constraint "doc_provide_resource_line_resource_id_foreign" foreign key ("resource_id") references "ref_resource" ("id") on delete restrict;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "doc_provide_resource_line" drop constraint "doc_provide_resource_line_document_id_foreign";`,
    );

    this.addSql(`drop table if exists "doc_provide_resource" cascade;`);
    this.addSql(`drop table if exists "doc_provide_resource_line" cascade;`);
  }
}
