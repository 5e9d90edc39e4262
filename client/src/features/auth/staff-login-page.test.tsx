import { fireEvent, screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginMutation } from '../../platform/session/session.operations';
import { SESSION_KEYS } from '../../platform/session/session-storage';
import { renderRoute } from '../../testing/render-route';
import { fakeJwt, staffUser } from '../../testing/session-fixtures';

const INVALID_TH = 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง หรือลองหลายครั้งเกินไป กรุณารอสักครู่แล้วลองใหม่';

afterEach(() => {
  vi.unstubAllEnvs();
  Reflect.deleteProperty(window, 'turnstile');
});

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
                  messageTh: INVALID_TH,
                  messageEn: 'Wrong username or password, or too many attempts: wait a moment and try again',
                },
              }),
            ],
          },
        },
      ],
    });
    await screen.findByRole('heading', { level: 1, name: 'เข้าสู่ระบบสำหรับเจ้าหน้าที่' });
    fillAndSubmit('officer.demo', 'wrong');

    expect((await screen.findByRole('alert')).textContent).toContain(INVALID_TH);
    expect(screen.queryByTestId('bot-check')).toBeNull();
    await waitFor(() => expect(window.localStorage.getItem(SESSION_KEYS.userData)).toBeNull());
  });

  it('shows the bot check only once the server asks for it, and sends its token with the next attempt', async () => {
    vi.stubEnv('VITE_BOT_CHECK_SITE_KEY_DEV', 'site-key');
    const rendered: Record<string, unknown>[] = [];
    // Cloudflare's script, as far as the page uses it: render() hands over a token at once.
    Object.assign(window, {
      turnstile: {
        render(_el: HTMLElement, opts: Record<string, unknown>) {
          rendered.push(opts);
          (opts.callback as (token: string) => void)('human-token');
          return 'widget-1';
        },
        reset: vi.fn(),
      },
    });
    const token = fakeJwt(Date.now() + 15 * 60_000);
    const variables = { username: 'officer.demo', password: 'Pass Word 1' };
    const sent: Record<string, string>[] = [];
    const { router } = renderRoute('/backoffice/login', {
      onOperation: (operation) => {
        if (operation.operationName === 'Login')
          sent.push({ ...(operation.getContext().headers as Record<string, string>) });
      },
      mocks: [
        {
          request: { query: LoginMutation, variables },
          result: {
            errors: [
              new GraphQLError('bot', {
                extensions: {
                  code: 'BOT_CHECK_REQUIRED',
                  status: 400,
                  messageTh: 'กรุณายืนยันว่าท่านไม่ใช่โปรแกรมอัตโนมัติแล้วเข้าสู่ระบบอีกครั้ง',
                  messageEn: 'Please confirm you are not a robot, then sign in again.',
                },
              }),
            ],
          },
        },
        {
          request: { query: LoginMutation, variables },
          result: {
            data: {
              login: {
                __typename: 'AuthPayload',
                token,
                expiresAt: new Date().toISOString(),
                user: staffUser(),
              },
            },
          },
        },
      ],
    });
    await screen.findByRole('heading', { level: 1, name: 'เข้าสู่ระบบสำหรับเจ้าหน้าที่' });
    expect(screen.queryByTestId('bot-check')).toBeNull();
    fillAndSubmit('officer.demo', 'Pass Word 1');

    expect((await screen.findByRole('alert')).textContent).toContain('ไม่ใช่โปรแกรมอัตโนมัติ');
    const widget = await screen.findByTestId('bot-check');
    // The provider's script loads from the internet in a browser; here its load is announced by hand.
    const script = document.head.querySelector<HTMLScriptElement>('script[src*="turnstile"]');
    script?.onload?.(new Event('load'));
    await waitFor(() => expect(rendered).toHaveLength(1));
    expect(rendered[0].sitekey).toBe('site-key');
    expect(widget).toBeTruthy();

    const submit = screen.getByRole('button', { name: 'เข้าสู่ระบบ' });
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(submit);
    expect(await screen.findByRole('heading', { level: 1, name: 'ยินดีต้อนรับ นางสาวสมหญิง ใจดี' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/backoffice');
    expect(sent.map((headers) => headers['x-bot-check-token'])).toEqual([undefined, 'human-token']);
  });
});
