import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserGroupService } from '../features/user-groups/user-group.service';
import { AuditEvent } from '../platform/audit/audit-event.entity';
import { fiscalYearBE } from '../platform/dates';
import { bearer, fixtureAdministrator, sessionToken } from '../testing/auth-helpers';
import { firstPagePng, readPdf } from '../testing/pdf-text';
import { startTestApp, type TestApp } from '../testing/test-app';
import { staffMember, unitByCode, unitUnder } from '../testing/test-bureau';

// Issue 10 (MN-052): the evidence of receipt of a goods donation, issued by its level-2 approval
// through the same mechanism as a money receipt, on the real server and database, with the PDF read
// back by MuPDF. The demo staff of the Chiang Mai division do the work: the officer writes, screens and
// prints (print-donate-resource is an officer's menu), approver1.demo and approver2.demo approve.
// RECEIPT_PNG_DIR=<dir> also writes the first page of each printed evidence as PNG and PDF.

let t: TestApp;
const ids: Record<string, number> = {};
const as: Record<string, Record<string, string>> = {};
const sql = <T>(query: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(query, params);

const RECEIPT =
  'receipt { id kind number fiscalYear issuedOn amount amountInWords donorName void voidReason printCount printable pdfUrl printViewUrl }';
const FIELDS = `id number status version lines { id lineNo values } ${RECEIPT}`;

interface Receipt {
  id: number;
  kind: string;
  number: string;
  fiscalYear: number;
  issuedOn: string;
  amount: string;
  amountInWords: string;
  donorName: string;
  void: boolean;
  voidReason: string | null;
  printCount: number;
  printable: boolean;
  pdfUrl: string;
  printViewUrl: string;
}

interface Doc {
  id: number;
  number: string;
  status: string;
  version: number;
  lines: { id: number; lineNo: number; values: Record<string, unknown> }[];
  receipt: Receipt | null;
}

interface GqlError {
  message: string;
  extensions?: Record<string, unknown>;
}

async function gql<T>(who: Record<string, string>, query: string, variables: Record<string, unknown> = {}) {
  const res = await t.graphql<T>(query, variables, who);
  return { data: res.body.data, error: res.body.errors?.[0] as GqlError | undefined };
}

function ok<T>(result: { data?: T | null; error?: GqlError }, label: string): T {
  expect(result.error, `${label}: ${result.error?.message}`).toBeUndefined();
  return result.data as T;
}

async function act(
  who: Record<string, string>,
  doc: Doc,
  action: string,
  extra: Record<string, unknown> = {},
) {
  return gql<{ actOnDocument: Doc }>(
    who,
    `mutation ($id: Int!, $input: DocumentActionInput!) { actOnDocument(type: GOODS_DONATION, id: $id, input: $input) { ${FIELDS} } }`,
    { id: doc.id, input: { action, version: doc.version, ...extra } },
  );
}

const read = async (who: Record<string, string>, id: number) =>
  ok(await gql<{ document: Doc }>(who, `{ document(type: GOODS_DONATION, id: ${id}) { ${FIELDS} } }`), 'read')
    .document;

/** A resource of this file's own, in RICE-5KG's category and counting unit (ถุง). */
async function newResource(code: string, nameTh: string): Promise<number> {
  const [row] = await sql<{ id: number }>(
    `insert into ref_resource (code, name_th, name_en, resource_sub_id, counting_unit_id, status_code, created_at, updated_at)
     select ?, ?, ?, resource_sub_id, counting_unit_id, 'A', now(), now() from ref_resource where code = 'RICE-5KG'
     returning id`,
    [code, nameTh, code],
  );
  return row.id;
}

const idOf = async (table: string, code: string) =>
  (await sql<{ id: number }>(`select id from ${table} where code = ?`, [code]))[0]?.id as number;

interface Line {
  resource: number;
  quantity: string;
  unitValue: string;
  /** Rejected at screening (with a reason); the rest accepted. */
  rejected: string;
}

/** A goods donation taken to level-2 approval by the demo staff whose work each step is. */
async function approvedDonation(lines: Line[], unit = ids.UNIT, storage = ids.STORAGE): Promise<Doc> {
  let doc = ok(
    await gql<{ createDocument: Doc }>(
      as.officer,
      `mutation ($input: DocumentInput!) { createDocument(type: GOODS_DONATION, input: $input) { ${FIELDS} } }`,
      {
        input: {
          header: {
            donator: ids.DONOR,
            receivingUnit: unit,
            storage,
            donationDate: '2026-11-20',
            objective: 'DISASTER_COLD',
          },
          lines: lines.map((l) => ({
            resource: l.resource,
            character: 'NEW',
            quantity: l.quantity,
            unitValue: l.unitValue,
            priceFrom: 'RECEIPT',
          })),
        },
      },
    ),
    'create',
  ).createDocument;
  doc = ok(await act(as.officer, doc, 'SUBMIT'), 'submit').actOnDocument;
  const screening = doc.lines.map((line) => {
    const { quantity, rejected } = lines[line.lineNo - 1] as Line;
    const accepted = String(Number(quantity) - Number(rejected));
    return {
      id: line.id,
      values: {
        acceptedQuantity: accepted,
        rejectedQuantity: rejected,
        screenStatus:
          Number(rejected) === 0 ? 'ACCEPTED' : Number(accepted) === 0 ? 'REJECTED' : 'PARTLY_ACCEPTED',
        classification: Number(accepted) > 0 ? 'URGENT' : null,
        screenReason: Number(rejected) > 0 ? 'ชำรุดเสียหาย' : null,
      },
    };
  });
  doc = ok(await act(as.officer, doc, 'SCREEN', { lines: screening }), 'screen').actOnDocument;
  expect(doc.receipt).toBeNull();
  doc = ok(await act(as.approver1, doc, 'APPROVE_1'), 'approve 1').actOnDocument;
  expect(doc.receipt).toBeNull();
  return ok(await act(as.approver2, doc, 'APPROVE_2'), 'approve 2').actOnDocument;
}

const get = (url: string, who: Record<string, string>) => t.app.inject({ method: 'GET', url, headers: who });

function savePng(name: string, pdf: Buffer) {
  const dir = process.env.RECEIPT_PNG_DIR;
  if (!dir) return;
  writeFileSync(join(dir, `${name}.png`), firstPagePng(pdf));
  writeFileSync(join(dir, `${name}.pdf`), pdf);
}

/** A unit of this file's own below the officer's division, with a storage and a money account. */
async function freshUnit(code: string) {
  const em = t.em();
  const unit = await unitUnder(em, 'OPS-P38-SDW', code, 6, {
    th: 'หน่วยรับบริจาคทดสอบ',
    en: 'Test receiving unit',
  });
  const [store] = await sql<{ id: number }>(
    `insert into ref_storage (code, name_th, owner_unit_id, status_code, created_at, updated_at)
     values (?, ?, ?, 'A', now(), now()) returning id`,
    [`ST-${code}`, `คลังทดสอบ ${code}`, unit.id],
  );
  const [account] = await sql<{ id: number }>(
    `insert into ref_money_account (code, name_th, owner_unit_id, bank_code, account_number, status_code, created_at, updated_at)
     values (?, ?, ?, '006', '1234567890', 'A', now(), now()) returning id`,
    [`AC-${code}`, `บัญชีทดสอบ ${code}`, unit.id],
  );
  return { unit: unit.id, storage: store.id, account: account.id };
}

beforeAll(async () => {
  t = await startTestApp();
  ids.UNIT = await idOf('organisation_unit', 'OPS-P38-SDW');
  ids.STORAGE = await idOf('ref_storage', 'ST-P38-SDW');
  ids.DONOR = await idOf('ref_donator', 'DN-000001');
  ids.RICE = await newResource('EV-RICE', 'ข้าวสารหอมมะลิ 5 กิโลกรัม');
  ids.BLANKET = await newResource('EV-BLANKET', 'ผ้าห่มนวมกันหนาวสำหรับผู้สูงอายุ');
  ids.WATER = await newResource('EV-WATER', 'น้ำดื่มบรรจุขวดขนาด 600 มิลลิลิตร');
  for (const [who, username] of [
    ['officer', 'officer.demo'],
    ['approver1', 'approver1.demo'],
    ['approver2', 'approver2.demo'],
  ] as const)
    as[who] = bearer(await sessionToken(t, username));
  // Someone who prints goods evidence and reads goods donations only, in the division and outside it.
  await new UserGroupService(t.em()).save(fixtureAdministrator, {
    code: 'UG-TGP',
    name: 'ทดสอบผู้พิมพ์หลักฐานการรับบริจาคสิ่งของ',
    menuCodes: ['MN-034', 'MN-052'],
    transactionCode: null,
  });
  as.printer = await staffMember(
    t,
    t.em(),
    'goods.printer',
    await unitByCode(t.em(), 'OPS-P38-SDW'),
    'UG-TGP',
  );
  as.outsider = await staffMember(
    t,
    t.em(),
    'goods.outsider',
    await unitByCode(t.em(), 'DSDW-P28'),
    'UG-TGP',
  );
}, 180_000);
afterAll(() => t.close());

/** 9 of 12 bags of rice at 150.00, all 5.5 blankets at 20.25 (111.375: 111.38), none of the water. */
const mixedLines = (): Line[] => [
  { resource: ids.RICE, quantity: '12', unitValue: '150.00', rejected: '3' },
  { resource: ids.BLANKET, quantity: '5.5', unitValue: '20.25', rejected: '0' },
  { resource: ids.WATER, quantity: '10', unitValue: '6.00', rejected: '10' },
];

describe('the evidence of receipt of a goods donation', () => {
  it('is issued by the level-2 approval, lists what was accepted with values and the total in Thai words, prints once as the original and then as copies', async () => {
    const doc = await approvedDonation(mixedLines());
    expect(doc.status).toBe('APPROVED_2');
    const receipt = doc.receipt as Receipt;
    expect(receipt).toMatchObject({
      kind: 'GOODS',
      number: expect.stringMatching(new RegExp(`^G${fiscalYearBE()}/\\d{6}$`)),
      fiscalYear: fiscalYearBE(),
      amount: '1461.38',
      amountInWords: 'หนึ่งพันสี่ร้อยหกสิบเอ็ดบาทสามสิบแปดสตางค์',
      donorName: 'บริษัท ตัวอย่างใจดี จำกัด',
      void: false,
      printCount: 0,
      // Approver 2 answered: they print no goods evidence.
      printable: false,
    });
    expect((await read(as.officer, doc.id)).receipt).toMatchObject({ id: receipt.id, printable: true });
    // Frozen on the evidence: the accepted lines only, numbered in order, valued to the satang.
    expect(
      await sql(
        `select line_no, resource_code, quantity::text, counting_unit_name, unit_value::text, line_value::text
         from donation_receipt_item where receipt_id = ? order by line_no`,
        [receipt.id],
      ),
    ).toEqual([
      {
        line_no: 1,
        resource_code: 'EV-RICE',
        quantity: '9.000',
        counting_unit_name: 'ถุง',
        unit_value: '150.00',
        line_value: '1350.00',
      },
      {
        line_no: 2,
        resource_code: 'EV-BLANKET',
        quantity: '5.500',
        counting_unit_name: 'ถุง',
        unit_value: '20.25',
        line_value: '111.38',
      },
    ]);

    // The first print is the original.
    const first = await get(receipt.pdfUrl, as.officer);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(String(first.headers['content-disposition']))).toContain(
      `หลักฐานการรับบริจาคสิ่งของ-${receipt.number.replace('/', '-')}.pdf`,
    );
    savePng('goods-evidence-original', first.rawPayload);
    const original = readPdf(first.rawPayload);
    expect(original.pages).toBe(1);
    expect(original.sizes[0]).toEqual([595, 842]);
    expect(original.fonts.some((f) => f.startsWith('Sarabun'))).toBe(true);
    const text = original.text.join('\n');
    expect(text).toContain('หลักฐานการรับบริจาคสิ่งของ');
    expect(text).toContain(receipt.number);
    expect(text).toContain('บริษัท ตัวอย่างใจดี จำกัด');
    expect(text).toContain('ข้าวสารหอมมะลิ 5 กิโลกรัม');
    expect(text).toContain('ผ้าห่มนวมกันหนาวสำหรับผู้สูงอายุ');
    expect(text).not.toContain('น้ำดื่มบรรจุขวด');
    expect(text).toContain('1,350.00');
    expect(text).toContain('111.38');
    expect(text).toContain('1,461.38');
    expect(text).toContain('5.5');
    expect(text).toContain('หนึ่งพันสี่ร้อยหกสิบเอ็ดบาทสามสิบแปดสตางค์');
    expect(text).toContain('ภัยหนาว');
    // The organisation: the nearest unit above the receiving group with a tax id, the Chiang Mai
    // provincial office (OPS's tax id), whose address is the heading's too (one unit, one place).
    expect(text).toContain('สำนักงานพัฒนาสังคมและความมั่นคงของมนุษย์จังหวัดเชียงใหม่');
    expect(text).toContain('ศาลากลางจังหวัดเชียงใหม่');
    expect(text).not.toContain('ถนนกรุงเกษม');
    expect(text).toContain('0994000158343');
    expect(text).toContain('ผู้รับบริจาค');
    expect(text).not.toContain('COPY');
    expect(text).not.toContain('VOID');

    // A reprint, as PDF or as the print view, is marked as a copy; every print is audited.
    const again = await get(receipt.pdfUrl, as.officer);
    const copyText = readPdf(again.rawPayload).text.join('\n');
    expect(copyText).toContain('สำเนา / COPY');
    expect(copyText).toContain(receipt.number);
    expect(String(again.headers['content-disposition'])).toContain(encodeURIComponent('สำเนา'));
    const view = await get(receipt.printViewUrl, as.printer);
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toContain('text/html');
    expect(view.body).toContain('หลักฐานการรับบริจาคสิ่งของ');
    expect(view.body).toContain('สำเนา / COPY');
    expect(view.body).toContain('@page');
    const prints = await t
      .em()
      .find(
        AuditEvent,
        { event: 'RECEIPT_PRINTED', details: { receiptId: receipt.id } as never },
        { orderBy: { id: 'asc' } },
      );
    expect(prints.map((p) => p.details)).toEqual([
      expect.objectContaining({ kind: 'GOODS', number: receipt.number, copy: false, print: 1, void: false }),
      expect.objectContaining({ copy: true, print: 2 }),
      expect.objectContaining({ copy: true, print: 3 }),
    ]);
    expect((await read(as.officer, doc.id)).receipt?.printCount).toBe(3);
  }, 120_000);

  it('is printed only by who may: another division is told nothing, a reader without MN-052 is refused', async () => {
    const doc = await approvedDonation([
      { resource: ids.RICE, quantity: '2', unitValue: '150.00', rejected: '0' },
    ]);
    const receipt = doc.receipt as Receipt;
    // Another division's printer cannot read the donation: the evidence is not found, and nothing counted.
    expect((await get(receipt.pdfUrl, as.outsider)).statusCode).toBe(404);
    expect((await get(receipt.printViewUrl, as.outsider)).statusCode).toBe(404);
    const outside = await gql<{ document: Doc }>(
      as.outsider,
      `{ document(type: GOODS_DONATION, id: ${doc.id}) { id } }`,
    );
    expect(outside.error?.extensions).toMatchObject({ status: 404 });
    // Approver 1 reads the donation and prints money receipts (MN-050), not goods evidence (MN-052).
    const seen = await read(as.approver1, doc.id);
    expect(seen.receipt).toMatchObject({ number: receipt.number, printable: false });
    const refused = await get(receipt.pdfUrl, as.approver1);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', messageTh: expect.stringMatching(/[ก-๙]/) });
    // The goods printer, who reads no money donation, is told nothing of a money receipt.
    const [money] = await sql<{ id: number }>(`select id from donation_receipt where kind = 'MONEY' limit 1`);
    expect(money).toBeDefined();
    expect((await get(`/api/receipts/${money?.id}/pdf`, as.printer)).statusCode).toBe(404);
    // None of that was a print.
    expect((await read(as.officer, doc.id)).receipt?.printCount).toBe(0);
  }, 60_000);

  it('is voided by cancelling the level-2 approval, keeps its number and prints as void; approving again issues the next number', async () => {
    const fresh = await freshUnit('EV-NUM');
    // A money receipt of the same unit first: the goods series is a series of its own.
    const money = ok(
      await gql<{ createDocument: Doc }>(
        as.officer,
        `mutation ($input: DocumentInput!) { createDocument(type: MONEY_DONATION, input: $input) { id version } }`,
        {
          input: {
            header: {
              donor: ids.DONOR,
              donatedOn: '2026-11-20',
              amount: '500.00',
              transferType: 'CASH',
              moneyAccount: fresh.account,
              objective: 'GENERAL',
            },
          },
        },
      ),
      'money',
    ).createDocument;
    const moneyApproved = ok(
      await gql<{ actOnDocument: Doc }>(
        as.approver1,
        `mutation ($id: Int!, $input: DocumentActionInput!) { actOnDocument(type: MONEY_DONATION, id: $id, input: $input) { ${RECEIPT} } }`,
        { id: money.id, input: { action: 'APPROVE', version: money.version } },
      ),
      'approve money',
    ).actOnDocument;
    const year = fiscalYearBE();
    expect(moneyApproved.receipt?.number).toBe(`${year}/000001`);

    let doc = await approvedDonation(
      [{ resource: ids.RICE, quantity: '4', unitValue: '150.00', rejected: '0' }],
      fresh.unit,
      fresh.storage,
    );
    const first = doc.receipt as Receipt;
    expect(first.number).toBe(`G${year}/000001`);
    expect(first.amount).toBe('600.00');

    const cancelled = ok(
      await act(as.approver2, doc, 'CANCEL_APPROVE_2', { reason: 'มูลค่าต่อหน่วยไม่ตรงกับใบกำกับ' }),
      'cancel approve 2',
    ).actOnDocument;
    expect(cancelled.status).toBe('APPROVED_1');
    expect(cancelled.receipt).toMatchObject({
      id: first.id,
      number: first.number,
      void: true,
      voidReason: 'มูลค่าต่อหน่วยไม่ตรงกับใบกำกับ',
    });
    const voidPrint = await get(first.pdfUrl, as.officer);
    expect(voidPrint.statusCode).toBe(200);
    savePng('goods-evidence-void', voidPrint.rawPayload);
    const voidRead = readPdf(voidPrint.rawPayload);
    expect(voidRead.pages).toBe(1);
    const voidText = voidRead.text.join('\n');
    expect(voidText).toContain('ยกเลิก / VOID');
    expect(voidText).toContain(first.number);
    expect(voidText).toContain('หลักฐานการรับบริจาคฉบับนี้ถูกยกเลิกแล้ว');
    expect(voidText).toContain('มูลค่าต่อหน่วยไม่ตรงกับใบกำกับ');

    doc = ok(await act(as.approver2, cancelled, 'APPROVE_2'), 'approve 2 again').actOnDocument;
    expect(doc.receipt).toMatchObject({ number: `G${year}/000002`, void: false, printCount: 0 });
    const series = await sql<{ series: string; last: number }>(
      'select series, last from document_counter where series in (?, ?) and fiscal_year = ? order by series',
      [`GOODS-RECEIPT-${fresh.unit}`, `RECEIPT-${fresh.unit}`, year],
    );
    expect(series).toEqual([
      { series: `GOODS-RECEIPT-${fresh.unit}`, last: 2 },
      { series: `RECEIPT-${fresh.unit}`, last: 1 },
    ]);
    // The voided one is still there under its number, void.
    expect(
      await sql(
        'select number, voided_at is not null as void from donation_receipt where document_id = ? and kind = ? order by id',
        [doc.id, 'GOODS'],
      ),
    ).toEqual([
      { number: `G${year}/000001`, void: true },
      { number: `G${year}/000002`, void: false },
    ]);
  }, 120_000);

  it('is not issued when screening accepted nothing', async () => {
    const doc = await approvedDonation([
      { resource: ids.WATER, quantity: '10', unitValue: '6.00', rejected: '10' },
    ]);
    expect(doc.status).toBe('APPROVED_2');
    expect(doc.receipt).toBeNull();
    const cancelled = ok(
      await act(as.approver2, doc, 'CANCEL_APPROVE_2', { reason: 'ทดสอบ' }),
      'cancel',
    ).actOnDocument;
    expect(cancelled).toMatchObject({ status: 'APPROVED_1', receipt: null });
  }, 60_000);

  it('refuses the level-2 approval where no unit up the tree has a tax id, writing nothing', async () => {
    const fresh = await freshUnit('EV-NOTAX');
    await sql(`update organisation_unit set tax_id = null where code in ('OPS', 'OPS-P38')`);
    try {
      let doc = ok(
        await gql<{ createDocument: Doc }>(
          as.officer,
          `mutation ($input: DocumentInput!) { createDocument(type: GOODS_DONATION, input: $input) { ${FIELDS} } }`,
          {
            input: {
              header: {
                donator: ids.DONOR,
                receivingUnit: fresh.unit,
                storage: fresh.storage,
                donationDate: '2026-11-20',
                objective: 'DISASTER_COLD',
              },
              lines: [
                {
                  resource: ids.RICE,
                  character: 'NEW',
                  quantity: '3',
                  unitValue: '150.00',
                  priceFrom: 'RECEIPT',
                },
              ],
            },
          },
        ),
        'create',
      ).createDocument;
      doc = ok(await act(as.officer, doc, 'SUBMIT'), 'submit').actOnDocument;
      doc = ok(
        await act(as.officer, doc, 'SCREEN', {
          lines: [
            {
              id: doc.lines[0]?.id,
              values: {
                acceptedQuantity: '3',
                rejectedQuantity: '0',
                screenStatus: 'ACCEPTED',
                classification: 'URGENT',
              },
            },
          ],
        }),
        'screen',
      ).actOnDocument;
      doc = ok(await act(as.approver1, doc, 'APPROVE_1'), 'approve 1').actOnDocument;
      const footprint = async () =>
        (
          await sql<Record<string, string>>(
            `select (select count(*) from donation_receipt)::text as receipts,
               (select coalesce(sum(last), 0) from document_counter)::text as numbers,
               (select count(*) from stock_movement)::text as movements,
               (select status || ':' || version from doc_goods_donation where id = ?) as state`,
            [doc.id],
          )
        )[0];
      const before = await footprint();
      const refused = await act(as.approver2, doc, 'APPROVE_2');
      expect(refused.error?.extensions).toMatchObject({
        code: 'RECEIPT_SETUP',
        status: 409,
        messageTh: expect.stringContaining('เลขประจำตัวผู้เสียภาษีอากร'),
        messageEn: expect.stringContaining('tax id'),
      });
      expect(await footprint()).toEqual(before);
    } finally {
      await sql(`update organisation_unit set tax_id = '0994000158343' where code in ('OPS', 'OPS-P38')`);
    }
  }, 60_000);
});
