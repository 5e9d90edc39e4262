import { Migration } from '@mikro-orm/migrations';

export class Migration20261123233601_public_write_count extends Migration {
  override name = 'Migration20261123233601_public_write_count';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "public_write_count" ("address" varchar(64) not null, "window_start" timestamptz not null, "count" int not null, primary key ("address", "window_start"));`,
    );
    this.addSql(
      `create index "public_write_count_window_start_index" on "public_write_count" ("window_start");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "public_write_count" cascade;`);
  }
}
