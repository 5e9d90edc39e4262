import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../kits/ledger/ledger-checks';
import { bearer, sessionToken } from '../testing/auth-helpers';
import { startTestApp, type TestApp } from '../testing/test-app';

// Goods donations (issue 10) through the GraphQL API, as the demo staff of the Chiang Mai division
// work them: the officer writes and screens (OPS-P38-SDW), approver1.demo approves level 1 and
// approver2.demo level 2. The stock lands in ST-P38-SDW under resources made for this file, so its
// balances and stock cards hold only what these tests post.

let t: TestApp;
const ids: Record<string, number> = {};
const as: Record<'officer' | 'approver1' | 'approver2' | 'admin', Record<string, string>> = {
  officer: {},
  approver1: {},
  approver2: {},
  admin: {},
};

const sql = <T>(query: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(query, params);

async function idOf(table: string, code: string): Promise<number> {
  const [row] = await sql<{ id: number }>(`select id from ${table} where code = ?`, [code]);
  return row.id;
}

/** A resource of this file's own (RICE-5KG's category, counted in bags). */
async function newResource(code: string): Promise<number> {
  const [row] = await sql<{ id: number }>(
    `insert into ref_resource (code, name_th, name_en, resource_sub_id, counting_unit_id, status_code, created_at, updated_at)
     select ?, ?, ?, resource_sub_id, counting_unit_id, 'A', now(), now() from ref_resource where code = 'RICE-5KG'
     returning id`,
    [code, `ของบริจาคทดสอบ ${code}`, `Donated test goods ${code}`],
  );
  return row.id;
}

beforeAll(async () => {
  t = await startTestApp();
  ids.STORAGE = await idOf('ref_storage', 'ST-P38-SDW');
  ids.OTHER_STORAGE = await idOf('ref_storage', 'ST-P28-DON');
  ids.UNIT = await idOf('organisation_unit', 'OPS-P38-SDW');
  ids.OTHER_UNIT = await idOf('organisation_unit', 'DSDW-P28-DON');
  ids.DONOR = await idOf('ref_donator', 'DN-000001');
  ids.BAG = await idOf('ref_counting_unit', 'BAG');
  ids.RICE = await newResource('GD-RICE');
  ids.SOAP = await newResource('GD-SOAP');
  for (const [who, username] of [
    ['officer', 'officer.demo'],
    ['approver1', 'approver1.demo'],
    ['approver2', 'approver2.demo'],
    ['admin', 'admin.demo'],
  ] as const)
    as[who] = bearer(await sessionToken(t, username));
});
afterAll(() => t.close());

const fields =
  'id number status version allowedActions editable header display lines { id lineNo values display } history { action fromStatus toStatus reason }';

interface Doc {
  id: number;
  number: string;
  status: string;
  version: number;
  allowedActions: string[];
  editable: boolean;
  header: Record<string, unknown>;
  display: Record<string, unknown>;
  lines: { id: number; lineNo: number; values: Record<string, unknown>; display: Record<string, unknown> }[];
  history: { action: string; fromStatus: string | null; toStatus: string; reason: string | null }[];
}

interface GqlError {
  message: string;
  extensions?: Record<string, unknown>;
}

const header = (overrides: Record<string, unknown> = {}) => ({
  donator: ids.DONOR,
  receivingUnit: ids.UNIT,
  storage: ids.STORAGE,
  donationDate: '2026-11-20',
  objective: 'DISASTER_FLOOD',
  ...overrides,
});

const line = (overrides: Record<string, unknown> = {}) => ({
  resource: ids.RICE,
  character: 'NEW',
  quantity: '10',
  unitValue: '150.00',
  priceFrom: 'RECEIPT',
  lot: 'GD-L1',
  expiryDate: '2027-06-30',
  ...overrides,
});

async function create(
  who: Record<string, string>,
  input: { header: Record<string, unknown>; lines: Record<string, unknown>[]; remark?: string },
): Promise<{ doc?: Doc; error?: GqlError }> {
  const res = await t.graphql<{ createDocument: Doc }>(
    `mutation ($input: DocumentInput!) { createDocument(type: GOODS_DONATION, input: $input) { ${fields} } }`,
    { input },
    who,
  );
  return { doc: res.body.data?.createDocument, error: res.body.errors?.[0] };
}

async function update(
  who: Record<string, string>,
  doc: Doc,
  input: { header?: Record<string, unknown>; lines?: Record<string, unknown>[]; remark?: string },
): Promise<{ doc?: Doc; error?: GqlError }> {
  const res = await t.graphql<{ updateDocument: Doc }>(
    `mutation ($id: Int!, $version: Int!, $input: DocumentInput!) { updateDocument(type: GOODS_DONATION, id: $id, version: $version, input: $input) { ${fields} } }`,
    { id: doc.id, version: doc.version, input },
    who,
  );
  return { doc: res.body.data?.updateDocument, error: res.body.errors?.[0] };
}

async function act(
  who: Record<string, string>,
  doc: Doc,
  action: string,
  extra: { reason?: string; lines?: { id: number; values: Record<string, unknown> }[] } = {},
): Promise<{ doc?: Doc; error?: GqlError }> {
  const res = await t.graphql<{ actOnDocument: Doc }>(
    `mutation ($id: Int!, $input: DocumentActionInput!) { actOnDocument(type: GOODS_DONATION, id: $id, input: $input) { ${fields} } }`,
    { id: doc.id, input: { action, version: doc.version, ...extra } },
    who,
  );
  return { doc: res.body.data?.actOnDocument, error: res.body.errors?.[0] };
}

/** Succeeds or fails the test with the server's words. */
function ok(result: { doc?: Doc; error?: GqlError }, label: string): Doc {
  expect(result.error, `${label}: ${result.error?.message}`).toBeUndefined();
  return result.doc as Doc;
}

/** The screening of every line: accepted and rejected by line number, with status, class, reason. */
function screening(doc: Doc, byLine: Record<number, Record<string, unknown>>) {
  return doc.lines.map((l) => ({ id: l.id, values: byLine[l.lineNo] }));
}

const accepted = (quantity: string) => ({
  acceptedQuantity: quantity,
  rejectedQuantity: '0',
  screenStatus: 'ACCEPTED',
  classification: 'NON_URGENT',
});

/** A donation taken to the given step by the people whose job it is. */
async function donationAt(
  status: 'SUBMITTED' | 'SCREENED' | 'APPROVED_1' | 'APPROVED_2',
  lines = [line()],
  maker = as.officer,
): Promise<Doc> {
  let doc = ok(await create(maker, { header: header(), lines }), 'create');
  doc = ok(await act(maker, doc, 'SUBMIT'), 'submit');
  if (status === 'SUBMITTED') return doc;
  const all = Object.fromEntries(doc.lines.map((l) => [l.lineNo, accepted(String(l.values.quantity))]));
  doc = ok(await act(as.officer, doc, 'SCREEN', { lines: screening(doc, all) }), 'screen');
  if (status === 'SCREENED') return doc;
  doc = ok(await act(as.approver1, doc, 'APPROVE_1'), 'approve 1');
  if (status === 'APPROVED_1') return doc;
  return ok(await act(as.approver2, doc, 'APPROVE_2'), 'approve 2');
}

interface CardEntry {
  movementType: string;
  lot: string;
  quantity: string;
  lotOnHandAfter: string;
  onHandAfter: string;
  documentType: string;
  documentId: number;
  reversalOfId: string | null;
}

async function stockCard(resourceId: number): Promise<CardEntry[]> {
  const res = await t.graphql<{ stockCard: CardEntry[] }>(
    `query ($storageId: Int!, $resourceId: Int!) { stockCard(storageId: $storageId, resourceId: $resourceId) {
       movementType lot quantity lotOnHandAfter onHandAfter documentType documentId reversalOfId } }`,
    { storageId: ids.STORAGE, resourceId },
    as.officer,
  );
  expect(res.body.errors).toBeUndefined();
  return res.body.data?.stockCard ?? [];
}

async function onHand(resourceId: number, lot: string): Promise<{ onHand: number; reserved: number }> {
  const [row] = await sql<{ on_hand: string; reserved: string }>(
    'select on_hand, reserved from stock_balance where storage_id = ? and resource_id = ? and lot = ?',
    [ids.STORAGE, resourceId, lot],
  );
  return { onHand: Number(row?.on_hand ?? 0), reserved: Number(row?.reserved ?? 0) };
}

/** What a refused request must leave as it was. */
async function footprint() {
  const [row] = await sql<Record<string, string>>(
    `select (select count(*) from doc_goods_donation)::text as documents,
       (select string_agg(status || ':' || version, ',' order by id) from doc_goods_donation) as states,
       (select count(*) from doc_goods_donation_line)::text as lines,
       (select string_agg(concat_ws(':', accepted_quantity, rejected_quantity, screen_status), ',' order by id)
          from doc_goods_donation_line) as screening,
       (select count(*) from document_history)::text as history,
       (select coalesce(sum(last), 0) from document_counter)::text as numbers,
       (select count(*) from stock_movement)::text as movements,
       (select string_agg(on_hand || '/' || reserved, ',' order by id) from stock_balance) as balances`,
  );
  return row;
}

/** A 4xx in Thai and English; for a bad field, the field it names. */
function refused(error: GqlError | undefined, status: number, code: string, field?: string) {
  expect(error?.extensions, error?.message).toMatchObject({
    code,
    status,
    messageTh: expect.stringMatching(/[ก-๙]/),
    messageEn: expect.stringMatching(/^[^ก-๙]*[A-Za-z][^ก-๙]*$/),
  });
  if (field) {
    const named = (error?.extensions?.details as { fields?: { field: string }[] } | undefined)?.fields ?? [];
    expect(
      named.map((f) => f.field),
      error?.message,
    ).toContain(field);
  }
}

describe('a goods donation from draft to stock', () => {
  it('is written, submitted, screened with a partial rejection, approved at two levels, and only the accepted goods are in stock', async () => {
    const created = ok(
      await create(as.officer, {
        header: header(),
        lines: [
          line(),
          line({ resource: ids.SOAP, quantity: '5.5', lot: null, expiryDate: null, unitValue: '20.00' }),
        ],
        remark: 'ผ้าห่มและสบู่จากบริษัท',
      }),
      'create',
    );
    expect(created.number).toMatch(/^DT-25\d\d-\d{6}$/);
    expect(created.status).toBe('DRAFT');
    expect(created.allowedActions).toEqual(['SUBMIT', 'CANCEL']);
    expect(created.display.receivingUnit).toContain('OPS-P38-SDW');
    // Each line counts in its resource's unit.
    expect(created.lines.map((l) => l.values.countingUnit)).toEqual([ids.BAG, ids.BAG]);

    let doc = ok(await act(as.officer, created, 'SUBMIT'), 'submit');
    expect(doc.status).toBe('SUBMITTED');
    expect(doc.editable).toBe(true);
    // Still editable before screening: two more sacks of rice than first written.
    doc = ok(
      await update(as.officer, doc, {
        lines: [
          line({ quantity: '12' }),
          line({ resource: ids.SOAP, quantity: '5.5', lot: null, expiryDate: null, unitValue: '20.00' }),
        ],
      }),
      'edit',
    );
    expect(doc.lines.map((l) => l.values.quantity)).toEqual(['12.000', '5.500']);

    // Screening: 9 sacks accepted, 3 refused as damaged; all the soap accepted.
    doc = ok(
      await act(as.officer, doc, 'SCREEN', {
        lines: screening(doc, {
          1: {
            acceptedQuantity: '9',
            rejectedQuantity: '3',
            screenStatus: 'PARTLY_ACCEPTED',
            classification: 'URGENT',
            screenReason: 'กระสอบฉีกขาด',
          },
          2: accepted('5.5'),
        }),
      }),
      'screen',
    );
    expect(doc.status).toBe('SCREENED');
    expect(doc.editable).toBe(false);
    expect(doc.lines[0].values).toMatchObject({
      acceptedQuantity: '9.000',
      rejectedQuantity: '3.000',
      screenStatus: 'PARTLY_ACCEPTED',
      classification: 'URGENT',
    });

    // Screened: the donation is no longer edited, and nothing is in stock yet.
    const before = await footprint();
    refused((await update(as.officer, doc, { remark: 'แก้หลังคัดกรอง' })).error, 409, 'CONFLICT');
    expect(await footprint()).toEqual(before);
    expect(await stockCard(ids.RICE)).toEqual([]);

    doc = ok(await act(as.approver1, doc, 'APPROVE_1'), 'approve 1');
    expect(await stockCard(ids.RICE)).toEqual([]);
    doc = ok(await act(as.approver2, doc, 'APPROVE_2'), 'approve 2');
    expect(doc.status).toBe('APPROVED_2');
    expect(doc.history.map((h) => h.action)).toEqual([
      'CREATE',
      'SUBMIT',
      'EDIT',
      'SCREEN',
      'APPROVE_1',
      'APPROVE_2',
    ]);

    // The stock cards: the accepted quantities, received by this donation, in its lot.
    expect(await stockCard(ids.RICE)).toEqual([
      expect.objectContaining({
        movementType: 'RECEIVE',
        lot: 'GD-L1',
        quantity: '9.000',
        lotOnHandAfter: '9.000',
        onHandAfter: '9.000',
        documentType: 'GOODS_DONATION',
        documentId: doc.id,
      }),
    ]);
    expect(await stockCard(ids.SOAP)).toEqual([
      expect.objectContaining({ movementType: 'RECEIVE', lot: '', quantity: '5.500', onHandAfter: '5.500' }),
    ]);
    const [{ unit_value }] = await sql<{ unit_value: string }>(
      'select unit_value::text from stock_balance where storage_id = ? and resource_id = ? and lot = ?',
      [ids.STORAGE, ids.RICE, 'GD-L1'],
    );
    expect(unit_value).toBe('150.000000');
    expect(await verifyLedger(t.em())).toEqual({ stock: [], money: [] });
  });

  it('cancelling a screening returns the donation to screening, without its result, keeping both in the history', async () => {
    let doc = await donationAt('SCREENED', [line({ resource: ids.SOAP, quantity: '4', lot: 'GD-CS' })]);
    const noReason = await act(as.officer, doc, 'CANCEL_SCREEN');
    refused(noReason.error, 400, 'BAD_INPUT', 'reason');
    doc = ok(await act(as.officer, doc, 'CANCEL_SCREEN', { reason: 'นับจำนวนผิด' }), 'cancel screening');
    expect(doc.status).toBe('SUBMITTED');
    expect(doc.editable).toBe(true);
    expect(doc.lines[0].values).toMatchObject({
      acceptedQuantity: null,
      rejectedQuantity: null,
      screenStatus: null,
    });
    expect(doc.history.slice(-2)).toEqual([
      { action: 'SCREEN', fromStatus: 'SUBMITTED', toStatus: 'SCREENED', reason: null },
      { action: 'CANCEL_SCREEN', fromStatus: 'SCREENED', toStatus: 'SUBMITTED', reason: 'นับจำนวนผิด' },
    ]);
    // Screened again, everything rejected: approved, nothing enters stock.
    doc = ok(
      await act(as.officer, doc, 'SCREEN', {
        lines: screening(doc, {
          1: {
            acceptedQuantity: '0',
            rejectedQuantity: '4',
            screenStatus: 'REJECTED',
            screenReason: 'หมดอายุ',
          },
        }),
      }),
      'screen again',
    );
    doc = ok(await act(as.approver1, doc, 'APPROVE_1'), 'approve 1');
    doc = ok(await act(as.approver2, doc, 'APPROVE_2'), 'approve 2');
    expect(await onHand(ids.SOAP, 'GD-CS')).toEqual({ onHand: 0, reserved: 0 });
  });
});

describe('the stored value of a goods donation (goods_value)', () => {
  /** The stored value and, independently, Σ quantity × unit value by the definition, rounded once. */
  async function values(id: number): Promise<{ stored: string; summed: string }> {
    const [row] = await sql<{ stored: string; summed: string }>(
      `select g.goods_value::text as stored,
              round(coalesce((select sum(l.unit_value * case
                  when g.status in ('SCREENED', 'APPROVED_1', 'APPROVED_2') then coalesce(l.accepted_quantity, 0)
                  else l.quantity end)
                from doc_goods_donation_line l where l.document_id = g.id), 0), 2)::text as summed
         from doc_goods_donation g where g.id = ?`,
      [id],
    );
    return row;
  }
  async function holds(doc: Doc, label: string, expected: string): Promise<void> {
    expect(await values(doc.id), label).toEqual({ stored: expected, summed: expected });
  }

  it('equals the sum of its lines after every command of the workflow', async () => {
    const rice = line({ quantity: '10.5', unitValue: '150.25', lot: 'GD-V1' });
    const soap = line({
      resource: ids.SOAP,
      quantity: '3',
      unitValue: '19.99',
      lot: 'GD-VS',
      expiryDate: null,
    });
    let doc = ok(await create(as.officer, { header: header(), lines: [rice, soap] }), 'create');
    // 10.5 × 150.25 + 3 × 19.99 = 1,577.625 + 59.97 = 1,637.595, rounded once per donation.
    await holds(doc, 'create', '1637.60');
    doc = ok(await update(as.officer, doc, { lines: [line({ ...rice, quantity: '12' }), soap] }), 'edit');
    await holds(doc, 'edit lines', '1862.97');
    doc = ok(await update(as.officer, doc, { lines: [soap] }), 'remove a line');
    await holds(doc, 'remove a line', '59.97');
    doc = ok(
      await update(as.officer, doc, { lines: [line({ ...rice, quantity: '12' }), soap] }),
      'add it back',
    );
    doc = ok(await act(as.officer, doc, 'SUBMIT'), 'submit');
    await holds(doc, 'submit', '1862.97');
    const partly = {
      1: {
        acceptedQuantity: '7.5',
        rejectedQuantity: '4.5',
        screenStatus: 'PARTLY_ACCEPTED',
        classification: 'URGENT',
        screenReason: 'ถุงขาด',
      },
      2: accepted('3'),
    };
    doc = ok(await act(as.officer, doc, 'SCREEN', { lines: screening(doc, partly) }), 'screen');
    // 7.5 × 150.25 + 59.97 = 1,126.875 + 59.97 = 1,186.845
    await holds(doc, 'screen, partly accepted', '1186.85');
    doc = ok(await act(as.officer, doc, 'CANCEL_SCREEN', { reason: 'นับผิด' }), 'cancel screening');
    await holds(doc, 'cancel screening', '1862.97');
    doc = ok(await act(as.officer, doc, 'SCREEN', { lines: screening(doc, partly) }), 'screen again');
    await holds(doc, 'screen again', '1186.85');
    doc = ok(await act(as.approver1, doc, 'APPROVE_1'), 'approve 1');
    await holds(doc, 'approve 1', '1186.85');
    doc = ok(await act(as.approver1, doc, 'CANCEL_APPROVE_1', { reason: 'ตรวจใหม่' }), 'cancel approval 1');
    await holds(doc, 'cancel approval 1', '1186.85');
    doc = ok(await act(as.approver1, doc, 'APPROVE_1'), 'approve 1 again');
    doc = ok(await act(as.approver2, doc, 'APPROVE_2'), 'approve 2');
    await holds(doc, 'approve 2', '1186.85');
    doc = ok(await act(as.approver2, doc, 'CANCEL_APPROVE_2', { reason: 'รับเข้าผิดคลัง' }), 'cancel approval 2');
    expect(doc.status).toBe('APPROVED_1');
    await holds(doc, 'cancel approval 2', '1186.85');

    // Cancelled before screening: the quantities donated.
    let other = ok(await create(as.officer, { header: header(), lines: [soap] }), 'create another');
    other = ok(await act(as.officer, other, 'SUBMIT'), 'submit another');
    other = ok(await act(as.officer, other, 'CANCEL', { reason: 'ผู้บริจาคขอยกเลิก' }), 'cancel');
    expect(other.status).toBe('CANCELLED');
    await holds(other, 'cancelled', '59.97');
  });

  it('is kept whatever writes the lines or the status, even plain SQL', async () => {
    const doc = await donationAt('SUBMITTED', [line({ quantity: '2', unitValue: '10.00', lot: 'GD-V2' })]);
    await holds(doc, 'submitted', '20.00');
    await sql(
      `insert into doc_goods_donation_line (document_id, line_no, resource_id, character, quantity, unit_value, price_from)
       values (?, 9, ?, 'NEW', 1.005, 1.00, 'RECEIPT'), (?, 10, ?, 'NEW', 1, 0.01, 'RECEIPT')`,
      [doc.id, ids.SOAP, doc.id, ids.SOAP],
    );
    await holds(doc, 'lines added', '21.02');
    await sql(`update doc_goods_donation_line set accepted_quantity = quantity where document_id = ?`, [
      doc.id,
    ]);
    await holds(doc, 'accepted quantities, not yet screened', '21.02');
    await sql(`update doc_goods_donation set status = 'SCREENED' where id = ?`, [doc.id]);
    // 2 × 10 + 1.005 × 1 + 1 × 0.01 = 21.015
    await holds(doc, 'screened', '21.02');
    await sql(
      `update doc_goods_donation_line set accepted_quantity = 0 where document_id = ? and line_no = 1`,
      [doc.id],
    );
    await holds(doc, 'a line rejected', '1.02');
    await sql(`delete from doc_goods_donation_line where document_id = ? and line_no > 1`, [doc.id]);
    await holds(doc, 'lines deleted', '0.00');
    await sql(`update doc_goods_donation set status = 'SUBMITTED' where id = ?`, [doc.id]);
    await holds(doc, 'back before screening', '20.00');
  });
});

describe('screening refuses what does not add up, writing nothing', () => {
  it('accepted + rejected must be the quantity; the status must match; rejected goods need a reason', async () => {
    const doc = await donationAt('SUBMITTED', [line({ quantity: '10', lot: 'GD-SCR' })]);
    const cases: [Record<string, unknown>, string][] = [
      [
        { acceptedQuantity: '7', rejectedQuantity: '2', screenStatus: 'PARTLY_ACCEPTED' },
        'lines.0.acceptedQuantity',
      ],
      [
        { acceptedQuantity: '7', rejectedQuantity: '4', screenStatus: 'PARTLY_ACCEPTED' },
        'lines.0.acceptedQuantity',
      ],
      [
        { acceptedQuantity: '-1', rejectedQuantity: '11', screenStatus: 'PARTLY_ACCEPTED' },
        'lines.0.acceptedQuantity',
      ],
      [
        { acceptedQuantity: '9.9999', rejectedQuantity: '0.0001', screenStatus: 'PARTLY_ACCEPTED' },
        'lines.0.acceptedQuantity',
      ],
      [
        {
          acceptedQuantity: '10',
          rejectedQuantity: '0',
          screenStatus: 'PARTLY_ACCEPTED',
          classification: 'URGENT',
        },
        'lines.0.screenStatus',
      ],
      [{ acceptedQuantity: '10', rejectedQuantity: '0', screenStatus: 'ACCEPTED' }, 'lines.0.classification'],
      [
        {
          acceptedQuantity: '6',
          rejectedQuantity: '4',
          screenStatus: 'PARTLY_ACCEPTED',
          classification: 'URGENT',
        },
        'lines.0.screenReason',
      ],
      [
        { acceptedQuantity: '10', rejectedQuantity: '0', screenStatus: 'URGENT', classification: 'URGENT' },
        'lines.0.screenStatus',
      ],
      [
        { rejectedQuantity: '10', screenStatus: 'REJECTED', screenReason: 'ไม่รับ' },
        'lines.0.acceptedQuantity',
      ],
    ];
    const before = await footprint();
    for (const [values, field] of cases) {
      const res = await act(as.officer, doc, 'SCREEN', { lines: [{ id: doc.lines[0].id, values }] });
      refused(res.error, 400, 'BAD_INPUT', field);
    }
    expect(await footprint()).toEqual(before);
  });
});

describe('maker-checker on the two approval levels', () => {
  it('the maker may not approve; nobody approves both levels; a cancelled approval may be given again', async () => {
    // The administrator holds every menu: as the maker, the approval is still refused.
    const own = await donationAt(
      'SCREENED',
      [line({ resource: ids.SOAP, quantity: '1', lot: 'GD-MK' })],
      as.admin,
    );
    expect(own.allowedActions).not.toContain('APPROVE_1');
    const before = await footprint();
    const maker = await act(as.admin, own, 'APPROVE_1');
    refused(maker.error, 409, 'WORKFLOW_MAKER');
    expect(await footprint()).toEqual(before);

    // Level 1 by the administrator: level 2 is then someone else's.
    let doc = await donationAt('SCREENED', [line({ resource: ids.SOAP, quantity: '2', lot: 'GD-MK' })]);
    doc = ok(await act(as.admin, doc, 'APPROVE_1'), 'approve 1 by the administrator');
    expect(doc.allowedActions).not.toContain('APPROVE_2');
    const second = await act(as.admin, doc, 'APPROVE_2');
    refused(second.error, 409, 'WORKFLOW_SECOND_LEVEL');
    expect(second.error?.extensions?.messageEn).toContain('level 1');
    expect(await onHand(ids.SOAP, 'GD-MK')).toEqual({ onHand: 0, reserved: 0 });

    // The level-1 approver may not take level 2 (no menu); approver2 may.
    refused((await act(as.approver1, doc, 'APPROVE_2')).error, 403, 'FORBIDDEN');
    // Cancelled, level 1 is free again: the administrator's cancelled approval no longer binds them.
    doc = ok(await act(as.approver1, doc, 'CANCEL_APPROVE_1', { reason: 'ตรวจซ้ำ' }), 'cancel approve 1');
    expect(doc.status).toBe('SCREENED');
    doc = ok(await act(as.approver1, doc, 'APPROVE_1'), 'approve 1 again');
    const approvedByAdmin = ok(await act(as.admin, doc, 'APPROVE_2'), 'level 2 by the administrator');
    expect(approvedByAdmin.status).toBe('APPROVED_2');
    expect(await onHand(ids.SOAP, 'GD-MK')).toEqual({ onHand: 2, reserved: 0 });
  });

  it('the approval queues list what waits at each level, with counts', async () => {
    const queue = async (who: Record<string, string>, level: number, queued: boolean) => {
      const res = await t.graphql<{ documents: { total: number; items: { id: number; status: string }[] } }>(
        `query ($level: Int, $queue: Boolean) { documents(type: GOODS_DONATION, level: $level, queue: $queue, rows: 200) { total items { id status } } }`,
        { level, queue: queued },
        who,
      );
      expect(res.body.errors).toBeUndefined();
      return res.body.data?.documents ?? { total: 0, items: [] };
    };
    const screened = await donationAt('SCREENED', [line({ resource: ids.SOAP, quantity: '1', lot: 'GD-Q' })]);
    const approved1 = await donationAt('APPROVED_1', [
      line({ resource: ids.SOAP, quantity: '1', lot: 'GD-Q' }),
    ]);
    const mine = await donationAt(
      'SCREENED',
      [line({ resource: ids.SOAP, quantity: '1', lot: 'GD-Q' })],
      as.admin,
    );

    const [statuses] = await sql<{ screened: number; approved1: number }>(
      `select count(*) filter (where status = 'SCREENED')::int as screened,
              count(*) filter (where status = 'APPROVED_1')::int as approved1 from doc_goods_donation`,
    );
    const one = await queue(as.approver1, 1, true);
    expect(one.items.every((d) => d.status === 'SCREENED')).toBe(true);
    expect(one.items.map((d) => d.id)).toEqual(expect.arrayContaining([screened.id, mine.id]));
    expect(one.items.map((d) => d.id)).not.toContain(approved1.id);
    expect(one.total).toBe(one.items.length);
    const two = await queue(as.approver2, 2, true);
    expect(two.items.every((d) => d.status === 'APPROVED_1')).toBe(true);
    expect(two.items.map((d) => d.id)).toContain(approved1.id);
    // The administrator's queue leaves out what they made; the viewer's list (no queue) counts all.
    const adminQueue = await queue(as.admin, 1, true);
    expect(adminQueue.items.map((d) => d.id)).not.toContain(mine.id);
    const waiting = await queue(as.admin, 1, false);
    expect(waiting.total).toBe(statuses.screened);
    expect((await queue(as.admin, 2, false)).total).toBe(statuses.approved1);
    const noLevel = await t.graphql(`{ documents(type: GOODS_DONATION, level: 3) { total } }`, {}, as.admin);
    refused(noLevel.body.errors?.[0], 400, 'BAD_INPUT');
  });
});

describe('cancelling the level-2 approval', () => {
  it('reverses the receipt with new movements; once the goods are sent on it is refused, naming the transfer', async () => {
    let doc = await donationAt('APPROVED_2', [line({ quantity: '8', lot: 'GD-REV' })]);
    expect(await onHand(ids.RICE, 'GD-REV')).toEqual({ onHand: 8, reserved: 0 });
    const noReason = await act(as.approver2, doc, 'CANCEL_APPROVE_2');
    refused(noReason.error, 400, 'BAD_INPUT', 'reason');

    doc = ok(
      await act(as.approver2, doc, 'CANCEL_APPROVE_2', { reason: 'อนุมัติผิดรายการ' }),
      'cancel approve 2',
    );
    expect(doc.status).toBe('APPROVED_1');
    expect(await onHand(ids.RICE, 'GD-REV')).toEqual({ onHand: 0, reserved: 0 });
    const movements = () =>
      sql<{ type: string; q: string; reverses: boolean }>(
        `select movement_type as type, quantity::text as q, reversal_of_id is not null as reverses
         from stock_movement where document_type = 'GOODS_DONATION' and document_id = ? order by id`,
        [doc.id],
      );
    expect(await movements()).toEqual([
      { type: 'RECEIVE', q: '8.000', reverses: false },
      { type: 'RECEIVE', q: '-8.000', reverses: true },
    ]);

    // Approved again: received again, appended.
    doc = ok(await act(as.approver2, doc, 'APPROVE_2'), 'approve 2 again');
    expect((await movements()).map((m) => m.q)).toEqual(['8.000', '-8.000', '8.000']);

    // Three sacks of it go to Khon Kaen on a transfer, which is sent.
    const transfer = await t.graphql<{ createDocument: { id: number; number: string; version: number } }>(
      `mutation ($input: DocumentInput!) { createDocument(type: STOCK_TRANSFER, input: $input) { id number version } }`,
      {
        input: {
          header: { fromStorage: ids.STORAGE, toStorage: ids.OTHER_STORAGE },
          lines: [{ resource: ids.RICE, lot: 'GD-REV', quantity: '3' }],
        },
      },
      as.officer,
    );
    expect(transfer.body.errors).toBeUndefined();
    const tr = transfer.body.data?.createDocument as { id: number; number: string; version: number };
    // Saved, the transfer already holds the sacks: the receipt cannot be taken back.
    const before = await footprint();
    const held = await act(as.approver2, doc, 'CANCEL_APPROVE_2', { reason: 'ยกเลิก' });
    refused(held.error, 409, 'DEPENDENT_DOCUMENTS');
    expect(held.error?.extensions?.messageTh).toContain(tr.number);
    expect(held.error?.extensions?.messageEn).toContain(tr.number);
    expect(held.error?.extensions?.details).toEqual({
      dependents: [{ documentType: 'STOCK_TRANSFER', documentId: tr.id, number: tr.number }],
    });
    expect(await footprint()).toEqual(before);

    const sent = await t.graphql(
      `mutation ($id: Int!, $version: Int!) { actOnDocument(type: STOCK_TRANSFER, id: $id, input: { action: "SEND", version: $version }) { status } }`,
      { id: tr.id, version: tr.version },
      as.officer,
    );
    expect(sent.body.errors).toBeUndefined();
    const afterSend = await footprint();
    const moved = await act(as.approver2, doc, 'CANCEL_APPROVE_2', { reason: 'ยกเลิก' });
    refused(moved.error, 409, 'DEPENDENT_DOCUMENTS');
    expect(moved.error?.extensions?.messageEn).toMatch(
      new RegExp(`^Level-2 approval of ${doc.number} cannot be cancelled: .*${tr.number}$`),
    );
    expect(await footprint()).toEqual(afterSend);
    expect(await onHand(ids.RICE, 'GD-REV')).toEqual({ onHand: 5, reserved: 0 });
    expect(await verifyLedger(t.em())).toEqual({ stock: [], money: [] });
  });

  it('a transfer that was saved and cancelled took nothing: the receipt can be reversed', async () => {
    let doc = await donationAt('APPROVED_2', [line({ quantity: '4', lot: 'GD-FREE' })]);
    const transfer = await t.graphql<{ createDocument: { id: number; version: number } }>(
      `mutation ($input: DocumentInput!) { createDocument(type: STOCK_TRANSFER, input: $input) { id version } }`,
      {
        input: {
          header: { fromStorage: ids.STORAGE, toStorage: ids.OTHER_STORAGE },
          lines: [{ resource: ids.RICE, lot: 'GD-FREE', quantity: '4' }],
        },
      },
      as.officer,
    );
    const tr = transfer.body.data?.createDocument as { id: number; version: number };
    await t.graphql(
      `mutation ($id: Int!, $version: Int!) { actOnDocument(type: STOCK_TRANSFER, id: $id, input: { action: "CANCEL", version: $version }) { status } }`,
      tr,
      as.officer,
    );
    doc = ok(await act(as.approver2, doc, 'CANCEL_APPROVE_2', { reason: 'ยกเลิก' }), 'cancel approve 2');
    expect(await onHand(ids.RICE, 'GD-FREE')).toEqual({ onHand: 0, reserved: 0 });
  });
});

describe('bad input is refused in Thai and English and writes nothing', () => {
  it('quantities, values, items, storages, units and versions', async () => {
    await sql("update ref_resource set status_code = 'I' where id = ?", [ids.SOAP]);
    const cases: [Record<string, unknown>, Record<string, unknown>, number, string, string?][] = [
      [{}, { quantity: '0' }, 400, 'BAD_INPUT', 'lines.0.quantity'],
      [{}, { quantity: '-2' }, 400, 'BAD_INPUT', 'lines.0.quantity'],
      [{}, { quantity: '1.2345' }, 400, 'BAD_INPUT', 'lines.0.quantity'],
      [{}, { unitValue: '0' }, 400, 'BAD_INPUT', 'lines.0.unitValue'],
      [{}, { unitValue: '10.123' }, 400, 'BAD_INPUT', 'lines.0.unitValue'],
      [{}, { resource: 99_999_999 }, 400, 'BAD_INPUT', 'lines.0.resource'],
      [{}, { resource: ids.SOAP }, 400, 'BAD_INPUT', 'lines.0.resource'],
      [{}, { character: 'BROKEN' }, 400, 'BAD_INPUT', 'lines.0.character'],
      [{}, { priceFrom: 'GUESS' }, 400, 'BAD_INPUT', 'lines.0.priceFrom'],
      [{}, { acceptedQuantity: '5' }, 400, 'BAD_INPUT', 'lines.0.acceptedQuantity'],
      // A storage outside the officer's scope is not offered and refused (document-pick.ts).
      [{ storage: ids.OTHER_STORAGE }, {}, 403, 'FORBIDDEN'],
      [{ donationDate: '2026-02-30' }, {}, 400, 'BAD_INPUT', 'donationDate'],
      [{ objective: 'NONE' }, {}, 400, 'BAD_INPUT', 'objective'],
      [{ donator: 99_999_999 }, {}, 400, 'BAD_INPUT', 'donator'],
      // Another division's unit and storage: outside the officer's data scope.
      [{ receivingUnit: ids.OTHER_UNIT, storage: ids.OTHER_STORAGE }, {}, 403, 'FORBIDDEN'],
    ];
    try {
      const before = await footprint();
      for (const [head, values, status, code, field] of cases) {
        const res = await create(as.officer, { header: header(head), lines: [line(values)] });
        refused(res.error, status, code, field);
      }
      expect(await footprint()).toEqual(before);
    } finally {
      await sql("update ref_resource set status_code = 'A' where id = ?", [ids.SOAP]);
    }

    // A stale version: someone changed it since it was read.
    const doc = await donationAt('SUBMITTED', [line({ resource: ids.SOAP, quantity: '1', lot: 'GD-BAD' })]);
    const lines = [line({ resource: ids.RICE, quantity: '1', lot: 'GD-BAD' })];
    ok(await update(as.officer, doc, { header: header(), lines, remark: 'แก้ไขแล้ว' }), 'edit');
    const before = await footprint();
    refused(
      (await update(as.officer, doc, { header: header(), lines, remark: 'ทับ' })).error,
      409,
      'CONFLICT',
    );
    const stale = await act(as.officer, doc, 'SCREEN', {
      lines: screening(doc, { 1: accepted('1') }),
    });
    refused(stale.error, 409, 'CONFLICT');
    expect(await footprint()).toEqual(before);
  });
});

describe('demo data', () => {
  it('seeds goods donations in several steps, the approved one in stock', async () => {
    const rows = await sql<{ status: string }>('select status from doc_goods_donation order by id limit 4');
    expect(rows.map((r) => r.status)).toEqual(['DRAFT', 'SUBMITTED', 'SCREENED', 'APPROVED_2']);
    const [stock] = await sql<{ on_hand: string }>(
      `select b.on_hand::text from stock_balance b join ref_resource r on r.id = b.resource_id
       where b.storage_id = ? and r.code = 'BLANKET' and b.lot = 'DN-B-01'`,
      [ids.STORAGE],
    );
    expect(stock.on_hand).toBe('95.000');
  });
});
