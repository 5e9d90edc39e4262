import { Migration } from '@mikro-orm/migrations';

// The value of a goods donation, stored (docs/donations.md "The value of a goods donation"): Σ over
// its lines of quantity × unit value, the accepted quantity once SCREENED, APPROVED_1 or APPROVED_2
// and the quantity donated before screening and when cancelled, rounded to 2 decimals per donation.
// The donation history's totals, its value column and its order by value read it instead of summing
// every line. PostgreSQL keeps it, in the transaction that changes a line or the status, whichever
// path writes them (the document kit, the public form, seeds, the bench's loader):
//
// - `goods_value` on the lines, after each INSERT, UPDATE or DELETE statement (one trigger per event:
//   a trigger with transition tables takes one event): the donations the statement touched are locked
//   (so a concurrent change of another line of one of them is waited for and then seen), then
//   revalued in one grouped statement, written only where the value changed;
// - `goods_value` on the header, before a row's status changes: revalued with the new status.
//
// A header is inserted before its lines, with the value of no lines (0). The server's role cannot
// disable a trigger (it owns no table: docs/database-roles.md).

const goodsValueSql = (status: string) => `round(coalesce(sum(
      case when ${status} in ('SCREENED', 'APPROVED_1', 'APPROVED_2') then coalesce(l.accepted_quantity, 0)
           else l.quantity end * l.unit_value), 0), 2)`;

const linesFn = `create or replace function "doc_goods_donation_line_goods_value_fn"() returns trigger as $$
declare
  ids int[];
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct document_id) into ids from new_lines;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct document_id) into ids from old_lines;
  else
    select array_agg(document_id) into ids
      from (select document_id from new_lines union select document_id from old_lines) c;
  end if;
  if ids is null then
    return null;
  end if;
  perform 1 from doc_goods_donation where id = any(ids) order by id for update;
  update doc_goods_donation g set goods_value = v.value
    from (select d.id, ${goodsValueSql('d.status')} as value
            from doc_goods_donation d left join doc_goods_donation_line l on l.document_id = d.id
           where d.id = any(ids) group by d.id) v
   where g.id = v.id and g.goods_value is distinct from v.value;
  return null;
end;
$$ language plpgsql;`;

const headerFn = `create or replace function "doc_goods_donation_goods_value_fn"() returns trigger as $$
begin
  new.goods_value := (select ${goodsValueSql('new.status')}
                        from doc_goods_donation_line l where l.document_id = new.id);
  return new;
end;
$$ language plpgsql;`;

// As the entities declare them (server/src/features/donations/goods-donation.value.ts).
const triggers = {
  header: `create trigger "goods_value" before update of "status" on "doc_goods_donation" for each row when (old.status is distinct from new.status) execute function "doc_goods_donation_goods_value_fn"();`,
  insert: `create trigger "goods_value_insert" after insert on "doc_goods_donation_line" referencing new table as new_lines for each statement execute function "doc_goods_donation_line_goods_value_fn"();`,
  update: `create trigger "goods_value_update" after update on "doc_goods_donation_line" referencing old table as old_lines new table as new_lines for each statement execute function "doc_goods_donation_line_goods_value_fn"();`,
  delete: `create trigger "goods_value_delete" after delete on "doc_goods_donation_line" referencing old table as old_lines for each statement execute function "doc_goods_donation_line_goods_value_fn"();`,
};

export class Migration20261129083000_goods_donation_value extends Migration {
  override name = 'Migration20261129083000_goods_donation_value';

  override up(): void | Promise<void> {
    this.addSql(`alter table "doc_goods_donation" add column "goods_value" numeric(24,2) null;`);
    this.addSql(`update doc_goods_donation g set goods_value = v.value
      from (select d.id, ${goodsValueSql('d.status')} as value
              from doc_goods_donation d left join doc_goods_donation_line l on l.document_id = d.id
             group by d.id) v
     where g.id = v.id;`);
    this.addSql(
      `alter table "doc_goods_donation" alter column "goods_value" set default 0, alter column "goods_value" set not null;`,
    );
    this.addSql(linesFn);
    this.addSql(headerFn);
    for (const sql of Object.values(triggers)) this.addSql(sql);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "goods_value" on "doc_goods_donation";`);
    for (const event of ['insert', 'update', 'delete'])
      this.addSql(`drop trigger if exists "goods_value_${event}" on "doc_goods_donation_line";`);
    this.addSql(`drop function if exists "doc_goods_donation_goods_value_fn"();`);
    this.addSql(`drop function if exists "doc_goods_donation_line_goods_value_fn"();`);
    this.addSql(`alter table "doc_goods_donation" drop column "goods_value";`);
  }
}
