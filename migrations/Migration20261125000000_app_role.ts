import { Migration } from '@mikro-orm/migrations';

// The server's database role (docs/database-roles.md): the migrations run as the owner of the schema
// and its tables; the server's request traffic runs as `namjai_app` (or a role granted it), which owns
// nothing, so it cannot disable a trigger or change a privilege, and which may not rewrite history:
//
// - every table: SELECT, INSERT, UPDATE, DELETE (no TRUNCATE, REFERENCES or TRIGGER); sequences USAGE,
//   SELECT; the same for tables and sequences the owner creates later (default privileges);
// - append-only tables (an `append_only` trigger: ledger movements, document history): no UPDATE,
//   DELETE or TRUNCATE, whatever the trigger says;
// - audit, consent, receipts and the other records kept as written: no DELETE or TRUNCATE, and UPDATE
//   only of the columns the server changes (a receipt's void and print count, the contact data a
//   personal data deletion clears, an e-Donation mark taken back, a thanks letter's print count);
// - the migrations' own table: SELECT only (readiness).
//
// `namjai_app_privileges()` does it, idempotently; `migrate()` calls it after every run, so a role
// created later or a table a later migration adds gets it too. Without a `namjai_app` role (one role
// for everything, DATABASE_OWNER_URL unset) it grants nothing; no password is involved: the roles are
// created by the embedded database's bootstrap or by the operator.

const privileges = `
create or replace function public.namjai_app_privileges() returns void
language plpgsql set search_path = pg_catalog, public as $fn$
declare
  app constant text := 'namjai_app';
  rel record;
  kept record;
  columns text;
begin
  -- Two servers starting together take turns (grants on the same rows at once fail).
  perform pg_advisory_xact_lock(hashtext('namjai_app_privileges'));
  if not exists (select from pg_roles where rolname = app) then
    raise notice 'role % does not exist: no privileges granted (docs/database-roles.md)', app;
    return;
  end if;
  if pg_has_role(app, current_user, 'MEMBER') then
    raise warning 'role % is (a member of) %, which owns the tables: privileges left as they are', app, current_user;
    return;
  end if;
  execute format('grant usage on schema public to %I', app);
  for rel in
    select c.oid::regclass as name, c.relkind from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S')
       and pg_has_role(current_user, c.relowner, 'USAGE')
       and not exists (select from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid
                         and d.deptype = 'e')
  loop
    if rel.relkind = 'S' then
      execute format('grant usage, select on sequence %s to %I', rel.name, app);
    elsif rel.relkind in ('v', 'm') then
      execute format('grant select on %s to %I', rel.name, app);
    else
      execute format('revoke truncate, references, trigger on table %s from %I', rel.name, app);
      execute format('grant select, insert, update, delete on table %s to %I', rel.name, app);
    end if;
  end loop;
  -- Append-only: rows are added, never changed or removed.
  for rel in
    select distinct t.tgrelid::regclass as name from pg_trigger t
      join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
     where t.tgname = 'append_only' and not t.tgisinternal and n.nspname = 'public'
  loop
    execute format('revoke update, delete, truncate on table %s from %I', rel.name, app);
  end loop;
  -- Kept as written: never removed; only the columns named may change (a table-level REVOKE also
  -- takes back column grants, so this is the same at every run).
  for kept in
    select * from (values
      ('audit_event', '{}'::text[]),
      ('donation_receipt_item', '{}'),
      ('donation_receipt', '{voided_at,voided_by_id,void_reason,print_count,donor_address}'),
      ('consent_record', '{email,ip,user_agent}'),
      ('e_donation_mark', '{unmarked_at,unmarked_by_id,unmark_reason}'),
      ('login_attempt', '{username,ip,outcome,success}'),
      ('thanks_letter_print', '{print_count,last_printed_at,last_printed_by}')
    ) as k(tbl, cols)
  loop
    continue when to_regclass(format('public.%I', kept.tbl)) is null;
    execute format('revoke update, delete, truncate on table public.%I from %I', kept.tbl, app);
    -- Only the columns that exist yet: a later migration may add one, and migrate() runs this again.
    select string_agg(format('%I', c), ', ') into columns from unnest(kept.cols) c
     where exists (select from pg_attribute a where a.attrelid = to_regclass(format('public.%I', kept.tbl))
                     and a.attname = c and not a.attisdropped);
    if columns is not null then
      execute format('grant update (%s) on table public.%I to %I', columns, kept.tbl, app);
    end if;
  end loop;
  if to_regclass('public.mikro_orm_migrations') is not null then
    execute format('revoke insert, update, delete, truncate on table public.mikro_orm_migrations from %I', app);
  end if;
  -- What this role creates later.
  execute format('alter default privileges in schema public grant select, insert, update, delete on tables to %I', app);
  execute format('alter default privileges in schema public grant usage, select on sequences to %I', app);
  if has_schema_privilege(app, 'public', 'CREATE') then
    raise warning 'role % may create objects in schema public: REVOKE CREATE ON SCHEMA public FROM PUBLIC (docs/database-roles.md)', app;
  end if;
end;
$fn$;`;

export class Migration20261125000000_app_role extends Migration {
  override name = 'Migration20261125000000_app_role';

  override up(): void | Promise<void> {
    this.addSql(privileges);
    this.addSql('revoke execute on function public.namjai_app_privileges() from public;');
    this.addSql('select public.namjai_app_privileges();');
  }

  override down(): void | Promise<void> {
    this.addSql('drop function if exists public.namjai_app_privileges();');
    this.addSql(`do $$ begin
      if exists (select from pg_roles where rolname = 'namjai_app') and not pg_has_role('namjai_app', current_user, 'MEMBER') then
        revoke all on all tables in schema public from namjai_app;
        revoke all on all sequences in schema public from namjai_app;
        revoke usage on schema public from namjai_app;
        alter default privileges in schema public revoke all on tables from namjai_app;
        alter default privileges in schema public revoke all on sequences from namjai_app;
      end if;
    end $$;`);
  }
}
