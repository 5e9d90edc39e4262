import type { AddressInfo } from 'node:net';
import { ref } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserGroupService } from '../features/user-groups/user-group.service';
import { newUser } from '../features/users/user.service';
import { OrganisationUnit } from '../kits/core/organisation.entity';
import { RequestStatus, UserStatus } from '../kits/core/user.entity';
import { stockConservation, verifyLedger } from '../kits/ledger/ledger-checks';
import { bearer, fixtureAdministrator, sessionToken } from '../testing/auth-helpers';
import {
  type DocKind,
  milli,
  modelOf,
  movementKey,
  type RefusalReason,
  refusalReason,
  type Sums,
} from '../testing/ledger-model';
import { LedgerWorkload, quantityText } from '../testing/ledger-workload';
import { testSeed } from '../testing/seeded-random';
import { startTestApp, type TestApp } from '../testing/test-app';

// Issue 9: a Jepsen-style test of the ledger through the GraphQL API over HTTP. Ten clients (each its
// own member of staff and session; five at the ministry, five in the divisions owning the storages)
// send 2,000 commands on six hot balances (three storages × two resources, two lots each): stock
// received and issued (adjustments posted), reserved (transfers saved and edited), sent, received
// (some short), cancelled (released), retried with the same idempotency key (one after the other
// and twins at the same moment), some on a stale version or in the wrong status (the clients are in
// testing/ledger-workload.ts). Every answer is recorded; afterwards the ledger must hold exactly what
// the acknowledged commands say (testing/ledger-model.ts), nothing of the refused ones, and no
// balance may be negative or differ from its movements.
// Repeat a run with JEPSEN_SEED=<the printed seed>; JEPSEN_ACTIONS changes the number of commands.

const ACTIONS = Number(process.env.JEPSEN_ACTIONS ?? 2000);
const seed = testSeed('JEPSEN_SEED');
const LOTS = [
  { lot: 'J1', expiryDate: '2030-01-31' },
  { lot: 'J2', expiryDate: '2031-06-30' },
];
const OPENING = 300_000; // thousandths per lot

let t: TestApp;
let load: LedgerWorkload;
const resources: number[] = [];
const userIds: number[] = [];

const sql = <T>(query: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(query, params);

const idOf = async (table: string, code: string) =>
  (await sql<{ id: number }>(`select id from ${table} where code = ?`, [code]))[0].id;

async function newResource(code: string): Promise<number> {
  const [row] = await sql<{ id: number }>(
    `insert into ref_resource (code, name_th, name_en, resource_sub_id, counting_unit_id, status_code, created_at, updated_at)
     select ?, ?, ?, resource_sub_id, counting_unit_id, 'A', now(), now() from ref_resource where code = 'RICE-5KG'
     returning id`,
    [code, `ของทดสอบพร้อมกัน ${code}`, `Concurrency test goods ${code}`],
  );
  return row.id;
}

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const storages = {
    SUP: await idOf('ref_storage', 'ST-OPS-SUP'),
    DON: await idOf('ref_storage', 'ST-P28-DON'),
    SDW: await idOf('ref_storage', 'ST-P38-SDW'),
  };
  const reasons = {
    found: await idOf('ref_missing_excess_reason', 'UNRECORDED'),
    damaged: await idOf('ref_missing_excess_reason', 'DAMAGED'),
  };
  resources.push(await newResource('JEP-A'), await newResource('JEP-B'));
  const all = Object.values(storages);
  load = new LedgerWorkload({
    url: `http://127.0.0.1:${port}/graphql`,
    seed,
    storages: all,
    resources,
    lots: LOTS,
    reasons,
  });

  const em = t.em();
  await new UserGroupService(em).save(fixtureAdministrator, {
    code: 'UG-T97',
    name: 'ทดสอบคลังพร้อมกัน',
    menuCodes: ['MN-100', 'MN-101', 'MN-102', 'MN-103'],
    transactionCode: null,
  });
  const root = await em.findOneOrFail(OrganisationUnit, { parent: null });
  const unit = (code: string) => em.findOneOrFail(OrganisationUnit, { code });
  const people: [OrganisationUnit, number[]][] = [
    ...Array.from({ length: 5 }, (): [OrganisationUnit, number[]] => [root, all]),
    [await unit('OPS-FIN-SUP'), [storages.SUP]],
    [await unit('OPS-FIN-SUP'), [storages.SUP]],
    [await unit('DSDW-P28-DON'), [storages.DON]],
    [await unit('DSDW-P28-DON'), [storages.DON]],
    [await unit('OPS-P38-SDW'), [storages.SDW]],
  ];
  for (const [i, [organisationUnit]] of people.entries()) {
    newUser(em, {
      kind: 'STAFF',
      username: `jepsen.${i}`,
      email: `jepsen.${i}@example.com`,
      passwordHash: 'not-used',
      firstNameTh: 'ทดสอบ',
      lastNameTh: `พร้อมกัน ${i}`,
      userStatusCode: UserStatus.Active,
      requestStatusCode: RequestStatus.Approved,
      userGroupCode: 'UG-T97',
      organisationUnit: ref(organisationUnit),
    });
  }
  await em.flush();
  for (const [i, [, scope]] of people.entries()) {
    load.addClient(bearer(await sessionToken(t, `jepsen.${i}`)), scope);
    const [user] = await sql<{ id: number }>('select id from app_user where username = ?', [`jepsen.${i}`]);
    userIds.push(user.id);
  }
  // Opening stock, through the API like everything else: two lots of each resource in each storage.
  for (const storage of all) {
    const posted = await load.adjustment(
      load.clients[0],
      storage,
      resources.flatMap((resource) =>
        LOTS.map((lot) => ({
          resource,
          ...lot,
          quantity: quantityText(OPENING),
          unitValue: '10.00',
          reason: reasons.found,
        })),
      ),
    );
    if (!posted.ok) throw new Error(`opening stock refused: ${posted.messageEn}`);
  }
}, 60_000);
afterAll(() => t.close());

const rows = <T>(query: string, params: unknown[] = []) => sql<T>(query, params);

describe('the ledger under concurrent clients, through the GraphQL API', () => {
  let seconds = 0;

  it(`takes ${ACTIONS} mixed commands from concurrent clients and answers each with a result or an expected refusal`, async () => {
    console.log(`ledger-jepsen: seed ${seed} (repeat with JEPSEN_SEED=${seed})`);
    const opening = load.attempts.length;
    const started = performance.now();
    await load.run(ACTIONS);
    seconds = (performance.now() - started) / 1000;

    const run = load.attempts.slice(opening);
    const refused = run.filter((a) => !a.ok);
    const byReason = new Map<RefusalReason | 'unexpected', number>();
    for (const a of refused) {
      const reason = refusalReason(a) ?? 'unexpected';
      byReason.set(reason, (byReason.get(reason) ?? 0) + 1);
    }
    const latencies = run.map((a) => a.ms).sort((a, b) => a - b);
    const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
    const groups = new Set(run.map((a) => a.group));
    const byOp = new Map<string, { ack: number; refused: number }>();
    for (const a of run) {
      const name = `${a.kind === 'STOCK_TRANSFER' ? 'TR' : 'AJ'} ${a.op}${a.retry ? ' (retry)' : ''}`;
      const n = byOp.get(name) ?? { ack: 0, refused: 0 };
      n[a.ok ? 'ack' : 'refused']++;
      byOp.set(name, n);
    }
    console.log(
      [
        `ledger-jepsen: ${run.length} commands (${groups.size} logical) from ${load.clients.length} clients in ${seconds.toFixed(1)} s ` +
          `(${(run.length / seconds).toFixed(0)}/s; latency p50 ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms)`,
        `  acknowledged ${run.length - refused.length}, refused ${refused.length}: ${[...byReason]
          .map(([r, n]) => `${r} ${n}`)
          .join(', ')}`,
        `  retries ${run.filter((a) => a.retry).length} (same key)`,
        ...[...byOp].sort().map(([op, n]) => `  ${op}: ${n.ack} acknowledged, ${n.refused} refused`),
      ].join('\n'),
    );
    const unexpected = refused.filter((a) => !refusalReason(a));
    expect(
      unexpected.slice(0, 5).map((a) => ({ op: a.op, http: a.http, code: a.code, message: a.messageEn })),
      'every refusal is an expected 409 (shortfall, stale version, status); never a 500',
    ).toEqual([]);
    expect(run.every((a) => a.http < 500)).toBe(true);
    expect(run.length).toBeGreaterThanOrEqual(ACTIONS);
    // The mix really happened: each kind of command was both tried and acknowledged.
    for (const op of ['TR create', 'TR update', 'TR SEND', 'TR RECEIVE', 'TR CANCEL', 'AJ create', 'AJ POST'])
      expect(byOp.get(op)?.ack ?? 0, op).toBeGreaterThan(0);
    for (const reason of ['shortfall', 'stale version', 'status'] as const)
      expect(byReason.get(reason) ?? 0, reason).toBeGreaterThan(0);
    expect(run.some((a) => a.retry && a.ok && a.op === 'create')).toBe(true);
    expect(run.some((a) => a.retry && a.ok && a.op !== 'create')).toBe(true);
  }, 240_000);

  it('leaves no balance below zero and every balance equal to the sum of its movements', async () => {
    expect(
      await rows(
        `select id, on_hand, reserved, in_transit from stock_balance
         where on_hand < 0 or reserved < 0 or in_transit < 0 or reserved > on_hand`,
      ),
    ).toEqual([]);
    expect(await verifyLedger(t.em())).toEqual({ stock: [], money: [] });
  });

  it('holds exactly the movements of the acknowledged commands, once each, and nothing of the refused ones', async () => {
    const { docs, movements, problems } = modelOf(load.attempts);
    expect(problems).toEqual([]);

    // Documents: one per acknowledged create (a retried key made one), at the version and status the
    // acknowledged commands lead to, with one history entry each; numbers without a gap.
    for (const [kind, table] of [
      ['STOCK_TRANSFER', 'doc_stock_transfer'],
      ['STOCK_ADJUSTMENT', 'doc_stock_adjustment'],
    ] as const) {
      const stored = await rows<{ id: number; version: number; status: string; history: number }>(
        `select d.id, d.version, d.status,
           (select count(*)::int from document_history h where h.document_type = ? and h.document_id = d.id) as history
         from ${table} d where d.created_by = any(?::int[]) order by d.id`,
        [kind, `{${userIds.join(',')}}`],
      );
      const expected = [...docs.values()]
        .filter((d) => d.kind === kind)
        .sort((a, b) => a.id - b.id)
        .map((d) => ({ id: d.id, version: d.version, status: d.status, history: d.version }));
      expect(stored, kind).toEqual(expected);
      const numbers = await rows<{ n: number }>(
        `select substring(number from '\\d+$')::int as n from ${table} order by 1`,
      );
      expect(numbers.map((r) => r.n)).toEqual(numbers.map((_, i) => i + 1));
    }

    // Movements of the hot resources, per document, type, storage and resource.
    const stored = await rows<{
      document_type: DocKind;
      document_id: number;
      movement_type: string;
      storage_id: number;
      resource_id: number;
      q: string;
      r: string;
      t: string;
    }>(
      `select document_type, document_id, movement_type, storage_id, resource_id,
         sum(quantity)::text as q, sum(reserved_delta)::text as r, sum(transit_delta)::text as t
       from stock_movement where resource_id = any(?::int[])
       group by 1, 2, 3, 4, 5`,
      [`{${resources.join(',')}}`],
    );
    const actual = new Map<string, Sums>(
      stored.map((m) => [
        movementKey(m.document_type, m.document_id, m.movement_type, m.storage_id, m.resource_id),
        { q: milli(m.q), r: milli(m.r), t: milli(m.t) },
      ]),
    );
    const sorted = (m: Map<string, Sums>) =>
      Object.fromEntries([...m].sort(([a], [b]) => a.localeCompare(b)));
    expect(sorted(actual)).toEqual(sorted(movements));

    // By line: each line of a posted adjustment moved once; each line of a sent transfer left once
    // and arrived (or went missing) once.
    const lineMoves = await rows<{
      document_type: string;
      line: number;
      movement_type: string;
      n: number;
      q: string;
    }>(
      `select document_type, document_line_id as line, movement_type, count(*)::int as n, sum(quantity)::text as q
       from stock_movement where resource_id = any(?::int[]) and movement_type <> 'RESERVE' and movement_type <> 'RELEASE'
       group by 1, 2, 3`,
      [`{${resources.join(',')}}`],
    );
    const moves = new Map(lineMoves.map((m) => [`${m.document_type}|${m.line}|${m.movement_type}`, m]));
    const adjustmentLines = await rows<{ id: number; status: string; quantity: string; lot: string | null }>(
      `select l.id, d.status, l.quantity::text as quantity, l.lot from doc_stock_adjustment_line l
       join doc_stock_adjustment d on d.id = l.document_id where d.created_by = any(?::int[])`,
      [`{${userIds.join(',')}}`],
    );
    for (const l of adjustmentLines) {
      const type = milli(l.quantity) > 0 ? 'ADJUST_IN' : 'ADJUST_OUT';
      const m = moves.get(`STOCK_ADJUSTMENT|${l.id}|${type}`);
      if (l.status !== 'POSTED') expect(m, `unposted adjustment line ${l.id}`).toBeUndefined();
      else {
        expect(milli(m?.q), `adjustment line ${l.id}`).toBe(milli(l.quantity));
        if (l.lot) expect(m?.n, `adjustment line ${l.id} names its lot`).toBe(1);
      }
    }
    const transferLines = await rows<{
      id: number;
      status: string;
      quantity: string;
      received: string | null;
    }>(
      `select l.id, d.status, l.quantity::text as quantity, l.received_quantity::text as received
       from doc_stock_transfer_line l join doc_stock_transfer d on d.id = l.document_id
       where d.created_by = any(?::int[])`,
      [`{${userIds.join(',')}}`],
    );
    for (const l of transferLines) {
      const sent = ['SENT', 'RECEIVED'].includes(l.status);
      const out = moves.get(`STOCK_TRANSFER|${l.id}|TRANSFER_OUT`);
      expect(sent ? [out?.n, milli(out?.q)] : out, `transfer line ${l.id} out`).toEqual(
        sent ? [1, -milli(l.quantity)] : undefined,
      );
      expect(moves.get(`STOCK_TRANSFER|${l.id}|TRANSFER_IN_TRANSIT`)?.n, `line ${l.id} in transit`).toBe(
        sent ? 1 : undefined,
      );
      const received = l.status === 'RECEIVED' ? milli(l.received) : 0;
      const missing = l.status === 'RECEIVED' ? milli(l.quantity) - received : 0;
      const arrived = moves.get(`STOCK_TRANSFER|${l.id}|TRANSFER_RECEIVE`);
      expect(arrived ? [arrived.n, milli(arrived.q)] : null, `line ${l.id} received`).toEqual(
        received ? [1, received] : null,
      );
      expect(moves.get(`STOCK_TRANSFER|${l.id}|TRANSFER_MISSING`)?.n ?? 0, `line ${l.id} missing`).toBe(
        missing ? 1 : 0,
      );
    }

    // Each retried key: one document, and the same one in every acknowledged answer.
    const keys = new Map<string, Set<number>>();
    for (const a of load.attempts.filter((x) => x.ok && x.key))
      keys.set(a.group, (keys.get(a.group) ?? new Set()).add(a.doc?.id ?? -1));
    expect([...keys].filter(([, ids]) => ids.size !== 1)).toEqual([]);
  });

  it('conserves goods per resource: received = issued + on hand + in transit + missing, as the model says', async () => {
    const { movements } = modelOf(load.attempts);
    for (const resource of resources) {
      const sum = (types: string[], pick: (s: Sums) => number) =>
        [...movements]
          .filter(([k]) => {
            const [, , type, , r] = k.split('|');
            return Number(r) === resource && types.includes(type);
          })
          .reduce((n, [, s]) => n + pick(s), 0);
      const c = await stockConservation(t.em(), { resourceId: resource });
      expect(c.balanced).toBe(true);
      expect([milli(c.received), milli(c.issued), milli(c.missing)]).toEqual([
        sum(['ADJUST_IN'], (s) => s.q),
        -sum(['ADJUST_OUT'], (s) => s.q),
        -sum(['TRANSFER_MISSING'], (s) => s.t),
      ]);
      const [balance] = await rows<{ on_hand: string; reserved: string; in_transit: string }>(
        `select sum(on_hand)::text as on_hand, sum(reserved)::text as reserved, sum(in_transit)::text as in_transit
         from stock_balance where resource_id = ?`,
        [resource],
      );
      const all = (pick: (s: Sums) => number) =>
        [...movements]
          .filter(([k]) => Number(k.split('|')[4]) === resource)
          .reduce((n, [, s]) => n + pick(s), 0);
      expect([milli(balance.on_hand), milli(balance.reserved), milli(balance.in_transit)]).toEqual([
        all((s) => s.q),
        all((s) => s.r),
        all((s) => s.t),
      ]);
      console.log(
        `ledger-jepsen: resource ${resource}: received ${c.received} = issued ${c.issued} + on hand ${c.onHand} + in transit ${c.inTransit} + missing ${c.missing}; reserved ${balance.reserved}`,
      );
    }
  });
});
