import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerFixture } from '../kits/ledger/ledger-fixtures';
import { APPEND_ONLY_SQLSTATE } from '../platform/db/append-only';
import { databaseRefusal, INSUFFICIENT_PRIVILEGE_SQLSTATE } from '../platform/db/db-errors';
import { APP_ROLE } from '../platform/db/roles';
import { startTestApp, type TestApp } from '../testing/test-app';

// The server's database role (docs/database-roles.md): it owns nothing and is not superuser, so it
// cannot disable the append-only triggers, and it has no privilege to change or remove a ledger
// movement, a history row, the audit trail, a consent or a receipt: PostgreSQL refuses such a
// statement for want of privilege (42501) before any trigger (NJ001) would run.

let t: TestApp;
/** A connection of the server's own role (DATABASE_URL, as the test app uses it). */
let server: pg.Client;
let stockId: string;
let moneyId: string;

beforeAll(async () => {
  t = await startTestApp();
  const f = await ledgerFixture(t);
  const item = await f.newResource('G-ROLE');
  await f.post(async (l) => {
    stockId = (
      await l.receive(
        { storageId: f.storage.SDW, resourceId: item, quantity: '1', unitValue: '1' },
        f.source(1),
      )
    ).movementId;
    moneyId = (await l.money.credit({ accountId: f.account.OPS, amount: '5', type: 'INITIAL' }, f.source(1)))
      .movementId;
  });
  server = new pg.Client({ connectionString: t.config.databaseUrl });
  await server.connect();
});
afterAll(async () => {
  await server?.end();
  await t.close();
});

const q = <T extends pg.QueryResultRow = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  server.query<T>(sql, params).then((r) => r.rows);
const denied = { code: INSUFFICIENT_PRIVILEGE_SQLSTATE };

/**
 * Tables whose rows are kept as written: UPDATE of these columns only, never TRUNCATE, and no DELETE
 * but for the retention job's purge of old rows where listed in `purged` (docs/jobs.md "Retention").
 */
const keptAsWritten: Record<string, string[]> = {
  audit_event: [],
  donation_receipt_item: [],
  // voided, printed again, and the address a personal data deletion clears
  donation_receipt: ['donor_address', 'print_count', 'void_reason', 'voided_at', 'voided_by_id'],
  // what a personal data deletion clears: the consent stays as proof
  consent_record: ['email', 'ip', 'user_agent'],
  // a mark taken back (who, when, why)
  e_donation_mark: ['unmark_reason', 'unmarked_at', 'unmarked_by_id'],
  // what a personal data deletion clears, and an attempt's outcome once its password is checked
  login_attempt: ['ip', 'outcome', 'success', 'username'],
  thanks_letter_print: ['last_printed_at', 'last_printed_by', 'print_count'],
};
/** Old sign-in attempts past the throttle's window and their days are purged (the audit keeps each). */
const purged = new Set(['login_attempt']);

describe("the server's database role", () => {
  it('is the role the app connects as, a member of namjai_app, not the owner of the database', async () => {
    const [{ role }] = await t.em().execute<{ role: string }[]>('select current_user::text as role');
    const [row] = await q<{ role: string; app: boolean; owner: string }>(
      `select current_user::text as role, pg_has_role(current_user, $1, 'MEMBER') as app,
              (select datdba::regrole::text from pg_database where datname = current_database()) as owner`,
      [APP_ROLE],
    );
    expect(row.role).toBe(role);
    expect(row.app).toBe(true);
    expect(row.owner).not.toBe(role);
  });

  it('is not superuser, creates no roles or databases, bypasses no row security and owns no table', async () => {
    const [role] = await q(
      `select rolsuper, rolcreaterole, rolcreatedb, rolbypassrls, rolreplication
         from pg_roles where rolname = current_user`,
    );
    expect(role).toEqual({
      rolsuper: false,
      rolcreaterole: false,
      rolcreatedb: false,
      rolbypassrls: false,
      rolreplication: false,
    });
    // Owned by the role or by a role whose rights it has (membership): none, in any schema but the catalogue's.
    const owned = await q(
      `select c.oid::regclass::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
          and n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast_temp%'
          and pg_has_role(current_user, c.relowner, 'MEMBER')`,
    );
    expect(owned).toEqual([]);
    const [schema] = await q(`select has_schema_privilege('public', 'CREATE') as create`);
    expect(schema).toEqual({ create: false });
  });

  it('is refused UPDATE, DELETE and TRUNCATE of a ledger movement for want of privilege (42501), not by the trigger', async () => {
    for (const statement of [
      ['update stock_movement set quantity = 1000 where id = $1', [stockId]],
      ['delete from stock_movement where id = $1', [stockId]],
      ['truncate stock_movement'],
      ['update money_movement set amount = 1 where id = $1', [moneyId]],
      ['delete from money_movement where id = $1', [moneyId]],
      ['truncate money_movement'],
      ['truncate stock_balance cascade'],
    ] as const) {
      const refused = await q(statement[0], [...(statement[1] ?? [])]).then(
        () => null,
        (err: pg.DatabaseError) => err,
      );
      expect(refused, statement[0]).toMatchObject(denied);
      expect(refused?.code, statement[0]).not.toBe(APPEND_ONLY_SQLSTATE);
    }
    expect(await q('select quantity::text as q from stock_movement where id = $1', [stockId])).toEqual([
      { q: '1.000' },
    ]);
    expect(await q('select amount::text as a from money_movement where id = $1', [moneyId])).toEqual([
      { a: '5.00' },
    ]);
  });

  it('is refused changing history, the audit trail, a consent or a receipt beyond the columns it may set', async () => {
    for (const statement of [
      "update document_history set to_status = 'APPROVED'",
      'delete from document_history',
      "update audit_event set event = 'X'",
      'delete from audit_event',
      "update consent_record set purpose = 'x'",
      'delete from consent_record',
      'update donation_receipt set amount = 1',
      'delete from donation_receipt',
      "update donation_receipt_item set resource_name = 'x'",
      'update e_donation_mark set keyed_at = now()',
      'delete from e_donation_mark',
      'update login_attempt set at = now()',
      "delete from mikro_orm_migrations where name like 'Migration%'",
    ]) {
      await expect(q(statement), statement).rejects.toMatchObject(denied);
    }
  });

  it('cannot disable a trigger, take a table or make one: it owns no table', async () => {
    for (const statement of [
      'alter table stock_movement disable trigger append_only',
      'alter table money_movement disable trigger all',
      'alter table document_history disable trigger user',
      'alter table audit_event owner to current_user',
      'drop table audit_event',
      'create table my_history (id int)',
    ]) {
      await expect(q(statement), statement).rejects.toMatchObject(denied);
    }
    // A GRANT without the grant option changes nothing (PostgreSQL only warns).
    await q('grant update, delete, truncate on stock_movement to public');
    const [after] = await q(
      `select has_table_privilege('stock_movement', 'UPDATE') or has_table_privilege('stock_movement', 'DELETE')
           or has_table_privilege('stock_movement', 'TRUNCATE') as any`,
    );
    expect(after).toEqual({ any: false });
  });

  it('cannot turn triggers off for its session (session_replication_role = replica)', async () => {
    await expect(q('set session_replication_role = replica')).rejects.toMatchObject(denied);
    const [{ role }] = await q<{ role: string }>(
      `select current_setting('session_replication_role') as role`,
    );
    expect(role).toBe('origin');
  });

  it('a refusal for want of privilege reaches the caller as FORBIDDEN with the SQLSTATE, not an internal error', async () => {
    const err = await t
      .em()
      .execute('delete from stock_movement where id = ?', [stockId])
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(databaseRefusal(err)).toMatchObject({
      code: 'FORBIDDEN',
      status: 403,
      details: { database: INSUFFICIENT_PRIVILEGE_SQLSTATE },
    });
    expect(databaseRefusal(err)?.messageEn).not.toMatch(/permission denied|stock_movement/);
    // The trigger's refusal (what the owner gets) is answered the same way.
    const byTrigger = await (await t.ownerEm())
      .execute('delete from stock_movement where id = ?', [stockId])
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(databaseRefusal(byTrigger)).toMatchObject({
      code: 'FORBIDDEN',
      status: 403,
      details: { database: APPEND_ONLY_SQLSTATE },
    });
  });
});

describe('privileges in the catalogue', () => {
  it('give no UPDATE, DELETE or TRUNCATE (nor any column UPDATE) on any table with an append_only trigger', async () => {
    const rows = await q<{ name: string; role: string; update: boolean; delete: boolean; truncate: boolean }>(
      `select c.relname::text as name, r.role,
              has_table_privilege(r.role, c.oid, 'UPDATE') or has_any_column_privilege(r.role, c.oid, 'UPDATE') as update,
              has_table_privilege(r.role, c.oid, 'DELETE') as delete,
              has_table_privilege(r.role, c.oid, 'TRUNCATE') as truncate
         from pg_trigger g join pg_class c on c.oid = g.tgrelid,
              (values (current_user::text), ($1::text)) as r(role)
        where g.tgname = 'append_only' and not g.tgisinternal
        order by 1, 2`,
      [APP_ROLE],
    );
    expect(new Set(rows.map((r) => r.name))).toEqual(
      new Set(['document_history', 'money_movement', 'stock_movement']),
    );
    for (const row of rows)
      expect(row, `${row.role} on ${row.name}`).toMatchObject({
        update: false,
        delete: false,
        truncate: false,
      });
  });

  it('keep audit, consent and receipts: no DELETE or TRUNCATE, UPDATE of the named columns only', async () => {
    for (const [table, columns] of Object.entries(keptAsWritten)) {
      const [privileges] = await q(
        `select has_table_privilege($1, 'SELECT') as select, has_table_privilege($1, 'INSERT') as insert,
                has_table_privilege($1, 'UPDATE') as update, has_table_privilege($1, 'DELETE') as delete,
                has_table_privilege($1, 'TRUNCATE') as truncate`,
        [table],
      );
      expect(privileges, table).toEqual({
        select: true,
        insert: true,
        update: false,
        delete: purged.has(table),
        truncate: false,
      });
      const updatable = await q<{ column: string }>(
        `select attname::text as column from pg_attribute
          where attrelid = $1::regclass and attnum > 0 and not attisdropped
            and has_column_privilege($1, attname, 'UPDATE') order by 1`,
        [table],
      );
      expect(
        updatable.map((c) => c.column),
        table,
      ).toEqual(columns);
    }
  });

  it('give every other table SELECT, INSERT, UPDATE and DELETE, no TRUNCATE anywhere, and the migrations table to read only', async () => {
    const rows = await q<{ name: string; s: boolean; i: boolean; u: boolean; d: boolean; t: boolean }>(
      `select c.relname::text as name, has_table_privilege(c.oid, 'SELECT') as s,
              has_table_privilege(c.oid, 'INSERT') as i, has_table_privilege(c.oid, 'UPDATE') as u,
              has_table_privilege(c.oid, 'DELETE') as d, has_table_privilege(c.oid, 'TRUNCATE') as t
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
    );
    const appendOnly = ['document_history', 'money_movement', 'stock_movement'];
    for (const row of rows) {
      const { name, ...privileges } = row;
      const expected =
        name === 'mikro_orm_migrations'
          ? { s: true, i: false, u: false, d: false, t: false }
          : appendOnly.includes(name) || name in keptAsWritten
            ? { s: true, i: true, u: false, d: purged.has(name), t: false }
            : { s: true, i: true, u: true, d: true, t: false };
      expect(privileges, name).toEqual(expected);
    }
  });

  it('are given to tables the owner creates later (default privileges), without TRUNCATE', async () => {
    const owner = await t.ownerEm();
    await owner.execute('create table role_test_later (id serial primary key, note text)');
    try {
      await q(`insert into role_test_later (note) values ('a')`);
      await q(`update role_test_later set note = 'b'`);
      await q('delete from role_test_later');
      await expect(q('truncate role_test_later')).rejects.toMatchObject(denied);
    } finally {
      await owner.execute('drop table role_test_later');
    }
  });
});
