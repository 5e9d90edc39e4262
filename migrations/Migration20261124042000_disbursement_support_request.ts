import { Migration } from '@mikro-orm/migrations';

// Disbursements made from an approved support request: the request (header) and the request line
// served (a resource line; the money disbursement's header) become foreign keys.
export class Migration20261124042000_disbursement_support_request extends Migration {
  override name = 'Migration20261124042000_disbursement_support_request';

  override up(): void | Promise<void> {
    this.addSql(`alter table "doc_resource_disbursement_line" add column "support_request_line" int null;`);
    this.addSql(`alter table "doc_money_disbursement" add column "support_request_line" int null;`);
    for (const [table, column, target] of [
      ['doc_resource_disbursement', 'support_request_id', 'doc_support_request'],
      ['doc_money_disbursement', 'support_request_id', 'doc_support_request'],
      ['doc_resource_disbursement_line', 'support_request_line', 'doc_support_request_line'],
      ['doc_money_disbursement', 'support_request_line', 'doc_support_request_line'],
    ]) {
      this.addSql(`create index "${table}_${column}_index" on "${table}" ("${column}");`);
      this.addSql(
        `alter table "${table}" add constraint "${table}_${column}_foreign" foreign key ("${column}") references "${target}" ("id") on delete restrict;`,
      );
    }
  }

  override down(): void | Promise<void> {
    for (const [table, column] of [
      ['doc_resource_disbursement', 'support_request_id'],
      ['doc_money_disbursement', 'support_request_id'],
      ['doc_resource_disbursement_line', 'support_request_line'],
      ['doc_money_disbursement', 'support_request_line'],
    ]) {
      this.addSql(`alter table "${table}" drop constraint "${table}_${column}_foreign";`);
      this.addSql(`drop index "${table}_${column}_index";`);
    }
    this.addSql(`alter table "doc_resource_disbursement_line" drop column "support_request_line";`);
    this.addSql(`alter table "doc_money_disbursement" drop column "support_request_line";`);
  }
}
