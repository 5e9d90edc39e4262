import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_SITE_NAME } from '../../kits/core/people-names';
import { PRIVACY_NOTICE_VERSION } from '../../platform/consent/consent';
import { samples, sized } from '../../platform/files/file-samples';
import { bearer, sessionToken } from '../../testing/auth-helpers';
import { type FieldPart, multipart, type UploadPart } from '../../testing/multipart';
import { readPdf } from '../../testing/pdf-text';
import { startSmtpSink } from '../../testing/smtp-sink';
import { startTestApp, type TestApp } from '../../testing/test-app';

// Issue 11, item 1: a visitor reports a donation by bank transfer with its slip
// (POST /api/public/donate-money-by-bank-transfer), through the whole HTTP stack on the real
// database, with the tracking e-mail read back from a real SMTP server. Staff then find it in their
// approval queue with the slip and approve it like any other money donation.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
const ids: Record<string, number> = {};
let approver: Record<string, string>;
let admin: Record<string, string>;

const sql = <T>(query: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(query, params);

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({
    mail: { smtpUrl: smtp.url, from: 'Namjai <no-reply@namjai.test>', logBodies: false },
  });
  for (const [key, table, code] of [
    ['CENTRAL', 'ref_money_account', 'AC-OPS-ACC'],
    ['KHON_KAEN', 'ref_money_account', 'AC-P28-DON'],
    ['ANONYMOUS', 'ref_donator', 'DN-000002'],
    ['COMPANY', 'ref_donator', 'DN-000001'],
  ] as const) {
    const [row] = await sql<{ id: number }>(`select id from ${table} where code = ?`, [code]);
    if (!row) throw new Error(`demo ${table} ${code} missing`);
    ids[key] = row.id;
  }
  for (const [key, code] of [
    ['CENTRAL_UNIT', 'OPS-FIN-ACC'],
    ['KHON_KAEN_UNIT', 'DSDW-P28-DON'],
    ['NO_ACCOUNT_UNIT', 'OPS-P52-SDW'],
  ] as const) {
    const [row] = await sql<{ id: number }>('select id from organisation_unit where code = ?', [code]);
    ids[key] = row.id;
  }
  approver = bearer(await sessionToken(t, 'approver2.demo'));
  admin = bearer(await sessionToken(t, 'admin.demo'));
}, 180_000);
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

/** A complete, valid report: a person new to the system, receipt by e-mail, into the central account. */
const valid = (over: Record<string, unknown> = {}) => ({
  unitId: ids.CENTRAL_UNIT,
  moneyAccountId: ids.CENTRAL,
  amount: '1500.50',
  transferType: 'TRANSFER',
  bank: '004',
  paymentReference: 'KB-20261124-0001',
  transferredOn: '2026-11-20',
  objective: 'DISASTER_FLOOD',
  donorType: 'PERSON',
  donorName: 'สมศรี ใจบุญ',
  taxId: '1103700012346',
  phone: '081 234 5678',
  email: 'somsri.donor@example.com',
  receiptDelivery: 'EMAIL',
  addressLine: null,
  subDistrict: null,
  consent: true,
  ...over,
});

const png = (): UploadPart => ({
  name: 'slip',
  fileName: 'slip.png',
  content: samples.png,
  claimedType: 'image/png',
});

async function donate(data: unknown, slip: UploadPart | null = png()) {
  const parts: (UploadPart | FieldPart)[] = [
    { field: 'donation', value: typeof data === 'string' ? data : JSON.stringify(data) },
  ];
  if (slip) parts.push(slip);
  const body = multipart(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/public/donate-money-by-bank-transfer',
    headers: { ...body.headers, 'user-agent': 'vitest-browser' },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

/** What a refused report must leave as it was. */
async function footprint() {
  const [row] = await sql<Record<string, string>>(
    `select (select count(*) from doc_money_donation)::text as donations,
       (select count(*) from ref_donator)::text as donators,
       (select count(*) from attachment)::text as attachments,
       (select count(*) from consent_record)::text as consents,
       (select count(*) from mail_outbox)::text as mails,
       (select count(*) from document_history)::text as history,
       (select coalesce(sum(last), 0) from document_counter)::text as numbers`,
  );
  return row;
}

const fieldsOf = (body: Record<string, unknown>) =>
  ((body.details as { fields?: { field: string }[] } | undefined)?.fields ?? []).map((f) => f.field);

async function donationRow(number: string) {
  const [row] = await sql<Record<string, unknown>>(
    `select d.*, u.code as owner_code, dn.code as donor_code, dn.name_th as donor_name, dn.tax_id as donor_tax_id
     from doc_money_donation d join organisation_unit u on u.id = d.owner_unit_id join ref_donator dn on dn.id = d.donor_id
     where d.number = ?`,
    [number],
  );
  return row;
}

const DOC = `id number version status createdByName remark header display
  attachments { fileName mediaType size } receipt { number donorName }`;

describe('the receiving units and their PromptPay QR', () => {
  it('lists only units with an active money account, by province, with each account’s bank', async () => {
    const res = await t.graphql<{
      donationReceivingUnits: {
        provinceNameTh: string;
        units: {
          id: number;
          code: string;
          accounts: { id: number; bankNameTh: string; accountNumber: string; promptPay: boolean }[];
        }[];
      }[];
    }>(
      '{ donationReceivingUnits { provinceNameTh units { id code accounts { id bankNameTh accountNumber promptPay } } } }',
    );
    expect(res.body.errors).toBeUndefined();
    const units = res.body.data?.donationReceivingUnits.flatMap((p) => p.units) ?? [];
    const [{ n }] = await sql<{ n: number }>(
      `select count(distinct a.owner_unit_id)::int as n from ref_money_account a join organisation_unit u on u.id = a.owner_unit_id and u.active where a.status_code = 'A'`,
    );
    expect(units).toHaveLength(n);
    expect(units.map((u) => u.code)).not.toContain('OPS-P52-SDW');
    const central = units.find((u) => u.code === 'OPS-FIN-ACC');
    expect(central?.accounts).toEqual([
      {
        id: ids.CENTRAL,
        bankNameTh: 'ธนาคารกรุงไทย จำกัด (มหาชน)',
        accountNumber: '0000000001',
        promptPay: true,
      },
    ]);
    expect(units.find((u) => u.code === 'DSDW-P28-DON')?.accounts[0]?.promptPay).toBe(false);
  });

  it('gives the account’s PromptPay QR for the amount, and 404 for an account without PromptPay', async () => {
    const res = await t.graphql<{ promptPayQr: { payload: string; svg: string; amount: string } }>(
      'query ($a: Int!, $m: String) { promptPayQr(moneyAccountId: $a, amount: $m) { payload svg amount } }',
      { a: ids.CENTRAL, m: '1500.5' },
    );
    expect(res.body.errors).toBeUndefined();
    const qr = res.body.data?.promptPayQr;
    expect(qr?.amount).toBe('1500.50');
    // Tag 29 carries the account's PromptPay id (the department's tax id), tag 54 the amount.
    expect(qr?.payload).toContain('29370016A0000006770101110213' + '0994000158343');
    expect(qr?.payload).toContain('54071500.50');
    expect(qr?.svg).toMatch(/^<svg /);

    const none = await t.graphql('query ($a: Int!) { promptPayQr(moneyAccountId: $a) { payload } }', {
      a: ids.KHON_KAEN,
    });
    expect(none.body.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND' });
    const zero = await t.graphql(
      'query ($a: Int!) { promptPayQr(moneyAccountId: $a, amount: "0") { payload } }',
      {
        a: ids.CENTRAL,
      },
    );
    expect(zero.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_INPUT' });
  });
});

describe('a visitor’s donation by transfer', () => {
  let number = '';

  it('creates exactly one PENDING money donation in the receiving unit, with the slip, the donor, the consent and the e-mail', async () => {
    const before = await footprint();
    const res = await donate(valid());
    expect(res.status).toBe(201);
    number = String(res.body.trackingNumber);
    expect(number).toMatch(/^DM-\d{4}-\d{6}$/);
    expect(res.body.emailedTo).toBe('somsri.donor@example.com');

    const after = await footprint();
    expect(Number(after.donations) - Number(before.donations)).toBe(1);
    expect(Number(after.donators) - Number(before.donators)).toBe(1);
    expect(Number(after.attachments) - Number(before.attachments)).toBe(1);
    expect(Number(after.consents) - Number(before.consents)).toBe(1);

    const row = await donationRow(number);
    expect(row).toMatchObject({
      status: 'PENDING',
      owner_code: 'OPS-FIN-ACC',
      amount: '1500.50',
      transfer_type: 'TRANSFER',
      bank: '004',
      payment_reference: 'KB-20261124-0001',
      objective: 'DISASTER_FLOOD',
      channel: 'WEBSITE',
      receipt_delivery: 'EMAIL',
      email: 'somsri.donor@example.com',
      created_by: 0,
      donor_name: 'สมศรี ใจบุญ',
      donor_tax_id: '1103700012346',
    });
    expect(String(row.donor_code)).toMatch(/^DN-\d{6}$/);

    const [slip] = await sql<Record<string, unknown>>(
      `select file_name, media_type, size, created_by from attachment where owner_kind = 'money-donation' and owner_id = ?`,
      [row.id],
    );
    expect(slip).toEqual({
      file_name: 'slip.png',
      media_type: 'image/png',
      size: samples.png.length,
      created_by: 0,
    });

    const [consent] = await sql<Record<string, unknown>>(
      `select subject_type, email, notice_version, channel, ip, user_agent, given_at from consent_record where subject_id = ? and subject_type = 'MONEY_DONATION'`,
      [row.id],
    );
    expect(consent).toMatchObject({
      subject_type: 'MONEY_DONATION',
      email: 'somsri.donor@example.com',
      notice_version: PRIVACY_NOTICE_VERSION,
      channel: 'donate-money-by-bank-transfer',
      ip: '127.0.0.1',
      user_agent: 'vitest-browser',
    });
    expect(Date.now() - new Date(consent.given_at as string).getTime()).toBeLessThan(60_000);

    const [mail] = await smtp.waitFor('somsri.donor@example.com');
    expect(mail.subject).toContain(number);
    expect(mail.text).toContain(`เลขที่ติดตาม: ${number}`);
    expect(mail.text).toContain('1,500.50 บาท');
    expect(mail.text).toContain('0000000001');
    // An account offered, with this e-mail filled in on the sign-up page.
    expect(mail.text).toContain(`${t.config.publicUrl}/signup?email=somsri.donor%40example.com`);
  });

  it('waits in the staff approval queue with its slip and its public marker, and is approved with a receipt', async () => {
    const queue = await t.graphql<{ documents: { items: { id: number; number: string }[] } }>(
      '{ documents(type: MONEY_DONATION, queue: true, rows: 200) { items { id number } } }',
      {},
      approver,
    );
    expect(queue.body.errors).toBeUndefined();
    const listed = queue.body.data?.documents.items.find((d) => d.number === number);
    expect(listed).toBeDefined();
    const read = await t.graphql<{ document: Record<string, unknown> & { version: number } }>(
      `query ($id: Int!) { document(type: MONEY_DONATION, id: $id) { ${DOC} } }`,
      { id: listed?.id },
      approver,
    );
    const doc = read.body.data?.document as Record<string, unknown> & {
      version: number;
      display: Record<string, string>;
      attachments: unknown[];
    };
    expect(doc.status).toBe('PENDING');
    expect(doc.createdByName).toBe(PUBLIC_SITE_NAME);
    expect(doc.display.channel).toBe('ผู้บริจาคแจ้งโอนทางเว็บไซต์');
    expect(doc.attachments).toEqual([
      { fileName: 'slip.png', mediaType: 'image/png', size: samples.png.length },
    ]);

    const approved = await t.graphql<{
      actOnDocument: { status: string; receipt: { number: string; donorName: string } };
    }>(
      `mutation ($id: Int!, $v: Int!) { actOnDocument(type: MONEY_DONATION, id: $id, input: { action: "APPROVE", version: $v }) { status receipt { number donorName } } }`,
      { id: listed?.id, v: doc.version },
      approver,
    );
    expect(approved.body.errors).toBeUndefined();
    expect(approved.body.data?.actOnDocument.status).toBe('APPROVED');
    expect(approved.body.data?.actOnDocument.receipt.donorName).toBe('สมศรี ใจบุญ');
  });

  it('finds the donator by citizen id the next time, never adding a second one, and notes a name that differs', async () => {
    const res = await donate(
      valid({ donorName: 'นางสมศรี ใจบุญมาก', amount: '200', email: null, receiptDelivery: 'NONE' }),
    );
    expect(res.status).toBe(201);
    expect(res.body.emailedTo).toBeNull();
    const [{ n }] = await sql<{ n: number }>(
      `select count(*)::int as n from ref_donator where tax_id = '1103700012346'`,
    );
    expect(n).toBe(1);
    const row = await donationRow(String(res.body.trackingNumber));
    expect(row.donor_name).toBe('สมศรี ใจบุญ');
    expect(row.remark).toContain('ชื่อที่ผู้บริจาคกรอก: นางสมศรี ใจบุญมาก');
    expect(row.receipt_delivery).toBe('NONE');
  });

  it('finds a donator that staff recorded (the demo company by its tax id)', async () => {
    const [company] = await sql<{ tax_id: string }>('select tax_id from ref_donator where id = ?', [
      ids.COMPANY,
    ]);
    const res = await donate(
      valid({
        donorType: 'JURISTIC',
        donorName: 'บริษัท ตัวอย่าง จำกัด',
        taxId: company.tax_id,
        email: null,
        receiptDelivery: 'NONE',
      }),
    );
    expect(res.status).toBe(201);
    expect((await donationRow(String(res.body.trackingNumber))).donor_id).toBe(ids.COMPANY);
  });

  it('records an anonymous donation by PromptPay with a PDF slip under the one anonymous donator, without mail', async () => {
    const mailsBefore = smtp.mails.length;
    const res = await donate(
      valid({
        donorType: 'ANONYMOUS',
        donorName: null,
        taxId: null,
        email: null,
        phone: null,
        receiptDelivery: 'NONE',
        transferType: 'PROMPTPAY',
        bank: null,
        paymentReference: null,
        moneyAccountId: ids.KHON_KAEN,
        unitId: ids.KHON_KAEN_UNIT,
      }),
      { name: 'slip', fileName: 'สลิปพร้อมเพย์.pdf', content: samples.pdf },
    );
    expect(res.status).toBe(201);
    const row = await donationRow(String(res.body.trackingNumber));
    expect(row).toMatchObject({
      donor_id: ids.ANONYMOUS,
      owner_code: 'DSDW-P28-DON',
      transfer_type: 'PROMPTPAY',
    });
    const [slip] = await sql<{ media_type: string; file_name: string }>(
      `select media_type, file_name from attachment where owner_kind = 'money-donation' and owner_id = ?`,
      [row.id],
    );
    expect(slip).toEqual({ media_type: 'application/pdf', file_name: 'สลิปพร้อมเพย์.pdf' });
    await t.deps.mailer.flush();
    expect(smtp.mails.length).toBe(mailsBefore);
  });

  it('keeps a receipt address for a receipt by post', async () => {
    const res = await donate(
      valid({
        taxId: '3100600123450',
        receiptDelivery: 'POST',
        addressLine: '99/1 ถนนมิตรภาพ',
        subDistrict: 400101,
        email: null,
      }),
    );
    expect(res.status).toBe(201);
    const row = await donationRow(String(res.body.trackingNumber));
    expect(row.receipt_address).toMatch(/^99\/1 ถนนมิตรภาพ ตำบล.+ อำเภอ.+ จังหวัด.+ \d{5}$/);
  });

  it('answers a repeated send (same key) with the first tracking number and writes nothing more', async () => {
    const key = 'retry-7f9c2d1e-0001';
    const first = await donate(
      valid({ idempotencyKey: key, taxId: '3100600123450', email: null, receiptDelivery: 'NONE' }),
    );
    expect(first.status).toBe(201);
    const before = await footprint();
    const again = await donate(
      valid({ idempotencyKey: key, taxId: '3100600123450', email: null, receiptDelivery: 'NONE' }),
    );
    expect(again.status).toBe(201);
    expect(again.body.trackingNumber).toBe(first.body.trackingNumber);
    expect(await footprint()).toEqual(before);
  });

  it('refuses the key sent again with another donation or another slip (422) and leaves the first as it was', async () => {
    const key = 'retry-7f9c2d1e-0002';
    const form = valid({ idempotencyKey: key, taxId: '3100600123450', email: null, receiptDelivery: 'NONE' });
    const first = await donate(form);
    expect(first.status).toBe(201);
    const number = String(first.body.trackingNumber);
    const kept = await donationRow(number);
    const before = await footprint();
    for (const [data, slip] of [
      [{ ...form, amount: '9999.00' }, png()],
      [form, { ...png(), fileName: 'slip.jpg', content: samples.jpeg, claimedType: 'image/jpeg' }],
    ] as const) {
      const other = await donate(data, slip);
      expect(other.status).toBe(422);
      expect(other.body).toMatchObject({
        code: 'IDEMPOTENCY_KEY_REUSED',
        messageTh: 'รหัสป้องกันการส่งซ้ำ (idempotency key) นี้ถูกใช้กับคำขออื่นแล้ว กรุณาใช้รหัสใหม่',
        messageEn: 'This idempotency key was already used with a different request; use a new key',
      });
    }
    expect(await footprint()).toEqual(before);
    expect(await donationRow(number)).toEqual(kept);
    // The first request sent again (its fields in another order) still gets its answer.
    const reordered = Object.fromEntries(Object.entries(form).reverse());
    const again = await donate(reordered);
    expect(again.status).toBe(201);
    expect(again.body.trackingNumber).toBe(number);
  });

  it('stores HTML and script in names as typed, and the e-mail and the printed receipt show them as text', async () => {
    const name = '<script>alert("x")</script><b>สมปอง</b> & ลูก';
    const email = 'html.name@example.com';
    const res = await donate(valid({ donorName: name, taxId: '1209900045676', email }));
    expect(res.status).toBe(201);
    const number = String(res.body.trackingNumber);
    const row = await donationRow(number);
    expect(row.donor_name).toBe(name);
    const [mail] = await smtp.waitFor(email);
    expect(mail.text).toContain(`เรียน ${name}`);
    expect(mail.subject).not.toContain('<');

    const approved = await t.graphql<{ actOnDocument: { receipt: { id: number } } }>(
      `mutation ($id: Int!) { actOnDocument(type: MONEY_DONATION, id: $id, input: { action: "APPROVE", version: 1 }) { receipt { id } } }`,
      { id: row.id },
      approver,
    );
    expect(approved.body.errors).toBeUndefined();
    const print = await t.app.inject({
      method: 'GET',
      url: `/api/receipts/${approved.body.data?.actOnDocument.receipt.id}/print`,
      headers: admin,
    });
    expect(print.statusCode).toBe(200);
    expect(print.body).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;b&gt;สมปอง&lt;/b&gt; &amp; ลูก',
    );
    expect(print.body).not.toContain('<script>alert');
    // The PDF prints the characters typed, not markup read as markup.
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/receipts/${approved.body.data?.actOnDocument.receipt.id}/pdf`,
      headers: admin,
    });
    expect(pdf.statusCode).toBe(200);
    expect(readPdf(pdf.rawPayload).text.join('\n')).toContain('<script>alert("x")</script><b>สมปอง</b> & ลูก');
  });
});

describe('bad input to the public form: a clear 4xx, nothing written', () => {
  const long = 'ก'.repeat(10_000);
  const cases: [
    string,
    () => Promise<{ status: number; body: Record<string, unknown> }>,
    number,
    string | null,
  ][] = [
    ['no data at all', () => donate({}), 400, 'amount'],
    ['no slip', () => donate(valid(), null), 400, 'slip'],
    ['a citizen id with a wrong check digit', () => donate(valid({ taxId: '1103700012345' })), 400, 'taxId'],
    [
      'a 30 MB file',
      () =>
        donate(valid(), { name: 'slip', fileName: 'big.png', content: sized(samples.png, 30 * 1024 * 1024) }),
      413,
      null,
    ],
    [
      'an executable renamed .png',
      () =>
        donate(valid(), {
          name: 'slip',
          fileName: 'slip.png',
          content: samples.exe,
          claimedType: 'image/png',
        }),
      400,
      'slip',
    ],
    [
      'an HTML page renamed .pdf',
      () => donate(valid(), { name: 'slip', fileName: 'slip.pdf', content: samples.html }),
      400,
      'slip',
    ],
    [
      'an empty file',
      () => donate(valid(), { name: 'slip', fileName: 'slip.png', content: Buffer.alloc(0) }),
      400,
      'slip',
    ],
    ['a 10,000-character name', () => donate(valid({ donorName: long })), 400, 'donorName'],
    [
      'a 10,000-character transfer reference',
      () => donate(valid({ paymentReference: long })),
      400,
      'paymentReference',
    ],
    ['a 10,000-character address', () => donate(valid({ addressLine: long })), 400, 'addressLine'],
    [
      'a 10,000-character e-mail',
      () => donate(valid({ email: `${'a'.repeat(10_000)}@example.com` })),
      400,
      'email',
    ],
    ['a 10,000-character phone number', () => donate(valid({ phone: '0'.repeat(10_000) })), 400, 'phone'],
    ['data beyond what the form holds', () => donate(valid({ donorName: 'ก'.repeat(30_000) })), 400, null],
    ['a zero amount', () => donate(valid({ amount: '0' })), 400, 'amount'],
    ['a negative amount', () => donate(valid({ amount: '-100' })), 400, 'amount'],
    ['an amount with three decimals', () => donate(valid({ amount: '100.005' })), 400, 'amount'],
    ['an amount that is not a number', () => donate(valid({ amount: 'หนึ่งพัน' })), 400, 'amount'],
    ['a unit without accounts', () => donate(valid({ unitId: ids.NO_ACCOUNT_UNIT })), 400, 'unitId'],
    ['another unit’s account', () => donate(valid({ unitId: ids.KHON_KAEN_UNIT })), 400, 'moneyAccountId'],
    [
      'an account that does not exist',
      () => donate(valid({ moneyAccountId: 999_999 })),
      400,
      'moneyAccountId',
    ],
    ['no consent', () => donate(valid({ consent: false })), 400, 'consent'],
    ['a transfer without its bank', () => donate(valid({ bank: null })), 400, 'bank'],
    ['a receipt by e-mail without an address', () => donate(valid({ email: null })), 400, 'email'],
    [
      'a receipt by post without an address',
      () => donate(valid({ receiptDelivery: 'POST' })),
      400,
      'addressLine',
    ],
    ['an anonymous donor with an id', () => donate(valid({ donorType: 'ANONYMOUS' })), 400, 'taxId'],
    ['a person without a name', () => donate(valid({ donorName: '  ' })), 400, 'donorName'],
    [
      'a transfer date in the future',
      () => donate(valid({ transferredOn: '2999-01-01' })),
      400,
      'transferredOn',
    ],
    ['an impossible date', () => donate(valid({ transferredOn: '2026-02-30' })), 400, 'transferredOn'],
    ['a bad e-mail address', () => donate(valid({ email: 'not-an-address' })), 400, 'email'],
    ['an unknown field', () => donate(valid({ isAdmin: true })), 400, 'isAdmin'],
    ['data that is not JSON', () => donate('{"amount": '), 400, null],
    ['a bad idempotency key', () => donate(valid({ idempotencyKey: 'x' })), 400, null],
  ];

  it.each(cases)('%s', async (_what, send, status, field) => {
    const before = await footprint();
    const res = await send();
    expect(res.status).toBe(status);
    expect(res.body.messageTh).toMatch(/[ก-๙]/);
    expect(res.body.messageEn).toBeTruthy();
    if (field) expect(fieldsOf(res.body)).toContain(field);
    expect(await footprint()).toEqual(before);
  });

  it('refuses a plain JSON post (not multipart) with a 400', async () => {
    const before = await footprint();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/donate-money-by-bank-transfer',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(valid()),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await footprint()).toEqual(before);
  });
});
