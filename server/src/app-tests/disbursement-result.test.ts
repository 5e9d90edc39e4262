import type { AddressInfo } from 'node:net';
import { ref } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerService } from '../features/ledger/ledger.service';
import { verifyLedger } from '../features/ledger/ledger-checks';
import { OrganisationUnit } from '../features/organisation/organisation.entity';
import { RequestStatus, UserStatus } from '../features/users/user.entity';
import { newUser } from '../features/users/user.service';
import { samples } from '../platform/files/file-samples';
import { bearer, sessionToken } from '../testing/auth-helpers';
import { multipart } from '../testing/multipart';
import { startTestApp, type TestApp } from '../testing/test-app';

// Issue 12: the result of a resource disbursement (MN-089 save, MN-090 edit, MN-091 cancel, MN-092 view)
// through the API on the real database. Helpers as in disbursement.test.ts.
// (Was: Issue 12, parts 2 and 3: resource disbursements (MN-067..MN-073) and money disbursements
// (MN-074..MN-080), with their delivery (MN-081/083, MN-085/087) and completion, through the API on
// the real database. officer.demo (OPS-P38-SDW) saves and delivers; approver1.demo (OPS-P38) and
// approver2.demo (OPS) approve. Approval reserves (stock: available drops, on hand does not; money:
// available drops, the balance does not); every cancel undoes what its status had posted.

let t: TestApp;
let url: string;
let officer: Record<string, string>;
let approver: Record<string, string>;
let admin: Record<string, string>;
const ids: Record<string, number> = {};

const sql = <T>(query: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(query, params);

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/graphql`;
  for (const [key, table, code] of [
    ['SDW', 'ref_storage', 'ST-P38-SDW'],
    ['DON', 'ref_storage', 'ST-P28-DON'],
  ] as const) {
    const [row] = await sql<{ id: number }>(`select id from ${table} where code = ?`, [code]);
    ids[key] = row.id;
  }
  const [unit] = await sql<{ id: number }>(`select id from organisation_unit where code = 'OPS-P38-SDW'`);
  ids.SDW_UNIT = unit.id;
  officer = bearer(await sessionToken(t, 'officer.demo'));
  approver = bearer(await sessionToken(t, 'approver1.demo'));
  admin = bearer(await sessionToken(t, 'admin.demo'));
});
afterAll(async () => {
  // Every balance equals the sum of its movements, whatever the tests did.
  expect(await verifyLedger(t.em())).toEqual({ stock: [], money: [] });
  await t.close();
});

interface GqlError {
  message: string;
  extensions?: Record<string, unknown>;
}
interface Line {
  id: number;
  lineNo: number;
  values: Record<string, unknown>;
}
interface Doc {
  id: number;
  number: string;
  status: string;
  version: number;
  allowedActions: string[];
  header: Record<string, unknown>;
  lines: Line[];
}

const docFields = 'id number status version allowedActions header lines { id lineNo values }';

/** Bangkok's today, as the delivery dates take it. */
const today = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
const RECEIVED = () => ({ deliveredOn: today(), receivedBy: 'นายสมชาย รับของ' });
const TRANSFERRED = () => ({ transferredOn: today(), transferReference: 'TRF-2569-0001' });

/** One GraphQL call over HTTP, as a browser makes it. */
async function gql<T>(
  headers: Record<string, string>,
  query: string,
  variables: Record<string, unknown> = {},
) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: GqlError[] };
  return { data: body.data, error: body.errors?.[0] };
}

type TypeName = 'RESOURCE_DISBURSEMENT' | 'MONEY_DISBURSEMENT';

async function create(type: TypeName, input: Record<string, unknown>, headers = officer) {
  const res = await gql<{ createDocument: Doc }>(
    headers,
    `mutation ($input: DocumentInput!) { createDocument(type: ${type}, input: $input) { ${docFields} } }`,
    { input },
  );
  return { doc: res.data?.createDocument as Doc, error: res.error };
}

async function act(
  type: TypeName,
  doc: Pick<Doc, 'id' | 'version'>,
  action: string,
  headers: Record<string, string>,
  extra: {
    reason?: string | null;
    header?: Record<string, unknown>;
    lines?: { id: number; values: Record<string, unknown> }[];
  } = {},
) {
  const res = await gql<{ actOnDocument: Doc }>(
    headers,
    `mutation ($id: Int!, $input: DocumentActionInput!) { actOnDocument(type: ${type}, id: $id, input: $input) { ${docFields} } }`,
    { id: doc.id, input: { action, version: doc.version, ...extra } },
  );
  return { doc: res.data?.actOnDocument as Doc, error: res.error };
}

/** Takes the action and expects it to go through. */
async function ok(
  type: TypeName,
  doc: Pick<Doc, 'id' | 'version'>,
  action: string,
  headers: Record<string, string>,
  extra: Parameters<typeof act>[4] = {},
): Promise<Doc> {
  const res = await act(type, doc, action, headers, extra);
  expect(res.error, `${action}: ${JSON.stringify(res.error)}`).toBeUndefined();
  return res.doc;
}

let serial = 0;

/** A new resource with stock in ST-P38-SDW, lot by lot (quantity, expiry). */
async function stocked(
  lots: { lot: string; quantity: string; expiryDate: string | null }[],
): Promise<number> {
  const code = `T-DISB-${++serial}`;
  const [row] = await sql<{ id: number }>(
    `insert into ref_resource (code, name_th, name_en, resource_sub_id, counting_unit_id, status_code, created_at, updated_at)
     select ?, ?, ?, resource_sub_id, counting_unit_id, 'A', now(), now() from ref_resource where code = 'RICE-5KG'
     returning id`,
    [code, `ข้าวทดสอบเบิกจ่าย ${serial}`, `Disbursement test rice ${serial}`],
  );
  const [user] = await sql<{ id: number }>(`select id from app_user where username = 'admin.demo'`);
  await t.em().transactional(async (tx) => {
    const ledger = new LedgerService(tx);
    for (const lot of lots)
      await ledger.receive(
        { storageId: ids.SDW, resourceId: row.id, unitValue: '50', ...lot },
        { documentType: 'TEST_STOCK', documentId: row.id, lineId: null, userId: user.id },
      );
  });
  return row.id;
}

/** A new money account of the officer's unit holding the given amount. */
async function funded(amount: string): Promise<number> {
  const [row] = await sql<{ id: number }>(
    `insert into ref_money_account (code, name_th, name_en, owner_unit_id, bank_code, account_number, status_code,
       created_at, updated_at)
     values (?, ?, ?, ?, '006', '1234567890', 'A', now(), now()) returning id`,
    [`AC-DISB-${++serial}`, `บัญชีทดสอบเบิกจ่าย ${serial}`, `Disbursement test account ${serial}`, ids.SDW_UNIT],
  );
  const [user] = await sql<{ id: number }>(`select id from app_user where username = 'admin.demo'`);
  await t
    .em()
    .transactional((tx) =>
      new LedgerService(tx).money.credit(
        { accountId: row.id, amount, type: 'INITIAL' },
        { documentType: 'TEST_MONEY', documentId: row.id, lineId: null, userId: user.id },
      ),
    );
  return row.id;
}

interface Stock {
  lot: string;
  expiryDate: string | null;
  onHand: string;
  reserved: string;
  available: string;
}

/** What the stock screen shows for the resource in ST-P38-SDW, lot by lot, earliest expiry first. */
async function stockOf(resourceId: number): Promise<Stock[]> {
  const res = await gql<{ stockOnHand: Stock[] }>(
    admin,
    `{ stockOnHand(storageId: ${ids.SDW}, resourceId: ${resourceId}) { lot expiryDate onHand reserved available } }`,
  );
  expect(res.error).toBeUndefined();
  return (res.data?.stockOnHand ?? []).sort((a, b) =>
    String(a.expiryDate).localeCompare(String(b.expiryDate)),
  );
}

const totals = (rows: Stock[]) => ({
  onHand: rows.reduce((s, r) => s + Number(r.onHand), 0),
  reserved: rows.reduce((s, r) => s + Number(r.reserved), 0),
  available: rows.reduce((s, r) => s + Number(r.available), 0),
});

/** What the money screen shows for the account. */
async function moneyOf(accountId: number) {
  const res = await gql<{
    moneyBalances: { accountId: number; balance: string; reserved: string; available: string }[];
  }>(admin, '{ moneyBalances { accountId balance reserved available } }');
  const row = res.data?.moneyBalances.find((b) => b.accountId === accountId);
  return row && { balance: row.balance, reserved: row.reserved, available: row.available };
}

const resourceInput = (
  storage: number,
  lines: Record<string, unknown>[],
  header: Record<string, unknown> = {},
) => ({
  header: { storage, recipientName: 'ศูนย์พักพิงชั่วคราว บึงกาฬ', purpose: 'ช่วยผู้ประสบอุทกภัย', ...header },
  lines,
});

const moneyInput = (moneyAccount: number, amount: string, header: Record<string, unknown> = {}) => ({
  header: {
    moneyAccount,
    amount,
    recipientName: 'นางสมศรี ใจดี',
    recipientBank: '002',
    recipientAccountNumber: '123-4-56789-0',
    ...header,
  },
});

/** Saved by the officer and submitted for approval. */
async function pending(type: TypeName, input: Record<string, unknown>): Promise<Doc> {
  const { doc, error } = await create(type, input);
  expect(error, JSON.stringify(error)).toBeUndefined();
  expect(doc.status).toBe('DRAFT');
  return ok(type, doc, 'SUBMIT', officer);
}

const deliverAll = (doc: Doc) => ({
  header: RECEIVED(),
  lines: doc.lines.map((l) => ({ id: l.id, values: { deliveredQuantity: String(l.values.quantity) } })),
});

const R: TypeName = 'RESOURCE_DISBURSEMENT';
const M: TypeName = 'MONEY_DISBURSEMENT';

const RESULT = () => ({ resultDate: today(), beneficiaries: 120, outcome: 'แจกถุงยังชีพครบ 120 ครัวเรือน' });

/** What the disbursement's row holds: status, version, the result's columns. */
async function row(id: number) {
  const [r] = await sql<Record<string, unknown>>(
    `select status, version, to_char(result_date, 'YYYY-MM-DD') as result_date, beneficiaries, outcome,
       (select count(*)::int from document_history h where h.document_type = 'RESOURCE_DISBURSEMENT' and h.document_id = d.id) as history
     from doc_resource_disbursement d where id = ?`,
    [id],
  );
  return r;
}

/** A resource disbursement approved and delivered in full (8 of 10 units). */
async function delivered(): Promise<{ doc: Doc; item: number }> {
  const item = await stocked([{ lot: 'A', quantity: '10', expiryDate: null }]);
  const approved = await ok(
    R,
    await pending(R, resourceInput(ids.SDW, [{ resource: item, quantity: '8' }])),
    'APPROVE',
    approver,
  );
  return { doc: await ok(R, approved, 'DELIVER', officer, deliverAll(approved)), item };
}

const uploadPhoto = (id: number, name: string, content: Buffer) => {
  const body = multipart([{ fileName: name, content }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/files/resource-disbursement/${id}`,
    headers: { ...officer, ...body.headers },
    payload: body.payload,
  });
};

describe('the result of a resource disbursement (MN-089..MN-092)', () => {
  it('records, edits and cancels the result; the delivery cannot be cancelled while it stands', async () => {
    const { doc, item } = await delivered();
    expect(doc.allowedActions).toContain('COMPLETE');

    const done = await ok(R, doc, 'COMPLETE', officer, { header: RESULT() });
    expect(done.status).toBe('COMPLETED');
    expect(done.header).toMatchObject({ ...RESULT(), deliveredOn: today() });
    expect(done.allowedActions).toEqual(expect.arrayContaining(['EDIT_RESULT', 'CANCEL_RESULT']));
    expect(done.allowedActions).not.toContain('CANCEL_DELIVERY');
    expect(await row(doc.id)).toMatchObject({ status: 'COMPLETED', beneficiaries: 120 });

    // Photos are the document's image attachments, added on the result's screens.
    const photo = await uploadPhoto(doc.id, 'แจกของ.jpg', samples.jpeg);
    expect(photo.statusCode).toBe(201);

    // The delivery cannot be cancelled while a result depends on it; nothing changes.
    const before = await row(doc.id);
    const refused = await act(R, done, 'CANCEL_DELIVERY', officer, { reason: 'ส่งผิด' });
    expect(refused.error?.extensions).toMatchObject({ status: 409, code: 'WORKFLOW_STATUS' });
    expect(await row(doc.id)).toEqual(before);
    expect(totals(await stockOf(item))).toEqual({ onHand: 2, reserved: 0, available: 2 });

    // Edit: the figures change, the status stays, the history records it.
    const edited = await ok(R, done, 'EDIT_RESULT', officer, {
      header: { ...RESULT(), beneficiaries: 0, outcome: 'ผู้รับย้ายออกก่อนแจก' },
    });
    expect(edited.status).toBe('COMPLETED');
    expect(edited.version).toBe(done.version + 1);
    expect(await row(doc.id)).toMatchObject({ beneficiaries: 0, outcome: 'ผู้รับย้ายออกก่อนแจก' });

    // Cancel: back to DELIVERED with the figures cleared; the photo stays.
    const noReason = await act(R, edited, 'CANCEL_RESULT', officer);
    expect(noReason.error?.extensions).toMatchObject({ status: 400 });
    const cancelled = await ok(R, edited, 'CANCEL_RESULT', officer, { reason: 'บันทึกผิดรายการ' });
    expect(cancelled.status).toBe('DELIVERED');
    expect(cancelled.header).toMatchObject({ resultDate: null, beneficiaries: null, outcome: null });
    expect(await row(doc.id)).toMatchObject({
      status: 'DELIVERED',
      result_date: null,
      beneficiaries: null,
      outcome: null,
    });
    const [{ photos }] = await sql<{ photos: number }>(
      `select count(*)::int as photos from attachment where owner_kind = 'resource-disbursement' and owner_id = ? and media_type like 'image/%'`,
      [doc.id],
    );
    expect(photos).toBe(1);

    // With the result gone the delivery can be cancelled again: the goods are held once more.
    const undelivered = await ok(R, cancelled, 'CANCEL_DELIVERY', officer, { reason: 'ส่งผิดที่' });
    expect(undelivered.status).toBe('APPROVED');
    expect(totals(await stockOf(item))).toEqual({ onHand: 10, reserved: 8, available: 2 });
  });

  it('refuses a bad result in Thai and English and writes nothing', async () => {
    const { doc } = await delivered();
    const tomorrow = new Date(Date.now() + 31 * 3_600_000).toISOString().slice(0, 10);
    const bad: [string, Record<string, unknown>, string][] = [
      ['beneficiaries', { ...RESULT(), beneficiaries: -1 }, 'beneficiaries'],
      ['fraction', { ...RESULT(), beneficiaries: 2.5 }, 'beneficiaries'],
      ['missing count', { resultDate: today(), outcome: 'x' }, 'beneficiaries'],
      ['missing outcome', { resultDate: today(), beneficiaries: 3 }, 'outcome'],
      ['empty outcome', { ...RESULT(), outcome: '   ' }, 'outcome'],
      ['missing date', { beneficiaries: 3, outcome: 'x' }, 'resultDate'],
      ['future date', { ...RESULT(), resultDate: tomorrow }, 'resultDate'],
      ['before delivery', { ...RESULT(), resultDate: '2020-01-01' }, 'resultDate'],
      ['malformed date', { ...RESULT(), resultDate: '2569-13-40' }, 'resultDate'],
      ['too long', { ...RESULT(), outcome: 'ก'.repeat(2001) }, 'outcome'],
    ];
    const before = await row(doc.id);
    for (const [what, header, field] of bad) {
      const res = await act(R, doc, 'COMPLETE', officer, { header });
      expect(res.error?.extensions, what).toMatchObject({ status: 400 });
      // Named under the field (the kit's checks) or, over 2,000 characters, as the argument (the API's limit).
      const details = res.error?.extensions?.details as {
        fields?: { field: string; messageTh: string; messageEn: string }[];
        argument?: string;
      };
      const named = details?.fields?.find((f) => f.field === field) ?? {
        field: details?.argument,
        messageTh: String(res.error?.extensions?.messageTh),
        messageEn: String(res.error?.extensions?.messageEn),
      };
      expect([field, `input.header.${field}`], `${what}: ${JSON.stringify(res.error)}`).toContain(
        named.field,
      );
      expect(named.messageTh).toMatch(/[\u0E00-\u0E7F]/);
      expect(named.messageEn).toMatch(/[a-z]/);
      expect(await row(doc.id), what).toEqual(before);
    }
    // Edit and cancel of a result that is not recorded are refused by status.
    for (const action of ['EDIT_RESULT', 'CANCEL_RESULT']) {
      const res = await act(R, doc, action, officer, { header: RESULT(), reason: 'x' });
      expect(res.error?.extensions, action).toMatchObject({ status: 409, code: 'WORKFLOW_STATUS' });
    }
    // A bad edit of a recorded result keeps the recorded one.
    const done = await ok(R, doc, 'COMPLETE', officer, { header: RESULT() });
    const recorded = await row(doc.id);
    const badEdit = await act(R, done, 'EDIT_RESULT', officer, {
      header: { ...RESULT(), beneficiaries: -5 },
    });
    expect(badEdit.error?.extensions).toMatchObject({ status: 400 });
    expect(await row(doc.id)).toEqual(recorded);
  });
});

const requestFields = 'id number status version lines { id lineNo values }';

/** A support request of the officer's unit for the resource (20) and money (1,000.00), approved 15 and 800.00. */
async function approvedRequest(item: number): Promise<Doc> {
  const res = await gql<{ createDocument: Doc }>(
    officer,
    `mutation ($input: DocumentInput!) { createDocument(type: SUPPORT_REQUEST, input: $input) { ${requestFields} } }`,
    {
      input: {
        header: {
          unit: ids.SDW_UNIT,
          requesterKind: 'PERSON',
          requesterName: 'นายผู้ขอ ทดสอบ',
          receiverType: 'COMMUNITY',
          province: '38',
          requestDate: today(),
          urgency: 'URGENT',
          purpose: 'น้ำท่วม',
        },
        lines: [{ resource: item, quantity: '20' }, { amount: '1000.00' }],
      },
    },
  );
  expect(res.error, JSON.stringify(res.error)).toBeUndefined();
  const request = res.data?.createDocument as Doc;
  const actOn = async (doc: Doc, action: string, headers: Record<string, string>, extra = {}) => {
    const r = await gql<{ actOnDocument: Doc }>(
      headers,
      `mutation ($id: Int!, $input: DocumentActionInput!) { actOnDocument(type: SUPPORT_REQUEST, id: $id, input: $input) { ${requestFields} } }`,
      { id: doc.id, input: { action, version: doc.version, ...extra } },
    );
    expect(r.error, JSON.stringify(r.error)).toBeUndefined();
    return r.data?.actOnDocument as Doc;
  };
  const submitted = await actOn(request, 'SUBMIT', officer);
  return actOn(submitted, 'APPROVE', approver, {
    lines: [
      { id: submitted.lines[0].id, values: { approvedQuantity: '15' } },
      { id: submitted.lines[1].id, values: { approvedAmount: '800.00' } },
    ],
  });
}

async function requestAct(
  doc: Pick<Doc, 'id'>,
  action: string,
  headers: Record<string, string>,
  reason?: string,
) {
  const [{ version }] = await sql<{ version: number }>(
    'select version from doc_support_request where id = ?',
    [doc.id],
  );
  return gql<{ actOnDocument: Doc }>(
    headers,
    `mutation ($id: Int!, $input: DocumentActionInput!) { actOnDocument(type: SUPPORT_REQUEST, id: $id, input: $input) { ${requestFields} } }`,
    { id: doc.id, input: { action, version, reason } },
  );
}

const counts = async () =>
  (
    await sql<{ rd: number; md: number; lines: number }>(
      `select (select count(*)::int from doc_resource_disbursement) as rd, (select count(*)::int from doc_money_disbursement) as md,
         (select count(*)::int from doc_resource_disbursement_line) as lines`,
    )
  )[0];

describe('a disbursement made from an approved support request', () => {
  it('names the request and its lines; refuses what the request does not allow, writing nothing', async () => {
    const item = await stocked([{ lot: 'A', quantity: '50', expiryDate: null }]);
    const other = await stocked([{ lot: 'A', quantity: '50', expiryDate: null }]);
    const request = await approvedRequest(item);
    const [goods, money] = request.lines;
    const account = await funded('5000.00');

    const good = await create(
      R,
      resourceInput(ids.SDW, [{ resource: item, quantity: '10', supportRequestLine: goods.id }], {
        supportRequestId: request.id,
      }),
    );
    expect(good.error, JSON.stringify(good.error)).toBeUndefined();
    expect(good.doc.header.supportRequestId).toBe(request.id);
    expect(good.doc.lines[0].values.supportRequestLine).toBe(goods.id);

    // A request still waiting, and one of another division (read as not found).
    const waiting = await approvedRequest(item);
    await requestAct(waiting, 'CANCEL_APPROVE', approver, 'ทบทวน');
    const foreign = await approvedRequest(item);
    await sql(
      `update doc_support_request set owner_unit_id = (select owner_unit_id from ref_storage where id = ?) where id = ?`,
      [ids.DON, foreign.id],
    );
    const refusals: [string, TypeName, Record<string, unknown>, string][] = [
      [
        'not approved',
        R,
        resourceInput(ids.SDW, [{ resource: item, quantity: '1' }], { supportRequestId: waiting.id }),
        'supportRequestId',
      ],
      [
        'out of scope',
        R,
        resourceInput(ids.SDW, [{ resource: item, quantity: '1' }], { supportRequestId: foreign.id }),
        'supportRequestId',
      ],
      [
        'unknown request',
        R,
        resourceInput(ids.SDW, [{ resource: item, quantity: '1' }], { supportRequestId: 999_999 }),
        'supportRequestId',
      ],
      [
        'other resource',
        R,
        resourceInput(ids.SDW, [{ resource: other, quantity: '1', supportRequestLine: goods.id }], {
          supportRequestId: request.id,
        }),
        'lines.0.resource',
      ],
      [
        'money line for goods',
        R,
        resourceInput(ids.SDW, [{ resource: item, quantity: '1', supportRequestLine: money.id }], {
          supportRequestId: request.id,
        }),
        'lines.0.supportRequestLine',
      ],
      [
        'line of another request',
        R,
        resourceInput(ids.SDW, [{ resource: item, quantity: '1', supportRequestLine: waiting.lines[0].id }], {
          supportRequestId: request.id,
        }),
        'lines.0.supportRequestLine',
      ],
      [
        'line without request',
        R,
        resourceInput(ids.SDW, [{ resource: item, quantity: '1', supportRequestLine: goods.id }]),
        'lines.0.supportRequestLine',
      ],
      [
        'over the remainder (15 approved, 10 taken)',
        R,
        resourceInput(ids.SDW, [{ resource: item, quantity: '5.001', supportRequestLine: goods.id }], {
          supportRequestId: request.id,
        }),
        'lines.0.quantity',
      ],
      [
        'over the remainder in two lines',
        R,
        resourceInput(
          ids.SDW,
          [
            { resource: item, quantity: '3', supportRequestLine: goods.id },
            { resource: item, quantity: '3', supportRequestLine: goods.id },
          ],
          { supportRequestId: request.id },
        ),
        'lines.1.quantity',
      ],
      [
        'money over the approval',
        M,
        moneyInput(account, '800.01', { supportRequestId: request.id, supportRequestLine: money.id }),
        'amount',
      ],
      [
        'goods line for money',
        M,
        moneyInput(account, '1.00', { supportRequestId: request.id, supportRequestLine: goods.id }),
        'supportRequestLine',
      ],
    ];
    const before = await counts();
    for (const [what, type, input, field] of refusals) {
      const res = await create(type, input);
      expect(res.error?.extensions, what).toMatchObject({ status: 400, code: 'BAD_INPUT' });
      const details = res.error?.extensions?.details as
        | { fields?: { field: string; messageTh: string; messageEn: string }[] }
        | undefined;
      const fields = details?.fields ?? [];
      const named = fields.find((f) => f.field === field);
      expect(named, `${what}: ${JSON.stringify(fields)}`).toBeDefined();
      expect(named?.messageTh).toMatch(/[\u0E00-\u0E7F]/);
      expect(named?.messageEn).toMatch(/[a-z]/);
      expect(await counts(), what).toEqual(before);
    }
    const over = await create(
      R,
      resourceInput(ids.SDW, [{ resource: item, quantity: '6', supportRequestLine: goods.id }], {
        supportRequestId: request.id,
      }),
    );
    expect(over.error?.extensions?.messageEn).toContain('approved 15.000, disbursed 10.000, left 5.000');

    // Exactly the remainder goes through; a cancelled disbursement gives its share back.
    const rest = await create(
      R,
      resourceInput(ids.SDW, [{ resource: item, quantity: '5', supportRequestLine: goods.id }], {
        supportRequestId: request.id,
      }),
    );
    expect(rest.error).toBeUndefined();
    const moneyDoc = await create(
      M,
      moneyInput(account, '800.00', { supportRequestId: request.id, supportRequestLine: money.id }),
    );
    expect(moneyDoc.error, JSON.stringify(moneyDoc.error)).toBeUndefined();
    await ok(R, rest.doc, 'CANCEL', officer);
    const again = await create(
      R,
      resourceInput(ids.SDW, [{ resource: item, quantity: '5', supportRequestLine: goods.id }], {
        supportRequestId: request.id,
      }),
    );
    expect(again.error).toBeUndefined();

    // The request's cancel-approve is refused while live disbursements name it, naming them.
    const refused = await requestAct(request, 'CANCEL_APPROVE', approver, 'ทบทวน');
    expect(refused.error?.extensions).toMatchObject({ status: 409, code: 'DEPENDENT_DOCUMENTS' });
    expect(refused.error?.extensions?.messageEn).toContain(good.doc.number);
    expect(refused.error?.extensions?.messageEn).toContain(moneyDoc.doc.number);
    expect(refused.error?.extensions?.messageEn).not.toContain(rest.doc.number);
    const [{ status }] = await sql<{ status: string }>(
      'select status from doc_support_request where id = ?',
      [request.id],
    );
    expect(status).toBe('APPROVED');
    // Once they are cancelled it goes through.
    for (const [type, doc] of [
      [R, good.doc],
      [R, again.doc],
      [M, moneyDoc.doc],
    ] as const)
      await ok(type, doc, 'CANCEL', officer);
    const allowed = await requestAct(request, 'CANCEL_APPROVE', approver, 'ทบทวน');
    expect(allowed.error).toBeUndefined();
    expect(allowed.data?.actOnDocument.status).toBe('SUBMITTED');
  });
});

describe('what the disbursement form offers for its support request', () => {
  it('names approved support requests and their lines, and the list it reads holds only approved ones in scope', async () => {
    const types = await gql<{
      documentTypes: {
        type: string;
        header: { name: string; refDocumentType: string | null; refDocumentStatus: string | null }[];
        lines: { name: string; refDocumentType: string | null; refLineOf: string | null }[];
      }[];
    }>(
      officer,
      '{ documentTypes { type header { name refDocumentType refDocumentStatus } lines { name refDocumentType refLineOf } } }',
    );
    expect(types.error).toBeUndefined();
    const of = (type: string) => types.data?.documentTypes.find((d) => d.type === type);
    expect(of('RESOURCE_DISBURSEMENT')?.header.find((f) => f.name === 'supportRequestId')).toEqual({
      name: 'supportRequestId',
      refDocumentType: 'SUPPORT_REQUEST',
      refDocumentStatus: 'APPROVED',
    });
    expect(of('RESOURCE_DISBURSEMENT')?.lines.find((f) => f.name === 'supportRequestLine')).toEqual({
      name: 'supportRequestLine',
      refDocumentType: 'SUPPORT_REQUEST',
      refLineOf: 'supportRequestId',
    });
    expect(of('MONEY_DISBURSEMENT')?.header.find((f) => f.name === 'supportRequestId')?.refDocumentType).toBe(
      'SUPPORT_REQUEST',
    );
    // Fields that name nothing offer nothing.
    expect(of('RESOURCE_DISBURSEMENT')?.lines.find((f) => f.name === 'quantity')?.refDocumentType).toBeNull();

    // The options as the form reads them: approved, in the officer's scope; not a waiting one, not
    // another division's.
    const item = await stocked([{ lot: 'A', quantity: '5', expiryDate: null }]);
    const mine = await approvedRequest(item);
    const waiting = await approvedRequest(item);
    await requestAct(waiting, 'CANCEL_APPROVE', approver, 'ทบทวน');
    const foreign = await approvedRequest(item);
    await sql(
      `update doc_support_request set owner_unit_id = (select owner_unit_id from ref_storage where id = ?) where id = ?`,
      [ids.DON, foreign.id],
    );
    const offered = await gql<{ documents: { items: { id: number; status: string }[] } }>(
      officer,
      '{ documents(type: SUPPORT_REQUEST, status: "APPROVED", rows: 200) { items { id status } } }',
    );
    expect(offered.error).toBeUndefined();
    const offeredIds = offered.data?.documents.items.map((d) => d.id) ?? [];
    expect(offeredIds).toContain(mine.id);
    expect(offeredIds).not.toContain(waiting.id);
    expect(offeredIds).not.toContain(foreign.id);
    expect(new Set(offered.data?.documents.items.map((d) => d.status))).toEqual(new Set(['APPROVED']));
  });
});

describe('traceability of a support request', () => {
  it('shows per line what was asked, approved, disbursed, delivered and reported, and links both ways', async () => {
    const item = await stocked([{ lot: 'A', quantity: '50', expiryDate: null }]);
    const request = await approvedRequest(item);
    const [goods, money] = request.lines;
    const from = { supportRequestId: request.id };
    // One delivered (5 of 6) with its result recorded; one only approved (4).
    const first = await ok(
      R,
      await pending(
        R,
        resourceInput(ids.SDW, [{ resource: item, quantity: '6', supportRequestLine: goods.id }], from),
      ),
      'APPROVE',
      approver,
    );
    const delivered = await ok(R, first, 'DELIVER', officer, {
      header: RECEIVED(),
      lines: [{ id: first.lines[0].id, values: { deliveredQuantity: '5' } }],
    });
    const reported = await ok(R, delivered, 'COMPLETE', officer, { header: RESULT() });
    const second = await ok(
      R,
      await pending(
        R,
        resourceInput(ids.SDW, [{ resource: item, quantity: '4', supportRequestLine: goods.id }], from),
      ),
      'APPROVE',
      approver,
    );
    // A draft and a cancelled one count for nothing.
    await create(
      R,
      resourceInput(ids.SDW, [{ resource: item, quantity: '1', supportRequestLine: goods.id }], from),
    );

    const res = await gql<{
      document: Doc & { related: { type: string; id: number; number: string }[] };
    }>(
      officer,
      `{ document(type: SUPPORT_REQUEST, id: ${request.id}) { id lines { id values } related { type id number } } }`,
    );
    expect(res.error).toBeUndefined();
    const read = res.data?.document as Doc & { related: { type: string; id: number; number: string }[] };
    const goodsLine = read.lines.find((l) => l.id === goods.id)?.values;
    const moneyLine = read.lines.find((l) => l.id === money.id)?.values;
    expect(goodsLine).toMatchObject({
      quantity: '20.000',
      approvedQuantity: '15.000',
      disbursedQuantity: '10.000',
      deliveredQuantity: '5.000',
      reportedQuantity: '5.000',
      disbursedAmount: null,
    });
    expect(moneyLine).toMatchObject({
      amount: '1000.00',
      approvedAmount: '800.00',
      disbursedAmount: '0.00',
      deliveredAmount: '0.00',
      reportedAmount: '0.00',
      disbursedQuantity: null,
    });
    // The same figures summed directly from the disbursements.
    const [direct] = await sql<{ disbursed: string; delivered: string; reported: string }>(
      `select sum(l.quantity) filter (where d.status in ('APPROVED','DELIVERED','COMPLETED'))::numeric(14,3)::text as disbursed,
              coalesce(sum(l.delivered_quantity) filter (where d.status in ('DELIVERED','COMPLETED')), 0)::numeric(14,3)::text as delivered,
              coalesce(sum(l.delivered_quantity) filter (where d.status = 'COMPLETED'), 0)::numeric(14,3)::text as reported
         from doc_resource_disbursement_line l join doc_resource_disbursement d on d.id = l.document_id
        where l.support_request_line = ?`,
      [goods.id],
    );
    expect(direct).toEqual({
      disbursed: goodsLine?.disbursedQuantity,
      delivered: goodsLine?.deliveredQuantity,
      reported: goodsLine?.reportedQuantity,
    });
    expect(read.related.filter((d) => d.type === 'RESOURCE_DISBURSEMENT').map((d) => d.id)).toEqual(
      expect.arrayContaining([reported.id, second.id]),
    );
    const back = await gql<{ document: { related: { type: string; id: number; number: string }[] } }>(
      officer,
      `{ document(type: RESOURCE_DISBURSEMENT, id: ${second.id}) { related { type id number } } }`,
    );
    expect(back.data?.document.related).toEqual([
      { type: 'SUPPORT_REQUEST', id: request.id, number: request.number },
    ]);
  });
});
