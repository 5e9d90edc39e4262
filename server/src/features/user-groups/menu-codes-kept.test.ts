import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { UserGroupService } from './user-group.service';

// The menu codes kept with each group (user_group_menu_codes, Migration20261130060000_group_menu_codes)
// against what they stand for, computed from the grants every time: the group's rows of
// user_group_menu less the menu entries that are not active, none while the group is inactive. Each
// change that moves them (a grant added or removed, an entry or a group switched off and on, a group
// added) is made as the server's role makes it, and every group is compared after it.

let t: TestApp;
const clients: pg.Client[] = [];
async function client(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  clients.push(c);
  return c;
}
let db: pg.Client;

beforeAll(async () => {
  t = await startTestApp();
  db = await client();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.end()));
  await t.close();
});

/** Per group: the codes kept, and the codes computed from the grants (both in code order). */
async function keptAndComputed() {
  const { rows } = await db.query<{ code: string; kept: string | null; computed: string }>(
    `select g.code, (select c.codes from user_group_menu_codes c where c.user_group_code = g.code) as kept,
       case when g.status_code = 'A' then array_to_string(array(
         select gm.menu_entry_code from user_group_menu gm join menu_entry m on m.code = gm.menu_entry_code
          where gm.user_group_code = g.code and m.status_code = 'A' order by 1), ' ') else '' end as computed
     from user_group g order by g.code`,
  );
  return rows;
}
async function expectKept() {
  const rows = await keptAndComputed();
  expect(rows.length).toBeGreaterThan(5);
  expect(rows.filter((r) => r.kept !== r.computed)).toEqual([]);
}
const has = async (group: string, code: string) =>
  (await new UserGroupService(t.em()).activeMenuCodes(group)).has(code);

describe('the menu codes kept with each group', () => {
  it('are the seeded groups’ computed codes', async () => {
    await expectKept();
    expect(
      (await keptAndComputed()).find((r) => r.code === 'UG-S01')?.kept?.split(' ').length,
    ).toBeGreaterThan(20);
  });

  it('follow a grant added and removed, an entry and a group switched off and on, a group added', async () => {
    const [{ code: entry }] = (
      await db.query<{ code: string }>(
        `select m.code from menu_entry m where m.status_code = 'A' and not exists
           (select from user_group_menu gm where gm.user_group_code = 'UG-S00' and gm.menu_entry_code = m.code)
         order by m.code limit 1`,
      )
    ).rows;
    expect(await has('UG-S00', entry)).toBe(false);
    await db.query(`insert into user_group_menu (user_group_code, menu_entry_code) values ('UG-S00', $1)`, [
      entry,
    ]);
    await expectKept();
    expect(await has('UG-S00', entry)).toBe(true);

    await db.query(`update menu_entry set status_code = 'I' where code = $1`, [entry]);
    await expectKept();
    expect(await has('UG-S00', entry)).toBe(false);
    await db.query(`update menu_entry set status_code = 'A' where code = $1`, [entry]);
    await expectKept();
    expect(await has('UG-S00', entry)).toBe(true);

    await db.query(`update user_group set status_code = 'I' where code = 'UG-S00'`);
    await expectKept();
    expect((await new UserGroupService(t.em()).activeMenuCodes('UG-S00')).size).toBe(0);
    await db.query(`update user_group set status_code = 'A' where code = 'UG-S00'`);
    await expectKept();

    await db.query(`delete from user_group_menu where user_group_code = 'UG-S00' and menu_entry_code = $1`, [
      entry,
    ]);
    await expectKept();
    expect(await has('UG-S00', entry)).toBe(false);

    await db.query(
      `insert into user_group (code, name, status_code, fixed, created_at, updated_at)
       values ('UG-KEPT', 'kept', 'A', false, now(), now())`,
    );
    await db.query(`insert into user_group_menu (user_group_code, menu_entry_code) values ('UG-KEPT', $1)`, [
      entry,
    ]);
    await expectKept();
    expect(await has('UG-KEPT', entry)).toBe(true);
  });

  it('keep both of two grants to one group made in concurrent transactions', async () => {
    const [a, b] = [await client(), await client()];
    const codes = (
      await db.query<{ code: string }>(
        `select m.code from menu_entry m where m.status_code = 'A' and not exists
           (select from user_group_menu gm where gm.user_group_code = 'UG-KEPT' and gm.menu_entry_code = m.code)
         order by m.code limit 2`,
      )
    ).rows.map((r) => r.code);
    await a.query('begin');
    await b.query('begin');
    await a.query(`insert into user_group_menu (user_group_code, menu_entry_code) values ('UG-KEPT', $1)`, [
      codes[0],
    ]);
    // b's refresh waits for a's lock on the group, then reads a's committed grant with its own.
    const second = b.query(
      `insert into user_group_menu (user_group_code, menu_entry_code) values ('UG-KEPT', $1)`,
      [codes[1]],
    );
    await new Promise((ok) => setTimeout(ok, 200));
    await a.query('commit');
    await second;
    await b.query('commit');
    await expectKept();
    expect(await has('UG-KEPT', codes[0])).toBe(true);
    expect(await has('UG-KEPT', codes[1])).toBe(true);
  });
});
