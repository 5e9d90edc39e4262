import { Migration } from '@mikro-orm/migrations';

export class Migration20261123213308_money_donations extends Migration {
  override name = 'Migration20261123213308_money_donations';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "doc_money_donation" ("id" serial primary key, "number" varchar(30) not null, "fiscal_year" smallint not null, "status" varchar(30) not null, "version" int not null default 1, "owner_unit_id" int not null, "remark" varchar(1000) null, "created_by" int not null, "created_at" timestamptz not null, "updated_by" int not null, "updated_at" timestamptz not null, "donor_id" int not null, "donated_on" date not null, "amount" numeric(14,2) not null, "transfer_type" varchar(9) not null, "bank" varchar(3) null, "payment_reference" varchar(50) null, "money_account_id" int not null, "objective" varchar(16) not null, "objective_detail" varchar(500) null);`,
    );
    this.addSql(
      `alter table "doc_money_donation" add constraint "doc_money_donation_number_unique" unique ("number");`,
    );
    this.addSql(`create index "doc_money_donation_status_index" on "doc_money_donation" ("status");`);
    this.addSql(
      `create index "doc_money_donation_owner_unit_id_index" on "doc_money_donation" ("owner_unit_id");`,
    );
    this.addSql(`create index "doc_money_donation_created_at_index" on "doc_money_donation" ("created_at");`);
    this.addSql(`create index "doc_money_donation_donor_id_index" on "doc_money_donation" ("donor_id");`);
    this.addSql(
      `create index "doc_money_donation_money_account_id_index" on "doc_money_donation" ("money_account_id");`,
    );

    this.addSql(
      `create table "doc_money_donation_line" ("id" serial primary key, "document_id" int not null, "line_no" smallint not null);`,
    );
    this.addSql(
      `create index "doc_money_donation_line_document_id_index" on "doc_money_donation_line" ("document_id");`,
    );

    this.addSql(
      `create table "donation_receipt" ("id" serial primary key, "document_type" varchar(40) not null, "document_id" int not null, "issuer_unit_id" int not null, "fiscal_year" smallint not null, "seq" int not null, "number" varchar(20) not null, "issued_on" date not null, "amount" numeric(14,2) not null, "donor_id" int not null, "donor_name" varchar(500) not null, "donor_tax_id" varchar(13) null, "donor_address" varchar(1000) null, "purpose" varchar(1000) not null, "payment_text" varchar(500) not null, "issuer_name" varchar(255) not null, "issuer_tax_id" varchar(13) not null, "issuer_address" varchar(1000) null, "receiving_unit_name" varchar(255) not null, "statement" varchar(1000) not null, "signer_name" varchar(255) null, "signer_position" varchar(255) null, "issued_by_id" int not null, "issued_at" timestamptz not null, "voided_at" timestamptz null, "voided_by_id" int null, "void_reason" varchar(1000) null, "print_count" int not null default 0);`,
    );
    this.addSql(
      `create index "donation_receipt_issuer_unit_id_index" on "donation_receipt" ("issuer_unit_id");`,
    );
    this.addSql(`create index "donation_receipt_donor_id_index" on "donation_receipt" ("donor_id");`);
    this.addSql(
      `alter table "donation_receipt" add constraint "donation_receipt_number_key" unique ("issuer_unit_id", "fiscal_year", "seq");`,
    );
    this.addSql(
      `alter table "donation_receipt" add constraint "donation_receipt_document_key" unique ("document_type", "document_id");`,
    );

    this.addSql(
      `alter table "organisation_unit" add "tax_id" varchar(13) null, add "receipt_statement" varchar(1000) null, add "receipt_signer_name" varchar(255) null, add "receipt_signer_position" varchar(255) null;`,
    );

    this.addSql(
      `alter table "doc_money_donation" add constraint "doc_money_donation_owner_unit_id_foreign" foreign key ("owner_unit_id") references "organisation_unit" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_money_donation" add constraint "doc_money_donation_donor_id_foreign" foreign key ("donor_id") references "ref_donator" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_money_donation" add constraint "doc_money_donation_money_account_id_foreign" foreign key ("money_account_id") references "ref_money_account" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "doc_money_donation_line" add constraint "doc_money_donation_line_document_id_foreign" foreign key ("document_id") references "doc_money_donation" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "donation_receipt" add constraint "donation_receipt_issuer_unit_id_foreign" foreign key ("issuer_unit_id") references "organisation_unit" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "donation_receipt" add constraint "donation_receipt_donor_id_foreign" foreign key ("donor_id") references "ref_donator" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "donation_receipt" add constraint "donation_receipt_issued_by_id_foreign" foreign key ("issued_by_id") references "app_user" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "donation_receipt" add constraint "donation_receipt_voided_by_id_foreign" foreign key ("voided_by_id") references "app_user" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "donation_receipt" add constraint "donation_receipt_amount_check" check (amount > 0);`,
    );
    this.addSql(
      `alter table "donation_receipt" add constraint "donation_receipt_seq_check" check (seq > 0);`,
    );
    this.addSql(
      `alter table "donation_receipt" add constraint "donation_receipt_print_count_check" check (print_count >= 0);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "doc_money_donation_line" drop constraint "doc_money_donation_line_document_id_foreign";`,
    );

    this.addSql(`drop table if exists "doc_money_donation" cascade;`);
    this.addSql(`drop table if exists "doc_money_donation_line" cascade;`);
    this.addSql(`drop table if exists "donation_receipt" cascade;`);

    this.addSql(
      `alter table "organisation_unit" drop column "tax_id", drop column "receipt_statement", drop column "receipt_signer_name", drop column "receipt_signer_position";`,
    );
  }
}
