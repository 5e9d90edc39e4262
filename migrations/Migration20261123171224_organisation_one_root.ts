import { Migration } from '@mikro-orm/migrations';

export class Migration20261123171224_organisation_one_root extends Migration {
  override name = 'Migration20261123171224_organisation_one_root';

  override up(): void | Promise<void> {
    this.addSql(
      `create unique index "organisation_unit_one_root" on "organisation_unit" ((parent_id is null)) where parent_id is null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "organisation_unit_one_root";`);
  }
}
