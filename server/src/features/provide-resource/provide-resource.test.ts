import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../kits/ledger/ledger-checks';
import { bearer, sessionToken } from '../../testing/auth-helpers';
import { startTestApp, type TestApp } from '../../testing/test-app';

// Issue 10, provide-resource (MN-054..MN-057): goods procured or received from other state bodies.
// Saved by one person, confirmed by another into the storage's stock; cancelling a confirmed one
// reverses the receipt while nothing has taken the goods on, and names the documents that did.

let t: TestApp;
const ids: Record<string, number> = {};
/** officer.demo works in OPS-P38-SDW (storage ST-P38-SDW) and saves; admin.demo confirms. */
let officer: Record<string, string>;
let admin: Record<string, string>;

const sql = <T>(query: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(query, params);

beforeAll(async () => {
  t = await startTestApp();
  for (const [key, table, code] of [
    ['SDW', 'ref_storage', 'ST-P38-SDW'],
    ['DON', 'ref_storage', 'ST-P28-DON'],
    ['DDPM', 'ref_external_office', 'DDPM'],
    ['BLANKET', 'ref_resource', 'BLANKET'],
    ['KIT', 'ref_resource', 'FIRST-AID-KIT'],
    ['NOODLE', 'ref_resource', 'NOODLE'],
    ['DAMAGED', 'ref_missing_excess_reason', 'DAMAGED'],
  ] as const) {
    const [row] = await sql<{ id: number }>(`select id from ${table} where code = ?`, [code]);
    if (!row) throw new Error(`demo ${table} ${code} missing`);
    ids[key] = row.id;
  }
  officer = bearer(await sessionToken(t, 'officer.demo'));
  admin = bearer(await sessionToken(t, 'admin.demo'));
});
afterAll(() => t.close());

interface GqlError {
  message: string;
  extensions?: Record<string, unknown>;
}
interface Doc {
  id: number;
  number: string;
  status: string;
  version: number;
  allowedActions: string[];
  editable: boolean;
  history: { action: string; fromStatus: string | null; toStatus: string }[];
}

const docFields = 'id number status version allowedActions editable history { action fromStatus toStatus }';

async function gql<T>(
  headers: Record<string, string>,
  query: string,
  variables: Record<string, unknown> = {},
) {
  const res = await t.graphql<T>(query, variables, headers);
  return { data: res.body.data, error: res.body.errors?.[0] as GqlError | undefined };
}

const today = () => new Date().toISOString().slice(0, 10);

type Line = { resource: number; quantity: string; unitValue: string; lot?: string; expiryDate?: string };

const input = (lines: Line[], header: Record<string, unknown> = {}) => ({
  header: {
    supplier: ids.DDPM,
    budgetSource: 'TRANSFERRED',
    storage: ids.SDW,
    receivedDate: today(),
    ...header,
  },
  lines,
  remark: 'รับมอบจาก ปภ.',
});

async function create(body: Record<string, unknown>, headers = officer) {
  const res = await gql<{ createDocument: Doc }>(
    headers,
    `mutation ($input: DocumentInput!) { createDocument(type: PROVIDE_RESOURCE, input: $input) { ${docFields} } }`,
    { input: body },
  );
  return { doc: res.data?.createDocument, error: res.error };
}

async function act(doc: Pick<Doc, 'id' | 'version'>, action: string, headers: Record<string, string>) {
  const res = await gql<{ actOnDocument: Doc }>(
    headers,
    `mutation ($id: Int!, $input: DocumentActionInput!) { actOnDocument(type: PROVIDE_RESOURCE, id: $id, input: $input) { ${docFields} } }`,
    {
      id: doc.id,
      input: { action, version: doc.version, reason: action === 'CANCEL' ? 'ทดสอบยกเลิก' : null },
    },
  );
  return { doc: res.data?.actOnDocument, error: res.error };
}

/** Saved by the officer, confirmed by the administrator. */
async function confirmed(lines: Line[]): Promise<Doc> {
  const { doc, error } = await create(input(lines));
  expect(error).toBeUndefined();
  const done = await act(doc as Doc, 'CONFIRM', admin);
  expect(done.error).toBeUndefined();
  return done.doc as Doc;
}

interface Balance {
  lot: string;
  expiryDate: string | null;
  onHand: string;
  reserved: string;
  value: string;
}

async function lotOf(storageId: number, resourceId: number, lot: string): Promise<Balance | undefined> {
  const res = await gql<{ stockOnHand: Balance[] }>(
    admin,
    `{ stockOnHand(storageId: ${storageId}, resourceId: ${resourceId}) { lot expiryDate onHand reserved value } }`,
  );
  return res.data?.stockOnHand.find((b) => b.lot === lot);
}

async function movementsOf(documentId: number) {
  return sql<{ movement_type: string; quantity: string; reversal_of_id: string | null }>(
    `select movement_type, quantity::text, reversal_of_id::text from stock_movement
     where document_type = 'PROVIDE_RESOURCE' and document_id = ? order by id`,
    [documentId],
  );
}

async function transfer(lines: { resource: number; quantity: string; lot: string }[]) {
  const res = await gql<{ createDocument: { id: number; number: string; version: number } }>(
    officer,
    `mutation ($input: DocumentInput!) { createDocument(type: STOCK_TRANSFER, input: $input) { id number version } }`,
    { input: { header: { fromStorage: ids.SDW, toStorage: ids.DON }, lines } },
  );
  expect(res.error).toBeUndefined();
  return res.data?.createDocument as { id: number; number: string; version: number };
}

describe('provide-resource', () => {
  it('comes with demo documents written through the kit: one confirmed into stock, one waiting', async () => {
    const res = await gql<{ documents: { items: { id: number; status: string }[] } }>(
      admin,
      '{ documents(type: PROVIDE_RESOURCE, search: "demo data", sort: "number") { items { id status } } }',
    );
    const items = res.data?.documents.items ?? [];
    expect(items.map((d) => d.status)).toEqual(['CONFIRMED', 'SAVED']);
    const first = await gql<{ document: { history: { action: string; actorName: string }[] } }>(
      admin,
      `{ document(type: PROVIDE_RESOURCE, id: ${items[0].id}) { history { action actorName } } }`,
    );
    const history = first.data?.document.history ?? [];
    expect(history.map((h) => h.action)).toEqual(['CREATE', 'CONFIRM']);
    expect(history[0].actorName).not.toBe(history[1].actorName);
    expect(await lotOf(ids.SDW, ids.BLANKET, 'PV-DDPM-01')).toMatchObject({ onHand: '100.000' });
  });

  it('lets its supplier be added from the pick list by those who may add external offices, and nothing else', async () => {
    const res = await gql<{
      documentTypes: { type: string; header: { name: string; inlineCreateMenuCodes: string[] }[] }[];
    }>(officer, '{ documentTypes { type header { name inlineCreateMenuCodes } } }');
    const header = res.data?.documentTypes.find((d) => d.type === 'PROVIDE_RESOURCE')?.header ?? [];
    expect(Object.fromEntries(header.map((f) => [f.name, f.inlineCreateMenuCodes]))).toEqual({
      supplier: ['MN-022'],
      budgetSource: [],
      storage: [],
      receivedDate: [],
    });
  });

  it('is saved, confirmed by someone else into the storage, and shows on the stock card', async () => {
    const lines: Line[] = [
      { resource: ids.BLANKET, quantity: '50', unitValue: '200.00', lot: 'PV-BLK-1' },
      { resource: ids.KIT, quantity: '10', unitValue: '350.50', lot: 'PV-FA-1', expiryDate: '2031-01-31' },
    ];
    const { doc, error } = await create(input(lines));
    expect(error).toBeUndefined();
    const saved = doc as Doc;
    expect(saved.number).toMatch(/^PV-\d{4}-\d{6}$/);
    expect(saved).toMatchObject({ status: 'SAVED', editable: true });
    // The maker may not confirm what they saved; the server says so and offers nothing.
    expect(saved.allowedActions).not.toContain('CONFIRM');
    expect(saved.allowedActions).toContain('CANCEL');
    expect(await movementsOf(saved.id)).toEqual([]);
    const own = await act(saved, 'CONFIRM', officer);
    expect(own.error?.extensions).toMatchObject({ code: 'WORKFLOW_MAKER', status: 409 });
    expect(await lotOf(ids.SDW, ids.BLANKET, 'PV-BLK-1')).toBeUndefined();

    const done = await act(saved, 'CONFIRM', admin);
    expect(done.error).toBeUndefined();
    expect(done.doc).toMatchObject({ status: 'CONFIRMED', editable: false });
    expect(done.doc?.history.map((h) => h.action)).toEqual(['CREATE', 'CONFIRM']);
    expect(await lotOf(ids.SDW, ids.BLANKET, 'PV-BLK-1')).toMatchObject({
      onHand: '50.000',
      value: '10000.00',
    });
    expect(await lotOf(ids.SDW, ids.KIT, 'PV-FA-1')).toMatchObject({
      onHand: '10.000',
      expiryDate: '2031-01-31',
      value: '3505.00',
    });
    const card = await gql<{
      stockCard: {
        movementType: string;
        documentType: string;
        documentId: number;
        lot: string;
        quantity: string;
      }[];
    }>(
      officer,
      `{ stockCard(storageId: ${ids.SDW}, resourceId: ${ids.BLANKET}) { movementType documentType documentId lot quantity } }`,
    );
    expect(card.data?.stockCard.at(-1)).toEqual({
      movementType: 'RECEIVE',
      documentType: 'PROVIDE_RESOURCE',
      documentId: saved.id,
      lot: 'PV-BLK-1',
      quantity: '50.000',
    });

    // A confirmed document is no longer edited, and is not confirmed twice.
    const edit = await gql(
      officer,
      `mutation ($input: DocumentInput!) { updateDocument(type: PROVIDE_RESOURCE, id: ${saved.id}, version: ${done.doc?.version}, input: $input) { id } }`,
      { input: input(lines) },
    );
    expect(edit.error?.extensions).toMatchObject({ code: 'CONFLICT', status: 409 });
    const twice = await act(done.doc as Doc, 'CONFIRM', admin);
    expect(twice.error?.extensions?.status).toBe(409);
    expect(await movementsOf(saved.id)).toHaveLength(2);
  });

  it('cancels a saved one without touching the stock', async () => {
    const { doc } = await create(
      input([{ resource: ids.BLANKET, quantity: '5', unitValue: '200', lot: 'PV-S' }]),
    );
    const cancelled = await act(doc as Doc, 'CANCEL', officer);
    expect(cancelled.error).toBeUndefined();
    expect(cancelled.doc?.status).toBe('CANCELLED');
    expect(cancelled.doc?.number).toBe(doc?.number);
    expect(await movementsOf(doc?.id as number)).toEqual([]);
  });

  it('cancelling a confirmed one reverses its receipt with new movements', async () => {
    const doc = await confirmed([
      { resource: ids.BLANKET, quantity: '40', unitValue: '190.00', lot: 'PV-REV' },
      { resource: ids.KIT, quantity: '4', unitValue: '300.00', lot: 'PV-REV' },
    ]);
    expect(await lotOf(ids.SDW, ids.BLANKET, 'PV-REV')).toMatchObject({ onHand: '40.000' });
    const cancelled = await act(doc, 'CANCEL', officer);
    expect(cancelled.error).toBeUndefined();
    expect(cancelled.doc?.status).toBe('CANCELLED');
    // Nothing is left on hand in the lots it brought: stock on hand no longer lists them.
    expect(await lotOf(ids.SDW, ids.BLANKET, 'PV-REV')).toBeUndefined();
    expect(await lotOf(ids.SDW, ids.KIT, 'PV-REV')).toBeUndefined();
    const movements = await movementsOf(doc.id);
    expect(movements.map((m) => [m.movement_type, m.quantity, m.reversal_of_id !== null])).toEqual([
      ['RECEIVE', '40.000', false],
      ['RECEIVE', '4.000', false],
      ['RECEIVE', '-4.000', true],
      ['RECEIVE', '-40.000', true],
    ]);
    expect(await verifyLedger(t.em())).toEqual({ stock: [], money: [] });
  });

  it('refuses to cancel a confirmed one once its goods were sent on by a transfer, naming the transfer', async () => {
    const doc = await confirmed([{ resource: ids.NOODLE, quantity: '30', unitValue: '6.00', lot: 'PV-ON' }]);
    const sent = await transfer([{ resource: ids.NOODLE, quantity: '12', lot: 'PV-ON' }]);
    const sending = await gql(
      officer,
      `mutation { actOnDocument(type: STOCK_TRANSFER, id: ${sent.id}, input: { action: "SEND", version: ${sent.version} }) { status } }`,
    );
    expect(sending.error).toBeUndefined();
    const before = await sql<{ n: string }>('select count(*)::text as n from stock_movement');

    const refused = await act(doc, 'CANCEL', officer);
    expect(refused.error?.extensions).toMatchObject({
      code: 'DEPENDENT_DOCUMENTS',
      status: 409,
      messageTh: `ยกเลิกรายการจัดหาสิ่งของ ${doc.number} ไม่ได้ เพราะสิ่งของที่รับเข้าถูกนำไปใช้ต่อแล้วใน ใบโอนสิ่งของไปคลังอื่น ${sent.number} กรุณายกเลิกเอกสารเหล่านั้นก่อน`,
      messageEn: `Provided resources ${doc.number} cannot be cancelled: the goods it brought in have been taken on by Transfer to another storage ${sent.number}; cancel those first`,
      details: { dependents: [{ documentType: 'STOCK_TRANSFER', documentId: sent.id, number: sent.number }] },
    });
    expect(await sql<{ n: string }>('select count(*)::text as n from stock_movement')).toEqual(before);
    const still = await gql<{ document: { status: string; version: number } }>(
      officer,
      `{ document(type: PROVIDE_RESOURCE, id: ${doc.id}) { status version } }`,
    );
    expect(still.data?.document).toEqual({ status: 'CONFIRMED', version: doc.version });
  });

  it('is held by a transfer that only reserved its goods, and free again once that transfer is cancelled', async () => {
    const doc = await confirmed([
      { resource: ids.NOODLE, quantity: '20', unitValue: '6.00', lot: 'PV-HOLD' },
    ]);
    const held = await transfer([{ resource: ids.NOODLE, quantity: '5', lot: 'PV-HOLD' }]);
    const refused = await act(doc, 'CANCEL', officer);
    expect(refused.error?.extensions).toMatchObject({
      code: 'DEPENDENT_DOCUMENTS',
      details: { dependents: [{ documentId: held.id, number: held.number }] },
    });
    const released = await gql(
      officer,
      `mutation { actOnDocument(type: STOCK_TRANSFER, id: ${held.id}, input: { action: "CANCEL", version: ${held.version} }) { status } }`,
    );
    expect(released.error).toBeUndefined();
    const cancelled = await act(doc, 'CANCEL', officer);
    expect(cancelled.error).toBeUndefined();
    expect(await lotOf(ids.SDW, ids.NOODLE, 'PV-HOLD')).toBeUndefined();
    expect(await verifyLedger(t.em())).toEqual({ stock: [], money: [] });
  });

  it('is not held by goods taken from the same lot while as much as it brought is still free there', async () => {
    // Goods without a lot number share one lot: the storage's own blankets and these ones.
    const mine = await confirmed([{ resource: ids.BLANKET, quantity: '10', unitValue: '180.00' }]);
    const before = await lotOf(ids.SDW, ids.BLANKET, '');
    const taken = await gql<{ createDocument: { id: number; version: number } }>(
      officer,
      `mutation ($input: DocumentInput!) { createDocument(type: STOCK_ADJUSTMENT, input: $input) { id version } }`,
      {
        input: {
          header: { storage: ids.SDW },
          lines: [{ resource: ids.BLANKET, lot: '', quantity: '-3', reason: ids.DAMAGED }],
        },
      },
    );
    const adjustment = taken.data?.createDocument as { id: number; version: number };
    const posted = await gql(
      officer,
      `mutation { actOnDocument(type: STOCK_ADJUSTMENT, id: ${adjustment.id}, input: { action: "POST", version: ${adjustment.version} }) { status } }`,
    );
    expect(posted.error).toBeUndefined();
    const cancelled = await act(mine, 'CANCEL', officer);
    expect(cancelled.error).toBeUndefined();
    expect(Number((await lotOf(ids.SDW, ids.BLANKET, ''))?.onHand)).toBe(Number(before?.onHand) - 3 - 10);
  });
});

describe('provide-resource refuses bad input and writes nothing', () => {
  const footprint = async () =>
    (
      await sql<Record<string, string>>(
        `select (select count(*) from doc_provide_resource)::text as documents,
           (select count(*) from doc_provide_resource_line)::text as lines,
           (select count(*) from stock_movement)::text as movements`,
      )
    )[0];

  // Functions: the ids are read in beforeAll, after the table is built.
  const kit = (more: Partial<Line> = {}) => [{ resource: ids.KIT, quantity: '1', unitValue: '10', ...more }];
  it.each([
    [
      'an expiry date before the date received',
      () => input(kit({ expiryDate: '2020-01-01' }), { receivedDate: '2024-06-01' }),
      'lines.0.expiryDate',
    ],
    ['a unit value of zero', () => input(kit({ unitValue: '0' })), 'lines.0.unitValue'],
    ['no lines', () => input([]), 'lines'],
    ['an unknown budget source', () => input(kit(), { budgetSource: 'LOTTERY' }), 'budgetSource'],
    ['no supplier', () => input(kit(), { supplier: null }), 'supplier'],
    ['a date that does not exist', () => input(kit(), { receivedDate: '2025-02-30' }), 'receivedDate'],
    ['a date received in the future', () => input(kit(), { receivedDate: '2999-01-01' }), 'receivedDate'],
  ])('%s: 400 naming the field in Thai and English', async (_, body, field) => {
    const before = await footprint();
    const { error } = await create(body());
    expect(error?.extensions).toMatchObject({ code: 'BAD_INPUT', status: 400 });
    const details = error?.extensions?.details as
      | { fields: { field: string; messageTh: string; messageEn: string }[] }
      | undefined;
    const fields = details?.fields ?? [];
    const named = fields.find((f) => f.field === field);
    expect(named?.messageTh, JSON.stringify(fields)).toMatch(/[ก-๙]/);
    expect(named?.messageEn).toMatch(/^[^ก-๙]+$/);
    expect(await footprint()).toEqual(before);
  });

  it('another division’s storage: 403 with the data-scope message', async () => {
    const before = await footprint();
    const { error } = await create(
      input([{ resource: ids.KIT, quantity: '1', unitValue: '10' }], { storage: ids.DON }),
    );
    expect(error?.extensions).toMatchObject({ code: 'FORBIDDEN', status: 403, details: { reason: 'SCOPE' } });
    expect(await footprint()).toEqual(before);
  });
});
