import { Migration } from '@mikro-orm/migrations';

export class Migration20261123235940_public_donation_by_transfer extends Migration {
  override name = 'Migration20261123235940_public_donation_by_transfer';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "consent_record" ("id" bigserial primary key, "subject_type" varchar(40) not null, "subject_id" int not null, "email" varchar(254) null, "notice_version" varchar(40) not null, "channel" varchar(60) not null, "purpose" varchar(1000) not null, "ip" varchar(64) null, "user_agent" varchar(255) null, "given_at" timestamptz not null);`,
    );
    this.addSql(`create index "consent_record_email_index" on "consent_record" ("email");`);
    this.addSql(
      `create index "consent_record_subject_type_subject_id_index" on "consent_record" ("subject_type", "subject_id");`,
    );

    this.addSql(
      `alter table "doc_money_donation" add "channel" varchar(7) null, add "receipt_delivery" varchar(5) null, add "email" varchar(254) null, add "receipt_address" varchar(1000) null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "consent_record" cascade;`);

    this.addSql(
      `alter table "doc_money_donation" drop column "channel", drop column "receipt_delivery", drop column "email", drop column "receipt_address";`,
    );
  }
}
