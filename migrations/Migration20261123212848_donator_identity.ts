import { Migration } from '@mikro-orm/migrations';

export class Migration20261123212848_donator_identity extends Migration {
  override name = 'Migration20261123212848_donator_identity';

  override up(): void | Promise<void> {
    this.addSql(
      `create unique index "ref_donator_tax_id_key" on "ref_donator" ("tax_id") where tax_id is not null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "ref_donator_tax_id_key";`);
  }
}
