import { Migration } from '@mikro-orm/migrations';

// The e-Donation keying marks (docs/e-donation.md): who keyed a donation into the Revenue Department's
// e-Donation system and when; an unmarked one keeps who, when and why; one mark in force per donation.
export class Migration20261124060512_e_donation_mark extends Migration {
  override name = 'Migration20261124060512_e_donation_mark';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "e_donation_mark" ("id" serial primary key, "document_type" varchar(30) not null, "document_id" int not null, "keyed_by_id" int not null, "keyed_at" timestamptz not null, "unmarked_by_id" int null, "unmarked_at" timestamptz null, "unmark_reason" varchar(500) null);`,
    );
    this.addSql(
      `create unique index "e_donation_mark_in_force_key" on "e_donation_mark" ("document_type", "document_id") where unmarked_at is null;`,
    );

    this.addSql(
      `alter table "e_donation_mark" add constraint "e_donation_mark_keyed_by_id_foreign" foreign key ("keyed_by_id") references "app_user" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "e_donation_mark" add constraint "e_donation_mark_unmarked_by_id_foreign" foreign key ("unmarked_by_id") references "app_user" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "e_donation_mark" add constraint "e_donation_mark_document_type_check" check (document_type in ('MONEY_DONATION', 'GOODS_DONATION'));`,
    );
    this.addSql(
      `alter table "e_donation_mark" add constraint "e_donation_mark_unmark_check" check ((unmarked_at is null) = (unmarked_by_id is null) and (unmarked_at is null) = (unmark_reason is null));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "e_donation_mark" cascade;`);
  }
}
