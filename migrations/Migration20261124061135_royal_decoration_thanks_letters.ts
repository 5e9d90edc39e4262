import { Migration } from '@mikro-orm/migrations';

// Royal decoration proposals (docs/royal-decoration.md): the classes' settings table, the proposal
// document and its lines; a donation is held by one live proposal through two partial unique
// indexes over the lines (where counted). Thanks letters: how often each donation's letter was printed.

export class Migration20261124061135_royal_decoration_thanks_letters extends Migration {
  override name = 'Migration20261124061135_royal_decoration_thanks_letters';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "royal_decoration_class" ("code" varchar(20) not null, "rank" smallint not null, "name_th" varchar(255) not null, "name_en" varchar(255) not null, "abbreviation" varchar(20) not null, "min_value" numeric(14,2) not null, "updated_by" int null, "updated_at" timestamptz not null, primary key ("code"));`,
    );
    this.addSql(
      `alter table "royal_decoration_class" add constraint "royal_decoration_class_rank_key" unique ("rank");`,
    );

    this.addSql(
      `create table "doc_royal_decoration" ("id" serial primary key, "number" varchar(30) not null, "fiscal_year" smallint not null, "status" varchar(30) not null, "version" int not null default 1, "owner_unit_id" int not null, "remark" varchar(1000) null, "created_by" int not null, "created_at" timestamptz not null, "updated_by" int not null, "updated_at" timestamptz not null, "unit_id" int not null, "donor_id" int not null, "proposal_year" int not null, "total_value" numeric(14,2) null, "requested_class" varchar(12) null, "certificate_number" varchar(50) null, "certificate_date" date null);`,
    );
    this.addSql(
      `alter table "doc_royal_decoration" add constraint "doc_royal_decoration_number_unique" unique ("number");`,
    );
    this.addSql(`create index "doc_royal_decoration_status_index" on "doc_royal_decoration" ("status");`);
    this.addSql(
      `create index "doc_royal_decoration_owner_unit_id_index" on "doc_royal_decoration" ("owner_unit_id");`,
    );
    this.addSql(
      `create index "doc_royal_decoration_created_at_index" on "doc_royal_decoration" ("created_at");`,
    );
    this.addSql(`create index "doc_royal_decoration_unit_id_index" on "doc_royal_decoration" ("unit_id");`);
    this.addSql(`create index "doc_royal_decoration_donor_id_index" on "doc_royal_decoration" ("donor_id");`);

    this.addSql(
      `create table "doc_royal_decoration_line" ("id" serial primary key, "document_id" int not null, "line_no" smallint not null, "money_donation" int null, "goods_donation" int null, "donated_on" date null, "value" numeric(14,2) null, "counted" boolean not null default false);`,
    );
    this.addSql(
      `create index "doc_royal_decoration_line_document_id_index" on "doc_royal_decoration_line" ("document_id");`,
    );
    this.addSql(
      `create index "doc_royal_decoration_line_money_donation_index" on "doc_royal_decoration_line" ("money_donation");`,
    );
    this.addSql(
      `create index "doc_royal_decoration_line_goods_donation_index" on "doc_royal_decoration_line" ("goods_donation");`,
    );
    this.addSql(
      `create unique index "doc_royal_decoration_line_money_counted_key" on "doc_royal_decoration_line" ("money_donation") where counted;`,
    );
    this.addSql(
      `create unique index "doc_royal_decoration_line_goods_counted_key" on "doc_royal_decoration_line" ("goods_donation") where counted;`,
    );

    this.addSql(
      `create table "thanks_letter_print" ("document_type" varchar(40) not null, "document_id" int not null, "print_count" int not null, "last_printed_at" timestamptz not null, "last_printed_by" int not null, primary key ("document_type", "document_id"));`,
    );

    this.addSql(
      `alter table "royal_decoration_class" add constraint "royal_decoration_class_min_value_check" check (min_value > 0);`,
    );

    this.addSql(
      `alter table "doc_royal_decoration" add constraint "doc_royal_decoration_owner_unit_id_foreign" foreign key ("owner_unit_id") references "organisation_unit" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_royal_decoration" add constraint "doc_royal_decoration_unit_id_foreign" foreign key ("unit_id") references "organisation_unit" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_royal_decoration" add constraint "doc_royal_decoration_donor_id_foreign" foreign key ("donor_id") references "ref_donator" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "doc_royal_decoration_line" add constraint "doc_royal_decoration_line_document_id_foreign" foreign key ("document_id") references "doc_royal_decoration" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_royal_decoration_line" add constraint "doc_royal_decoration_line_money_donation_foreign" foreign key ("money_donation") references "doc_money_donation" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "doc_royal_decoration_line" add constraint "doc_royal_decoration_line_goods_donation_foreign" foreign key ("goods_donation") references "doc_goods_donation" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "thanks_letter_print" add constraint "thanks_letter_print_count_check" check (print_count > 0);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "doc_royal_decoration_line" drop constraint "doc_royal_decoration_line_document_id_foreign";`,
    );

    this.addSql(`drop table if exists "royal_decoration_class" cascade;`);
    this.addSql(`drop table if exists "doc_royal_decoration" cascade;`);
    this.addSql(`drop table if exists "doc_royal_decoration_line" cascade;`);
    this.addSql(`drop table if exists "thanks_letter_print" cascade;`);
  }
}
