import { Migration } from '@mikro-orm/migrations';

// The donation history pages by key (docs/donations.md "Donation history", docs/document-kit.md
// "Paging by key"): its default order is the donation's date, newest first, then the id. An index on
// (date, id) of each donation table lets a page after or before a key read about a page of rows,
// from either end, instead of sorting every donation in scope.

export class Migration20261129031000_donation_history_key_indexes extends Migration {
  override up(): void | Promise<void> {
    this.addSql(
      `create index "doc_goods_donation_donation_date_id_index" on "doc_goods_donation" ("donation_date", "id");`,
    );
    this.addSql(
      `create index "doc_money_donation_donated_on_id_index" on "doc_money_donation" ("donated_on", "id");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "doc_goods_donation_donation_date_id_index";`);
    this.addSql(`drop index "doc_money_donation_donated_on_id_index";`);
  }
}
