import { Migration } from '@mikro-orm/migrations';

// An action that enters fields again (an edited delivery, an edited result) records in the document's
// history what it changed: field, line, before and after. Adding a column is not an UPDATE: the
// append-only triggers stay as they are.
export class Migration20261124061000_history_changes extends Migration {
  override name = 'Migration20261124061000_history_changes';

  override up(): void | Promise<void> {
    this.addSql(`alter table "document_history" add column "changes" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "document_history" drop column "changes";`);
  }
}
