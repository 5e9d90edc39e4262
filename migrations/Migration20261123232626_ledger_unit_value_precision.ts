import { Migration } from '@mikro-orm/migrations';

export class Migration20261123232626_ledger_unit_value_precision extends Migration {
  override name = 'Migration20261123232626_ledger_unit_value_precision';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "stock_balance" alter column "unit_value" type numeric(18,6) using ("unit_value"::numeric(18,6));`,
    );

    this.addSql(
      `alter table "stock_movement" alter column "unit_value" type numeric(18,6) using ("unit_value"::numeric(18,6));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "stock_balance" alter column "unit_value" type numeric(14,2) using ("unit_value"::numeric(14,2));`,
    );

    this.addSql(
      `alter table "stock_movement" alter column "unit_value" type numeric(14,2) using ("unit_value"::numeric(14,2));`,
    );
  }
}
