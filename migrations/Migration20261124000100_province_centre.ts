import { Migration } from '@mikro-orm/migrations';

// The centre of each province, where "near me" measures from when a visitor picks a province. The
// geography seed fills it from the sub-districts on every start (province-centre.ts).
export class Migration20261124000100_province_centre extends Migration {
  override name = 'Migration20261124000100_province_centre';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "geo_province" add column "latitude" double precision null, add column "longitude" double precision null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "geo_province" drop column "latitude", drop column "longitude";`);
  }
}
