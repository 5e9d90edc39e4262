import { Migration } from '@mikro-orm/migrations';

// Goods evidence of receipt (docs/receipts.md): receipts get a kind (the existing ones are money
// receipts) whose numbers run in series of their own, goods evidence no payment text, its items a
// table; a document keeps its void receipts beside the one in force (goods approved again).
export class Migration20261123233833_goods_evidence extends Migration {
  override name = 'Migration20261123233833_goods_evidence';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "donation_receipt_item" ("id" serial primary key, "receipt_id" int not null, "line_no" smallint not null, "resource_code" varchar(50) not null, "resource_name" varchar(255) not null, "quantity" numeric(14,3) not null, "counting_unit_name" varchar(255) null, "unit_value" numeric(14,2) not null, "line_value" numeric(14,2) not null);`,
    );
    this.addSql(
      `alter table "donation_receipt_item" add constraint "donation_receipt_item_line_key" unique ("receipt_id", "line_no");`,
    );

    this.addSql(`alter table "donation_receipt" drop constraint "donation_receipt_number_key";`);
    this.addSql(`alter table "donation_receipt" drop constraint "donation_receipt_document_key";`);
    // Every receipt so far is a money receipt; new rows always name their kind.
    this.addSql(`alter table "donation_receipt" add "kind" text not null default 'MONEY';`);
    this.addSql(`alter table "donation_receipt" alter column "kind" drop default;`);
    this.addSql(`alter table "donation_receipt" alter column "payment_text" drop not null;`);
    this.addSql(
      `alter table "donation_receipt" add constraint "donation_receipt_number_key" unique ("issuer_unit_id", "kind", "fiscal_year", "seq");`,
    );
    this.addSql(
      `create unique index "donation_receipt_document_key" on "donation_receipt" ("document_type", "document_id") where voided_at is null;`,
    );
    this.addSql(
      `alter table "donation_receipt" add constraint "donation_receipt_kind_check" check ("kind" in ('MONEY', 'GOODS'));`,
    );

    this.addSql(
      `alter table "donation_receipt_item" add constraint "donation_receipt_item_receipt_id_foreign" foreign key ("receipt_id") references "donation_receipt" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "donation_receipt_item" add constraint "donation_receipt_item_quantity_check" check (quantity > 0);`,
    );
    this.addSql(
      `alter table "donation_receipt_item" add constraint "donation_receipt_item_unit_value_check" check (unit_value > 0);`,
    );
    this.addSql(
      `alter table "donation_receipt_item" add constraint "donation_receipt_item_line_value_check" check (line_value >= 0);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "donation_receipt_item" cascade;`);

    this.addSql(`drop index "donation_receipt_document_key";`);
    this.addSql(`alter table "donation_receipt" drop constraint "donation_receipt_number_key";`);
    this.addSql(`alter table "donation_receipt" drop constraint "donation_receipt_kind_check";`);
    this.addSql(`delete from "donation_receipt" where "kind" = 'GOODS';`);
    this.addSql(`alter table "donation_receipt" drop column "kind";`);
    this.addSql(`alter table "donation_receipt" alter column "payment_text" set not null;`);
    this.addSql(
      `alter table "donation_receipt" add constraint "donation_receipt_number_key" unique ("issuer_unit_id", "fiscal_year", "seq");`,
    );
    this.addSql(
      `alter table "donation_receipt" add constraint "donation_receipt_document_key" unique ("document_type", "document_id");`,
    );
  }
}
