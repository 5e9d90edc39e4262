import { ref } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser } from '../features/users/user.service';
import { OrganisationUnit } from '../kits/core/organisation.entity';
import { RequestStatus, UserStatus } from '../kits/core/user.entity';
import { LedgerService } from '../kits/ledger/ledger.service';
import { samples } from '../platform/files/file-samples';
import { bearer, sessionToken } from '../testing/auth-helpers';
import { multipart } from '../testing/multipart';
import { startTestApp, type TestApp } from '../testing/test-app';

// The document kit through the GraphQL API, with its first type: a transfer between storages.
// Numbering, versions, idempotency, scope by id, the reservation a saved transfer holds, the ledger
// postings of SEND, RECEIVE and CANCEL, shortfalls and bad input that writes nothing.

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

const balance = async (storage: number, lot = 'L-A', resource = ids.RICE) => {
  const [row] = await sql<{ on_hand: string; reserved: string; in_transit: string }>(
    'select on_hand, reserved, in_transit from stock_balance where storage_id = ? and resource_id = ? and lot = ?',
    [storage, resource, lot],
  );
  return row
    ? { onHand: Number(row.on_hand), reserved: Number(row.reserved), inTransit: Number(row.in_transit) }
    : { onHand: 0, reserved: 0, inTransit: 0 };
};

async function update(headers: Record<string, string>, doc: Doc, lines: Record<string, unknown>[]) {
  const res = await t.graphql<{ updateDocument: Doc }>(
    `mutation ($id: Int!, $version: Int!, $input: DocumentInput!) { updateDocument(type: STOCK_TRANSFER, id: $id, version: $version, input: $input) { ${fields} } }`,
    {
      id: doc.id,
      version: doc.version,
      input: { header: { fromStorage: ids.SUP, toStorage: ids.DON }, lines, remark: 'แก้ไข' },
    },
    headers,
  );
  return { doc: res.body.data?.updateDocument, error: res.body.errors?.[0] };
}

/** What a document wrote to the ledger, oldest first: type, lot, on-hand and reserved changes. */
const movementsOf = (id: number) =>
  sql<{ type: string; lot: string; q: string; r: string }>(
    `select movement_type as type, lot, quantity::text as q, reserved_delta::text as r from stock_movement
     where document_type = 'STOCK_TRANSFER' and document_id = ? and storage_id = ? order by id`,
    [id, ids.SUP],
  );

/** A resource of its own (a copy of RICE-5KG's category and unit), so a test's lots are its own. */
async function newResource(code: string): Promise<number> {
  const [row] = await sql<{ id: number }>(
    `insert into ref_resource (code, name_th, name_en, resource_sub_id, counting_unit_id, status_code, created_at, updated_at)
     select ?, ?, ?, resource_sub_id, counting_unit_id, 'A', now(), now() from ref_resource where code = 'RICE-5KG'
     returning id`,
    [code, `ข้าวทดสอบ ${code}`, `Test rice ${code}`],
  );
  return row.id;
}

async function receive(resourceId: number, lot: string, expiryDate: string, quantity: string) {
  const [adminRow] = await sql<{ id: number }>("select id from app_user where username = 'admin.demo'");
  await t
    .em()
    .transactional((tx) =>
      new LedgerService(tx as EntityManager).receive(
        { storageId: ids.SUP, resourceId, quantity, unitValue: '10.00', lot, expiryDate },
        { documentType: 'TEST_SEED', documentId: 2, lineId: null, userId: adminRow.id },
      ),
    );
}

const counts = async () =>
  (
    await sql<{ docs: number; lines: number; movements: number; history: number }>(
      `select (select count(*) from doc_stock_transfer)::int as docs, (select count(*) from doc_stock_transfer_line)::int as lines,
         (select count(*) from stock_movement)::int as movements, (select count(*) from document_history)::int as history`,
    )
  )[0];

describe('stock transfer on the document kit', () => {
  it('reserves on save, re-reserves on edit, sends the reservation into transit and receives it with the shortfall written off', async () => {
    const created = await create(admin, [{ resource: ids.RICE, quantity: '10' }]);
    expect(created.error).toBeUndefined();
    const doc = created.doc as Doc;
    expect(doc.number).toMatch(/^TR-25\d\d-\d{6}$/);
    expect(doc.status).toBe('SAVED');
    expect(doc.allowedActions).toEqual(['SEND', 'CANCEL']);
    // Saved, it holds what it will send: the line names the lot taken first-expiry-first-out.
    expect(doc.lines[0].values).toMatchObject({ lot: 'L-A', expiryDate: '2027-03-01', quantity: '10.000' });
    expect(await balance(ids.SUP)).toEqual({ onHand: 100, reserved: 10, inTransit: 0 });
    // The destination's staff read it, but editing it belongs to the source: no edit is offered.
    const editableFor = async (headers: Record<string, string>) =>
      (
        await t.graphql<{ document: { editable: boolean } }>(
          `{ document(type: STOCK_TRANSFER, id: ${doc.id}) { editable } }`,
          {},
          headers,
        )
      ).body.data?.document.editable;
    expect(await editableFor(admin)).toBe(true);
    expect(await editableFor(donOfficer)).toBe(false);

    // Someone else edits it first (12 instead of 10): the version this person saw is stale.
    const edited = await update(admin, doc, [{ resource: ids.RICE, quantity: '12' }]);
    expect(edited.error).toBeUndefined();
    expect(edited.doc?.history.map((h) => h.action)).toEqual(['CREATE', 'EDIT']);
    expect(await balance(ids.SUP)).toEqual({ onHand: 100, reserved: 12, inTransit: 0 });
    expect((await movementsOf(doc.id)).map((m) => [m.type, m.r])).toEqual([
      ['RESERVE', '10.000'],
      ['RELEASE', '-10.000'],
      ['RESERVE', '12.000'],
    ]);
    const stale = await act(admin, doc.id, { action: 'SEND', version: doc.version });
    expect(stale.error?.extensions?.code).toBe('CONFLICT');
    expect(stale.error?.message).toContain('โหลดใหม่');

    const current = edited.doc?.version as number;
    const sent = await act(admin, doc.id, { action: 'SEND', version: current }, 'send-key-0001');
    expect(sent.doc?.status).toBe('SENT');
    expect(sent.doc?.lines[0].values).toMatchObject({
      lot: 'L-A',
      expiryDate: '2027-03-01',
      quantity: '12.000',
      unitValue: '150.00',
    });
    const retried = await act(admin, doc.id, { action: 'SEND', version: current }, 'send-key-0001');
    expect(retried.doc?.status).toBe('SENT');
    // The reservation left with the goods; nothing was sent twice.
    expect(await balance(ids.SUP)).toEqual({ onHand: 88, reserved: 0, inTransit: 0 });
    expect(await balance(ids.DON)).toEqual({ onHand: 0, reserved: 0, inTransit: 12 });
    expect((await movementsOf(doc.id)).at(-1)).toMatchObject({
      type: 'TRANSFER_OUT',
      q: '-12.000',
      r: '-12.000',
    });

    const version = sent.doc?.version as number;
    const lineId = sent.doc?.lines[0].id as number;
    // The source's staff may not receive: it is the destination's action.
    expect(
      (await act(sdwOfficer, doc.id, { action: 'RECEIVE', version, lines: [] })).error?.extensions?.code,
    ).toBe('NOT_FOUND');
    const noReason = await act(donOfficer, doc.id, {
      action: 'RECEIVE',
      version,
      lines: [{ id: lineId, values: { receivedQuantity: '10' } }],
    });
    expect(noReason.error?.extensions?.code).toBe('BAD_INPUT');
    expect(JSON.stringify(noReason.error?.extensions?.details)).toContain('missingReason');
    const received = await act(donOfficer, doc.id, {
      action: 'RECEIVE',
      version,
      lines: [{ id: lineId, values: { receivedQuantity: '10', missingReason: ids.DAMAGED } }],
    });
    expect(received.error).toBeUndefined();
    expect(received.doc?.status).toBe('RECEIVED');
    expect(received.doc?.history.map((h) => h.action)).toEqual(['CREATE', 'EDIT', 'SEND', 'RECEIVE']);
    expect(await balance(ids.DON)).toEqual({ onHand: 10, reserved: 0, inTransit: 0 });
    const [missing] = await sql<{ q: string }>(
      "select -sum(transit_delta) as q from stock_movement where movement_type = 'TRANSFER_MISSING' and document_id = ?",
      [doc.id],
    );
    expect(Number(missing.q)).toBe(2);
  });

  it('refuses a save beyond the free stock with 409 naming the resource, storage and quantities, and writes nothing', async () => {
    const before = await counts();
    const [{ n: numbered }] = await sql<{ n: number }>(
      "select coalesce(max(last), 0)::int as n from document_counter where series = 'TR'",
    );
    const free = (await balance(ids.SUP)).onHand - (await balance(ids.SUP)).reserved;
    const refused = await create(admin, [{ resource: ids.RICE, quantity: '1000' }]);
    expect(refused.error?.extensions).toMatchObject({
      code: 'SHORTFALL',
      status: 409,
      details: {
        kind: 'AVAILABLE',
        resourceCode: 'RICE-5KG',
        storageCode: 'ST-OPS-SUP',
        available: String(free),
        requested: '1000',
      },
    });
    expect(refused.error?.extensions?.messageTh).toMatch(
      new RegExp(`RICE-5KG .*ST-OPS-SUP .*คงเหลือที่เบิกได้ ${free} \\S+ ต้องการ 1000`),
    );
    expect(refused.error?.extensions?.messageEn).toMatch(
      new RegExp(`RICE-5KG .*ST-OPS-SUP .*: ${free} \\S+ available, 1000 \\S+ requested`),
    );
    expect(await counts()).toEqual(before);
    const [{ n: after }] = await sql<{ n: number }>(
      "select coalesce(max(last), 0)::int as n from document_counter where series = 'TR'",
    );
    expect(after).toBe(numbered);

    // An edit asking for more than there is keeps the document, its lines and its reservation as they were.
    const { doc } = await create(admin, [{ resource: ids.RICE, quantity: '2' }]);
    const held = await balance(ids.SUP);
    const saved = await counts();
    const tooMuch = await update(admin, doc as Doc, [{ resource: ids.RICE, quantity: '1000' }]);
    expect(tooMuch.error?.extensions?.code).toBe('SHORTFALL');
    expect(await counts()).toEqual(saved);
    expect(await balance(ids.SUP)).toEqual(held);
    const read = await t.graphql<{ document: Doc }>(
      `{ document(type: STOCK_TRANSFER, id: ${(doc as Doc).id}) { ${fields} } }`,
      {},
      admin,
    );
    expect(read.body.data?.document).toMatchObject({ version: 1, status: 'SAVED' });
    expect(read.body.data?.document.lines.map((l) => l.values.quantity)).toEqual(['2.000']);
    await act(admin, (doc as Doc).id, { action: 'CANCEL', version: 1 });
  });

  it('splits a line without a lot by first expiry at save, re-reserves on edit, releases every lot on cancel, and lets only one of three racing saves take the last stock', async () => {
    const item = await newResource('TR-SPLIT');
    await receive(item, 'X1', '2027-01-01', '4');
    await receive(item, 'X2', '2027-05-01', '10');
    const { doc, error } = await create(admin, [{ resource: item, quantity: '6' }]);
    expect(error).toBeUndefined();
    expect((doc as Doc).lines.map((l) => [l.values.lot, l.values.expiryDate, l.values.quantity])).toEqual([
      ['X1', '2027-01-01', '4.000'],
      ['X2', '2027-05-01', '2.000'],
    ]);
    expect([
      (await balance(ids.SUP, 'X1', item)).reserved,
      (await balance(ids.SUP, 'X2', item)).reserved,
    ]).toEqual([4, 2]);
    // Down to 3: both lots are released and 3 taken again from the earliest.
    const edited = await update(admin, doc as Doc, [{ resource: item, quantity: '3' }]);
    expect(edited.error).toBeUndefined();
    expect((edited.doc as Doc).lines.map((l) => [l.values.lot, l.values.quantity])).toEqual([
      ['X1', '3.000'],
    ]);
    expect([
      (await balance(ids.SUP, 'X1', item)).reserved,
      (await balance(ids.SUP, 'X2', item)).reserved,
    ]).toEqual([3, 0]);
    // Three saves at once for 6 each with 11 free: one gets it, the other is refused and writes nothing.
    const before = await counts();
    const racing = await Promise.all(
      Array.from({ length: 3 }, () => create(admin, [{ resource: item, quantity: '6' }])),
    );
    expect(racing.filter((r) => r.doc).length).toBe(1);
    for (const r of racing.filter((x) => x.error))
      expect(r.error?.extensions?.details).toMatchObject({
        kind: 'AVAILABLE',
        available: '5',
        requested: '6',
      });
    const after = await counts();
    expect(after.docs - before.docs).toBe(1);

    const cancelled = await act(admin, (doc as Doc).id, {
      action: 'CANCEL',
      version: (edited.doc as Doc).version,
    });
    expect(cancelled.doc?.status).toBe('CANCELLED');
    // What is still reserved is the racing winner's: 1 of X1 and 5 of X2.
    expect([
      (await balance(ids.SUP, 'X1', item)).reserved,
      (await balance(ids.SUP, 'X2', item)).reserved,
    ]).toEqual([1, 5]);
    expect((await balance(ids.SUP, 'X1', item)).onHand).toBe(4);
    expect((await movementsOf((doc as Doc).id)).map((m) => [m.type, m.lot, m.r])).toEqual([
      ['RESERVE', 'X1', '4.000'],
      ['RESERVE', 'X2', '2.000'],
      ['RELEASE', 'X1', '-4.000'],
      ['RELEASE', 'X2', '-2.000'],
      ['RESERVE', 'X1', '3.000'],
      ['RELEASE', 'X1', '-3.000'],
    ]);
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
    // The officer sees only transfers from or to Chiang Mai (the demo data's saved one goes there).
    const list = await t.graphql<{ documents: { items: { id: number; header: Record<string, number> }[] } }>(
      '{ documents(type: STOCK_TRANSFER, rows: 200) { items { id header } } }',
      {},
      sdwOfficer,
    );
    const seen = list.body.data?.documents.items ?? [];
    expect(seen.map((d) => d.id)).not.toContain(id);
    expect(seen.every((d) => d.header.fromStorage === ids.SDW || d.header.toStorage === ids.SDW)).toBe(true);
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

  it('takes a key for one request: the same input again answers the first document, another input is 422 and changes nothing', async () => {
    const key = 'one-request-0001';
    const count = async () =>
      (await sql<{ n: number }>('select count(*)::int as n from doc_stock_transfer'))[0].n;
    const first = await create(admin, [{ resource: ids.RICE, quantity: '2' }], key);
    expect(first.error).toBeUndefined();
    const made = await count();
    const again = await create(admin, [{ resource: ids.RICE, quantity: '2' }], key);
    expect(again.doc).toEqual(first.doc);
    const rows = await sql<{ n: number }>('select count(*)::int as n from idempotency_key where key = ?', [
      key,
    ]);
    expect(rows[0].n).toBe(1);
    for (const other of [
      [{ resource: ids.RICE, quantity: '3' }],
      [{ resource: ids.RICE, quantity: '2', lot: 'L-A' }],
    ]) {
      const refused = await create(admin, other, key);
      expect(refused.doc).toBeUndefined();
      expect(refused.error?.extensions).toMatchObject({
        code: 'IDEMPOTENCY_KEY_REUSED',
        status: 422,
        messageTh: 'รหัสป้องกันการส่งซ้ำ (idempotency key) นี้ถูกใช้กับคำขออื่นแล้ว กรุณาใช้รหัสใหม่',
        messageEn: 'This idempotency key was already used with a different request; use a new key',
      });
    }
    expect(await count()).toBe(made);
    const [line] = await sql<{ quantity: string }>(
      'select sum(quantity)::text as quantity from doc_stock_transfer_line where document_id = ?',
      [first.doc?.id],
    );
    expect(Number(line.quantity)).toBe(2);
    // An action's key too: the same SEND again answers the first, one with another reason is refused.
    const doc = first.doc as Doc;
    const sent = await act(admin, doc.id, { action: 'SEND', version: doc.version }, 'one-request-send-01');
    expect(sent.error).toBeUndefined();
    expect(
      (await act(admin, doc.id, { action: 'SEND', version: doc.version }, 'one-request-send-01')).doc,
    ).toEqual(sent.doc);
    const otherSend = await act(
      admin,
      doc.id,
      { action: 'SEND', version: doc.version, reason: 'อีกคำขอ' },
      'one-request-send-01',
    );
    expect(otherSend.error?.extensions?.code).toBe('IDEMPOTENCY_KEY_REUSED');
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
