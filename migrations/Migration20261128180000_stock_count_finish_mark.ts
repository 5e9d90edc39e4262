import { Migration } from '@mikro-orm/migrations';

// The stock count remembers the newest stock movement when it finished as well as when it began,
// so its view can show the movements during the count (docs/ledger.md, "Stock count").
export class Migration20261128180000_stock_count_finish_mark extends Migration {
  override name = 'Migration20261128180000_stock_count_finish_mark';

  override up(): void | Promise<void> {
    this.addSql(`alter table "doc_stock_count" add "finish_movement_id" int null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "doc_stock_count" drop column "finish_movement_id";`);
  }
}
