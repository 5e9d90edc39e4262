import { Migration } from '@mikro-orm/migrations';

export class Migration20261124005457_receipt_requests extends Migration {
  override name = 'Migration20261124005457_receipt_requests';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "receipt_request" ("id" serial primary key, "number" varchar(30) not null, "fiscal_year" smallint not null, "kind" varchar(10) not null, "status" varchar(30) not null, "receiving_unit_id" int not null, "requester_type" varchar(10) not null, "requester_name" varchar(255) not null, "tax_id" varchar(13) not null, "email" varchar(254) not null, "phone" varchar(100) not null, "donated_on" date not null, "amount" numeric(14,2) null, "items" jsonb null, "delivery" varchar(10) not null, "address_line" varchar(500) null, "sub_district_id" int null, "note" varchar(1000) null, "linked_document_type" varchar(40) null, "linked_document_id" int null, "linked_number" varchar(30) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "updated_by" int null);`,
    );
    this.addSql(
      `alter table "receipt_request" add constraint "receipt_request_number_unique" unique ("number");`,
    );
    this.addSql(`create index "receipt_request_status_index" on "receipt_request" ("status");`);
    this.addSql(
      `create index "receipt_request_receiving_unit_id_index" on "receipt_request" ("receiving_unit_id");`,
    );
    this.addSql(`create index "receipt_request_tax_id_index" on "receipt_request" ("tax_id");`);
    this.addSql(`create index "receipt_request_created_at_index" on "receipt_request" ("created_at");`);
    this.addSql(
      `create unique index "receipt_request_linked_open_key" on "receipt_request" ("linked_document_type", "linked_document_id") where status <> 'REJECTED';`,
    );

    this.addSql(
      `alter table "receipt_request" add constraint "receipt_request_receiving_unit_id_foreign" foreign key ("receiving_unit_id") references "organisation_unit" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "receipt_request" add constraint "receipt_request_sub_district_id_foreign" foreign key ("sub_district_id") references "geo_sub_district" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "receipt_request" add constraint "receipt_request_amount_check" check (amount is null or amount > 0);`,
    );
    this.addSql(
      `alter table "receipt_request" add constraint "receipt_request_kind_check" check ((kind = 'MONEY' and amount is not null) or (kind = 'GOODS' and items is not null));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "receipt_request" cascade;`);
  }
}
