import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureDatabaseOwner, ensureLoginRoles } from './roles';

// The embedded bootstrap's upgrade of a database from before the two roles (docs/database-roles.md):
// everything owned by the superuser is given to the owner role; extensions stay as they are.

const adminUrl = inject('pgAdminUrl');
const database = `namjai_test_adopt_${process.env.VITEST_POOL_ID ?? '0'}`;
/** The owner role the database is given to (a role of this file's own). */
const owner = `namjai_test_adopt_owner_${process.env.VITEST_POOL_ID ?? '0'}`;
const urlOf = (name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};
let admin: pg.Client;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.query(`drop role if exists ${owner}`);
  await ensureLoginRoles(admin, [{ name: owner, password: 'not-used' }]);
  await admin.query(`create database ${database}`);
  // As an install before the roles left it: the superuser owns it all.
  const db = new pg.Client({ connectionString: urlOf(database) });
  await db.connect();
  await db.query(`create extension if not exists pg_trgm;
    create table kept (id serial primary key, name text);
    create table ids (id int generated always as identity primary key);
    create sequence loose_seq;
    create view kept_names as select name from kept;
    create type mood as enum ('ok');
    create function kept_fn() returns trigger as $$ begin return new; end; $$ language plpgsql;
    create trigger kept_trg before insert on kept for each row execute function kept_fn();`);
  await db.end();
});
afterAll(async () => {
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.query(`drop role if exists ${owner}`);
  await admin.end();
});

describe('ensureDatabaseOwner', () => {
  it('gives the owner role the database and every object of its public schema, once', async () => {
    expect(await ensureDatabaseOwner(adminUrl, database, owner)).toBeGreaterThan(0);
    const db = new pg.Client({ connectionString: urlOf(database) });
    await db.connect();
    try {
      const { rows } = await db.query(
        `select (select datdba::regrole::text from pg_database where datname = current_database()) as database,
           (select array_agg(distinct relowner::regrole::text) from pg_class c join pg_namespace n on n.oid = c.relnamespace
             where n.nspname = 'public' and c.relkind in ('r', 'v', 'S', 'i')) as relations,
           (select proowner::regrole::text from pg_proc where proname = 'kept_fn') as function,
           (select typowner::regrole::text from pg_type where typname = 'mood') as type,
           (select extowner::regrole::text from pg_extension where extname = 'pg_trgm') as extension,
           current_user::text as superuser`,
      );
      const [row] = rows;
      expect(row).toMatchObject({
        database: owner,
        relations: [owner],
        function: owner,
        type: owner,
      });
      // What an extension brings stays its own.
      expect(row.extension).toBe(row.superuser);
    } finally {
      await db.end();
    }
    expect(await ensureDatabaseOwner(adminUrl, database, owner)).toBe(0);
  });
});

describe('ensureLoginRoles', () => {
  it('creates a role that may log in and nothing more, and brings a changed one back', async () => {
    const name = `namjai_test_login_${process.env.VITEST_POOL_ID ?? '0'}`;
    try {
      await ensureLoginRoles(admin, [{ name, password: 'first-secret', memberOf: ['namjai_app'] }]);
      await admin.query(`alter role ${name} createdb createrole`);
      await ensureLoginRoles(admin, [{ name, password: 'second-secret', memberOf: ['namjai_app'] }]);
      const { rows } = await admin.query(
        `select rolcanlogin, rolsuper, rolcreatedb, rolcreaterole, rolreplication, rolbypassrls,
                pg_has_role(rolname, 'namjai_app', 'MEMBER') as app
           from pg_roles where rolname = $1`,
        [name],
      );
      expect(rows).toEqual([
        {
          rolcanlogin: true,
          rolsuper: false,
          rolcreatedb: false,
          rolcreaterole: false,
          rolreplication: false,
          rolbypassrls: false,
          app: true,
        },
      ]);
      const url = new URL(urlOf('postgres'));
      url.username = name;
      url.password = 'second-secret';
      const as = new pg.Client({ connectionString: url.toString() });
      await as.connect();
      expect((await as.query('select current_user::text as u')).rows).toEqual([{ u: name }]);
      await as.end();
    } finally {
      await admin.query(`drop role if exists ${name}`);
    }
  });
});
