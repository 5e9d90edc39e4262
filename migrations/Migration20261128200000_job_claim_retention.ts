import { Migration } from '@mikro-orm/migrations';

// Jobs on a claim with a heartbeat, and retention (docs/jobs.md):
//
// - job.locked_until: when the claim of a RUNNING job expires. The worker renews it while the job
//   runs (heartbeat), so a long job is not queued again while alive; a job whose worker died is
//   queued again once it has passed. Jobs claimed before this migration get the 15 minutes the
//   earlier release gave every claim.
// - job_finished_index: the retention job finds the done and failed jobs past their days by it.
// - namjai_app_privileges() (docs/database-roles.md) as before, but the server's role may DELETE
//   login_attempt rows: the retention job purges those older than RETENTION_LOGIN_ATTEMPT_DAYS (and
//   never within the throttle's window). The attempt is audited in audit_event, which stays without
//   DELETE, as do the other tables kept as written and the append-only ones. Every other table the
//   retention job purges (job, mail_outbox, public_write_count, user_session, idempotency_key) had
//   DELETE already.

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
  -- Kept as written: only the columns named may change (a table-level REVOKE also takes back column
  -- grants, so this is the same at every run); never removed, but for the tables whose old rows the
  -- retention job purges (docs/jobs.md: login_attempt, past what the throttle needs).
  for kept in
    select * from (values
      ('audit_event', '{}'::text[], false),
      ('donation_receipt_item', '{}', false),
      ('donation_receipt', '{voided_at,voided_by_id,void_reason,print_count,donor_address}', false),
      ('consent_record', '{email,ip,user_agent}', false),
      ('e_donation_mark', '{unmarked_at,unmarked_by_id,unmark_reason}', false),
      ('login_attempt', '{username,ip,outcome,success}', true),
      ('thanks_letter_print', '{print_count,last_printed_at,last_printed_by}', false)
    ) as k(tbl, cols, purged)
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
    if kept.purged then
      execute format('grant delete on table public.%I to %I', kept.tbl, app);
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

export class Migration20261128200000_job_claim_retention extends Migration {
  override name = 'Migration20261128200000_job_claim_retention';

  override up(): void | Promise<void> {
    this.addSql(`alter table "job" add "locked_until" timestamptz null;`);
    this.addSql(
      `update "job" set "locked_until" = "locked_at" + interval '15 minutes' where "state" = 'RUNNING';`,
    );
    this.addSql(
      `create index "job_finished_index" on "job" ("finished_at") where "state" in ('DONE', 'FAILED');`,
    );
    this.addSql(privileges);
    this.addSql('revoke execute on function public.namjai_app_privileges() from public;');
    this.addSql('select public.namjai_app_privileges();');
  }

  override down(): void | Promise<void> {
    // The function as the app-role migration wrote it: login_attempt kept as written again (its
    // table-level REVOKE takes the DELETE back).
    this.addSql(
      privileges.replace("'{username,ip,outcome,success}', true", "'{username,ip,outcome,success}', false"),
    );
    this.addSql('select public.namjai_app_privileges();');
    this.addSql(`drop index if exists "job_finished_index";`);
    this.addSql(`alter table "job" drop column if exists "locked_until";`);
  }
}
