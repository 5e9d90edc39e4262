import pg from 'pg';

// Two database roles (docs/database-roles.md): the owner, which owns the schema and its tables and
// runs the migrations, and the server's, which does the request traffic with the privileges the
// migrations grant to `namjai_app` and nothing more. Not owning a table, the server's role cannot
// disable its triggers or change its privileges; movements, history, audit, consent and receipts it
// may add to but not rewrite (no UPDATE, DELETE or TRUNCATE, or UPDATE of named columns only).

/**
 * The role the migrations grant the server's privileges to. The server logs in as it (the embedded
 * database does) or as a role it is granted to (`GRANT namjai_app TO my_server_role`).
 */
export const APP_ROLE = 'namjai_app';

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

export interface LoginRole {
  name: string;
  password: string;
  /** Group roles this one is a member of (inheriting their privileges); created NOLOGIN when missing. */
  memberOf?: string[];
}

/**
 * Creates the login roles, or brings them to these attributes and password: never superuser, no
 * CREATEDB, CREATEROLE, REPLICATION or BYPASSRLS. `admin` is a superuser's (or a CREATEROLE role's)
 * connection. Roles belong to the whole server, which other processes (test runs) may share: an
 * advisory lock makes them take turns.
 */
export async function ensureLoginRoles(admin: pg.Client, roles: readonly LoginRole[]): Promise<void> {
  await admin.query(`select pg_advisory_lock(hashtext('namjai roles'))`);
  try {
    for (const role of roles) {
      const exists = await roleExists(admin, role.name);
      await admin.query(
        `${exists ? 'alter' : 'create'} role ${quoteIdent(role.name)} with login nosuperuser nocreatedb ` +
          `nocreaterole noreplication nobypassrls inherit password ${admin.escapeLiteral(role.password)}`,
      );
      for (const group of role.memberOf ?? []) {
        if (!(await roleExists(admin, group))) await admin.query(`create role ${quoteIdent(group)} nologin`);
        const { rowCount } = await admin.query(
          `select 1 from pg_auth_members m join pg_roles g on g.oid = m.roleid join pg_roles r on r.oid = m.member
            where g.rolname = $1 and r.rolname = $2`,
          [group, role.name],
        );
        if (!rowCount) await admin.query(`grant ${quoteIdent(group)} to ${quoteIdent(role.name)}`);
      }
    }
  } finally {
    await admin.query(`select pg_advisory_unlock(hashtext('namjai roles'))`);
  }
}

async function roleExists(client: pg.Client, name: string): Promise<boolean> {
  return Boolean((await client.query('select 1 from pg_roles where rolname = $1', [name])).rowCount);
}

/**
 * Gives `owner` the database and everything of its public schema that another role owns: tables
 * (their indexes and serial sequences follow), views, other sequences, functions (the trigger
 * functions) and types, not what an extension brings. An install from before the two roles had all
 * of it owned by the superuser; after this the migrations run as `owner`. `adminUrl` is a
 * superuser's URL of any database of the server. Returns the objects that changed hands.
 */
export async function ensureDatabaseOwner(
  adminUrl: string,
  database: string,
  owner: string,
): Promise<number> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`alter database ${quoteIdent(database)} owner to ${quoteIdent(owner)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const { rows } = await client.query<{ statement: string }>(
      `with public_objects as (
         select 'pg_class'::regclass as catalog, c.oid, c.relowner as owner,
                format('alter %s %s owner to %I',
                  case c.relkind when 'S' then 'sequence' when 'v' then 'view'
                    when 'm' then 'materialized view' when 'f' then 'foreign table' else 'table' end,
                  c.oid::regclass, $1::text) as statement
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
            -- a serial or identity sequence moves with its table
            and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass
                              and d.objid = c.oid and d.deptype in ('a', 'i'))
         union all
         select 'pg_proc'::regclass, p.oid, p.proowner,
                format('alter %s %s owner to %I', case p.prokind when 'p' then 'procedure' else 'function' end,
                  p.oid::regprocedure, $1::text)
           from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public' and p.prokind in ('f', 'p')
         union all
         select 'pg_type'::regclass, t.oid, t.typowner,
                format('alter %s %s owner to %I', case t.typtype when 'd' then 'domain' else 'type' end,
                  t.oid::regtype, $1::text)
           from pg_type t join pg_namespace n on n.oid = t.typnamespace
          where n.nspname = 'public' and t.typtype in ('e', 'd', 'r')
       )
       select o.statement from public_objects o
        where o.owner <> (select oid from pg_roles where rolname = $1)
          and not exists (select 1 from pg_depend d where d.classid = o.catalog and d.objid = o.oid
                            and d.deptype = 'e')`,
      [owner],
    );
    if (rows.length) {
      await client.query('begin');
      for (const { statement } of rows) await client.query(statement);
      await client.query('commit');
    }
    return rows.length;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

/** What the server's own role could do beyond its grants: be superuser, or own (act as the owner of) tables. */
export interface ServerRoleReach {
  role: string;
  superuser: boolean;
  /** Tables of the public schema the role owns or may act as the owner of. */
  ownedTables: number;
}

export const serverRoleReachSql = `select current_user::text as role, r.rolsuper as superuser,
    (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
        and pg_has_role(current_user, c.relowner, 'USAGE')) as "ownedTables"
  from pg_roles r where r.rolname = current_user`;
