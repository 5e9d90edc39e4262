import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword } from '../../kits/core/demo-accounts';
import { bearer } from '../../testing/auth-helpers';
import { startTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const menu = { menuCode: 'MN-030', menuName: 'ดูกลุ่มผู้ใช้งาน' };
async function post(url: string, body: unknown, token?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json() };
}

describe('the REST calls of specification sec. 7', () => {
  let admin: string;

  it('logs in with POST /api/auth/login (username lower-cased) and answers SUCCESS with token and userdata', async () => {
    const res = await post('/api/auth/login', {
      username: 'ADMIN.demo',
      password: demoPassword,
      ipaddr: '10.0.0.1',
      ...menu,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 1,
      token: expect.any(String),
      userdata: { username: 'admin.demo', userGroupCode: 'UG-A01', officeTypeCode: 1 },
    });
    admin = res.body.token;
    const bad = await post('/api/auth/login', { username: 'admin.demo', password: 'nope-nope-nope' });
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      messageTh: expect.any(String),
      messageEn: expect.any(String),
    });
  });

  it('answers 401 (not an error page) on checked calls without a token', async () => {
    const res = await post('/api/user/get-userdata', { username: 'admin.demo' });
    expect(res.status).toBe(401);
    const menus = await post('/api/admin/get-user-menu', { user_group_code: 'UG-A01' });
    expect(menus.status).toBe(401);
  });

  it('returns the caller’s menus and menu checks with FAIL=0 / SUCCESS=1', async () => {
    const menus = await post('/api/admin/get-user-menu', { user_group_code: 'UG-A01', ...menu }, admin);
    expect(menus.body.status).toBe(1);
    expect(menus.body.menus).toHaveLength(148);
    expect(
      (await post('/api/admin/chk-auth-menu', { user_group_code: 'UG-A01', menu_code: 'MN-027' }, admin))
        .body,
    ).toEqual({ status: 1 });
    expect(
      (await post('/api/admin/chk-auth-menu', { user_group_code: 'UG-A01', menu_code: 'MN-999' }, admin))
        .body,
    ).toEqual({ status: 0 });
  });

  it('saves a group as status A with remark equal to its name, lists it, and deleting sets I', async () => {
    const saved = await post(
      '/api/admin/save-user-group',
      {
        code: 'ug-t01',
        name: 'ทีมตรวจรับ',
        status_code: 'I',
        remark: 'ignored',
        menuCodes: ['MN-028'],
        ...menu,
      },
      admin,
    );
    expect(saved.body).toEqual({
      status: 1,
      data: { code: 'UG-T01', name: 'ทีมตรวจรับ', status_code: 'A', remark: 'ทีมตรวจรับ' },
    });
    const loaded = await post('/api/admin/load-user-group', { code: 'UG-T01' }, admin);
    expect(loaded.body.data.menuCodes).toEqual(['MN-028', 'MN-030']); // edit brings its view
    const list = await post(
      '/api/admin/list-user-group',
      { currentPage: 1, rows: 50, name: 'ตรวจรับ', sort: 'code' },
      admin,
    );
    expect(list.body.data.map((g: { code: string }) => g.code)).toEqual(['UG-T01']);
    const deleted = await post(
      '/api/admin/del-user-group',
      { code: 'UG-T01', status_code: 'I', transactionCode: 'TX-1' },
      admin,
    );
    expect(deleted.body).toEqual({ status: 1, data: { code: 'UG-T01', status_code: 'I' } });
    const fixed = await post(
      '/api/admin/del-user-group',
      { code: 'UG-I01', status_code: 'I', transactionCode: null },
      admin,
    );
    expect(fixed.status).toBe(409);
  });

  it('lists menus and users with paging', async () => {
    const menus = await post(
      '/api/admin/list-menu',
      { currentPage: 2, rows: 10, code: null, status_code: 'A', name: null, remark: null },
      admin,
    );
    expect(menus.body.total).toBe(148);
    expect(menus.body.data[0].code).toBe('MN-011');
    const users = await post(
      '/api/admin/list-users',
      { currentPage: 1, rows: 3, sort: 'username', direction: 'asc' },
      admin,
    );
    expect(users.body.total).toBe(6);
    expect(users.body.data.map((u: { username: string }) => u.username)).toEqual([
      'admin.demo',
      'approver1.demo',
      'approver2.demo',
    ]);
  });

  it('refuses bad input with a 400 in Thai and English, never a 500', async () => {
    for (const [url, body] of [
      ['/api/auth/login', { username: 5 }],
      ['/api/admin/list-users', { currentPage: 'one', rows: 10 }],
      ['/api/admin/list-users', { currentPage: 1, rows: 10, from_dt: '31/02/2569' }],
      ['/api/admin/save-user-group', { code: 'X', name: 'x' }],
    ] as const) {
      const res = await post(url, body, admin);
      expect(res.status, url).toBe(400);
      expect(res.body.messageTh).toBeTruthy();
      expect(res.body.messageEn).toBeTruthy();
    }
  });

  it('gives the external site a one-time token that decrypt-token accepts once', async () => {
    const issued = await post('/api/auth/external-token', { menu: 'MN-113' }, admin);
    expect(issued.body.status).toBe(1);
    const first = await post('/api/auth/decrypt-token', { code: issued.body.token });
    expect(first.body).toMatchObject({ status: 1, username: 'admin.demo', menuCode: 'MN-113' });
    expect((await post('/api/auth/decrypt-token', { code: issued.body.token })).status).toBe(401);
  });

  it('re-validates a user by id and token', async () => {
    const me = await post(
      '/api/auth/revalidate',
      {
        userId: (await post('/api/user/get-userdata', { username: 'admin.demo' }, admin)).body.userdata
          .userId,
      },
      admin,
    );
    expect(me.body).toMatchObject({ status: 1, userdata: { username: 'admin.demo' } });
    expect((await post('/api/auth/revalidate', { userId: 999999 }, admin)).status).toBe(401);
  });

  it('reports the session check with xlock, and logs out', async () => {
    expect((await post('/api/auth/auth', {}, admin)).body).toMatchObject({ status: 1, xlock: null });
    expect((await post('/api/auth/logout', {}, admin)).body).toEqual({ status: 1 });
    expect((await post('/api/admin/list-users', { currentPage: 1, rows: 3 }, admin)).status).toBe(401);
  });
});
