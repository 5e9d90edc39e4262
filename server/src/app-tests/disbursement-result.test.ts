import { describe, expect, it } from 'vitest';
import { samples } from '../platform/files/file-samples';
import {
  act,
  approver,
  create,
  type Doc,
  deliverAll,
  funded,
  gql,
  ids,
  M,
  moneyInput,
  moneyOf,
  officer,
  ok,
  pending,
  R,
  RECEIVED,
  resourceInput,
  sql,
  stocked,
  stockOf,
  TRANSFERRED,
  type TypeName,
  t,
  today,
  totals,
  useDisbursementHarness,
} from '../testing/disbursement-harness';

useDisbursementHarness();

import { multipart } from '../testing/multipart';

// Issue 12: the result of a resource disbursement (MN-089 save, MN-090 edit, MN-091 cancel, MN-092 view)
// through the API on the real database, with the harness the disbursement tests share.

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

interface HistoryChange {
  field: string;
  line: number | null;
  before: string | null;
  after: string | null;
}

/** The document's history as its details show it: action, status and what an edit changed. */
async function historyOf(type: TypeName, id: number) {
  const res = await gql<{
    document: { history: { action: string; toStatus: string; changes: HistoryChange[] }[] };
  }>(
    officer,
    `{ document(type: ${type}, id: ${id}) { history { action toStatus changes { field line before after } } } }`,
  );
  expect(res.error).toBeUndefined();
  return res.data?.document.history ?? [];
}

describe('editing a delivery (MN-082 goods, MN-086 money)', () => {
  it('enters the delivery again: the document, the stock and the history show the new one', async () => {
    const { doc, item } = await delivered();
    expect(doc.allowedActions).toContain('EDIT_DELIVERY');
    const yesterday = new Date(Date.now() + 7 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
    // Someone without MN-082 (the approver reads the deliveries) may not edit it: 403, nothing changes.
    const before = await row(doc.id);
    const edit = {
      header: { deliveredOn: yesterday, receivedBy: 'นางสาวสมใจ รับแทน' },
      lines: doc.lines.map((l) => ({ id: l.id, values: { deliveredQuantity: '6' } })),
    };
    const outsider = await act(R, doc, 'EDIT_DELIVERY', approver, edit);
    expect(outsider.error?.extensions).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(await row(doc.id)).toEqual(before);

    // 6 of the 8 delivered instead: the 2 not delivered go back to free stock.
    const edited = await ok(R, doc, 'EDIT_DELIVERY', officer, edit);
    expect(edited.status).toBe('DELIVERED');
    expect(edited.version).toBe(doc.version + 1);
    expect(edited.header).toMatchObject({ deliveredOn: yesterday, receivedBy: 'นางสาวสมใจ รับแทน' });
    expect(edited.lines.map((l) => l.values.deliveredQuantity)).toEqual(['6.000']);
    expect(totals(await stockOf(item))).toEqual({ onHand: 4, reserved: 0, available: 4 });
    const last = (await historyOf(R, doc.id)).at(-1);
    expect(last).toMatchObject({ action: 'EDIT_DELIVERY', toStatus: 'DELIVERED' });
    expect(last?.changes).toEqual([
      { field: 'deliveredOn', line: null, before: today(), after: yesterday },
      { field: 'receivedBy', line: null, before: 'นายสมชาย รับของ', after: 'นางสาวสมใจ รับแทน' },
      { field: 'deliveredQuantity', line: 1, before: '8.000', after: '6.000' },
    ]);

    // A bad edit (more than approved, a future date) is refused under the field; nothing changes.
    const tomorrow = new Date(Date.now() + 31 * 3_600_000).toISOString().slice(0, 10);
    const kept = await row(doc.id);
    for (const [what, extra, field] of [
      [
        'over',
        { ...edit, lines: [{ id: doc.lines[0].id, values: { deliveredQuantity: '8.001' } }] },
        'lines.0.deliveredQuantity',
      ],
      [
        'nothing',
        { ...edit, lines: [{ id: doc.lines[0].id, values: { deliveredQuantity: '0' } }] },
        'lines.0.deliveredQuantity',
      ],
      ['future', { ...edit, header: { ...edit.header, deliveredOn: tomorrow } }, 'deliveredOn'],
      ['no receiver', { ...edit, header: { deliveredOn: today(), receivedBy: ' ' } }, 'receivedBy'],
    ] as [string, Parameters<typeof act>[4], string][]) {
      const res = await act(R, edited, 'EDIT_DELIVERY', officer, extra);
      expect(res.error?.extensions, what).toMatchObject({ status: 400 });
      const details = res.error?.extensions?.details as
        | { fields?: { field: string; messageTh: string; messageEn: string }[] }
        | undefined;
      const named = details?.fields?.find((f) => f.field === field);
      expect(named?.messageTh, what).toMatch(/[\u0E00-\u0E7F]/);
      expect(named?.messageEn, what).toMatch(/[a-z]/);
      expect(await row(doc.id), what).toEqual(kept);
    }
    expect(totals(await stockOf(item))).toEqual({ onHand: 4, reserved: 0, available: 4 });

    // Cancelling the edited delivery gives back the 6 it issued: held for the recipient again.
    const undone = await ok(R, edited, 'CANCEL_DELIVERY', officer, { reason: 'ส่งมอบซ้ำ' });
    expect(totals(await stockOf(item))).toEqual({ onHand: 10, reserved: 8, available: 2 });

    // Not delivered (approved), or cancelled: refused by status in Thai and English.
    const refusedByStatus = async (target: Doc) => {
      const res = await act(R, target, 'EDIT_DELIVERY', officer, { ...edit, header: RECEIVED() });
      expect(res.error?.extensions, target.status).toMatchObject({ status: 409, code: 'WORKFLOW_STATUS' });
      expect(res.error?.extensions?.messageTh, target.status).toMatch(/[\u0E00-\u0E7F]/);
      expect(res.error?.extensions?.messageEn, target.status).toMatch(/[a-z]/);
    };
    await refusedByStatus(undone);
    await refusedByStatus(await ok(R, undone, 'CANCEL', officer));
    expect(totals(await stockOf(item))).toEqual({ onHand: 10, reserved: 0, available: 10 });
  });

  it('edits a money transfer’s date and reference; the account does not move', async () => {
    const account = await funded('500.00');
    const approved = await ok(M, await pending(M, moneyInput(account, '200.00')), 'APPROVE', approver);
    const paid = await ok(M, approved, 'DELIVER', officer, { header: TRANSFERRED() });
    const balance = await moneyOf(account);
    expect(balance).toEqual({ balance: '300.00', reserved: '0.00', available: '300.00' });
    const header = { transferredOn: today(), transferReference: 'TRF-2569-0099' };
    const outsider = await act(M, paid, 'EDIT_DELIVERY', approver, { header });
    expect(outsider.error?.extensions).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    const edited = await ok(M, paid, 'EDIT_DELIVERY', officer, { header });
    expect(edited.header).toMatchObject(header);
    expect(await moneyOf(account)).toEqual(balance);
    expect((await historyOf(M, paid.id)).at(-1)?.changes).toEqual([
      { field: 'transferReference', line: null, before: 'TRF-2569-0001', after: 'TRF-2569-0099' },
    ]);
    const future = new Date(Date.now() + 31 * 3_600_000).toISOString().slice(0, 10);
    const bad = await act(M, edited, 'EDIT_DELIVERY', officer, {
      header: { ...header, transferredOn: future },
    });
    expect(bad.error?.extensions).toMatchObject({ status: 400 });
    expect(JSON.stringify(bad.error?.extensions?.details)).toContain('transferredOn');
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
    // The form searches them on the server: by number, by the person asking, by purpose.
    const [numbered] = await sql<{ number: string }>('select number from doc_support_request where id = ?', [
      mine.id,
    ]);
    for (const search of [numbered.number, 'ผู้ขอ ทดสอบ', 'น้ำท่วม']) {
      const found = await gql<{ documents: { items: { id: number }[] } }>(
        officer,
        'query ($s: String) { documents(type: SUPPORT_REQUEST, status: "APPROVED", search: $s, currentPage: 1, rows: 20) { items { id } } }',
        { s: search },
      );
      expect(found.error, search).toBeUndefined();
      expect(
        found.data?.documents.items.map((d) => d.id),
        search,
      ).toContain(mine.id);
    }
    const none = await gql<{ documents: { items: { id: number }[] } }>(
      officer,
      '{ documents(type: SUPPORT_REQUEST, status: "APPROVED", search: "ไม่มีคำนี้แน่นอน", currentPage: 1, rows: 20) { items { id } } }',
    );
    expect(none.data?.documents.items).toEqual([]);
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
      // What the remainder check counts: the draft of 1 too (the form's "left" starts from it).
      committedQuantity: '11.000',
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
