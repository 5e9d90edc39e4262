import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samples } from '../../platform/files/file-samples';
import {
  type Donation,
  demoStaff,
  donorAccount,
  gql,
  type Headers,
  moneyDonation,
  ok,
  type Staff,
  saveDonator,
  validId,
} from '../../testing/donor-fixtures';
import { multipart } from '../../testing/multipart';
import { readPdf } from '../../testing/pdf-text';
import { startSmtpSink } from '../../testing/smtp-sink';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { receivingUnitOptions } from '../donate-transfer';

// Issue 11, item 5 (PDPA) on the real server and database: a donor sees and downloads exactly their
// own data; asks for deletion; staff who may (edit-donator, whole-organisation scope) anonymise the
// person, after which no contact detail of theirs is left while their receipts still print with their
// name and tax id; and every staff read of a donor's personal data is one audit event per request.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let s: Staff;
const sql = <T>(query: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(query, params);

const SOMSRI = {
  email: 'somsri.pdpa@example.com',
  taxId: validId('320020000001'),
  name: 'สมศรี รักษ์ข้อมูล',
  phone: '089 765 4321',
  addressLine: '99/9 หมู่ 4 ซอยทดสอบความเป็นส่วนตัว',
};
const OTHER = { email: 'other.pdpa@example.com', taxId: validId('320020000002'), name: 'วีระ คนอื่น' };

let somsri: { userId: number; headers: Headers };
let other: { userId: number; headers: Headers };
const ids: Record<string, number> = {};
let websiteNumber = '';
let websiteReceipt = 0;
let otherDonation: Donation;
/** Receipt requests: Somsri's own (her citizen id, another e-mail), a company's sent with her e-mail, Weera's. */
const requests: Record<'own' | 'company' | 'other', string> = { own: '', company: '', other: '' };
const SOMSRI_REQUEST = {
  email: 'somsri.receipts@example.com',
  phone: '086 111 2233',
  addressLine: '12/34 ซอยคำขอใบเสร็จส่วนตัว',
  note: 'โทรหาดิฉันได้ที่ 086 111 2233 ช่วงเย็น',
};
const COMPANY = { name: 'บริษัท ร่วมใจทดสอบ จำกัด', taxId: validId('010555620001'), address: 'อาคารร่วมใจ ชั้น 5' };

async function reportTransfer(): Promise<string> {
  const [unit] = await sql<{ id: number }>("select id from organisation_unit where code = 'OPS-FIN-ACC'");
  const [account] = await sql<{ id: number }>("select id from ref_money_account where code = 'AC-OPS-ACC'");
  const [sub] = await sql<{ id: number }>('select id from geo_sub_district order by id limit 1');
  const body = multipart([
    {
      field: 'donation',
      value: JSON.stringify({
        unitId: unit.id,
        moneyAccountId: account.id,
        amount: '4321.00',
        transferType: 'TRANSFER',
        bank: '004',
        paymentReference: 'PDPA-0001',
        transferredOn: '2026-11-20',
        objective: 'GENERAL',
        donorType: 'PERSON',
        donorName: SOMSRI.name,
        taxId: SOMSRI.taxId,
        phone: SOMSRI.phone,
        email: SOMSRI.email,
        receiptDelivery: 'POST',
        addressLine: SOMSRI.addressLine,
        subDistrict: sub.id,
        consent: true,
      }),
    },
    { name: 'slip', fileName: 'slip.png', content: samples.png, claimedType: 'image/png' },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/public/donate-money-by-bank-transfer',
    headers: { ...body.headers, 'user-agent': 'vitest-pdpa' },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json().trackingNumber as string;
}

/** Sends a public receipt request form (the JSON `request` beside the evidence file); its tracking number. */
async function requestReceipt(kind: 'money' | 'resource', request: Record<string, unknown>): Promise<string> {
  // Money: the central finance unit (it has the account); goods: the first unit the form offers.
  const unit =
    kind === 'money'
      ? {
          id: (await sql<{ id: number }>("select id from organisation_unit where code = 'OPS-FIN-ACC'"))[0]
            ?.id,
        }
      : (await receivingUnitOptions(t.em(), 'GOODS'))[0];
  const body = multipart([
    {
      field: 'request',
      value: JSON.stringify({ unitId: unit.id, donatedOn: '2026-11-20', consent: true, ...request }),
    },
    { name: 'evidence', fileName: 'evidence.png', content: samples.png, claimedType: 'image/png' },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/public/reqs-receipt-donation-${kind}`,
    headers: { ...body.headers, 'user-agent': 'vitest-pdpa' },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().trackingNumber as string;
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({
    mail: { smtpUrl: smtp.url, from: 'Namjai <no-reply@namjai.test>', logBodies: false },
  });
  s = await demoStaff(t);
  // Somsri reports a transfer on the website (her donator record is made from the form), staff approve it.
  websiteNumber = await reportTransfer();
  const [doc] = await sql<{ id: number; version: number; donor_id: number }>(
    'select id, version, donor_id from doc_money_donation where number = ?',
    [websiteNumber],
  );
  ids.somsri = doc.donor_id;
  const approved = ok(
    await gql<{ actOnDocument: Donation }>(
      t,
      s.approver2,
      `mutation ($id: Int!, $input: DocumentActionInput!) { actOnDocument(type: MONEY_DONATION, id: $id, input: $input) { id receipt { id } } }`,
      { id: doc.id, input: { action: 'APPROVE', version: doc.version } },
    ),
    'approve',
  ).actOnDocument;
  websiteReceipt = Number(approved.receipt?.id);
  ids.other = (
    await saveDonator(t, s.admin, {
      donorType: 'PERSON',
      nameTh: OTHER.name,
      taxId: OTHER.taxId,
      email: OTHER.email,
      phone: '02 000 0000',
    })
  ).id;
  otherDonation = await moneyDonation(t, s, ids.other, '500.00');

  const [sub] = await sql<{ id: number }>('select id from geo_sub_district order by id limit 1');
  requests.own = await requestReceipt('money', {
    requesterType: 'PERSON',
    requesterName: SOMSRI.name,
    taxId: SOMSRI.taxId,
    email: SOMSRI_REQUEST.email,
    phone: SOMSRI_REQUEST.phone,
    amount: '4321.00',
    delivery: 'POST',
    addressLine: SOMSRI_REQUEST.addressLine,
    subDistrict: sub.id,
    note: SOMSRI_REQUEST.note,
  });
  requests.company = await requestReceipt('resource', {
    requesterType: 'JURISTIC',
    requesterName: COMPANY.name,
    taxId: COMPANY.taxId,
    email: SOMSRI.email,
    phone: SOMSRI.phone,
    items: [{ description: 'น้ำดื่ม', quantity: '24', unit: 'แพ็ค' }],
    delivery: 'POST',
    addressLine: COMPANY.address,
    subDistrict: sub.id,
    note: 'ติดต่อคุณสมศรีฝ่ายบุคคล',
  });
  requests.other = await requestReceipt('money', {
    requesterType: 'PERSON',
    requesterName: OTHER.name,
    taxId: OTHER.taxId,
    email: OTHER.email,
    phone: '02 000 0000',
    amount: '500.00',
    delivery: 'EMAIL',
    note: 'ขอบคุณครับ',
  });

  somsri = await donorAccount(t, SOMSRI.email, {
    firstNameTh: 'สมศรี',
    lastNameTh: 'รักษ์ข้อมูล',
    phone: SOMSRI.phone,
  });
  other = await donorAccount(t, OTHER.email, { firstNameTh: 'วีระ', lastNameTh: 'คนอื่น' });
  for (const [who, taxId] of [
    [somsri, SOMSRI.taxId],
    [other, OTHER.taxId],
  ] as const)
    ok(
      await gql(t, who.headers, 'mutation ($taxId: String!) { linkDonorRecord(taxId: $taxId) { status } }', {
        taxId,
      }),
      'link',
    );
}, 300_000);
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const EXPORT = `{ myPersonalData { noticeVersion
  account { id username email firstNameTh lastNameTh citizenId phone status }
  donors { id code donorType nameTh taxId phone email address linkMethod }
  donations { kind number value channel email receiptDelivery receiptAddress
    receipt { number donorName donorTaxId donorAddress void } }
  consents { channel noticeVersion email subjectType subjectId }
  requests { id kind status statusLabelTh reason decisionNote } } }`;

interface Export {
  account: { id: string; email: string; phone: string | null };
  donors: {
    id: string;
    nameTh: string;
    taxId: string;
    phone: string | null;
    email: string | null;
    address: string | null;
  }[];
  donations: {
    number: string;
    email: string | null;
    receiptAddress: string | null;
    receipt: { donorName: string; donorTaxId: string; donorAddress: string | null } | null;
  }[];
  consents: { channel: string; email: string | null; subjectType: string; subjectId: number }[];
  requests: { id: string; status: string; reason: string | null; decisionNote: string | null }[];
}

const myData = async (who: Headers) =>
  ok(await gql<{ myPersonalData: Export }>(t, who, EXPORT), 'export').myPersonalData;

describe('a donor’s own data', () => {
  it('holds exactly the donor’s account, linked record, donations and consents, as the page and as a JSON file', async () => {
    const data = await myData(somsri.headers);
    expect(data.account).toMatchObject({
      id: String(somsri.userId),
      email: SOMSRI.email,
      phone: SOMSRI.phone,
    });
    expect(data.donors).toEqual([
      expect.objectContaining({
        id: String(ids.somsri),
        nameTh: SOMSRI.name,
        taxId: SOMSRI.taxId,
        email: SOMSRI.email,
      }),
    ]);
    expect(data.donors[0]?.address).toContain(SOMSRI.addressLine);
    const expectedNumbers = await sql<{ number: string }>(
      'select number from doc_money_donation where donor_id = ? union all select number from doc_goods_donation where donator_id = ? order by 1',
      [ids.somsri, ids.somsri],
    );
    expect(data.donations.map((d) => d.number).sort()).toEqual(expectedNumbers.map((r) => r.number));
    expect(data.donations[0]).toMatchObject({
      number: websiteNumber,
      email: SOMSRI.email,
      receipt: { donorName: SOMSRI.name, donorTaxId: SOMSRI.taxId },
    });
    expect(data.donations[0]?.receiptAddress).toContain(SOMSRI.addressLine);
    // The transfer's consent, and the company's receipt request's, given with her e-mail.
    const [companyRequest] = await sql<{ id: number }>('select id from receipt_request where number = ?', [
      requests.company,
    ]);
    expect(data.consents).toHaveLength(2);
    expect(data.consents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          channel: 'donate-money-by-bank-transfer',
          email: SOMSRI.email,
          subjectType: 'MONEY_DONATION',
        }),
        expect.objectContaining({
          email: SOMSRI.email,
          subjectType: 'RECEIPT_REQUEST',
          subjectId: companyRequest?.id,
        }),
      ]),
    );
    // Nothing of anyone else's.
    const text = JSON.stringify(data);
    for (const foreign of [OTHER.email, OTHER.name, OTHER.taxId, otherDonation.number])
      expect(text).not.toContain(foreign);

    const file = await t.app.inject({ method: 'GET', url: '/api/my/personal-data', headers: somsri.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/json');
    expect(String(file.headers['content-disposition'])).toMatch(
      /^attachment; .*namjai-personal-data-\d{4}-\d{2}-\d{2}\.json/,
    );
    const json = file.json();
    expect(json.account.email).toBe(SOMSRI.email);
    expect(json.donors.map((d: { id: number }) => d.id)).toEqual([ids.somsri]);
    expect(json.donations.map((d: { number: string }) => d.number)).toEqual(
      data.donations.map((d) => d.number),
    );
    expect(json.consents).toHaveLength(2);
    expect(file.body).not.toContain(OTHER.email);

    const exported = await sql<{ format: string }>(
      `select details->>'format' as format from audit_event where event = 'PERSONAL_DATA_EXPORTED' and actor_user_id = ? order by id`,
      [somsri.userId],
    );
    expect(exported.map((e) => e.format)).toEqual(['page', 'json']);
  });

  it('holds the donor’s own receipt requests (under her citizen id or sent with her e-mail) and no one else’s', async () => {
    const RECEIPT_REQUESTS = `{ myPersonalData { receiptRequests { number kind unitNameTh donatedOn amount
      items { description quantity unit } delivery status statusLabelTh createdAt updatedAt
      requesterType requesterName taxId email phone address note } } }`;
    type Mine = {
      myPersonalData: {
        receiptRequests: { number: string; address: string | null }[];
      };
    };
    const hers = ok(await gql<Mine>(t, somsri.headers, RECEIPT_REQUESTS), 'hers').myPersonalData
      .receiptRequests;
    const his = ok(await gql<Mine>(t, other.headers, RECEIPT_REQUESTS), 'his').myPersonalData.receiptRequests;
    const [unit] = await sql<{ name_th: string }>(
      "select name_th from organisation_unit where code = 'OPS-FIN-ACC'",
    );
    // Hers: the one under her citizen id (sent with another e-mail), and the company's sent with her e-mail.
    expect(hers.map((r) => r.number)).toEqual([requests.own, requests.company]);
    expect(hers[0]).toMatchObject({
      number: requests.own,
      kind: 'MONEY',
      unitNameTh: unit?.name_th,
      donatedOn: '2026-11-20',
      amount: '4321.00',
      items: null,
      delivery: 'POST',
      status: 'REQUESTED',
      statusLabelTh: 'ยื่นคำขอแล้ว',
      requesterType: 'PERSON',
      requesterName: SOMSRI.name,
      taxId: SOMSRI.taxId,
      email: SOMSRI_REQUEST.email,
      phone: SOMSRI_REQUEST.phone,
      note: SOMSRI_REQUEST.note,
    });
    expect(hers[0]?.address).toContain(SOMSRI_REQUEST.addressLine);
    expect(hers[1]).toMatchObject({
      number: requests.company,
      kind: 'GOODS',
      amount: null,
      items: [{ description: 'น้ำดื่ม', quantity: '24.000', unit: 'แพ็ค' }],
      requesterName: COMPANY.name,
      email: SOMSRI.email,
    });
    // His: only his own; nothing of Somsri's reaches him, nothing of his reaches her.
    expect(his).toEqual([
      expect.objectContaining({
        number: requests.other,
        requesterName: OTHER.name,
        taxId: OTHER.taxId,
        email: OTHER.email,
        delivery: 'EMAIL',
        address: null,
      }),
    ]);
    const hisText = JSON.stringify(his);
    for (const foreign of [requests.own, requests.company, SOMSRI.taxId, SOMSRI.email, SOMSRI_REQUEST.phone])
      expect(hisText).not.toContain(foreign);
    expect(JSON.stringify(hers)).not.toContain(requests.other);

    // The JSON download holds the same requests.
    for (const [who, numbers] of [
      [somsri, [requests.own, requests.company]],
      [other, [requests.other]],
    ] as const) {
      const file = await t.app.inject({ method: 'GET', url: '/api/my/personal-data', headers: who.headers });
      expect(file.statusCode).toBe(200);
      expect(file.json().receiptRequests.map((r: { number: string }) => r.number)).toEqual(numbers);
    }
  });

  it('is the donor’s own: staff and visitors are refused', async () => {
    expect((await gql(t, s.admin, EXPORT)).error?.extensions).toMatchObject({ code: 'FORBIDDEN' });
    expect((await gql(t, {}, EXPORT)).error?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/my/personal-data', headers: s.admin })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/my/personal-data' })).statusCode).toBe(401);
  });
});

const REQUEST =
  'mutation ($reason: String) { requestPersonalDataDeletion(reason: $reason) { id status reason } }';
const CASES = `query ($status: String) { personalDataRequests(status: $status) {
  id status userId email firstNameTh citizenId donors { id code nameTh taxId } allowedActions outcome decisionNote } }`;
const DECIDE = `mutation ($id: ID!, $action: String!, $note: String) {
  decidePersonalDataRequest(requestId: $id, action: $action, note: $note) { id status allowedActions outcome decisionNote } }`;

interface Case {
  id: string;
  status: string;
  userId: string;
  email: string;
  donors: { id: string }[];
  allowedActions: string[];
  outcome: string | null;
}

describe('a deletion request', () => {
  let requestId = '';

  it('is made from the account, once at a time', async () => {
    const made = ok(
      await gql<{ requestPersonalDataDeletion: { id: string; status: string } }>(t, somsri.headers, REQUEST, {
        reason: 'ไม่ประสงค์ให้เก็บข้อมูลติดต่ออีกต่อไป',
      }),
      'request',
    ).requestPersonalDataDeletion;
    expect(made.status).toBe('REQUESTED');
    requestId = made.id;
    const again = await gql(t, somsri.headers, REQUEST, {});
    expect(again.error?.extensions).toMatchObject({ code: 'CONFLICT', status: 409 });
    expect((await myData(somsri.headers)).requests).toEqual([
      expect.objectContaining({ id: requestId, status: 'REQUESTED' }),
    ]);
    const tooLong = await gql(t, somsri.headers, REQUEST, { reason: 'ก'.repeat(1001) });
    expect(tooLong.error?.extensions).toMatchObject({ code: 'BAD_INPUT' });
  });

  it('is decided only by staff whose scope is the whole organisation; a division officer sees it but may not act', async () => {
    const seen = ok(
      await gql<{ personalDataRequests: Case[] }>(t, s.officer, CASES, { status: 'REQUESTED' }),
      'officer list',
    ).personalDataRequests;
    expect(seen).toEqual([
      expect.objectContaining({
        id: requestId,
        email: SOMSRI.email,
        allowedActions: [],
        donors: [expect.objectContaining({ id: String(ids.somsri) })],
      }),
    ]);
    const refused = await gql(t, s.officer, DECIDE, { id: requestId, action: 'COMPLETE' });
    expect(refused.error?.extensions).toMatchObject({ code: 'FORBIDDEN', details: { reason: 'SCOPE' } });
    const admins = ok(
      await gql<{ personalDataRequests: Case[] }>(t, s.admin, CASES, {}),
      'admin list',
    ).personalDataRequests;
    expect(admins.find((c) => c.id === requestId)?.allowedActions).toEqual(['COMPLETE', 'REJECT']);
    // Bad input: an unknown action, a rejection without a reason, an unknown request, an unknown status.
    expect(
      (await gql(t, s.admin, DECIDE, { id: requestId, action: 'DELETE' })).error?.extensions,
    ).toMatchObject({ code: 'BAD_INPUT' });
    expect(
      (await gql(t, s.admin, DECIDE, { id: requestId, action: 'REJECT', note: '  ' })).error?.extensions,
    ).toMatchObject({ code: 'BAD_INPUT' });
    expect(
      (await gql(t, s.admin, DECIDE, { id: '999999', action: 'COMPLETE' })).error?.extensions,
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect((await gql(t, s.admin, CASES, { status: 'GONE' })).error?.extensions).toMatchObject({
      code: 'BAD_INPUT',
    });
    expect((await gql(t, s.approver1, CASES, {})).error?.extensions).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('anonymises the person when completed: no contact detail is left, the receipts still print with name and tax id', async () => {
    const receiptBefore = await sql<Record<string, unknown>>(
      'select number, amount::text as amount, donor_name, donor_tax_id, donor_address from donation_receipt where id = ?',
      [websiteReceipt],
    );
    expect(String(receiptBefore[0]?.donor_address)).toContain(SOMSRI.addressLine);
    const done = ok(
      await gql<{ decidePersonalDataRequest: Case }>(t, s.admin, DECIDE, {
        id: requestId,
        action: 'COMPLETE',
      }),
      'complete',
    ).decidePersonalDataRequest;
    expect(done.status).toBe('COMPLETED');
    expect(JSON.parse(done.outcome as string)).toMatchObject({
      account: 1,
      donatorContacts: 1,
      receiptAddresses: 1,
      moneyDonationContacts: 1,
      receiptRequests: 1,
      receiptRequestContacts: 1,
    });

    // The e-mail, the phone number and the street address appear nowhere the person can be reached by.
    const needles = [
      SOMSRI.email,
      SOMSRI.phone,
      SOMSRI.addressLine,
      SOMSRI_REQUEST.email,
      SOMSRI_REQUEST.phone,
      SOMSRI_REQUEST.addressLine,
      'ติดต่อคุณสมศรี',
    ];
    for (const needle of needles) {
      const query = `select (select count(*) from app_user where email ilike ?1 or username ilike ?1 or phone ilike ?1)::int as users,
                (select count(*) from ref_donator where email ilike ?1 or phone ilike ?1 or address_line ilike ?1)::int as donators,
                (select count(*) from doc_money_donation where email ilike ?1 or receipt_address ilike ?1 or remark ilike ?1)::int as donations,
                (select count(*) from donation_receipt where donor_address ilike ?1)::int as receipts,
                (select count(*) from consent_record where email ilike ?1)::int as consents,
                (select count(*) from mail_outbox where "to" ilike ?1 or text ilike ?1)::int as mails,
                (select count(*) from login_attempt where username ilike ?1)::int as logins,
                (select count(*) from receipt_request where email ilike ?1 or phone ilike ?1 or address_line ilike ?1
                   or note ilike ?1 or requester_name ilike ?1)::int as requests`;
      const [found] = await sql<Record<string, number>>(
        query.replaceAll('?1', '?'),
        Array(query.split('?1').length - 1).fill(`%${needle}%`),
      );
      expect(found, needle).toEqual({
        users: 0,
        donators: 0,
        donations: 0,
        receipts: 0,
        consents: 0,
        mails: 0,
        logins: 0,
        requests: 0,
      });
    }
    // Receipt requests: her own keeps what the tax record needs (kind, amount, day, citizen id, status)
    // and loses her name, contacts, address and note; the company's keeps its name and address and
    // loses her e-mail, phone and note; Weera's is untouched. Their consents lose whom they reach.
    const requestRows = await sql<Record<string, unknown>>(
      `select number, requester_name, tax_id, email, phone, address_line, sub_district_id is not null as has_sub_district,
              note, amount::text as amount, status from receipt_request where number = any(?::text[]) order by number`,
      [`{${[requests.own, requests.company, requests.other].join(',')}}`],
    );
    const byNumber = Object.fromEntries(requestRows.map((r) => [r.number, r]));
    expect(byNumber[requests.own]).toEqual({
      number: requests.own,
      requester_name: 'ผู้ใช้ที่ลบข้อมูลแล้ว',
      tax_id: SOMSRI.taxId,
      email: `deleted-user-${somsri.userId}@invalid`,
      phone: '-',
      address_line: null,
      has_sub_district: false,
      note: null,
      amount: '4321.00',
      status: 'REQUESTED',
    });
    expect(byNumber[requests.company]).toMatchObject({
      requester_name: COMPANY.name,
      tax_id: COMPANY.taxId,
      email: `deleted-user-${somsri.userId}@invalid`,
      phone: '-',
      address_line: COMPANY.address,
      has_sub_district: true,
      note: null,
    });
    expect(byNumber[requests.other]).toMatchObject({
      requester_name: OTHER.name,
      email: OTHER.email,
      phone: '02 000 0000',
      note: 'ขอบคุณครับ',
    });
    const requestConsents = await sql<{ number: string; email: string | null; ip: string | null }>(
      `select r.number, c.email, c.ip from consent_record c join receipt_request r on r.id = c.subject_id
        where c.subject_type = 'RECEIPT_REQUEST' and r.number = any(?::text[]) order by r.number`,
      [`{${[requests.own, requests.company, requests.other].join(',')}}`],
    );
    expect(Object.fromEntries(requestConsents.map((c) => [c.number, c.email]))).toEqual({
      [requests.own]: null,
      [requests.company]: null,
      [requests.other]: OTHER.email,
    });
    const [donatorRow] = await sql<Record<string, unknown>>(
      'select name_th, tax_id, phone, email, address_line, sub_district_id from ref_donator where id = ?',
      [ids.somsri],
    );
    expect(donatorRow).toEqual({
      name_th: SOMSRI.name,
      tax_id: SOMSRI.taxId,
      phone: null,
      email: null,
      address_line: null,
      sub_district_id: null,
    });
    const [account] = await sql<Record<string, unknown>>(
      'select username, email, first_name_th, citizen_id, phone, user_status_code from app_user where id = ?',
      [somsri.userId],
    );
    expect(account).toEqual({
      username: `deleted-user-${somsri.userId}`,
      email: `deleted-user-${somsri.userId}@invalid`,
      first_name_th: 'ผู้ใช้ที่ลบข้อมูลแล้ว',
      citizen_id: null,
      phone: null,
      user_status_code: 'I',
    });
    // The consent stays as proof (version, time, channel), without whom it reaches.
    const consents = await sql<Record<string, unknown>>(
      "select channel, email, ip from consent_record where subject_type = 'MONEY_DONATION' and subject_id = (select id from doc_money_donation where number = ?)",
      [websiteNumber],
    );
    expect(consents).toEqual([{ channel: 'donate-money-by-bank-transfer', email: null, ip: null }]);
    // The receipt is the same receipt, less the address.
    const [receiptAfter] = await sql<Record<string, unknown>>(
      'select number, amount::text as amount, donor_name, donor_tax_id, donor_address from donation_receipt where id = ?',
      [websiteReceipt],
    );
    expect(receiptAfter).toEqual({ ...receiptBefore[0], donor_address: null });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/receipts/${websiteReceipt}/pdf`,
      headers: s.approver2,
    });
    expect(pdf.statusCode).toBe(200);
    const text = readPdf(pdf.rawPayload).text.join('\n');
    expect(text).toContain(SOMSRI.name);
    expect(text).toContain(SOMSRI.taxId.replace(/^(\d)(\d{4})(\d{5})(\d{2})(\d)$/, '$1-$2-$3-$4-$5'));
    expect(text).not.toContain('ซอยทดสอบความเป็นส่วนตัว');

    // The account is closed; the other donor is untouched.
    expect((await gql(t, somsri.headers, EXPORT)).error?.extensions?.code).not.toBeUndefined();
    expect((await myData(other.headers)).donors).toEqual([expect.objectContaining({ email: OTHER.email })]);
    const history = await sql<{ action: string; to_status: string; actor_user_id: number }>(
      "select action, to_status, actor_user_id from document_history where document_type = 'PERSONAL_DATA_DELETION' and document_id = ? order by id",
      [Number(requestId)],
    );
    expect(history.map((h) => [h.action, h.to_status])).toEqual([
      ['CREATE', 'REQUESTED'],
      ['COMPLETE', 'COMPLETED'],
    ]);
    const [audited] = await sql<{ n: number }>(
      "select count(*)::int as n from audit_event where event = 'PERSONAL_DATA_ANONYMISED' and subject like ?",
      [`personal-data-request:${requestId} %`],
    );
    expect(audited.n).toBe(1);
    // Decided once.
    expect(
      (await gql(t, s.admin, DECIDE, { id: requestId, action: 'REJECT', note: 'ซ้ำ' })).error?.extensions,
    ).toMatchObject({ status: 409 });
  }, 60_000);

  it('when rejected, keeps everything and tells the donor why by e-mail', async () => {
    const made = ok(
      await gql<{ requestPersonalDataDeletion: { id: string } }>(t, other.headers, REQUEST, {}),
      'request',
    ).requestPersonalDataDeletion;
    const reason = 'ยังมีรายการบริจาคที่อยู่ระหว่างตรวจสอบ กรุณายื่นคำขอใหม่หลังได้รับใบเสร็จ';
    const rejected = ok(
      await gql<{ decidePersonalDataRequest: Case & { decisionNote: string } }>(t, s.admin, DECIDE, {
        id: made.id,
        action: 'REJECT',
        note: reason,
      }),
      'reject',
    ).decidePersonalDataRequest;
    expect(rejected).toMatchObject({ status: 'REJECTED', decisionNote: reason, outcome: null });
    // Their receipt request's tracking mail came first.
    const mails = await smtp.waitFor(OTHER.email, 2);
    expect(mails.some((mail) => mail.text.includes(reason))).toBe(true);
    expect((await myData(other.headers)).requests).toEqual([
      expect.objectContaining({ id: made.id, status: 'REJECTED', decisionNote: reason }),
    ]);
    const [row] = await sql<{ email: string }>('select email from ref_donator where id = ?', [ids.other]);
    expect(row.email).toBe(OTHER.email);
  });
});

describe('staff reads of donors’ personal data', () => {
  async function readsOf(requestId: string) {
    return sql<{ actor_user_id: number; details: Record<string, unknown> }>(
      "select actor_user_id, details from audit_event where event = 'PERSONAL_DATA_READ' and request_id = ?",
      [requestId],
    );
  }

  async function post(query: string, who: Headers) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', ...who },
      payload: JSON.stringify({ query }),
    });
    expect(res.json().errors).toBeUndefined();
    return { requestId: String(res.headers['x-request-id']), data: res.json().data };
  }

  it('writes one audit event per request listing every donator read, whatever read them', async () => {
    const [officer] = await sql<{ id: number }>("select id from app_user where username = 'officer.demo'");
    const list = await post(
      '{ referenceItems(type: DONATOR, rows: 5, sort: "id") { items { id } } }',
      s.officer,
    );
    const listed = list.data.referenceItems.items.map((i: { id: number }) => Number(i.id));
    expect(listed.length).toBeGreaterThan(0);
    expect(await readsOf(list.requestId)).toEqual([
      {
        actor_user_id: officer.id,
        details: { DONATOR: [...listed].sort((a, b) => a - b), via: ['referenceItems'], group: 'UG-S01' },
      },
    ]);

    // One request reading a donator's details, a pick list and a document with a donor: one event.
    const [doc] = await sql<{ id: number }>(
      'select id from doc_money_donation where donor_id = ? and owner_unit_id is not null',
      [ids.other],
    );
    const mixed = await post(
      `{ referenceItem(type: DONATOR, id: ${ids.other}) { id }
         referenceOptions(type: DONATOR, search: "วีระ") { id }
         document(type: MONEY_DONATION, id: ${doc.id}) { id } }`,
      s.admin,
    );
    const events = await readsOf(mixed.requestId);
    expect(events).toHaveLength(1);
    expect(events[0]?.details).toMatchObject({
      DONATOR: [ids.other],
      via: ['document', 'referenceItem', 'referenceOptions'],
    });

    // Reading what is not personal data writes nothing.
    const storages = await post('{ referenceItems(type: STORAGE, rows: 5) { items { id } } }', s.officer);
    expect(await readsOf(storages.requestId)).toEqual([]);

    // The deletion requests name accounts and donators.
    const cases = await post('{ personalDataRequests { id userId donors { id } } }', s.admin);
    const [casesRead] = await readsOf(cases.requestId);
    expect(casesRead?.details.DONOR_ACCOUNT).toEqual(
      cases.data.personalDataRequests
        .map((c: { userId: string }) => Number(c.userId))
        .sort((a: number, b: number) => a - b),
    );

    // A staff print of a receipt names its donor.
    const print = await t.app.inject({
      method: 'GET',
      url: `/api/receipts/${otherDonation.receipt?.id}/pdf`,
      headers: s.approver2,
    });
    expect(print.statusCode).toBe(200);
    expect((await readsOf(String(print.headers['x-request-id'])))[0]?.details).toMatchObject({
      DONATOR: [ids.other],
      via: ['receipt'],
    });

    // Downloading a file of a donation (its slip) reads its donor.
    const body = multipart([{ fileName: 'slip.png', content: samples.png }]);
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/files/money-donation/${doc.id}`,
      headers: { ...s.admin, ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/files/${upload.json().id}`,
      headers: s.admin,
    });
    expect(download.statusCode).toBe(200);
    const [admin] = await sql<{ id: number }>("select id from app_user where username = 'admin.demo'");
    expect(await readsOf(String(download.headers['x-request-id']))).toEqual([
      { actor_user_id: admin.id, details: { DONATOR: [ids.other], via: ['file'], group: 'UG-A01' } },
    ]);
  }, 60_000);
});
