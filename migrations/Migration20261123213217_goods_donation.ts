import { Migration } from '@mikro-orm/migrations';

export class Migration20261123213217_goods_donation extends Migration {
  override name = 'Migration20261123213217_goods_donation';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "doc_goods_donation" ("id" serial primary key, "number" varchar(30) not null, "fiscal_year" smallint not null, "status" varchar(30) not null, "version" int not null default 1, "owner_unit_id" int not null, "remark" varchar(1000) null, "created_by" int not null, "created_at" timestamptz not null, "updated_by" int not null, "updated_at" timestamptz not null, "donator_id" int not null, "receiving_unit_id" int not null, "storage_id" int not null, "donation_date" date not null, "objective" varchar(16) not null);`,
    );
    this.addSql(
      `alter table "doc_goods_donation" add constraint "doc_goods_donation_number_unique" unique ("number");`,
    );
    this.addSql(`create index "doc_goods_donation_status_index" on "doc_goods_donation" ("status");`);
    this.addSql(
      `create index "doc_goods_donation_owner_unit_id_index" on "doc_goods_donation" ("owner_unit_id");`,
    );
    this.addSql(`create index "doc_goods_donation_created_at_index" on "doc_goods_donation" ("created_at");`);
    this.addSql(`create index "doc_goods_donation_donator_id_index" on "doc_goods_donation" ("donator_id");`);
    this.addSql(
      `create index "doc_goods_donation_receiving_unit_id_index" on "doc_goods_donation" ("receiving_unit_id");`,
    );
    this.addSql(`create index "doc_goods_donation_storage_id_index" on "doc_goods_donation" ("storage_id");`);

    this.addSql(
      `create table "doc_goods_donation_line" ("id" serial primary key, "document_id" int not null, "line_no" smallint not null, "resource_id" int not null, "character" varchar(4) not null, "quantity" numeric(14,3) not null, "counting_unit_id" int null, "size_weight_id" int null, "unit_value" numeric(14,2) not null, "price_from" varchar(9) not null, "expiry_date" date null, "lot" varchar(50) null, "accepted_quantity" numeric(14,3) null, "rejected_quantity" numeric(14,3) null, "screen_status" varchar(15) null, "classification" varchar(12) null, "screen_reason" varchar(500) null);`,
    );
    this.addSql(
      `create index "doc_goods_donation_line_document_id_index" on "doc_goods_donation_line" ("document_id");`,
    );
    this.addSql(
      `create index "doc_goods_donation_line_resource_id_index" on "doc_goods_donation_line" ("resource_id");`,
    );
    this.addSql(
      `create index "doc_goods_donation_line_counting_unit_id_index" on "doc_goods_donation_line" ("counting_unit_id");`,
    );
    this.addSql(
      `create index "doc_goods_donation_line_size_weight_id_index" on "doc_goods_donation_line" ("size_weight_id");`,
    );

    this.addSql(
      `alter table "doc_goods_donation" add constraint "doc_goods_donation_owner_unit_id_foreign" foreign key ("owner_unit_id") references "organisation_unit" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_goods_donation" add constraint "doc_goods_donation_donator_id_foreign" foreign key ("donator_id") references "ref_donator" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_goods_donation" add constraint "doc_goods_donation_receiving_unit_id_foreign" foreign key ("receiving_unit_id") references "organisation_unit" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_goods_donation" add constraint "doc_goods_donation_storage_id_foreign" foreign key ("storage_id") references "ref_storage" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "doc_goods_donation_line" add constraint "doc_goods_donation_line_document_id_foreign" foreign key ("document_id") references "doc_goods_donation" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_goods_donation_line" add constraint "doc_goods_donation_line_resource_id_foreign" foreign key ("resource_id") references "ref_resource" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_goods_donation_line" add constraint "doc_goods_donation_line_counting_unit_id_foreign" foreign key ("counting_unit_id") references "ref_counting_unit" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_goods_donation_line" add constraint "doc_goods_donation_line_size_weight_id_foreign" foreign key ("size_weight_id") references "ref_size_weight" ("id") on delete restrict;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "doc_goods_donation_line" drop constraint "doc_goods_donation_line_document_id_foreign";`,
    );

    this.addSql(`drop table if exists "doc_goods_donation" cascade;`);
    this.addSql(`drop table if exists "doc_goods_donation_line" cascade;`);
  }
}
