import { Migration } from '@mikro-orm/migrations';

// The result of a resource disbursement (MN-089..MN-092): entered at COMPLETE, edited at EDIT_RESULT,
// cleared at CANCEL_RESULT. Its photos are the document's image attachments (no column).
export class Migration20261124041000_disbursement_result extends Migration {
  override name = 'Migration20261124041000_disbursement_result';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "doc_resource_disbursement" add column "result_date" date null, add column "beneficiaries" int null, add column "outcome" varchar(2000) null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "doc_resource_disbursement" drop column "result_date", drop column "beneficiaries", drop column "outcome";`,
    );
  }
}
