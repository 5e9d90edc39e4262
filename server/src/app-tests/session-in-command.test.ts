import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, sessionToken } from '../testing/auth-helpers';
import { demoPostingRefs } from '../testing/demo-refs';
import { recordStatements, type StatementRecorder } from '../testing/sent-statements';
import { startTestApp, type TestApp } from '../testing/test-app';

// The session read in a command's first round trip (docs/architecture.md): a document create's field
// leaves the request's session to the create (platform/graphql/field-guard.ts, PendingSession), which
// reads it in its opening statement behind BEGIN and keeps what it did only for a live session
// granted the field and the type. Everything else goes the ordinary way, as any field: the session
// read by itself, the refusal worded (and audited, or the session ended where a limit passed), and
// nothing of the command kept, its idempotency key included.

let t: TestApp;
const ids: Record<string, number> = {};
let recorder: StatementRecorder;
/** Statements sent since the last clear, in order (texts). */
const sent = () => recorder.texts();

const sql = <T>(text: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(text, params);

beforeAll(async () => {
  t = await startTestApp();
  Object.assign(ids, await demoPostingRefs(t));
  recorder = recordStatements();
});
afterAll(async () => {
  recorder.restore();
  await t.close();
});

const post = (token: string, key: string, quantity = '2') =>
  t.graphql<{ createAndPostStockAdjustmentDocument: { id: number; status: string } }>(
    `mutation ($input: StockAdjustmentDocumentInput!, $key: String) {
      createAndPostStockAdjustmentDocument(input: $input, idempotencyKey: $key) { id status }
    }`,
    {
      input: {
        header: { storage: ids.STORAGE },
        lines: [{ resource: ids.RESOURCE, lot: 'SESSION-FOLD', quantity, reason: ids.REASON }],
      },
      key,
    },
    bearer(token),
  );

/** What a refused command must not have left: its documents, its movements, its idempotency key. */
const traces = async (key: string) =>
  (
    await sql<{ documents: number; movements: number; keys: number }>(
      `select (select count(*)::int from doc_stock_adjustment) as documents,
              (select count(*)::int from stock_movement where lot = 'SESSION-FOLD') as movements,
              (select count(*)::int from idempotency_key where key = ?) as keys`,
      [key],
    )
  )[0];

const sessionOf = async (token: string) => {
  const sid = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid as string;
  return sid;
};

describe('the session read in a create’s first round trip', () => {
  it('reads a live session inside the opening statement and posts', async () => {
    const token = await login(t, 'officer.demo');
    recorder.clear();
    const res = await post(token, 'session-fold-live');
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data?.createAndPostStockAdjustmentDocument.status).toBe('POSTED');
    const reads = sent().filter((s) => /from user_session s/.test(s));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/^with n as \(select nextval/);
    expect(sent()[0]).toBe('begin');
  });

  it('keeps nothing for a session that has ended, and words the refusal as any field', async () => {
    const token = await login(t, 'officer.demo');
    await sql(`update user_session set ended_at = now(), end_reason = 'LOGOUT' where id = ?`, [
      await sessionOf(token),
    ]);
    const before = await traces('session-fold-ended');
    const res = await post(token, 'session-fold-ended');
    expect(res.body.data?.createAndPostStockAdjustmentDocument ?? null).toBeNull();
    expect(res.body.errors?.[0]?.extensions?.code).toBe('SESSION_ENDED');
    expect(await traces('session-fold-ended')).toEqual(before);
  });

  it('answers a retry of a key only to a live session', async () => {
    const token = await login(t, 'officer.demo');
    const first = await post(token, 'session-fold-retry');
    expect(first.body.data?.createAndPostStockAdjustmentDocument.status).toBe('POSTED');
    const again = await post(token, 'session-fold-retry');
    expect(again.body.data?.createAndPostStockAdjustmentDocument.id).toBe(
      first.body.data?.createAndPostStockAdjustmentDocument.id,
    );
    await sql(`update user_session set ended_at = now(), end_reason = 'LOGOUT' where id = ?`, [
      await sessionOf(token),
    ]);
    const refused = await post(token, 'session-fold-retry');
    expect(refused.body.data?.createAndPostStockAdjustmentDocument ?? null).toBeNull();
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('SESSION_ENDED');
  });

  it('ends an idle session as the ordinary read does, and keeps nothing', async () => {
    const token = await login(t, 'officer.demo');
    const sid = await sessionOf(token);
    await sql(`update user_session set last_seen_at = now() - interval '1 day' where id = ?`, [sid]);
    const before = await traces('session-fold-idle');
    const res = await post(token, 'session-fold-idle');
    expect(res.body.errors?.[0]?.extensions?.code).toBe('SESSION_IDLE');
    expect(await traces('session-fold-idle')).toEqual(before);
    const [session] = await sql<{ end_reason: string | null }>(
      'select end_reason from user_session where id = ?',
      [sid],
    );
    expect(session.end_reason).toBe('IDLE');
  });

  it('refuses a caller without the field’s menu, audited once, and keeps nothing', async () => {
    const token = await sessionToken(t, 'executive.demo');
    const [{ n: audited }] = await sql<{ n: number }>(
      `select count(*)::int as n from audit_event where event = 'PERMISSION_REFUSED'
         and subject = 'Mutation.createAndPostStockAdjustmentDocument'`,
    );
    const before = await traces('session-fold-forbidden');
    const res = await post(token, 'session-fold-forbidden');
    expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await traces('session-fold-forbidden')).toEqual(before);
    const [{ n }] = await sql<{ n: number }>(
      `select count(*)::int as n from audit_event where event = 'PERMISSION_REFUSED'
         and subject = 'Mutation.createAndPostStockAdjustmentDocument'`,
    );
    expect(n).toBe(audited + 1);
  });

  it('refuses a token for another user than its session’s, and a request without a token', async () => {
    const token = await login(t, 'officer.demo');
    const [{ id: admin }] = await sql<{ id: number }>(
      `select id from app_user where username = 'admin.demo'`,
    );
    // A session of the officer's, named by a token the server signs for the administrator.
    const forged = (
      await t.deps.tokens.issue({
        sub: String(admin),
        sid: await sessionOf(token),
        kind: 'STAFF',
        jti: JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).jti,
      })
    ).token;
    const before = await traces('session-fold-forged');
    const res = await post(forged, 'session-fold-forged');
    expect(res.body.errors?.[0]?.extensions?.code).toBe('INVALID_TOKEN');
    expect(await traces('session-fold-forged')).toEqual(before);
    const anonymous = await t.graphql(
      `mutation { createAndPostStockAdjustmentDocument(input: { header: { storage: ${ids.STORAGE} }, lines: [] }) { id } }`,
      {},
      {},
    );
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a malformed idempotency key before any transaction, after the session', async () => {
    const token = await login(t, 'officer.demo');
    recorder.clear();
    const res = await post(token, 'bad key!');
    expect(res.body.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect(sent().filter((s) => s === 'begin' || s === 'rollback')).toEqual([]);
    expect(sent().filter((s) => /from user_session s/.test(s))).toHaveLength(1);
    // An action too.
    const done = await post(token, 'session-fold-key-action');
    const id = done.body.data?.createAndPostStockAdjustmentDocument.id;
    recorder.clear();
    const cancelled = await t.graphql(
      `mutation ($id: Int!) {
        actOnDocument(type: STOCK_ADJUSTMENT, id: $id, input: { action: "CANCEL", version: 2 }, idempotencyKey: "bad key!") { status }
      }`,
      { id },
      bearer(token),
    );
    expect(cancelled.body.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect(sent().filter((s) => s === 'begin' || s === 'rollback')).toEqual([]);
  });

  it('checks the caller before the input: a refused session is told so, not that its input is wrong', async () => {
    const token = await login(t, 'officer.demo');
    await sql(`update user_session set ended_at = now(), end_reason = 'LOGOUT' where id = ?`, [
      await sessionOf(token),
    ]);
    const res = await post(token, 'session-fold-bad-input', 'not a number');
    expect(res.body.errors?.[0]?.extensions?.code).toBe('SESSION_ENDED');
  });
});
