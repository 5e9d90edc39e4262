import { Migration } from '@mikro-orm/migrations';

export class Migration20261123172716_attachments extends Migration {
  override name = 'Migration20261123172716_attachments';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "attachment" ("id" serial primary key, "owner_kind" varchar(60) not null, "owner_id" int not null, "file_name" varchar(255) not null, "media_type" varchar(100) not null, "size" int not null, "sha256" varchar(64) not null, "content" bytea not null, "created_by" int not null, "created_at" timestamptz not null);`,
    );
    this.addSql(
      `create index "attachment_owner_kind_owner_id_index" on "attachment" ("owner_kind", "owner_id");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "attachment" cascade;`);
  }
}
