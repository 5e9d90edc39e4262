import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepared } from '../../platform/db/prepared';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { type LedgerFixture, ledgerFixture } from './ledger-fixtures';
import { stockBatchStatements } from './stock-batch';

// The stock ledger's read and posting (and its closing posting to lots that exist) are sent prepared, and after five runs PostgreSQL keeps a
// generic plan for them, made without the parameter's value (a JSON array it takes for 100 rows).
// Such a plan must still find the balances it names by index, whatever the table's size: joined to
// the parameter only, a table of 10,000 balances was read whole (a sequential scan) by both, 10 ms a
// posting. The plans are read here as PostgreSQL makes them for a table of that size.

let t: TestApp;
let f: LedgerFixture;
let client: pg.Client;

beforeAll(async () => {
  t = await startTestApp();
  f = await ledgerFixture(t);
  client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
});
afterAll(async () => {
  await client.end();
  await t.close();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

/** The node types over stock_balance of the plan of `ledger_plan_probe` (`text`), for `parameter`. */
async function genericPlanOnBalances(text: string, parameter: string): Promise<string[]> {
  const found = nodes(
    (
      await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        `explain (format json) execute ledger_plan_probe(${client.escapeLiteral(parameter)})`,
      )
    ).rows[0]['QUERY PLAN'][0].Plan,
  );
  expect(found.length, text.slice(0, 60)).toBeGreaterThan(1);
  return found.filter((n) => n['Relation Name'] === 'stock_balance').map((n) => n['Node Type']);
}

describe('the stock ledger’s statements as generic plans', () => {
  it('find the balances they name by index in a table of 10,000 balances', async () => {
    const resource = await f.newResource('PLAN-ITEM');
    const { read, post, closeExisting } = stockBatchStatements();
    await client.query('begin');
    try {
      await client.query(
        `insert into stock_balance (storage_id, resource_id, lot, expiry_date, on_hand, reserved, in_transit,
           unit_value, updated_at)
         select $1, $2, 'P' || g, null, 1, 0, 0, 0, now() from generate_series(1, 10000) g`,
        [f.storage.SDW, resource],
      );
      await client.query('analyze stock_balance');
      await client.query('set local plan_cache_mode = force_generic_plan');
      const [{ id }] = (
        await client.query<{ id: number }>('select id from stock_balance where lot = $1', ['P5000'])
      ).rows;
      const cases = [
        { text: read, parameter: JSON.stringify([{ s: f.storage.SDW, r: resource }]) },
        ...[post, closeExisting].map((text) => ({
          text,
          parameter: JSON.stringify([
            { n: 0, balance_id: id, storage_id: f.storage.SDW, resource_id: resource, lot: 'P5000', q: '-1' },
          ]),
        })),
      ];
      for (const { text, parameter } of cases) {
        await client.query(`prepare ledger_plan_probe(json) as ${prepared('ledger_plan_probe', text).text}`);
        const scans = await genericPlanOnBalances(text, parameter);
        expect(scans.length, text.slice(0, 60)).toBeGreaterThan(0);
        expect(scans, text.slice(0, 60)).not.toContain('Seq Scan');
        await client.query('deallocate ledger_plan_probe');
      }
    } finally {
      await client.query('rollback');
    }
  });
});
