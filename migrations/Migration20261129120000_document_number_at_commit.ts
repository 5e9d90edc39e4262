import { Migration } from '@mikro-orm/migrations';

// A document's number taken at COMMIT (docs/document-kit.md, "The number at COMMIT"; issue 24, part
// 3): every document table gets a deferred constraint trigger, `document_number`, after each insert
// of a row whose number is provisional (`~<id>`). PostgreSQL runs it while it commits: the counter of
// the type's series and the row's fiscal year is taken (`insert … on conflict do update`, as
// `nextNumber`) and the number set, `<prefix>-<fiscal year>-<six digits>`. The counter row is then
// held for the commit itself, not for a round trip to the server and the server's own work between
// its last statement and the COMMIT. A rollback still gives the number back, and concurrent creators
// still queue on the counter row: no gap, no duplicate.
//
// Only a row whose number is still provisional when the transaction commits is numbered (the counter
// is not even taken otherwise): a number set in the transaction by other means (an older server
// beside this one during a rolling upgrade, which numbers by a statement of its own; `numberNow`) is
// kept, and no number is lost to it.
//
// One function per table (`<table>_document_number_fn`, the name MikroORM gives a table's trigger
// function), so its statement is static and PL/pgSQL keeps its plan. As the entities declare the
// triggers (server/src/kits/workflow/numbering.ts, numberingTrigger).

/** Each document table and its type's prefix (the types' declarations, `table` and `prefix`). */
const tables: [table: string, prefix: string][] = [
  ['doc_distribution', 'DD'],
  ['doc_support_request', 'RS'],
  ['doc_provide_resource', 'PV'],
  ['doc_money_disbursement', 'MD'],
  ['doc_resource_disbursement', 'RD'],
  ['doc_royal_decoration', 'RDC'],
  ['doc_stock_count', 'SC'],
  ['doc_stock_transfer', 'TR'],
  ['doc_initial_money', 'IM'],
  ['doc_stock_adjustment', 'AJ'],
  ['doc_goods_donation', 'DT'],
  ['doc_money_donation', 'DM'],
];

const fn = (
  table: string,
  prefix: string,
) => `create or replace function "${table}_document_number_fn"() returns trigger as $$
begin
  with c as (
    insert into document_counter (series, fiscal_year, last)
    select '${prefix}', new.fiscal_year, 1 where exists (select from "${table}" where id = new.id and number like '~%')
    on conflict (series, fiscal_year) do update set last = document_counter.last + 1
    returning last)
  update "${table}" d set number = '${prefix}-' || new.fiscal_year || '-'
      || case when length(c.last::text) >= 6 then c.last::text else lpad(c.last::text, 6, '0') end
    from c where d.id = new.id;
  return null;
end;
$$ language plpgsql;`;

const trigger = (table: string) =>
  `create constraint trigger "document_number" after insert on "${table}" deferrable initially deferred for each row when (new.number like '~%') execute function "${table}_document_number_fn"();`;

export class Migration20261129120000_document_number_at_commit extends Migration {
  override up(): void | Promise<void> {
    for (const [table, prefix] of tables) {
      this.addSql(fn(table, prefix));
      this.addSql(trigger(table));
    }
  }

  override down(): void | Promise<void> {
    for (const [table] of tables) {
      this.addSql(`drop trigger if exists "document_number" on "${table}";`);
      this.addSql(`drop function if exists "${table}_document_number_fn"();`);
    }
  }
}
