import { ref } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerService } from '../features/ledger/ledger.service';
import { OrganisationUnit } from '../features/organisation/organisation.entity';
import { RequestStatus, UserStatus } from '../features/users/user.entity';
import { newUser } from '../features/users/user.service';
import { samples } from '../platform/files/file-samples';
import { bearer, sessionToken } from '../testing/auth-helpers';
import { multipart } from '../testing/multipart';
import { startTestApp, type TestApp } from '../testing/test-app';

// The document kit through the GraphQL API, with its first type: a transfer between storages.
// Numbering, versions, idempotency, scope by id, the ledger postings of SEND and RECEIVE, shortfalls
// and bad input that writes nothing.

let t: TestApp;
const ids: Record<string, number> = {};
let admin: Record<string, string>;
let sdwOfficer: Record<string, string>;
let donOfficer: Record<string, string>;

const sql = <T>(query: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(query, params);

beforeAll(async () => {
  t = await startTestApp();
  for (const [key, table, code] of [
    ['SUP', 'ref_storage', 'ST-OPS-SUP'],
    ['DON', 'ref_storage', 'ST-P28-DON'],
    ['SDW', 'ref_storage', 'ST-P38-SDW'],
    ['RICE', 'ref_resource', 'RICE-5KG'],
    ['DAMAGED', 'ref_missing_excess_reason', 'DAMAGED'],
  ] as const) {
    const [row] = await sql<{ id: number }>(`select id from ${table} where code = ?`, [code]);
    ids[key] = row.id;
  }
  const [adminRow] = await sql<{ id: number }>("select id from app_user where username = 'admin.demo'");
  await t.em().transactional((tx) =>
    new LedgerService(tx as EntityManager).receive(
      {
        storageId: ids.SUP,
        resourceId: ids.RICE,
        quantity: '100',
        unitValue: '150.00',
        lot: 'L-A',
        expiryDate: '2027-03-01',
      },
      { documentType: 'TEST_SEED', documentId: 1, lineId: null, userId: adminRow.id },
    ),
  );
  const em = t.em();
  const don = await em.findOneOrFail(OrganisationUnit, { code: 'DSDW-P28-DON' });
  newUser(em, {
    kind: 'STAFF',
    username: 'don.officer',
    email: 'don.officer@example.com',
    passwordHash: 'not-used',
    firstNameTh: 'รับ',
    lastNameTh: 'ปลายทาง',
    userStatusCode: UserStatus.Active,
    requestStatusCode: RequestStatus.Approved,
    userGroupCode: 'UG-S01',
    organisationUnit: ref(don),
  });
  await em.flush();
  admin = bearer(await sessionToken(t, 'admin.demo'));
  sdwOfficer = bearer(await sessionToken(t, 'officer.demo'));
  donOfficer = bearer(await sessionToken(t, 'don.officer'));
});
afterAll(() => t.close());

const fields =
  'id number status version allowedActions editable header lines { id lineNo values } history { action fromStatus toStatus actorName }';

interface Doc {
  id: number;
  number: string;
  status: string;
  version: number;
  allowedActions: string[];
  lines: { id: number; lineNo: number; values: Record<string, unknown> }[];
  history: { action: string; toStatus: string }[];
}

async function create(
  headers: Record<string, string>,
  lines: Record<string, unknown>[],
  key?: string,
  from = ids.SUP,
  to = ids.DON,
) {
  const res = await t.graphql<{ createDocument: Doc }>(
    `mutation ($input: DocumentInput!, $key: String) { createDocument(type: STOCK_TRANSFER, input: $input, idempotencyKey: $key) { ${fields} } }`,
    { input: { header: { fromStorage: from, toStorage: to }, lines }, key: key ?? null },
    headers,
  );
  return { doc: res.body.data?.createDocument, error: res.body.errors?.[0], status: res.status };
}

async function act(
  headers: Record<string, string>,
  id: number,
  input: Record<string, unknown>,
  key?: string,
) {
  const res = await t.graphql<{ actOnDocument: Doc }>(
    `mutation ($id: Int!, $input: DocumentActionInput!, $key: String) { actOnDocument(type: STOCK_TRANSFER, id: $id, input: $input, idempotencyKey: $key) { ${fields} } }`,
    { id, input, key: key ?? null },
    headers,
  );
  return { doc: res.body.data?.actOnDocument, error: res.body.errors?.[0] };
}

const balance = async (storage: number, lot = 'L-A') => {
  const [row] = await sql<{ on_hand: string; reserved: string; in_transit: string }>(
    'select on_hand, reserved, in_transit from stock_balance where storage_id = ? and resource_id = ? and lot = ?',
    [storage, ids.RICE, lot],
  );
  return row
    ? { onHand: Number(row.on_hand), inTransit: Number(row.in_transit) }
    : { onHand: 0, inTransit: 0 };
};

describe('stock transfer on the document kit', () => {
  it('sends and receives: stock leaves, travels in transit, arrives, and the shortfall is written off with its reason', async () => {
    const created = await create(admin, [{ resource: ids.RICE, quantity: '10' }]);
    expect(created.error).toBeUndefined();
    const doc = created.doc as Doc;
    expect(doc.number).toMatch(/^TR-25\d\d-\d{6}$/);
    expect(doc.status).toBe('SAVED');
    expect(doc.allowedActions).toEqual(['SEND', 'CANCEL']);

    // Someone else edits it first: the version this person saw is stale.
    const edited = await t.graphql<{ updateDocument: Doc }>(
      `mutation ($input: DocumentInput!) { updateDocument(type: STOCK_TRANSFER, id: ${doc.id}, version: ${doc.version}, input: $input) { ${fields} } }`,
      {
        input: {
          header: { fromStorage: ids.SUP, toStorage: ids.DON },
          lines: [{ resource: ids.RICE, quantity: '10' }],
          remark: 'แก้ไข',
        },
      },
      admin,
    );
    expect(edited.body.errors).toBeUndefined();
    expect(edited.body.data?.updateDocument.history.map((h) => h.action)).toEqual(['CREATE', 'EDIT']);
    const stale = await act(admin, doc.id, { action: 'SEND', version: doc.version });
    expect(stale.error?.extensions?.code).toBe('CONFLICT');
    expect(stale.error?.message).toContain('โหลดใหม่');

    const current = edited.body.data?.updateDocument.version as number;
    const sent = await act(admin, doc.id, { action: 'SEND', version: current }, 'send-key-0001');
    expect(sent.doc?.status).toBe('SENT');
    // The line named no lot: first expiry first out chose L-A and shows it.
    expect(sent.doc?.lines[0].values).toMatchObject({
      lot: 'L-A',
      expiryDate: '2027-03-01',
      quantity: '10.000',
    });
    const retried = await act(admin, doc.id, { action: 'SEND', version: current }, 'send-key-0001');
    expect(retried.doc?.status).toBe('SENT');
    expect(await balance(ids.SUP)).toEqual({ onHand: 90, inTransit: 0 });
    expect(await balance(ids.DON)).toEqual({ onHand: 0, inTransit: 10 });

    const version = sent.doc?.version as number;
    const lineId = sent.doc?.lines[0].id as number;
    // The source's staff may not receive: it is the destination's action.
    expect(
      (await act(sdwOfficer, doc.id, { action: 'RECEIVE', version, lines: [] })).error?.extensions?.code,
    ).toBe('NOT_FOUND');
    const noReason = await act(donOfficer, doc.id, {
      action: 'RECEIVE',
      version,
      lines: [{ id: lineId, values: { receivedQuantity: '8' } }],
    });
    expect(noReason.error?.extensions?.code).toBe('BAD_INPUT');
    expect(JSON.stringify(noReason.error?.extensions?.details)).toContain('missingReason');
    const received = await act(donOfficer, doc.id, {
      action: 'RECEIVE',
      version,
      lines: [{ id: lineId, values: { receivedQuantity: '8', missingReason: ids.DAMAGED } }],
    });
    expect(received.error).toBeUndefined();
    expect(received.doc?.status).toBe('RECEIVED');
    expect(received.doc?.history.map((h) => h.action)).toEqual(['CREATE', 'EDIT', 'SEND', 'RECEIVE']);
    expect(await balance(ids.DON)).toEqual({ onHand: 8, inTransit: 0 });
    const [missing] = await sql<{ q: string }>(
      "select -sum(transit_delta) as q from stock_movement where movement_type = 'TRANSFER_MISSING' and document_id = ?",
      [doc.id],
    );
    expect(Number(missing.q)).toBe(2);
  });

  it('refuses a shortfall with 409 naming the resource, and writes nothing', async () => {
    const { doc } = await create(admin, [{ resource: ids.RICE, quantity: '1000' }]);
    const before = await sql<{ n: number }>('select count(*)::int as n from stock_movement');
    const res = await act(admin, (doc as Doc).id, { action: 'SEND', version: (doc as Doc).version });
    expect(res.error?.extensions?.code).toBe('SHORTFALL');
    expect(res.error?.message).toContain('RICE-5KG');
    expect(await sql<{ n: number }>('select count(*)::int as n from stock_movement')).toEqual(before);
    const [row] = await sql<{ status: string }>('select status from doc_stock_transfer where id = ?', [
      (doc as Doc).id,
    ]);
    expect(row.status).toBe('SAVED');
  });

  it('keeps another division out by id: no read, no action, no transfer out of its storage', async () => {
    const { doc } = await create(admin, [{ resource: ids.RICE, quantity: '1' }]);
    const id = (doc as Doc).id;
    const read = await t.graphql(`{ document(type: STOCK_TRANSFER, id: ${id}) { id } }`, {}, sdwOfficer);
    expect(read.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await act(sdwOfficer, id, { action: 'CANCEL', version: 1 })).error?.extensions?.code).toBe(
      'NOT_FOUND',
    );
    const outOfScope = await create(
      sdwOfficer,
      [{ resource: ids.RICE, quantity: '1' }],
      undefined,
      ids.SUP,
      ids.SDW,
    );
    expect(outOfScope.error?.extensions?.code).toBe('FORBIDDEN');
    const list = await t.graphql<{ documents: { total: number } }>(
      '{ documents(type: STOCK_TRANSFER) { total } }',
      {},
      sdwOfficer,
    );
    expect(list.body.data?.documents.total).toBe(0);
    const incoming = await t.graphql<{ documents: { total: number } }>(
      '{ documents(type: STOCK_TRANSFER) { total } }',
      {},
      donOfficer,
    );
    expect(incoming.body.data?.documents.total).toBeGreaterThan(0);
  });

  it('refuses bad quantities and unknown resources with field errors in Thai and English, writing nothing', async () => {
    const [before] = await sql<{ n: number }>('select count(*)::int as n from doc_stock_transfer');
    for (const [line, field] of [
      [{ resource: ids.RICE, quantity: '0' }, 'lines.0.quantity'],
      [{ resource: ids.RICE, quantity: '-5' }, 'lines.0.quantity'],
      [{ resource: ids.RICE, quantity: '1.2345' }, 'lines.0.quantity'],
      [{ resource: 999999, quantity: '1' }, 'lines.0.resource'],
      [{ resource: ids.RICE, quantity: '1', colour: 'red' }, 'lines.0.colour'],
    ] as const) {
      const res = await create(admin, [line]);
      expect(res.error?.extensions?.code, JSON.stringify(line)).toBe('BAD_INPUT');
      const details = res.error?.extensions?.details as {
        fields: { field: string; messageTh: string; messageEn: string }[];
      };
      expect(details.fields.map((f) => f.field)).toContain(field);
      expect(details.fields[0].messageTh).toMatch(/[ก-๙]/);
    }
    const same = await create(admin, [{ resource: ids.RICE, quantity: '1' }], undefined, ids.SUP, ids.SUP);
    expect(same.error?.extensions?.code).toBe('BAD_INPUT');
    const [after] = await sql<{ n: number }>('select count(*)::int as n from doc_stock_transfer');
    expect(after.n).toBe(before.n);
  });

  it('numbers 8 concurrent creators 1..N with no gap, and a retried create with the same key makes one document', async () => {
    const [{ n: start }] = await sql<{ n: number }>('select count(*)::int as n from doc_stock_transfer');
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        create(admin, [{ resource: ids.RICE, quantity: '1' }], i < 2 ? 'create-key-01' : undefined),
      ),
    );
    const numbers = made.map((m) => m.doc?.number as string);
    expect(new Set(numbers).size).toBe(7); // two shared one key
    const all = await sql<{ number: string }>('select number from doc_stock_transfer order by number');
    const seq = all.map((r) => Number(r.number.slice(-6)));
    expect(seq).toEqual(Array.from({ length: start + 7 }, (_, i) => i + 1));
  });

  it('keeps files with a document: its readers read them, others get 404, a cancelled one is closed to changes', async () => {
    const { doc } = await create(admin, [{ resource: ids.RICE, quantity: '1' }]);
    const id = (doc as Doc).id;
    const upload = multipart([{ fileName: 'ใบส่งของ.pdf', content: samples.pdf }]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/files/stock-transfer/${id}`,
      headers: { ...admin, ...upload.headers },
      payload: upload.payload,
    });
    expect(res.statusCode).toBe(201);
    const readFiles = () =>
      t.graphql<{
        document: {
          attachmentKind: string;
          attachmentsEditable: boolean;
          attachmentLimits: { maxFiles: number; maxBytes: number };
          attachments: { id: number; fileName: string; mediaType: string; url: string }[];
        };
      }>(
        `{ document(type: STOCK_TRANSFER, id: ${id}) { attachmentKind attachmentsEditable attachmentLimits { maxFiles maxBytes } attachments { id fileName mediaType url } } }`,
        {},
        admin,
      );
    const read = await readFiles();
    const [file] = read.body.data?.document.attachments ?? [];
    expect(read.body.data?.document.attachmentKind).toBe('stock-transfer');
    // Clients learn from the document whether they may change its files, and the configured limits.
    expect(read.body.data?.document.attachmentsEditable).toBe(true);
    expect(read.body.data?.document.attachmentLimits).toEqual({ maxFiles: 20, maxBytes: 2 * 1024 * 1024 });
    expect(file).toMatchObject({ fileName: 'ใบส่งของ.pdf', mediaType: 'application/pdf' });
    const mine = await t.app.inject({ method: 'GET', url: file.url, headers: admin });
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(samples.pdf)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: file.url, headers: sdwOfficer })).statusCode).toBe(404);
    await act(admin, id, { action: 'CANCEL', version: (doc as Doc).version });
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/files/stock-transfer/${id}`,
      headers: { ...admin, ...upload.headers },
      payload: upload.payload,
    });
    expect(late.statusCode).toBe(403);
    // The document says so before anyone tries.
    expect((await readFiles()).body.data?.document.attachmentsEditable).toBe(false);
  });
});
