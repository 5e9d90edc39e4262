import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganisationUnit } from '../../kits/core/organisation.entity';
import { bangkokToday, fiscalYearBE } from '../../platform/dates';
import { samples, sized } from '../../platform/files/file-samples';
import { fixtureAdministrator } from '../../testing/auth-helpers';
import { validId } from '../../testing/donor-fixtures';
import { type FieldPart, multipart, type UploadPart } from '../../testing/multipart';
import { type ReceivedMail, startSmtpSink } from '../../testing/smtp-sink';
import { startTestApp, type TestApp } from '../../testing/test-app';
import {
  actDoc as actOnDoc,
  createDoc as createDocument,
  type Doc,
  divisionWithStock,
  gqlAs,
  type Headers,
  staffMember,
  unitUnder,
} from '../../testing/test-bureau';
import { UserGroupService } from '../user-groups';

// Issue 11 item 2: public receipt requests on the real server, database and SMTP server. A visitor
// sends a request through the public form (REST multipart: the JSON `request` and the `evidence`
// file); staff of the receiving division take it in, link it to the donation and issue it, or reject
// it; the requester's e-mails are read from the SMTP server at every step; the status page answers
// by tracking number and e-mail. A bureau of this file's own (RRQ, under OPS, whose tax id the
// receipts use) has two divisions, RRQ-A and RRQ-B, each with a money account and a storage.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
const ids: Record<string, number> = {};
const as: Record<string, Record<string, string>> = {};
const FY = fiscalYearBE();
const today = bangkokToday();

const sql = <T>(query: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(query, params);

const REQUESTER_TAX_ID = validId('310050012345');
const COMPANY_TAX_ID = validId('010555612345');
const RRQ_UNIT = { th: 'หน่วยทดสอบคำขอใบเสร็จ', en: 'Receipt request test unit' };

const gql = <T>(who: Headers, query: string, variables: Record<string, unknown> = {}) =>
  gqlAs<T>(t, who, query, variables);
const person = (em: EntityManager, username: string, unit: OrganisationUnit, group: string) =>
  staffMember(t, em, username, unit, group);

/** Sends a public form as a browser does: multipart with the JSON `request` and the evidence file. */
async function submit(
  page: 'money' | 'resource',
  request: Record<string, unknown> | string,
  evidence: UploadPart | null = { fileName: 'slip.png', content: samples.png },
) {
  const parts: (UploadPart | FieldPart)[] = [
    { field: 'request', value: typeof request === 'string' ? request : JSON.stringify(request) },
  ];
  if (evidence) parts.push({ ...evidence, name: 'evidence' });
  const body = multipart(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/public/reqs-receipt-donation-${page}`,
    headers: body.headers,
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

const moneyRequest = (email: string, extra: Record<string, unknown> = {}) => ({
  unitId: ids.A,
  requesterType: 'PERSON',
  requesterName: 'สมศรี ใจบุญ',
  taxId: REQUESTER_TAX_ID,
  email,
  phone: '081-234-5678',
  donatedOn: today,
  amount: '2500.50',
  delivery: 'EMAIL',
  consent: true,
  ...extra,
});

const goodsRequest = (email: string, extra: Record<string, unknown> = {}) => ({
  unitId: ids.A,
  requesterType: 'JURISTIC',
  requesterName: 'บริษัท ข้าวดี จำกัด',
  taxId: COMPANY_TAX_ID,
  email,
  phone: '02 123 4567',
  donatedOn: today,
  items: [
    { description: 'ข้าวสาร 5 กก.', quantity: '10', unit: 'ถุง' },
    { description: 'น้ำดื่ม', quantity: '24.5', unit: null },
  ],
  delivery: 'POST',
  addressLine: '99/1 ถนนพหลโยธิน',
  subDistrict: ids.SUB_DISTRICT,
  consent: true,
  ...extra,
});

const REQUEST_FIELDS = `id number kind status requesterName taxId email amount delivery postalAddress linkedNumber allowedActions
  items { description quantity unit }
  history { action fromStatus toStatus reason actorName }
  attachments { fileName mediaType size }
  linkedDonation { number status receiptNumber sameTaxId notReadyEn }`;

interface RequestView {
  id: number;
  number: string;
  status: string;
  kind: string;
  requesterName: string;
  amount: string | null;
  postalAddress: string | null;
  linkedNumber: string | null;
  allowedActions: string[];
  items: { description: string; quantity: string; unit: string | null }[];
  history: {
    action: string;
    fromStatus: string | null;
    toStatus: string;
    reason: string | null;
    actorName: string;
  }[];
  attachments: { fileName: string; mediaType: string; size: number }[];
  linkedDonation: { number: string; status: string; receiptNumber: string | null; sameTaxId: boolean } | null;
}

const read = (who: Record<string, string>, id: number) =>
  gql<{ receiptRequest: RequestView }>(
    who,
    `query ($id: Int!) { receiptRequest(id: $id) { ${REQUEST_FIELDS} } }`,
    {
      id,
    },
  );

const act = (who: Record<string, string>, id: number, input: Record<string, unknown>) =>
  gql<{ actOnReceiptRequest: RequestView }>(
    who,
    `mutation ($id: Int!, $input: ReceiptRequestActionInput!) { actOnReceiptRequest(id: $id, input: $input) { ${REQUEST_FIELDS} } }`,
    { id, input },
  );

const statusOf = (trackingNumber: string, email: string) =>
  gql<{ receiptRequestStatus: Record<string, unknown> }>(
    {},
    'query ($n: String!, $e: String!) { receiptRequestStatus(trackingNumber: $n, email: $e) { number kind status unitNameTh rejectReason } }',
    { n: trackingNumber, e: email },
  );

const createDoc = (who: Headers, type: string, input: Record<string, unknown>) =>
  createDocument(t, who, type, input);
const actDoc = (who: Headers, type: string, doc: Doc, action: string, extra: Record<string, unknown> = {}) =>
  actOnDoc(t, who, type, doc, action, extra);

/** What a refused form must not have written: requests, their files and any mail. */
async function written() {
  const [row] = await sql<{ requests: number; files: number; mails: number }>(
    `select (select count(*)::int from receipt_request) as requests,
            (select count(*)::int from attachment where owner_kind = 'receipt-request') as files,
            (select count(*)::int from mail_outbox) as mails`,
  );
  return row;
}

/** The mails sent to an address, once `count` of them arrived. */
async function mailsTo(address: string, count: number): Promise<ReceivedMail[]> {
  await t.deps.mailer.flush();
  return smtp.waitFor(address, count);
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({
    mail: { smtpUrl: smtp.url, from: 'Namjai <no-reply@namjai.test>', logBodies: false },
  });
  const em = t.em();
  const groups = new UserGroupService(em);
  const intake = [];
  for (let n = 31; n <= 50; n++) intake.push(`MN-0${n}`);
  await groups.save(fixtureAdministrator, {
    code: 'UG-RRW',
    name: 'ทดสอบผู้ดำเนินการคำขอใบเสร็จ',
    menuCodes: ['MN-053', ...intake],
    transactionCode: null,
  });
  await groups.save(fixtureAdministrator, {
    code: 'UG-RRV',
    name: 'ทดสอบผู้ดูประวัติคำขอ',
    menuCodes: ['MN-059'],
    transactionCode: null,
  });
  await unitUnder(em, 'OPS', 'RRQ', 3, RRQ_UNIT);
  const a = await divisionWithStock(em, 'RRQ', 'RRQ-A', RRQ_UNIT);
  const b = await divisionWithStock(em, 'RRQ', 'RRQ-B', RRQ_UNIT);
  Object.assign(ids, { A: a.unit.id, B: b.unit.id, STORE_A: a.storageId, ACCOUNT_A: a.accountId });
  Object.assign(ids, { ACCOUNT_B: b.accountId });
  as.workerA = await person(em, 'rrq.worker.a', a.unit, 'UG-RRW');
  as.approver1A = await person(em, 'rrq.approver1.a', a.unit, 'UG-RRW');
  as.approver2A = await person(em, 'rrq.approver2.a', a.unit, 'UG-RRW');
  as.viewerA = await person(em, 'rrq.viewer.a', a.unit, 'UG-RRV');
  as.workerB = await person(em, 'rrq.worker.b', b.unit, 'UG-RRW');
  const [rice] = await sql<{ id: number }>(`select id from ref_resource where code = 'RICE-5KG'`);
  ids.RICE = rice.id;
  const [sub] = await sql<{ id: number }>(`select id from geo_sub_district order by id limit 1`);
  ids.SUB_DISTRICT = sub.id;
  const donors = await sql<{ id: number; code: string }>(
    `insert into ref_donator (code, donor_type, name_th, name_en, tax_id, status_code, created_at, updated_at)
     values ('RQ-0001', 'PERSON', 'สมศรี ใจบุญ', null, ?, 'A', now(), now()),
            ('RQ-0002', 'JURISTIC', 'บริษัท ข้าวดี จำกัด', null, ?, 'A', now(), now())
     returning id, code`,
    [REQUESTER_TAX_ID, COMPANY_TAX_ID],
  );
  ids.PERSON = donors.find((d) => d.code === 'RQ-0001')?.id as number;
  ids.COMPANY = donors.find((d) => d.code === 'RQ-0002')?.id as number;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

describe('a money receipt request, from the public form to the receipt', () => {
  const email = 'somsri.money@example.com';
  let id = 0;
  let number = '';

  it('takes the request with its evidence, gives a tracking number and e-mails it', async () => {
    const before = await written();
    const res = await submit('money', moneyRequest(email));
    expect(res.status).toBe(201);
    number = res.body.trackingNumber;
    expect(number).toMatch(new RegExp(`^RR-${FY}-\\d{6}$`));
    expect(res.body.emailedTo).toBe(email);
    const after = await written();
    expect(after.requests - before.requests).toBe(1);
    expect(after.files - before.files).toBe(1);
    const [row] = await sql<{ id: number; status: string }>(
      'select id, status from receipt_request where number = ?',
      [number],
    );
    id = row.id;
    expect(row.status).toBe('REQUESTED');
    // The consent is a consent record of the request (platform/consent), with the form it came from.
    const consents = await sql<{ channel: string; notice_version: string; email: string; ip: string | null }>(
      `select channel, notice_version, email, ip from consent_record where subject_type = 'RECEIPT_REQUEST' and subject_id = ?`,
      [id],
    );
    expect(consents).toHaveLength(1);
    expect(consents[0]).toMatchObject({ channel: 'reqs-receipt-donation-money', email });
    expect(consents[0].notice_version).toMatch(/\S/);
    const [mail] = await mailsTo(email, 1);
    expect(mail.subject).toContain(number);
    expect(mail.subject).toMatch(/^ได้รับคำขอหลักฐานการบริจาค/);
    expect(mail.text).toMatch(/^เรียน สมศรี ใจบุญ/);
    expect(mail.text).toContain('2,500.50 บาท');
    expect(mail.text).toContain(`/reqs-receipt-status?number=${number}`);
    // Thai first, then English.
    expect(mail.text.indexOf('ระบบได้รับคำขอ')).toBeLessThan(mail.text.indexOf('We have received'));
    expect(mail.html).toBeNull();
  });

  it('answers the status page by tracking number and e-mail, and nothing else', async () => {
    const found = await statusOf(number, 'SOMSRI.money@example.com ');
    expect(found.error).toBeUndefined();
    expect(found.data?.receiptRequestStatus).toEqual({
      number,
      kind: 'MONEY',
      status: 'REQUESTED',
      unitNameTh: 'หน่วยทดสอบคำขอใบเสร็จ RRQ-A',
      rejectReason: null,
    });
    const wrongEmail = await statusOf(number, 'someone.else@example.com');
    const unknown = await statusOf(`RR-${FY}-999999`, email);
    expect(wrongEmail.error?.extensions?.code).toBe('NOT_FOUND');
    expect(wrongEmail.error?.extensions?.status).toBe(404);
    // The same words for both: a wrong e-mail tells nothing about the number.
    expect(wrongEmail.error?.message).toBe(unknown.error?.message);
    expect(wrongEmail.data ?? null).toBeNull();
  });

  it('is out of reach of another division, read or acted on by id', async () => {
    const list = await gql<{ receiptRequests: { items: { number: string }[]; total: number } }>(
      as.workerB,
      '{ receiptRequests(rows: 200) { items { number } total } }',
    );
    expect(list.data?.receiptRequests.items.map((r) => r.number)).not.toContain(number);
    const details = await read(as.workerB, id);
    expect(details.error?.extensions?.code).toBe('NOT_FOUND');
    const take = await act(as.workerB, id, { action: 'TAKE' });
    expect(take.error?.extensions?.code).toBe('NOT_FOUND');
    const reject = await act(as.workerB, id, { action: 'REJECT', reason: 'ไม่ใช่ของเรา' });
    expect(reject.error?.extensions?.code).toBe('NOT_FOUND');
    const evidence = await sql<{ id: number }>(
      `select id from attachment where owner_kind = 'receipt-request' and owner_id = ?`,
      [id],
    );
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/files/${evidence[0].id}`,
      headers: as.workerB,
    });
    expect(download.statusCode).toBe(404);
    const [row] = await sql<{ status: string }>('select status from receipt_request where id = ?', [id]);
    expect(row.status).toBe('REQUESTED');
    const [refusals] = await sql<{ n: number }>(
      `select count(*)::int as n from audit_event where event = 'PERMISSION_REFUSED' and subject like ?`,
      [`receipt-request:${id} %`],
    );
    expect(refusals.n).toBeGreaterThanOrEqual(3);
  });

  it('lets a history reader (MN-059) read it but not act', async () => {
    const details = await read(as.viewerA, id);
    expect(details.data?.receiptRequest.number).toBe(number);
    expect(details.data?.receiptRequest.allowedActions).toEqual([]);
    const take = await act(as.viewerA, id, { action: 'TAKE' });
    expect(take.error?.extensions?.code).toBe('FORBIDDEN');
  });

  it('writes one PERSONAL_DATA_READ audit event per staff request that reads it, naming it and the fields', async () => {
    const readsOf = (requestId: string) =>
      sql<{ actor_user_id: number; subject: string; details: Record<string, unknown> }>(
        "select actor_user_id, subject, details from audit_event where event = 'PERSONAL_DATA_READ' and request_id = ?",
        [requestId],
      );
    const post = async (who: Record<string, string>, query: string) => {
      const res = await t.graphql(query, {}, who);
      expect(res.body.errors).toBeUndefined();
      return res.requestId;
    };
    const [worker] = await sql<{ id: number }>("select id from app_user where username = 'rrq.worker.a'");
    // The details and the candidates in one request: one event.
    const both = await post(
      as.workerA,
      `{ receiptRequest(id: ${id}) { requesterName email taxId } receiptRequestCandidates(id: ${id}) { number } }`,
    );
    expect(await readsOf(both)).toEqual([
      {
        actor_user_id: worker.id,
        subject: `RECEIPT_REQUEST ${id}`,
        details: {
          RECEIPT_REQUEST: [id],
          via: ['receiptRequest', 'receiptRequestCandidates'],
          group: 'UG-RRW',
        },
      },
    ]);
    // The queue names every request on its page.
    const listed = await sql<{ id: number }>(
      `select r.id from receipt_request r join organisation_unit u on u.id = r.receiving_unit_id
        where u.code = 'RRQ-A' order by r.id`,
    );
    const list = await post(as.workerA, '{ receiptRequests(rows: 200) { items { id } } }');
    const [listRead] = await readsOf(list);
    expect(listRead?.details).toEqual({
      RECEIPT_REQUEST: listed.map((r) => r.id),
      via: ['receiptRequests'],
      group: 'UG-RRW',
    });
    // A refused read (another division) reads nothing: no event, the refusal is audited instead.
    const refused = await t.graphql(`{ receiptRequest(id: ${id}) { email } }`, {}, as.workerB);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await readsOf(refused.requestId)).toEqual([]);
    // Downloading the evidence (the requester's identity) is a read of the request too.
    const [evidence] = await sql<{ id: number }>(
      `select id from attachment where owner_kind = 'receipt-request' and owner_id = ?`,
      [id],
    );
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/files/${evidence.id}`,
      headers: as.workerA,
    });
    expect(download.statusCode).toBe(200);
    expect(await readsOf(String(download.headers['x-request-id']))).toEqual([
      {
        actor_user_id: worker.id,
        subject: `RECEIPT_REQUEST ${id}`,
        details: { RECEIPT_REQUEST: [id], via: ['file'], group: 'UG-RRW' },
      },
    ]);
  });

  it('is taken in: IN_PROGRESS, and the requester hears of it', async () => {
    const before = await read(as.workerA, id);
    expect(before.data?.receiptRequest.allowedActions).toEqual(['TAKE', 'REJECT']);
    expect(before.data?.receiptRequest.attachments).toEqual([
      { fileName: 'slip.png', mediaType: 'image/png', size: samples.png.length },
    ]);
    const taken = await act(as.workerA, id, { action: 'TAKE' });
    expect(taken.error).toBeUndefined();
    expect(taken.data?.actOnReceiptRequest.status).toBe('IN_PROGRESS');
    expect(taken.data?.actOnReceiptRequest.allowedActions).toEqual(['LINK', 'ISSUE', 'REJECT']);
    const mails = await mailsTo(email, 2);
    expect(mails[1].subject).toContain(number);
    expect(mails[1].text).toContain('รับเรื่องคำขอใบเสร็จรับเงินบริจาคของท่านแล้ว');
    // Taking it twice is the workflow's refusal.
    const again = await act(as.workerA, id, { action: 'TAKE' });
    expect(again.error?.extensions?.code).toBe('WORKFLOW_STATUS');
  });

  it('is issued only once linked to a donation whose receipt exists', async () => {
    const unlinked = await act(as.workerA, id, { action: 'ISSUE' });
    expect(unlinked.error?.extensions?.code).toBe('NOT_LINKED');
    expect(unlinked.error?.extensions?.status).toBe(409);
    const donation = await createDoc(as.workerA, 'MONEY_DONATION', {
      header: {
        donor: ids.PERSON,
        donatedOn: today,
        amount: '2500.50',
        transferType: 'CASH',
        moneyAccount: ids.ACCOUNT_A,
        objective: 'GENERAL',
      },
    });
    // Another division's donation is not found from here, like one that does not exist.
    const theirs = await createDoc(as.workerB, 'MONEY_DONATION', {
      header: {
        donor: ids.PERSON,
        donatedOn: today,
        amount: '10.00',
        transferType: 'CASH',
        moneyAccount: ids.ACCOUNT_B,
        objective: 'GENERAL',
      },
    });
    const foreign = await act(as.workerA, id, { action: 'LINK', donationNumber: theirs.number });
    expect(foreign.error?.extensions?.code).toBe('BAD_INPUT');
    expect(foreign.error?.extensions?.messageTh).toContain('ไม่พบรายการรับเงินบริจาคเลขที่');
    const candidates = await gql<{ receiptRequestCandidates: { number: string; sameTaxId: boolean }[] }>(
      as.workerA,
      'query ($id: Int!) { receiptRequestCandidates(id: $id) { number sameTaxId } }',
      { id },
    );
    expect(candidates.data?.receiptRequestCandidates).toContainEqual({
      number: donation.number,
      sameTaxId: true,
    });
    expect(candidates.data?.receiptRequestCandidates.map((c) => c.number)).not.toContain(theirs.number);

    const linked = await act(as.workerA, id, {
      action: 'LINK',
      donationNumber: donation.number.toLowerCase(),
    });
    expect(linked.error).toBeUndefined();
    expect(linked.data?.actOnReceiptRequest.linkedNumber).toBe(donation.number);
    expect(linked.data?.actOnReceiptRequest.status).toBe('IN_PROGRESS');
    const pending = await act(as.workerA, id, { action: 'ISSUE' });
    expect(pending.error?.extensions?.code).toBe('RECEIPT_NOT_READY');
    expect(pending.error?.extensions?.messageTh).toContain('ยังไม่ได้ออกใบเสร็จรับเงิน');
    // No mail for a link or a refusal: two so far.
    await t.deps.mailer.flush();
    expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(2);

    await actDoc(as.approver1A, 'MONEY_DONATION', donation, 'APPROVE');
    const [receipt] = await sql<{ number: string }>(
      `select number from donation_receipt where document_type = 'MONEY_DONATION' and document_id = ?`,
      [donation.id],
    );
    const issued = await act(as.workerA, id, { action: 'ISSUE' });
    expect(issued.error).toBeUndefined();
    const view = issued.data?.actOnReceiptRequest as RequestView;
    expect(view.status).toBe('ISSUED');
    expect(view.allowedActions).toEqual([]);
    expect(view.postalAddress).toBeNull();
    expect(view.linkedDonation).toEqual({
      number: donation.number,
      status: 'APPROVED',
      receiptNumber: receipt.number,
      sameTaxId: true,
      notReadyEn: null,
    });
    expect(view.history.map((h) => [h.action, h.fromStatus, h.toStatus])).toEqual([
      ['CREATE', null, 'REQUESTED'],
      ['TAKE', 'REQUESTED', 'IN_PROGRESS'],
      ['LINK', 'IN_PROGRESS', 'IN_PROGRESS'],
      ['ISSUE', 'IN_PROGRESS', 'ISSUED'],
    ]);
    expect(view.history[2].reason).toBe(donation.number);
    expect(view.history[1].actorName).toBe('ทดสอบ rrq.worker.a');
    const mails = await mailsTo(email, 3);
    expect(mails[2].subject).toMatch(/^ออกใบเสร็จรับเงินบริจาคแล้ว/);
    expect(mails[2].text).toContain(`ใบเสร็จรับเงินเลขที่: ${receipt.number}`);
    expect(mails[2].text).toContain('ทางอีเมลนี้');
    expect(mails[2].text).toContain(`Receipt number: ${receipt.number}`);
    const status = await statusOf(number, email);
    expect(status.data?.receiptRequestStatus.status).toBe('ISSUED');
  });

  it('keeps one receipt per donation: a second request cannot be linked to it', async () => {
    const second = await submit('money', moneyRequest('somsri.again@example.com'));
    const [row] = await sql<{ id: number }>('select id from receipt_request where number = ?', [
      second.body.trackingNumber,
    ]);
    await act(as.workerA, row.id, { action: 'TAKE' });
    const [linked] = await sql<{ linked_number: string }>(
      'select linked_number from receipt_request where id = ?',
      [id],
    );
    const refused = await act(as.workerA, row.id, { action: 'LINK', donationNumber: linked.linked_number });
    expect(refused.error?.extensions?.code).toBe('ALREADY_LINKED');
    expect(refused.error?.extensions?.messageEn).toContain(number);
  });
});

describe('a goods receipt request', () => {
  it('is issued once the goods are received at level 2, and the e-mail says the evidence follows by post', async () => {
    const email = 'khaodee.goods@example.com';
    const res = await submit('resource', goodsRequest(email), null);
    expect(res.status).toBe(201);
    const [row] = await sql<{ id: number; items: unknown; amount: string | null; address_line: string }>(
      'select id, items, amount, address_line from receipt_request where number = ?',
      [res.body.trackingNumber],
    );
    expect(row.amount).toBeNull();
    expect(row.address_line).toBe('99/1 ถนนพหลโยธิน');
    const id = row.id;
    const [place] = await sql<{ name_th: string; postcode: string }>(
      'select name_th, postcode from geo_sub_district where id = ?',
      [ids.SUB_DISTRICT],
    );
    const taken = await act(as.workerA, id, { action: 'TAKE' });
    const postal = taken.data?.actOnReceiptRequest.postalAddress ?? '';
    expect(postal.startsWith('99/1 ถนนพหลโยธิน ')).toBe(true);
    expect(postal).toContain(place.name_th);
    expect(postal.endsWith(place.postcode)).toBe(true);
    let goods = await createDoc(as.workerA, 'GOODS_DONATION', {
      header: {
        donator: ids.COMPANY,
        receivingUnit: ids.A,
        storage: ids.STORE_A,
        donationDate: today,
        objective: 'GENERAL',
      },
      lines: [
        { resource: ids.RICE, character: 'NEW', priceFrom: 'MARKET', quantity: '10', unitValue: '150.00' },
      ],
    });
    goods = await actDoc(as.workerA, 'GOODS_DONATION', goods, 'SUBMIT');
    expect(
      (await act(as.workerA, id, { action: 'LINK', donationNumber: goods.number })).error,
    ).toBeUndefined();
    const early = await act(as.workerA, id, { action: 'ISSUE' });
    expect(early.error?.extensions?.code).toBe('RECEIPT_NOT_READY');
    goods = await actDoc(as.workerA, 'GOODS_DONATION', goods, 'SCREEN', {
      lines: [
        {
          id: goods.lines[0].id,
          values: {
            acceptedQuantity: '10',
            rejectedQuantity: '0',
            screenStatus: 'ACCEPTED',
            classification: 'URGENT',
          },
        },
      ],
    });
    goods = await actDoc(as.approver1A, 'GOODS_DONATION', goods, 'APPROVE_1');
    goods = await actDoc(as.approver2A, 'GOODS_DONATION', goods, 'APPROVE_2');
    // Level 2 issued the evidence of receipt (G<year>/n): that is what the request asked for.
    const [evidence] = await sql<{ number: string }>(
      `select number from donation_receipt where document_type = 'GOODS_DONATION' and document_id = ?`,
      [goods.id],
    );
    expect(evidence.number).toMatch(/^G\d{4}\/\d{6}$/);
    const issued = await act(as.workerA, id, { action: 'ISSUE' });
    expect(issued.error).toBeUndefined();
    expect(issued.data?.actOnReceiptRequest.status).toBe('ISSUED');
    expect(issued.data?.actOnReceiptRequest.linkedDonation?.receiptNumber).toBe(evidence.number);
    expect(issued.data?.actOnReceiptRequest.items).toEqual([
      { description: 'ข้าวสาร 5 กก.', quantity: '10.000', unit: 'ถุง' },
      { description: 'น้ำดื่ม', quantity: '24.500', unit: null },
    ]);
    const mails = await mailsTo(email, 3);
    expect(mails.map((m) => m.subject.split(' เลขที่ติดตาม')[0])).toEqual([
      'ได้รับคำขอหลักฐานการบริจาค',
      'เจ้าหน้าที่รับเรื่องคำขอแล้ว',
      'ออกหลักฐานการรับบริจาคสิ่งของแล้ว',
    ]);
    // Quantities as people write them: whole bags without decimals, a fraction with its three.
    expect(mails[0].text).toContain('1. ข้าวสาร 5 กก. 10 ถุง\n');
    expect(mails[0].text).toContain('2. น้ำดื่ม 24.500\n');
    expect(mails[0].text).not.toContain('10.000');
    expect(mails[2].text).toContain(`หลักฐานการรับบริจาคเลขที่: ${evidence.number}`);
    expect(mails[2].text).toContain(`รายการรับบริจาคสิ่งของ: ${goods.number}`);
    expect(mails[2].text).toContain('หน่วยงานจะจัดส่งหลักฐานการรับบริจาคให้ท่านทางไปรษณีย์ ถึงที่อยู่: 99/1 ถนนพหลโยธิน');
    expect(mails[2].text).toContain(`Evidence of receipt number: ${evidence.number}`);
  });

  it('is rejected with a reason, which the e-mail and the status page give', async () => {
    const email = 'khaodee.reject@example.com';
    const res = await submit('resource', goodsRequest(email));
    const [{ id }] = await sql<{ id: number }>('select id from receipt_request where number = ?', [
      res.body.trackingNumber,
    ]);
    const noReason = await act(as.workerA, id, { action: 'REJECT', reason: '   ' });
    expect(noReason.error?.extensions?.code).toBe('BAD_INPUT');
    const rejected = await act(as.workerA, id, {
      action: 'REJECT',
      reason: 'ไม่พบรายการรับบริจาคในวันที่แจ้ง',
    });
    expect(rejected.data?.actOnReceiptRequest.status).toBe('REJECTED');
    const mails = await mailsTo(email, 2);
    expect(mails[1].subject).toMatch(/^คำขอหลักฐานการบริจาคไม่ได้รับการอนุมัติ/);
    expect(mails[1].text).toContain('เหตุผล: ไม่พบรายการรับบริจาคในวันที่แจ้ง');
    expect(mails[1].text).toContain('Reason: ไม่พบรายการรับบริจาคในวันที่แจ้ง');
    const status = await statusOf(res.body.trackingNumber, email);
    expect(status.data?.receiptRequestStatus).toMatchObject({
      status: 'REJECTED',
      rejectReason: 'ไม่พบรายการรับบริจาคในวันที่แจ้ง',
    });
    const again = await act(as.workerA, id, { action: 'TAKE' });
    expect(again.error?.extensions?.code).toBe('WORKFLOW_STATUS');
  });

  it('is decided once when two people act at the same moment', async () => {
    const res = await submit('resource', goodsRequest('khaodee.race@example.com'));
    const [{ id }] = await sql<{ id: number }>('select id from receipt_request where number = ?', [
      res.body.trackingNumber,
    ]);
    const answers = await Promise.all([
      act(as.workerA, id, { action: 'TAKE' }),
      act(as.approver1A, id, { action: 'TAKE' }),
      act(as.approver2A, id, { action: 'TAKE' }),
    ]);
    expect(answers.filter((a) => !a.error)).toHaveLength(1);
    expect(answers.filter((a) => a.error?.extensions?.code === 'WORKFLOW_STATUS')).toHaveLength(2);
    const [history] = await sql<{ n: number }>(
      `select count(*)::int as n from document_history where document_type = 'RECEIPT_REQUEST' and document_id = ?`,
      [id],
    );
    expect(history.n).toBe(2);
  });
});

describe('the queue and the history', () => {
  it('lists requests in scope with filters', async () => {
    type Page = {
      receiptRequests: { items: { number: string; status: string; kind: string }[]; total: number };
    };
    expect((await submit('money', moneyRequest('queue.waiting@example.com'))).status).toBe(201);
    const all = await gql<Page>(
      as.viewerA,
      '{ receiptRequests(rows: 200) { items { number status kind } total } }',
    );
    expect(all.error).toBeUndefined();
    const count = all.data?.receiptRequests.total ?? 0;
    expect(count).toBe(6);
    const open = await gql<Page>(
      as.workerA,
      '{ receiptRequests(open: true, rows: 200) { items { status } total } }',
    );
    // Every request still to be worked, and only those.
    const [openCount] = await sql<{ n: number }>(
      `select count(*)::int as n from receipt_request r join organisation_unit o on o.id = r.receiving_unit_id
        where r.status in ('REQUESTED', 'IN_PROGRESS') and o.code = 'RRQ-A'`,
    );
    expect(open.data?.receiptRequests.total).toBe(openCount.n);
    expect(new Set(open.data?.receiptRequests.items.map((r) => r.status))).toEqual(
      new Set(['REQUESTED', 'IN_PROGRESS']),
    );
    const goods = await gql<Page>(
      as.viewerA,
      '{ receiptRequests(kind: GOODS, rows: 200) { items { kind } total } }',
    );
    expect(goods.data?.receiptRequests.items.every((r) => r.kind === 'GOODS')).toBe(true);
    expect(goods.data?.receiptRequests.total).toBe(3);
    const rejected = await gql<Page>(
      as.viewerA,
      '{ receiptRequests(status: "REJECTED", rows: 200) { items { status } total } }',
    );
    expect(rejected.data?.receiptRequests.items.map((r) => r.status)).toEqual(['REJECTED']);
    const byId = await gql<Page>(
      as.viewerA,
      `{ receiptRequests(search: "${COMPANY_TAX_ID.slice(0, 6)}", rows: 200) { items { kind } total } }`,
    );
    expect(byId.data?.receiptRequests.total).toBe(3);
    const future = await gql<Page>(as.viewerA, '{ receiptRequests(from: "2999-01-01") { total } }');
    expect(future.data?.receiptRequests.total).toBe(0);
    const todays = await gql<Page>(
      as.viewerA,
      `{ receiptRequests(from: "${today}", to: "${today}") { total } }`,
    );
    expect(todays.data?.receiptRequests.total).toBe(count);
    const outside = await gql<Page>(as.viewerA, '{ receiptRequests(unitCode: "RRQ-B") { total } }');
    expect(outside.error?.extensions?.code).toBe('FORBIDDEN');
    const badDay = await gql<Page>(as.viewerA, '{ receiptRequests(from: "2026-02-30") { total } }');
    expect(badDay.error?.extensions?.code).toBe('BAD_INPUT');
  });
});

describe('bad input on the public forms: a clear 4xx and nothing written', () => {
  const email = 'bad.input@example.com';
  const png: UploadPart = { fileName: 'slip.png', content: samples.png };
  const exe: UploadPart = { fileName: 'slip.png', content: samples.exe, claimedType: 'image/png' };
  const cases: [
    string,
    'money' | 'resource',
    () => Record<string, unknown> | string,
    UploadPart | null,
    string,
    string,
  ][] = [
    ['missing fields', 'money', () => ({ consent: true }), png, 'BAD_INPUT', 'requesterName'],
    [
      'wrong checksum',
      'money',
      () => moneyRequest(email, { taxId: '1234567890123' }),
      png,
      'BAD_INPUT',
      'taxId',
    ],
    ['no evidence for money', 'money', () => moneyRequest(email), null, 'BAD_INPUT', 'evidence'],
    [
      'an executable renamed .png',
      'money',
      () => moneyRequest(email),
      exe,
      'FILE_TYPE_NOT_ALLOWED',
      'evidence',
    ],
    [
      'a 10,000-character name',
      'money',
      () => moneyRequest(email, { requesterName: 'ก'.repeat(10_000) }),
      png,
      'BAD_INPUT',
      'requesterName',
    ],
    [
      'a 10,000-character note',
      'resource',
      () => goodsRequest(email, { note: 'x'.repeat(10_000) }),
      png,
      'BAD_INPUT',
      'note',
    ],
    [
      'a line break in a name',
      'money',
      () => moneyRequest(email, { requesterName: 'สมศรี\nBcc: x@example.com' }),
      png,
      'BAD_INPUT',
      'requesterName',
    ],
    [
      'NUL in a field',
      'money',
      () => moneyRequest(email, { phone: '0812345678\u0000' }),
      png,
      'BAD_INPUT',
      'phone',
    ],
    [
      'a date in the future',
      'money',
      () => moneyRequest(email, { donatedOn: '2999-01-01' }),
      png,
      'BAD_INPUT',
      'donatedOn',
    ],
    [
      'a day that does not exist',
      'money',
      () => moneyRequest(email, { donatedOn: '2026-02-30' }),
      png,
      'BAD_INPUT',
      'donatedOn',
    ],
    ['a zero amount', 'money', () => moneyRequest(email, { amount: '0' }), png, 'BAD_INPUT', 'amount'],
    ['three decimals', 'money', () => moneyRequest(email, { amount: '10.005' }), png, 'BAD_INPUT', 'amount'],
    ['no amount', 'money', () => moneyRequest(email, { amount: null }), png, 'BAD_INPUT', 'amount'],
    ['goods without items', 'resource', () => goodsRequest(email, { items: [] }), png, 'BAD_INPUT', 'items'],
    [
      'an item without quantity',
      'resource',
      () => goodsRequest(email, { items: [{ description: 'ข้าว', quantity: null, unit: null }] }),
      png,
      'BAD_INPUT',
      'items.0.quantity',
    ],
    [
      'post without an address',
      'money',
      () => moneyRequest(email, { delivery: 'POST' }),
      png,
      'BAD_INPUT',
      'addressLine',
    ],
    ['no consent', 'money', () => moneyRequest(email, { consent: false }), png, 'BAD_INPUT', 'consent'],
    ['a bad e-mail', 'money', () => moneyRequest('not-an-address'), png, 'BAD_INPUT', 'email'],
    [
      'an anonymous requester',
      'money',
      () => moneyRequest(email, { requesterType: 'ANONYMOUS' }),
      png,
      'BAD_INPUT',
      'requesterType',
    ],
    ['an unknown field', 'money', () => moneyRequest(email, { isAdmin: true }), png, 'BAD_INPUT', 'isAdmin'],
    [
      'a unit that does not exist',
      'money',
      () => moneyRequest(email, { unitId: 999_999 }),
      png,
      'BAD_INPUT',
      'unitId',
    ],
    ['not JSON', 'money', () => '{"unitId": 1,', png, 'BAD_INPUT', ''],
    [
      'a 10,000-character postal address',
      'money',
      () =>
        moneyRequest(email, {
          delivery: 'POST',
          addressLine: 'ก'.repeat(10_000),
          subDistrict: ids.SUB_DISTRICT,
        }),
      png,
      'BAD_INPUT',
      'addressLine',
    ],
    // The goods form: the same checks (evidence is optional there, but a file sent must be one).
    ['missing fields (goods)', 'resource', () => ({ consent: true }), png, 'BAD_INPUT', 'requesterName'],
    [
      'wrong checksum (goods)',
      'resource',
      () =>
        goodsRequest(email, {
          taxId: `${COMPANY_TAX_ID.slice(0, 12)}${(Number(COMPANY_TAX_ID[12]) + 1) % 10}`,
        }),
      png,
      'BAD_INPUT',
      'taxId',
    ],
    [
      'an executable renamed .png (goods)',
      'resource',
      () => goodsRequest(email),
      exe,
      'FILE_TYPE_NOT_ALLOWED',
      'evidence',
    ],
    [
      'a 10,000-character name (goods)',
      'resource',
      () => goodsRequest(email, { requesterName: 'ก'.repeat(10_000) }),
      png,
      'BAD_INPUT',
      'requesterName',
    ],
    [
      'a 10,000-character item (goods)',
      'resource',
      () => goodsRequest(email, { items: [{ description: 'ข'.repeat(10_000), quantity: '1', unit: null }] }),
      png,
      'BAD_INPUT',
      'items.0.description',
    ],
  ];

  it.each(cases)('%s', async (_name, page, request, evidence, code, field) => {
    const before = await written();
    const res = await submit(page, request(), evidence);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
    expect(res.body.messageTh).toMatch(/[\u0E00-\u0E7F]/);
    expect(res.body.messageEn).toMatch(/[A-Za-z]/);
    if (field) {
      const fields = (res.body.details?.fields ?? []) as { field: string }[];
      expect(fields.map((f) => f.field)).toContain(field);
    }
    expect(await written()).toEqual(before);
  });

  it.each([
    ['money', moneyRequest],
    ['resource', goodsRequest],
  ] as const)(
    'refuses a 30 MB file on the %s form before reading it (413) and writes nothing',
    async (page, form) => {
      const before = await written();
      const res = await submit(page, form(email), {
        fileName: 'huge.png',
        content: sized(samples.png, 30 * 1024 * 1024),
      });
      expect(res.status).toBe(413);
      expect(res.body.code).toBe('FILE_TOO_LARGE');
      expect(res.body.messageTh).toMatch(/[\u0E00-\u0E7F]/);
      expect(res.body.messageEn).toMatch(/[A-Za-z]/);
      expect(await written()).toEqual(before);
    },
  );

  it('keeps HTML and script in a name as typed: plain-text e-mail, nothing read as markup', async () => {
    const name = '<script>alert("x")</script> <b>ทดสอบ</b> & co';
    const address = 'markup.name@example.com';
    const res = await submit('money', moneyRequest(address, { requesterName: name }));
    expect(res.status).toBe(201);
    const [mail] = await mailsTo(address, 1);
    expect(mail.html).toBeNull();
    expect(mail.text.split('\n')[0]).toBe(`เรียน ${name}`);
    expect(mail.subject).not.toContain('<');
    const [row] = await sql<{ requester_name: string }>(
      'select requester_name from receipt_request where number = ?',
      [res.body.trackingNumber],
    );
    expect(row.requester_name).toBe(name);
  });

  it('gives one request for a form sent twice with the same key', async () => {
    const request = moneyRequest('twice@example.com', { idempotencyKey: 'rrq-test-key-0001' });
    const first = await submit('money', request);
    const before = await written();
    const second = await submit('money', request);
    expect(second.status).toBe(201);
    expect(second.body.trackingNumber).toBe(first.body.trackingNumber);
    expect((await written()).requests).toBe(before.requests);
  });

  it('refuses a tracking-number lookup without its parts', async () => {
    const blank = await statusOf(' ', ' ');
    expect(blank.error?.extensions?.code).toBe('BAD_INPUT');
    const long = await statusOf('R'.repeat(31), 'a@example.com');
    expect(long.error?.extensions?.code).toBe('BAD_INPUT');
  });
});
