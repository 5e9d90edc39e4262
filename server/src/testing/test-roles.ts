import { createHmac } from 'node:crypto';
import pg from 'pg';
import { APP_ROLE, ensureLoginRoles } from '../platform/db/roles';

// The tests' database roles (docs/database-roles.md), as an install with roles of its own names: an
// owner that runs the migrations, and the server's role, a member of namjai_app (the role the
// migrations grant to). Roles belong to the whole PostgreSQL server, which test runs on DATABASE_URL
// may share: each run creates them when missing and gives them the same passwords (derived from the
// admin URL's), so two runs at once do not lock each other out.

export const TEST_OWNER_ROLE = 'namjai_test_owner';
export const TEST_APP_ROLE = 'namjai_test_app';

/** The admin URL of the server as the test role `role`, on `database` (else the admin URL's). */
export function roleUrl(adminUrl: string, role: string, database?: string): string {
  const u = new URL(adminUrl);
  u.username = encodeURIComponent(role);
  u.password = encodeURIComponent(testRolePassword(adminUrl, role));
  if (database) u.pathname = `/${database}`;
  return u.toString();
}

/** The same for every run against one server, unguessable without its admin password. */
function testRolePassword(adminUrl: string, role: string): string {
  const u = new URL(adminUrl);
  const key = `${decodeURIComponent(u.password)}@${u.host}`;
  return createHmac('sha256', key).update(`namjai test role ${role}`).digest('base64url');
}

/** Creates the test roles on the server of `adminUrl` (a superuser's) when missing, or updates them. */
export async function ensureTestRoles(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await ensureLoginRoles(admin, [
      { name: TEST_OWNER_ROLE, password: testRolePassword(adminUrl, TEST_OWNER_ROLE) },
      { name: TEST_APP_ROLE, password: testRolePassword(adminUrl, TEST_APP_ROLE), memberOf: [APP_ROLE] },
    ]);
  } finally {
    await admin.end();
  }
}
