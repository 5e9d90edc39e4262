import { Migration } from '@mikro-orm/migrations';

export class Migration20261122051221_reference_counting_unit extends Migration {
  override name = 'Migration20261122051221_reference_counting_unit';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "ref_counting_unit" ("id" serial primary key, "code" varchar(20) not null, "name_th" varchar(255) not null, "name_en" varchar(255) null, "abbreviation" varchar(20) null, "status_code" varchar(1) not null default 'A', "created_at" timestamptz not null, "updated_at" timestamptz not null, "created_by_id" int null, "updated_by_id" int null);`,
    );
    this.addSql(
      `alter table "ref_counting_unit" add constraint "ref_counting_unit_code_unique" unique ("code");`,
    );
    this.addSql(
      `create index "ref_counting_unit_name_th_trgm" on "ref_counting_unit" using gin ("name_th" gin_trgm_ops);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "ref_counting_unit" cascade;`);
  }
}
