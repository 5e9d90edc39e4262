import { Migration } from '@mikro-orm/migrations';

// The donation history's totals (docs/donations.md "Donation history", "The totals"): a goods
// donation's value is its lines' quantity, accepted quantity and unit value summed. An index on the
// line's document holding those three columns lets the sum read the index only, not the lines' heap
// (at 100,000 donations and 500,000 lines: 2.5 s → 1.7–1.8 s at load 11, docs/benchmarks.md).

export class Migration20261129053000_goods_line_value_index extends Migration {
  override up(): void | Promise<void> {
    this.addSql(
      `create index "doc_goods_donation_line_value_index" on "doc_goods_donation_line" ("document_id") include ("quantity", "accepted_quantity", "unit_value");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "doc_goods_donation_line_value_index";`);
  }
}
