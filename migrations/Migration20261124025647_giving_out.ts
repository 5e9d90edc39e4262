import { Migration } from '@mikro-orm/migrations';

export class Migration20261124025647_giving_out extends Migration {
  override name = 'Migration20261124025647_giving_out';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "doc_support_request" ("id" serial primary key, "number" varchar(30) not null, "fiscal_year" smallint not null, "status" varchar(30) not null, "version" int not null default 1, "owner_unit_id" int not null, "remark" varchar(1000) null, "created_by" int not null, "created_at" timestamptz not null, "updated_by" int not null, "updated_at" timestamptz not null, "unit_id" int not null, "requester_kind" varchar(6) not null, "requester_office_id" int null, "requester_name" varchar(255) null, "receiver_type" varchar(19) not null, "province" smallint not null, "request_date" date not null, "urgency" varchar(11) not null, "purpose" varchar(1000) not null);`,
    );
    this.addSql(
      `alter table "doc_support_request" add constraint "doc_support_request_number_unique" unique ("number");`,
    );
    this.addSql(`create index "doc_support_request_status_index" on "doc_support_request" ("status");`);
    this.addSql(
      `create index "doc_support_request_owner_unit_id_index" on "doc_support_request" ("owner_unit_id");`,
    );
    this.addSql(
      `create index "doc_support_request_created_at_index" on "doc_support_request" ("created_at");`,
    );
    this.addSql(`create index "doc_support_request_unit_id_index" on "doc_support_request" ("unit_id");`);
    this.addSql(
      `create index "doc_support_request_requester_office_id_index" on "doc_support_request" ("requester_office_id");`,
    );

    this.addSql(
      `create table "doc_support_request_line" ("id" serial primary key, "document_id" int not null, "line_no" smallint not null, "resource_id" int null, "quantity" numeric(14,3) null, "counting_unit_id" int null, "amount" numeric(14,2) null, "approved_quantity" numeric(14,3) null, "approved_amount" numeric(14,2) null);`,
    );
    this.addSql(
      `create index "doc_support_request_line_document_id_index" on "doc_support_request_line" ("document_id");`,
    );
    this.addSql(
      `create index "doc_support_request_line_resource_id_index" on "doc_support_request_line" ("resource_id");`,
    );
    this.addSql(
      `create index "doc_support_request_line_counting_unit_id_index" on "doc_support_request_line" ("counting_unit_id");`,
    );

    this.addSql(
      `create table "doc_distribution" ("id" serial primary key, "number" varchar(30) not null, "fiscal_year" smallint not null, "status" varchar(30) not null, "version" int not null default 1, "owner_unit_id" int not null, "remark" varchar(1000) null, "created_by" int not null, "created_at" timestamptz not null, "updated_by" int not null, "updated_at" timestamptz not null, "from_storage_id" int not null, "distribution_date" date not null, "objective" varchar(16) not null);`,
    );
    this.addSql(
      `alter table "doc_distribution" add constraint "doc_distribution_number_unique" unique ("number");`,
    );
    this.addSql(`create index "doc_distribution_status_index" on "doc_distribution" ("status");`);
    this.addSql(
      `create index "doc_distribution_owner_unit_id_index" on "doc_distribution" ("owner_unit_id");`,
    );
    this.addSql(`create index "doc_distribution_created_at_index" on "doc_distribution" ("created_at");`);
    this.addSql(
      `create index "doc_distribution_from_storage_id_index" on "doc_distribution" ("from_storage_id");`,
    );

    this.addSql(
      `create table "doc_distribution_line" ("id" serial primary key, "document_id" int not null, "line_no" smallint not null, "resource_id" int not null, "lot" varchar(50) null, "expiry_date" date null, "quantity" numeric(14,3) not null, "unit_value" numeric(14,2) null, "to_storage_id" int null, "recipient_name" varchar(255) null, "receiver_type" varchar(19) null);`,
    );
    this.addSql(
      `create index "doc_distribution_line_document_id_index" on "doc_distribution_line" ("document_id");`,
    );
    this.addSql(
      `create index "doc_distribution_line_resource_id_index" on "doc_distribution_line" ("resource_id");`,
    );
    this.addSql(
      `create index "doc_distribution_line_to_storage_id_index" on "doc_distribution_line" ("to_storage_id");`,
    );

    this.addSql(
      `alter table "doc_support_request" add constraint "doc_support_request_owner_unit_id_foreign" foreign key ("owner_unit_id") references "organisation_unit" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_support_request" add constraint "doc_support_request_unit_id_foreign" foreign key ("unit_id") references "organisation_unit" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_support_request" add constraint "doc_support_request_requester_office_id_foreign" foreign key ("requester_office_id") references "ref_external_office" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "doc_support_request_line" add constraint "doc_support_request_line_document_id_foreign" foreign key ("document_id") references "doc_support_request" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_support_request_line" add constraint "doc_support_request_line_resource_id_foreign" foreign key ("resource_id") references "ref_resource" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_support_request_line" add constraint "doc_support_request_line_counting_unit_id_foreign" foreign key ("counting_unit_id") references "ref_counting_unit" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "doc_distribution" add constraint "doc_distribution_owner_unit_id_foreign" foreign key ("owner_unit_id") references "organisation_unit" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_distribution" add constraint "doc_distribution_from_storage_id_foreign" foreign key ("from_storage_id") references "ref_storage" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "doc_distribution_line" add constraint "doc_distribution_line_document_id_foreign" foreign key ("document_id") references "doc_distribution" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_distribution_line" add constraint "doc_distribution_line_resource_id_foreign" foreign key ("resource_id") references "ref_resource" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_distribution_line" add constraint "doc_distribution_line_to_storage_id_foreign" foreign key ("to_storage_id") references "ref_storage" ("id") on delete restrict;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "doc_support_request_line" drop constraint "doc_support_request_line_document_id_foreign";`,
    );
    this.addSql(
      `alter table "doc_distribution_line" drop constraint "doc_distribution_line_document_id_foreign";`,
    );

    this.addSql(`drop table if exists "doc_support_request" cascade;`);
    this.addSql(`drop table if exists "doc_support_request_line" cascade;`);
    this.addSql(`drop table if exists "doc_distribution" cascade;`);
    this.addSql(`drop table if exists "doc_distribution_line" cascade;`);
  }
}
