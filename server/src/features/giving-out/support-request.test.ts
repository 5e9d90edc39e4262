import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, sessionToken } from '../../testing/auth-helpers';
import { startTestApp, type TestApp } from '../../testing/test-app';

// Issue 12 part 1, support requests (MN-060..MN-066): made by an officer, approved (or rejected with
// a reason) by someone else, who enters what is approved of each line; cancel-approve clears it.
// Every status transition, cancel at every status, maker-checker, the approval queue, and bad input
// on every mutation (4xx in Thai and English, nothing written).

let t: TestApp;
const ids: Record<string, number> = {};
/** officer.demo (OPS-P38-SDW) makes; approver1.demo (OPS-P38) approves; admin.demo may do anything. */
let officer: Record<string, string>;
let approver: Record<string, string>;
let admin: Record<string, string>;

const sql = <T>(query: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(query, params);

beforeAll(async () => {
  t = await startTestApp();
  for (const [key, table, code] of [
    ['UNIT', 'organisation_unit', 'OPS-P38-SDW'],
    ['DDPM', 'ref_external_office', 'DDPM'],
    ['BLANKET', 'ref_resource', 'BLANKET'],
  ] as const) {
    const [row] = await sql<{ id: number }>(`select id from ${table} where code = ?`, [code]);
    if (!row) throw new Error(`demo ${table} ${code} missing`);
    ids[key] = row.id;
  }
  const [unit] = await sql<{ id: number }>('select counting_unit_id as id from ref_resource where id = ?', [
    ids.BLANKET,
  ]);
  ids.BLANKET_UNIT = unit.id;
  officer = bearer(await sessionToken(t, 'officer.demo'));
  approver = bearer(await sessionToken(t, 'approver1.demo'));
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
  header: Record<string, unknown>;
  lines: { id: number; lineNo: number; values: Record<string, unknown> }[];
  history: { action: string; fromStatus: string | null; toStatus: string; reason: string | null }[];
}

const docFields =
  'id number status version allowedActions editable header lines { id lineNo values } history { action fromStatus toStatus reason }';

async function gql<T>(
  headers: Record<string, string>,
  query: string,
  variables: Record<string, unknown> = {},
) {
  const res = await t.graphql<T>(query, variables, headers);
  return { data: res.body.data, error: res.body.errors?.[0] as GqlError | undefined };
}

const today = () => new Date().toISOString().slice(0, 10);

const input = (header: Record<string, unknown> = {}, lines?: Record<string, unknown>[]) => ({
  header: {
    unit: ids.UNIT,
    requesterKind: 'OFFICE',
    requesterOffice: ids.DDPM,
    receiverType: 'COMMUNITY',
    province: '77',
    requestDate: today(),
    urgency: 'URGENT',
    purpose: 'ช่วยเหลือผู้ประสบอุทกภัย',
    ...header,
  },
  lines: lines ?? [{ resource: ids.BLANKET, quantity: '100' }, { amount: '25000.50' }],
});

async function create(body: Record<string, unknown>, headers = officer) {
  const res = await gql<{ createDocument: Doc }>(
    headers,
    `mutation ($input: DocumentInput!) { createDocument(type: SUPPORT_REQUEST, input: $input) { ${docFields} } }`,
    { input: body },
  );
  return { doc: res.data?.createDocument as Doc, error: res.error };
}

async function update(doc: Pick<Doc, 'id' | 'version'>, body: Record<string, unknown>, headers = officer) {
  const res = await gql<{ updateDocument: Doc }>(
    headers,
    `mutation ($id: Int!, $version: Int!, $input: DocumentInput!) { updateDocument(type: SUPPORT_REQUEST, id: $id, version: $version, input: $input) { ${docFields} } }`,
    { id: doc.id, version: doc.version, input: body },
  );
  return { doc: res.data?.updateDocument as Doc, error: res.error };
}

async function act(
  doc: Pick<Doc, 'id' | 'version'>,
  action: string,
  headers: Record<string, string>,
  extra: { reason?: string | null; lines?: { id: number; values: Record<string, unknown> }[] } = {},
) {
  const res = await gql<{ actOnDocument: Doc }>(
    headers,
    `mutation ($id: Int!, $input: DocumentActionInput!) { actOnDocument(type: SUPPORT_REQUEST, id: $id, input: $input) { ${docFields} } }`,
    { id: doc.id, input: { action, version: doc.version, ...extra } },
  );
  return { doc: res.data?.actOnDocument as Doc, error: res.error };
}

async function read(id: number, headers = officer) {
  const res = await gql<{ document: Doc }>(
    headers,
    `{ document(type: SUPPORT_REQUEST, id: ${id}) { ${docFields} } }`,
  );
  return res.data?.document as Doc;
}

async function submitted(headers = officer): Promise<Doc> {
  const { doc, error } = await create(input(), headers);
  expect(error).toBeUndefined();
  const done = await act(doc, 'SUBMIT', headers);
  expect(done.error).toBeUndefined();
  return done.doc;
}

/** What a refused command must leave untouched. */
async function footprint() {
  const [row] = await sql<Record<string, string>>(
    `select (select count(*) from doc_support_request)::text as documents,
       (select string_agg(status || ':' || version, ',' order by id) from doc_support_request) as states,
       (select string_agg(coalesce(approved_quantity::text, '-') || '/' || coalesce(approved_amount::text, '-'), ',' order by id)
          from doc_support_request_line) as approved,
       (select count(*) from doc_support_request_line)::text as lines,
       (select count(*) from document_history where document_type = 'SUPPORT_REQUEST')::text as history`,
  );
  return row;
}

const thai = /[ก-๙]/;
const english = /^[^ก-๙]*[A-Za-z][^ก-๙]*$/;

function expectRefusal(error: GqlError | undefined, code: string, status: number, field?: string) {
  expect(error?.extensions, `${code} ${field ?? ''}`).toMatchObject({
    code,
    status,
    messageTh: expect.stringMatching(thai),
    messageEn: expect.stringMatching(english),
  });
  if (field) {
    const fields = (
      error?.extensions?.details as { fields?: { field: string; messageTh: string; messageEn: string }[] }
    )?.fields;
    const named = fields?.find((f) => f.field === field);
    expect(named, `names ${field} (got ${fields?.map((f) => f.field).join(', ')})`).toBeDefined();
    expect(named?.messageTh).toMatch(thai);
    expect(named?.messageEn).toMatch(english);
  }
}

describe('support requests', () => {
  it('the demo seed wrote one approved (in part) and one waiting', async () => {
    const rows = await sql<{ status: string; approved: string }>(
      `select d.status, string_agg(coalesce(l.approved_quantity::float8::text, l.approved_amount::float8::text, '-'), ',' order by l.line_no) as approved
       from doc_support_request d join doc_support_request_line l on l.document_id = d.id
       where d.remark = 'ข้อมูลตัวอย่าง / demo data' group by d.id order by d.id`,
    );
    expect(rows).toEqual([
      { status: 'APPROVED', approved: '60,40,30000' },
      { status: 'SUBMITTED', approved: '-,-' },
    ]);
  });

  it('DRAFT > SUBMITTED > APPROVED with the approved quantities per line; cancel-approve; REJECTED with a reason', async () => {
    const { doc, error } = await create(input());
    expect(error).toBeUndefined();
    expect(doc.number).toMatch(/^RS-25\d\d-\d{6}$/);
    expect(doc.status).toBe('DRAFT');
    expect(doc.editable).toBe(true);
    expect(doc.allowedActions.sort()).toEqual(['CANCEL', 'SUBMIT']);
    // The goods line counts in the blanket's own unit; the money line has none.
    expect(
      doc.lines.map((l) => [l.values.resource, l.values.quantity, l.values.countingUnit, l.values.amount]),
    ).toEqual([
      [ids.BLANKET, '100.000', ids.BLANKET_UNIT, null],
      [null, null, null, '25000.50'],
    ]);
    const lineIds = doc.lines.map((l) => l.id);

    const sent = await act(doc, 'SUBMIT', officer);
    expect(sent.error).toBeUndefined();
    expect(sent.doc.status).toBe('SUBMITTED');
    // The approver sees it in their queue; the maker does not (their own is left out).
    const queue = async (headers: Record<string, string>) =>
      (
        await gql<{ documents: { items: { id: number }[] } }>(
          headers,
          '{ documents(type: SUPPORT_REQUEST, level: 1, queue: true, rows: 200) { items { id } } }',
        )
      ).data?.documents.items.map((d) => d.id);
    expect(await queue(approver)).toContain(doc.id);
    expect(await queue(officer)).not.toContain(doc.id);

    // 60 of the 100 blankets; the money line left empty is approved in full.
    const approved = await act(sent.doc, 'APPROVE', approver, {
      lines: [{ id: lineIds[0], values: { approvedQuantity: '60' } }],
    });
    expect(approved.error).toBeUndefined();
    expect(approved.doc.status).toBe('APPROVED');
    expect(approved.doc.editable).toBe(false);
    expect(approved.doc.lines.map((l) => [l.id, l.values.approvedQuantity, l.values.approvedAmount])).toEqual(
      [
        [lineIds[0], '60.000', null],
        [lineIds[1], null, '25000.50'],
      ],
    );
    expect(await queue(approver)).not.toContain(doc.id);
    // An approved request is not edited: its lines keep their ids for the disbursements to come.
    const edit = await update(approved.doc, input());
    expectRefusal(edit.error, 'CONFLICT', 409);
    expect((await read(doc.id)).lines.map((l) => l.id)).toEqual(lineIds);

    // Cancel-approve needs a reason; it clears what was approved and returns to SUBMITTED.
    const noReason = await act(approved.doc, 'CANCEL_APPROVE', approver);
    expectRefusal(noReason.error, 'BAD_INPUT', 400, 'reason');
    const undone = await act(approved.doc, 'CANCEL_APPROVE', approver, { reason: 'ตรวจสอบจำนวนใหม่' });
    expect(undone.error).toBeUndefined();
    expect(undone.doc.status).toBe('SUBMITTED');
    expect(undone.doc.lines.map((l) => [l.values.approvedQuantity, l.values.approvedAmount])).toEqual([
      [null, null],
      [null, null],
    ]);

    const rejectBare = await act(undone.doc, 'REJECT', approver);
    expectRefusal(rejectBare.error, 'BAD_INPUT', 400, 'reason');
    const rejected = await act(undone.doc, 'REJECT', approver, { reason: 'อยู่นอกพื้นที่รับผิดชอบ' });
    expect(rejected.error).toBeUndefined();
    expect(rejected.doc.status).toBe('REJECTED');
    expect(rejected.doc.allowedActions).toEqual([]);
    expect(
      rejected.doc.history.map((h) => `${h.action}:${h.fromStatus ?? ''}>${h.toStatus}:${h.reason ?? ''}`),
    ).toEqual([
      'CREATE:>DRAFT:',
      'SUBMIT:DRAFT>SUBMITTED:',
      'APPROVE:SUBMITTED>APPROVED:',
      'CANCEL_APPROVE:APPROVED>SUBMITTED:ตรวจสอบจำนวนใหม่',
      'REJECT:SUBMITTED>REJECTED:อยู่นอกพื้นที่รับผิดชอบ',
    ]);
  });

  it('a person as requester; edits in DRAFT and SUBMITTED', async () => {
    const { doc, error } = await create(
      input(
        {
          requesterKind: 'PERSON',
          requesterOffice: null,
          requesterName: 'นางสมศรี ใจดี',
          receiverType: 'INDIVIDUAL',
        },
        [{ amount: '3000' }],
      ),
    );
    expect(error).toBeUndefined();
    expect(doc.header.requesterName).toBe('นางสมศรี ใจดี');
    const sent = await act(doc, 'SUBMIT', officer);
    const edited = await update(sent.doc, input({ urgency: 'VERY_URGENT' }, [{ amount: '4500' }]));
    expect(edited.error).toBeUndefined();
    expect(edited.doc.status).toBe('SUBMITTED');
    expect(edited.doc.lines.map((l) => l.values.amount)).toEqual(['4500.00']);
  });

  it('cancel at every status: DRAFT and SUBMITTED cancel; APPROVED, REJECTED and CANCELLED refuse', async () => {
    const draft = (await create(input())).doc;
    const cancelled = await act(draft, 'CANCEL', officer, { reason: 'บันทึกซ้ำ' });
    expect(cancelled.doc.status).toBe('CANCELLED');
    const again = await act(cancelled.doc, 'CANCEL', officer);
    expectRefusal(again.error, 'WORKFLOW_STATUS', 409);

    const sent = await submitted();
    expect((await act(sent, 'CANCEL', officer)).doc.status).toBe('CANCELLED');

    const toApprove = await submitted();
    const approved = (await act(toApprove, 'APPROVE', approver)).doc;
    expect(approved.status).toBe('APPROVED');
    expect(approved.lines.map((l) => [l.values.approvedQuantity, l.values.approvedAmount])).toEqual([
      ['100.000', null],
      [null, '25000.50'],
    ]);
    const before = await footprint();
    expectRefusal((await act(approved, 'CANCEL', officer)).error, 'WORKFLOW_STATUS', 409);

    const toReject = await submitted();
    const rejected = (await act(toReject, 'REJECT', approver, { reason: 'ไม่อยู่ในเกณฑ์' })).doc;
    const afterReject = await footprint();
    expectRefusal((await act(rejected, 'CANCEL', officer)).error, 'WORKFLOW_STATUS', 409);
    expect(await footprint()).toEqual(afterReject);
    expect(before.documents).toBe(String(Number(afterReject.documents) - 1));
  });

  it('maker-checker: the maker can neither approve nor reject their own request', async () => {
    const own = await submitted(admin);
    const read1 = await read(own.id, admin);
    expect(read1.allowedActions).not.toContain('APPROVE');
    expect(read1.allowedActions).not.toContain('REJECT');
    const before = await footprint();
    expectRefusal((await act(own, 'APPROVE', admin)).error, 'WORKFLOW_MAKER', 409);
    expectRefusal((await act(own, 'REJECT', admin, { reason: 'ไม่ควรได้' })).error, 'WORKFLOW_MAKER', 409);
    expect(await footprint()).toEqual(before);
    // Someone else may; and the officer has no approval menu at all.
    expectRefusal((await act(own, 'APPROVE', officer)).error, 'FORBIDDEN', 403);
    expect((await act(own, 'APPROVE', approver)).doc.status).toBe('APPROVED');
  });

  it('bad input on every mutation: 400 in Thai and English naming the field, nothing written', async () => {
    const bad: [string, Record<string, unknown>, string][] = [
      ['an office requester without the office', input({ requesterOffice: null }), 'requesterOffice'],
      [
        'a person requester without a name',
        input({ requesterKind: 'PERSON', requesterOffice: null }),
        'requesterName',
      ],
      [
        'a line of goods and money',
        input({}, [{ resource: ids.BLANKET, quantity: '1', amount: '10' }]),
        'lines.0.amount',
      ],
      ['an empty line', input({}, [{}]), 'lines.0.resource'],
      ['goods without a quantity', input({}, [{ resource: ids.BLANKET }]), 'lines.0.quantity'],
      ['a quantity without goods', input({}, [{ quantity: '5' }]), 'lines.0.resource'],
      ['an amount of 3 decimals', input({}, [{ amount: '10.005' }]), 'lines.0.amount'],
      ['a negative amount', input({}, [{ amount: '-10' }]), 'lines.0.amount'],
      ['an unknown province', input({ province: '999' }), 'province'],
      ['an unknown urgency', input({ urgency: 'WHENEVER' }), 'urgency'],
      ['no lines', input({}, []), 'lines'],
    ];
    const draft = (await create(input())).doc;
    const sent = await submitted();
    for (const [label, body, field] of bad) {
      const before = await footprint();
      expectRefusal((await create(body)).error, 'BAD_INPUT', 400, field);
      expectRefusal((await update(draft, body)).error, 'BAD_INPUT', 400, field);
      expect(await footprint(), label).toEqual(before);
    }
    const [goods, money] = sent.lines.map((l) => l.id);
    const badApprovals: [string, { id: number; values: Record<string, unknown> }[], string][] = [
      [
        'more than asked',
        [{ id: goods, values: { approvedQuantity: '100.001' } }],
        'lines.0.approvedQuantity',
      ],
      [
        'more money than asked',
        [{ id: money, values: { approvedAmount: '25000.51' } }],
        'lines.1.approvedAmount',
      ],
      [
        'an amount on a goods line',
        [{ id: goods, values: { approvedAmount: '5' } }],
        'lines.0.approvedAmount',
      ],
      [
        'a quantity on a money line',
        [{ id: money, values: { approvedQuantity: '5' } }],
        'lines.1.approvedQuantity',
      ],
      [
        'a negative quantity',
        [{ id: goods, values: { approvedQuantity: '-1' } }],
        'lines.0.approvedQuantity',
      ],
      [
        'a line of another document',
        [{ id: draft.lines[0].id, values: { approvedQuantity: '1' } }],
        `lines.${draft.lines[0].id}`,
      ],
      [
        'nothing at all',
        [
          { id: goods, values: { approvedQuantity: '0' } },
          { id: money, values: { approvedAmount: '0' } },
        ],
        'lines',
      ],
    ];
    for (const [label, lines, field] of badApprovals) {
      const before = await footprint();
      expectRefusal((await act(sent, 'APPROVE', approver, { lines })).error, 'BAD_INPUT', 400, field);
      expect(await footprint(), label).toEqual(before);
    }
    const before = await footprint();
    expectRefusal((await act(sent, 'SHIP', approver)).error, 'BAD_INPUT', 400);
    expectRefusal((await act({ id: sent.id, version: 1 }, 'APPROVE', approver)).error, 'CONFLICT', 409);
    expect(await footprint()).toEqual(before);
    expect((await read(sent.id)).status).toBe('SUBMITTED');
  });
});
