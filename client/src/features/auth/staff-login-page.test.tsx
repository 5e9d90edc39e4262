import { fireEvent, screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { LoginMutation } from '../../platform/session/session.operations';
import { SESSION_KEYS } from '../../platform/session/session-storage';
import { renderRoute } from '../../testing/render-route';
import { fakeJwt, staffUser } from '../../testing/session-fixtures';

function fillAndSubmit(username: string, password: string) {
  fireEvent.change(screen.getByLabelText(/ชื่อผู้ใช้/), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(/รหัสผ่าน/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'เข้าสู่ระบบ' }));
}

describe('staff login page', () => {
  it.each(['/backoffice', '/backoffice/login'])('is the screen at %s', async (path) => {
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'เข้าสู่ระบบสำหรับเจ้าหน้าที่' })).toBeTruthy();
    expect(screen.getByLabelText(/ชื่อผู้ใช้/)).toBeTruthy();
    expect(screen.getByLabelText(/รหัสผ่าน/)).toBeTruthy();
  });

  it('requires both fields before submitting', async () => {
    renderRoute('/backoffice/login');
    fireEvent.click(await screen.findByRole('button', { name: 'เข้าสู่ระบบ' }));

    expect(await screen.findByText('กรุณากรอกชื่อผู้ใช้')).toBeTruthy();
    expect(screen.getByText('กรุณากรอกรหัสผ่าน')).toBeTruthy();
  });

  it('logs in with the lower-cased username, stores userData and opens the welcome page', async () => {
    const token = fakeJwt(Date.now() + 15 * 60_000);
    const user = staffUser();
    const { router } = renderRoute('/backoffice/login', {
      mocks: [
        {
          request: { query: LoginMutation, variables: { username: 'officer.demo', password: 'Pass Word 1' } },
          result: {
            data: { login: { __typename: 'AuthPayload', token, expiresAt: new Date().toISOString(), user } },
          },
        },
      ],
    });
    await screen.findByRole('heading', { level: 1, name: 'เข้าสู่ระบบสำหรับเจ้าหน้าที่' });
    fillAndSubmit('  Officer.Demo ', 'Pass Word 1');

    expect(await screen.findByRole('heading', { level: 1, name: 'ยินดีต้อนรับ นางสาวสมหญิง ใจดี' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/backoffice');
    const stored = JSON.parse(window.localStorage.getItem(SESSION_KEYS.userData) ?? 'null');
    expect(stored.token).toBe(token);
    expect(stored.userdata.username).toBe('officer.demo');
    expect(window.localStorage.getItem(SESSION_KEYS.isRefreshingToken)).toBe('no');
  });

  it('shows the server message when the credentials are refused', async () => {
    renderRoute('/backoffice/login', {
      mocks: [
        {
          request: { query: LoginMutation, variables: { username: 'officer.demo', password: 'wrong' } },
          result: {
            errors: [
              new GraphQLError('bad', {
                extensions: {
                  code: 'INVALID_CREDENTIALS',
                  messageTh: 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง',
                  messageEn: 'Wrong username or password',
                },
              }),
            ],
          },
        },
      ],
    });
    await screen.findByRole('heading', { level: 1, name: 'เข้าสู่ระบบสำหรับเจ้าหน้าที่' });
    fillAndSubmit('officer.demo', 'wrong');

    expect((await screen.findByRole('alert')).textContent).toContain('ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง');
    await waitFor(() => expect(window.localStorage.getItem(SESSION_KEYS.userData)).toBeNull());
  });
});
