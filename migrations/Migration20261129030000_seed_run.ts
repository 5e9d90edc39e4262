import { Migration } from '@mikro-orm/migrations';

// What the seeds wrote, so a start skips the ones with nothing to do (docs/start-and-memory.md):
// one row a seed, with the version it was run at (a hash of the server's code and of what the seed
// reads besides: data files, settings). A seed runs again when its version differs, or has no row.
// The server's role writes these rows: namjai_app_privileges() grants it every new table.
export class Migration20261129030000_seed_run extends Migration {
  override name = 'Migration20261129030000_seed_run';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "seed_run" ("name" varchar(100) not null, "version" varchar(64) not null, "seeded_at" timestamptz not null default now(), constraint "seed_run_pkey" primary key ("name"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "seed_run";`);
  }
}
