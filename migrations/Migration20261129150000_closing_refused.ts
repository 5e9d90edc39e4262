import { Migration } from '@mikro-orm/migrations';

// A command's closing statement refuses by raising (docs/architecture.md, "A command's transaction";
// server/src/platform/db/command-transaction.ts, closeWith): the COMMIT goes out right behind that
// statement, before its answer is read, so a refusal the statement only returned (a guard that kept
// a stock balance from going below zero, no row written) would let the COMMIT keep the rest of the
// command. `closing_refused()` raises SQLSTATE NJ002 instead, PostgreSQL answers the COMMIT with a
// rollback, and the server runs the command again the ordinary way to word the refusal. Volatile, so
// PostgreSQL calls it only where a CASE reaches it.
export class Migration20261129150000_closing_refused extends Migration {
  override up(): void {
    this.addSql(`create or replace function closing_refused() returns boolean language plpgsql volatile as $$
begin
  raise exception using errcode = 'NJ002',
    message = 'a guarded write refused at the close of its command (ถูกปฏิเสธเมื่อปิดคำสั่ง)';
end $$;`);
  }

  override down(): void {
    this.addSql('drop function if exists closing_refused();');
  }
}
