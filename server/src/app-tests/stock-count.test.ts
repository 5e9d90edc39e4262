import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerService } from '../kits/ledger/ledger.service';
import { bearer, sessionToken } from '../testing/auth-helpers';
import { startTestApp, type TestApp } from '../testing/test-app';

// The stock count through the GraphQL API: START takes the book quantity of every lot, stock that
// moves during the count is not a difference, FINISH posts only the real differences with their reason.

let t: TestApp;
let admin: Record<string, string>;
let userId: number;
const ids: Record<string, number> = {};
const sql = <T>(query: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(query, params);

const fields = 'id status version allowedActions header lines { id lineNo values }';

interface Doc {
  id: number;
  status: string;
  version: number;
  allowedActions: string[];
  header: Record<string, unknown>;
  lines: { id: number; lineNo: number; values: Record<string, unknown> }[];
}

beforeAll(async () => {
  t = await startTestApp();
  for (const [key, table, code] of [
    ['SUP', 'ref_storage', 'ST-OPS-SUP'],
    ['WATER', 'ref_resource', 'WATER-600'],
    ['DAMAGED', 'ref_missing_excess_reason', 'DAMAGED'],
    ['UNRECORDED', 'ref_missing_excess_reason', 'UNRECORDED'],
  ] as const) {
    const [row] = await sql<{ id: number }>(`select id from ${table} where code = ?`, [code]);
    if (!row) throw new Error(`demo ${table} ${code} missing`);
    ids[key] = row.id;
  }
  const [user] = await sql<{ id: number }>("select id from app_user where username = 'admin.demo'");
  userId = user.id;
  admin = bearer(await sessionToken(t, 'admin.demo'));
});
afterAll(() => t.close());

const post = (fn: (ledger: LedgerService) => Promise<unknown>) =>
  t.em().transactional((tx) => fn(new LedgerService(tx as EntityManager)));
const testSource = { documentType: 'TEST_SEED', documentId: 1, lineId: null, userId: 0 };

async function act(id: number, input: Record<string, unknown>) {
  const res = await t.graphql<{ actOnDocument: Doc }>(
    `mutation ($id: Int!, $input: DocumentActionInput!) { actOnDocument(type: STOCK_COUNT, id: $id, input: $input) { ${fields} } }`,
    { id, input },
    admin,
  );
  return { doc: res.body.data?.actOnDocument as Doc, error: res.body.errors?.[0] };
}

const onHand = async (lot: string) => {
  const [row] = await sql<{ on_hand: string }>(
    'select on_hand::text as on_hand from stock_balance where storage_id = ? and resource_id = ? and lot = ?',
    [ids.SUP, ids.WATER, lot],
  );
  return row?.on_hand;
};

const movementCount = async () =>
  (await sql<{ n: number }>('select count(*)::int as n from stock_movement'))[0].n;

describe('stock count', () => {
  it('takes book quantities at START, accounts for stock moved during the count, and posts only real differences', async () => {
    const source = { ...testSource, userId };
    await post(async (ledger) => {
      await ledger.receive(
        {
          storageId: ids.SUP,
          resourceId: ids.WATER,
          quantity: '10',
          unitValue: '7.00',
          lot: 'CNT-A',
          expiryDate: '2027-01-31',
        },
        source,
      );
      await ledger.receive(
        {
          storageId: ids.SUP,
          resourceId: ids.WATER,
          quantity: '20',
          unitValue: '7.00',
          lot: 'CNT-B',
          expiryDate: '2027-06-30',
        },
        source,
      );
    });

    const created = await t.graphql<{ createDocument: Doc }>(
      `mutation ($input: DocumentInput!) { createDocument(type: STOCK_COUNT, input: $input) { ${fields} } }`,
      { input: { header: { storage: ids.SUP }, lines: [{ resource: ids.WATER }] } },
      admin,
    );
    expect(created.body.errors).toBeUndefined();
    const doc = created.body.data?.createDocument as Doc;
    expect(doc.status).toBe('SAVED');
    expect(doc.allowedActions).toEqual(['START', 'CANCEL']);

    const started = await act(doc.id, { action: 'START', version: doc.version });
    expect(started.error).toBeUndefined();
    expect(started.doc.status).toBe('COUNTING');
    expect(started.doc.allowedActions).toEqual(['FINISH', 'CANCEL']);
    const [{ mark }] = await sql<{ mark: number }>('select max(id)::int as mark from stock_movement');
    const [{ start_movement_id }] = await sql<{ start_movement_id: number }>(
      'select start_movement_id from doc_stock_count where id = ?',
      [doc.id],
    );
    expect(start_movement_id).toBe(mark);
    // The mark is the server's: people see the movements themselves, not an internal id.
    expect(started.doc.header).not.toHaveProperty('startMovementId');
    // One line per lot on hand, each with its expiry and book quantity.
    const lineOf = (d: Doc, lot: string) => d.lines.find((l) => l.values.lot === lot) as Doc['lines'][0];
    expect(lineOf(started.doc, 'CNT-A').values).toMatchObject({
      expiryDate: '2027-01-31',
      bookQuantity: '10.000',
    });
    expect(lineOf(started.doc, 'CNT-B').values).toMatchObject({
      expiryDate: '2027-06-30',
      bookQuantity: '20.000',
    });
    expect(started.doc.lines.every((l) => l.values.resource === ids.WATER)).toBe(true);

    // During the count: 5 more of A arrive, 4 of B are issued.
    await post(async (ledger) => {
      await ledger.receive(
        {
          storageId: ids.SUP,
          resourceId: ids.WATER,
          quantity: '5',
          unitValue: '7.00',
          lot: 'CNT-A',
          expiryDate: '2027-01-31',
        },
        source,
      );
      await ledger.issue(
        { storageId: ids.SUP, resourceId: ids.WATER, quantity: '4', lot: 'CNT-B', expiryDate: '2027-06-30' },
        source,
      );
    });

    // A is counted at book + received (15): no difference. B is counted at 14: 2 missing (16 expected).
    // Any other lot of the resource (demo stock) is counted at its book quantity.
    const counts = (reasonB: number | null) =>
      started.doc.lines.map((l) => ({
        id: l.id,
        values:
          l.values.lot === 'CNT-A'
            ? { countedQuantity: '15' }
            : l.values.lot === 'CNT-B'
              ? { countedQuantity: '14', ...(reasonB ? { reason: reasonB } : {}) }
              : { countedQuantity: String(l.values.bookQuantity) },
      }));
    const lineB = lineOf(started.doc, 'CNT-B');
    const before = await movementCount();
    for (const reason of [null, ids.UNRECORDED]) {
      const refused = await act(doc.id, {
        action: 'FINISH',
        version: started.doc.version,
        lines: counts(reason),
      });
      expect(refused.error?.extensions?.code).toBe('BAD_INPUT');
      const details = refused.error?.extensions?.details as { fields: { field: string }[] };
      expect(details.fields.map((f) => f.field)).toEqual([`lines.${lineB.lineNo - 1}.reason`]);
      expect(await movementCount()).toBe(before);
      const [row] = await sql<{ status: string }>('select status from doc_stock_count where id = ?', [
        doc.id,
      ]);
      expect(row.status).toBe('COUNTING');
    }

    const finished = await act(doc.id, {
      action: 'FINISH',
      version: started.doc.version,
      lines: counts(ids.DAMAGED),
    });
    expect(finished.error).toBeUndefined();
    expect(finished.doc.status).toBe('FINISHED');
    expect(lineOf(finished.doc, 'CNT-A').values.difference).toBe('0.000');
    expect(lineOf(finished.doc, 'CNT-B').values.difference).toBe('-2.000');

    const posted = await sql<{ movement_type: string; quantity: string; lot: string; reason_id: number }>(
      `select movement_type, quantity::text as quantity, lot, reason_id from stock_movement
       where document_type = 'STOCK_COUNT' and document_id = ?`,
      [doc.id],
    );
    expect(posted).toEqual([
      { movement_type: 'ADJUST_OUT', quantity: '-2.000', lot: 'CNT-B', reason_id: ids.DAMAGED },
    ]);
    expect(await onHand('CNT-A')).toBe('15.000');
    expect(await onHand('CNT-B')).toBe('14.000');
  });

  it('counts excess into the lot, and a count can be cancelled while counting', async () => {
    const created = await t.graphql<{ createDocument: Doc }>(
      `mutation ($input: DocumentInput!) { createDocument(type: STOCK_COUNT, input: $input) { ${fields} } }`,
      { input: { header: { storage: ids.SUP }, lines: [{ resource: ids.WATER }] } },
      admin,
    );
    const doc = created.body.data?.createDocument as Doc;
    const started = await act(doc.id, { action: 'START', version: doc.version });
    const finished = await act(doc.id, {
      action: 'FINISH',
      version: started.doc.version,
      lines: started.doc.lines.map((l) => ({
        id: l.id,
        values:
          l.values.lot === 'CNT-A'
            ? { countedQuantity: '16', reason: ids.UNRECORDED }
            : { countedQuantity: String(l.values.bookQuantity) },
      })),
    });
    expect(finished.error).toBeUndefined();
    expect(await onHand('CNT-A')).toBe('16.000');

    const other = await t.graphql<{ createDocument: Doc }>(
      `mutation ($input: DocumentInput!) { createDocument(type: STOCK_COUNT, input: $input) { ${fields} } }`,
      { input: { header: { storage: ids.SUP }, lines: [{ resource: ids.WATER }] } },
      admin,
    );
    const second = other.body.data?.createDocument as Doc;
    const counting = await act(second.id, { action: 'START', version: second.version });
    const cancelled = await act(second.id, { action: 'CANCEL', version: counting.doc.version });
    expect(cancelled.doc.status).toBe('CANCELLED');

    const duplicate = await t.graphql(
      `mutation ($input: DocumentInput!) { createDocument(type: STOCK_COUNT, input: $input) { id } }`,
      {
        input: { header: { storage: ids.SUP }, lines: [{ resource: ids.WATER }, { resource: ids.WATER }] },
      },
      admin,
    );
    expect(duplicate.body.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
  });

  it('shows on each line what moved during the count (document numbers, quantities, times), so book, moved, difference and counted add up', async () => {
    await post((ledger) =>
      ledger.receive(
        {
          storageId: ids.SUP,
          resourceId: ids.WATER,
          quantity: '77',
          unitValue: '7.00',
          lot: 'CNT-M',
          expiryDate: '2027-03-31',
        },
        { ...testSource, userId },
      ),
    );
    const created = await t.graphql<{ createDocument: Doc }>(
      `mutation ($input: DocumentInput!) { createDocument(type: STOCK_COUNT, input: $input) { ${fields} } }`,
      { input: { header: { storage: ids.SUP }, lines: [{ resource: ids.WATER }] } },
      admin,
    );
    const doc = created.body.data?.createDocument as Doc;
    const started = await act(doc.id, { action: 'START', version: doc.version });
    expect(started.doc.header).not.toHaveProperty('startMovementId');
    expect(started.doc.header).not.toHaveProperty('finishMovementId');

    // During the count an adjustment takes 3 of the lot out (its expiry left empty: the lot's).
    const adjustment = await t.graphql<{ createDocument: { id: number; number: string; version: number } }>(
      `mutation ($input: DocumentInput!) { createDocument(type: STOCK_ADJUSTMENT, input: $input) { id number version } }`,
      {
        input: {
          header: { storage: ids.SUP },
          lines: [{ resource: ids.WATER, lot: 'CNT-M', quantity: '-3', reason: ids.DAMAGED }],
        },
      },
      admin,
    );
    const aj = adjustment.body.data?.createDocument as { id: number; number: string; version: number };
    const adjusted = await t.graphql(
      `mutation { actOnDocument(type: STOCK_ADJUSTMENT, id: ${aj.id}, input: { action: "POST", version: ${aj.version} }) { status } }`,
      {},
      admin,
    );
    expect(adjusted.body.errors).toBeUndefined();

    const read = async () => {
      const res = await t.graphql<{
        document: Doc & { related: { type: string; id: number; number: string }[] };
      }>(
        `query ($id: Int!) { document(type: STOCK_COUNT, id: $id) { ${fields} related { type id number } } }`,
        { id: doc.id },
        admin,
      );
      expect(res.body.errors).toBeUndefined();
      return res.body.data?.document as Doc & { related: { type: string; id: number; number: string }[] };
    };
    const lineM = (d: Doc) => d.lines.find((l) => l.values.lot === 'CNT-M') as Doc['lines'][0];
    const during = `${aj.number} -3 (`;
    const counting = await read();
    expect(lineM(counting).values).toMatchObject({ bookQuantity: '77.000', movedQuantity: '-3.000' });
    expect(String(lineM(counting).values.movedDuring)).toMatch(
      new RegExp(`^${aj.number} -3 \\(\\d{2}/\\d{2}/25\\d{2} \\d{2}:\\d{2}\\)$`),
    );
    expect(counting.related).toEqual([{ type: 'STOCK_ADJUSTMENT', id: aj.id, number: aj.number }]);
    // Lots nothing moved show 0 and no documents.
    const untouched = counting.lines.filter((l) => l.values.lot !== 'CNT-M');
    expect(untouched.every((l) => l.values.movedQuantity === '0.000' && l.values.movedDuring === null)).toBe(
      true,
    );

    // Counted 72: book 77, moved −3 during the count, so 2 are missing.
    const finished = await act(doc.id, {
      action: 'FINISH',
      version: started.doc.version,
      lines: started.doc.lines.map((l) => ({
        id: l.id,
        values:
          l.values.lot === 'CNT-M'
            ? { countedQuantity: '72', reason: ids.DAMAGED }
            : { countedQuantity: String(l.values.bookQuantity) },
      })),
    });
    expect(finished.error).toBeUndefined();
    // Stock moving after the finish is not "during the count", nor is the count's own posting.
    await post((ledger) =>
      ledger.receive(
        {
          storageId: ids.SUP,
          resourceId: ids.WATER,
          quantity: '2',
          unitValue: '7.00',
          lot: 'CNT-M',
          expiryDate: '2027-03-31',
        },
        { ...testSource, userId },
      ),
    );
    const after = await read();
    expect(lineM(after).values).toMatchObject({
      bookQuantity: '77.000',
      movedQuantity: '-3.000',
      countedQuantity: '72.000',
      difference: '-2.000',
    });
    expect(String(lineM(after).values.movedDuring).startsWith(during)).toBe(true);
    expect(after.header).not.toHaveProperty('finishMovementId');
    expect(await onHand('CNT-M')).toBe('74.000');
  });
});
