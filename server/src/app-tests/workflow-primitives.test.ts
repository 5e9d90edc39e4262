import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordHistory } from '../kits/workflow/history';
import { canonicalJson, once, requestHash } from '../kits/workflow/idempotency';
import { allocateDocumentNumber, nextNumber } from '../kits/workflow/numbering';
import { AppError } from '../platform/errors';
import { startTestApp, type TestApp } from '../testing/test-app';

// The workflow's database primitives under concurrency: gapless numbers per type and fiscal year,
// an append-only history, and commands run once per idempotency key.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const sql = <T>(em: EntityManager, query: string, params: unknown[] = []) =>
  em.getConnection().execute<T[]>(query, params);

describe('document numbers', () => {
  it('gives 8 concurrent creators numbers 1..N with no gap and no duplicate, rollbacks included', async () => {
    const committed: number[] = [];
    const worker = async (w: number) => {
      for (let i = 0; i < 15; i++) {
        const fail = (w + i) % 4 === 0; // every fourth creation fails after taking its number
        try {
          const n = await t.em().transactional(async (tx) => {
            const taken = await nextNumber(tx as EntityManager, 'TEST-CONC', 2570);
            if (fail) throw new Error('creation failed');
            return taken;
          });
          committed.push(n);
        } catch (err) {
          if (!fail) throw err;
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
    const sorted = [...committed].sort((a, b) => a - b);
    expect(sorted).toEqual(Array.from({ length: sorted.length }, (_, i) => i + 1));
    expect(sorted.length).toBe(90);
  });

  it('starts a new series each Thai fiscal year (1 October, Bangkok time)', async () => {
    const numbers = await t
      .em()
      .transactional(async (tx) => [
        await allocateDocumentNumber(tx as EntityManager, 'TFY', new Date('2026-09-30T23:59:00+07:00')),
        await allocateDocumentNumber(tx as EntityManager, 'TFY', new Date('2026-09-30T23:59:30+07:00')),
        await allocateDocumentNumber(tx as EntityManager, 'TFY', new Date('2026-10-01T00:00:00+07:00')),
      ]);
    expect(numbers.map((n) => n.number)).toEqual(['TFY-2569-000001', 'TFY-2569-000002', 'TFY-2570-000001']);
  });
});

describe('history', () => {
  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    await t.em().transactional(async (tx) => {
      recordHistory(tx as EntityManager, {
        documentType: 'TEST',
        documentId: 1,
        action: 'SUBMIT',
        fromStatus: 'DRAFT',
        toStatus: 'SUBMITTED',
        actorUserId: 1,
      });
    });
    // As the owner: the triggers refuse even the role that owns the table (the server's role has no
    // privilege for these statements at all: database-role.test.ts).
    const em = await t.ownerEm();
    for (const statement of [
      "update document_history set to_status = 'APPROVED' where document_type = 'TEST'",
      "delete from document_history where document_type = 'TEST'",
      'truncate document_history',
    ]) {
      await expect(sql(em, statement), statement).rejects.toThrow(/append-only/);
    }
    const [{ count }] = await sql<{ count: number }>(
      em,
      "select count(*)::int as count from document_history where document_type = 'TEST'",
    );
    expect(count).toBe(1);
  });
});

describe('idempotency keys', () => {
  it('runs a command once for concurrent retries with the same key, and each gets the first answer', async () => {
    let runs = 0;
    const attempt = () =>
      t.em().transactional((tx) =>
        once(tx as EntityManager, 1, 'retry-key-0001', 'createThing', { name: 'a' }, async () => {
          runs++;
          await new Promise((r) => setTimeout(r, 50));
          return { id: runs };
        }),
      );
    const answers = await Promise.all(Array.from({ length: 5 }, attempt));
    expect(runs).toBe(1);
    expect(answers).toEqual(Array.from({ length: 5 }, () => ({ id: 1 })));
  });

  it('lets a retry run again after the first attempt failed, and refuses a key reused for another command', async () => {
    let runs = 0;
    const attempt = (failing: boolean) =>
      t.em().transactional((tx) =>
        once(tx as EntityManager, 1, 'retry-key-0002', 'createThing', { name: 'b' }, async () => {
          runs++;
          if (failing) throw new Error('failed');
          return { id: 7 };
        }),
      );
    await expect(attempt(true)).rejects.toThrow('failed');
    expect(await attempt(false)).toEqual({ id: 7 });
    expect(runs).toBe(2);
    const reused = t
      .em()
      .transactional((tx) =>
        once(tx as EntityManager, 1, 'retry-key-0002', 'otherThing', { name: 'b' }, async () => ({ id: 8 })),
      );
    await expect(reused).rejects.toBeInstanceOf(AppError);
    await expect(reused).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', status: 422 });
    await expect(
      t
        .em()
        .transactional((tx) => once(tx as EntityManager, 1, 'short', 'createThing', {}, async () => ({}))),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('keeps an answer known beforehand with the claim: concurrent retries wait and get it, a failure leaves no claim', async () => {
    let runs = 0;
    const attempt = (failing: boolean) =>
      t.em().transactional((tx) =>
        once(
          tx as EntityManager,
          1,
          'retry-key-0003',
          'POST thing 9',
          { version: 1 },
          async () => {
            runs++;
            await new Promise((r) => setTimeout(r, 50));
            if (failing) throw new Error('failed');
            return { id: 9 };
          },
          { id: 9 },
        ),
      );
    await expect(attempt(true)).rejects.toThrow('failed');
    const answers = await Promise.all(Array.from({ length: 4 }, () => attempt(false)));
    expect(answers).toEqual(Array.from({ length: 4 }, () => ({ id: 9 })));
    expect(runs).toBe(2);
    const [row] = await t
      .em()
      .getConnection()
      .execute<{ result: unknown }[]>(
        "select result from idempotency_key where user_id = 1 and key = 'retry-key-0003'",
      );
    expect(row.result).toEqual({ id: 9 });
  });

  it('keeps the request hash with the key: the same input again gets the first answer, another input 422', async () => {
    let runs = 0;
    const attempt = (input: Record<string, unknown>) =>
      t
        .em()
        .transactional((tx) =>
          once(tx as EntityManager, 1, 'retry-key-0004', 'createThing', input, async () => ({ id: ++runs })),
        );
    expect(await attempt({ amount: '10.00', lines: [{ a: 1, b: 2 }], note: null })).toEqual({ id: 1 });
    // The same request written otherwise (key order, an absent field for a null one) is the same request.
    expect(await attempt({ lines: [{ b: 2, a: 1 }], amount: '10.00' })).toEqual({ id: 1 });
    const other = attempt({ amount: '11.00', lines: [{ a: 1, b: 2 }] });
    await expect(other).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      status: 422,
      messageTh: expect.stringContaining('กรุณาใช้รหัสใหม่'),
      messageEn: 'This idempotency key was already used with a different request; use a new key',
    });
    expect(runs).toBe(1);
    const [row] = await sql<{ request_hash: string; result: unknown }>(
      t.em(),
      "select request_hash, result from idempotency_key where user_id = 1 and key = 'retry-key-0004'",
    );
    expect(row).toEqual({
      request_hash: requestHash({ amount: '10.00', lines: [{ a: 1, b: 2 }] }),
      result: { id: 1 },
    });
  });

  it('trusts a key claimed before hashes were kept (request_hash null), as before', async () => {
    await sql(
      t.em(),
      `insert into idempotency_key (user_id, key, operation, request_hash, result, created_at)
       values (1, 'retry-key-0005', 'createThing', null, '{"id": 42}', now())`,
    );
    const answer = await t.em().transactional((tx) =>
      once(tx as EntityManager, 1, 'retry-key-0005', 'createThing', { any: 'thing' }, async () => ({
        id: 43,
      })),
    );
    expect(answer).toEqual({ id: 42 });
  });

  it('hashes a canonical JSON: sorted keys, no null members, bytes by their sha256, the key left out', () => {
    expect(canonicalJson({ b: [1, null, { d: undefined, c: 'x' }], a: true, z: null })).toBe(
      '{"a":true,"b":[1,null,{"c":"x"}]}',
    );
    expect(canonicalJson({ slip: Buffer.from('abc') })).toBe(
      '{"slip":"sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"}',
    );
    expect(requestHash({ amount: 1, idempotencyKey: 'key-00000001' })).toBe(requestHash({ amount: 1 }));
    expect(requestHash({ amount: 1 })).toMatch(/^[0-9a-f]{64}$/);
    expect(requestHash({ amount: 1 })).not.toBe(requestHash({ amount: 2 }));
  });
});
