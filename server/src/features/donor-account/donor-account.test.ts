import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_NOTICE_VERSION } from '../../platform/consent/consent';
import {
  type Donation,
  demoStaff,
  donorAccount,
  goodsDonation,
  gql,
  type Headers,
  moneyDonation,
  ok,
  type Staff,
  saveDonator,
  validId,
} from '../../testing/donor-fixtures';
import { readPdf } from '../../testing/pdf-text';
import { startSmtpSink } from '../../testing/smtp-sink';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { LINK_CODE } from './donor-links';

// Issue 11, item 3: the donor's own history (/user/donation-history) on the real server and database.
// A donor account sees a donator's donations only once it proved it holds the e-mail on that
// donator's record (its own activated e-mail, or a code mailed there, read back from a real SMTP
// server); the history and the totals per tax year equal the database's; receipts download as PDF,
// and a receipt of someone else's, tried by id, is 404.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let s: Staff;
const sql = <T>(query: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(query, params);

const ID = {
  arunee: validId('310010000001'),
  aruneeOld: validId('310010000002'),
  boonmee: validId('310010000003'),
  noEmail: validId('310010000004'),
  unknown: validId('310010000005'),
  chai: validId('310010000006'),
};
const donators: Record<string, number> = {};
const donations: Record<string, Donation> = {};
let arunee: { userId: number; headers: Headers };
let boonmee: { userId: number; headers: Headers };

const HISTORY = `{ myDonationHistory {
  donors { id code nameTh taxId method }
  donations { kind documentType id number donatedOn status statusLabelTh value donorCode unitNameTh objectiveLabelTh
    receipt { id kind number issuedOn amount void pdfUrl } }
  taxYears { year moneyTotal moneyCount goodsTotal goodsCount total } } }`;

interface History {
  donors: { id: string; code: string; nameTh: string; taxId: string; method: string }[];
  donations: {
    kind: string;
    documentType: string;
    id: string;
    number: string;
    donatedOn: string;
    status: string;
    value: string;
    receipt: {
      id: string;
      kind: string;
      number: string;
      amount: string;
      void: boolean;
      pdfUrl: string;
    } | null;
  }[];
  taxYears: {
    year: number;
    moneyTotal: string;
    moneyCount: number;
    goodsTotal: string;
    goodsCount: number;
    total: string;
  }[];
}

const history = async (who: Headers) =>
  ok(await gql<{ myDonationHistory: History }>(t, who, HISTORY), 'history').myDonationHistory;

const link = (who: Headers, taxId: string) =>
  gql<{ linkDonorRecord: { status: string; donor: { id: string; method: string } | null } }>(
    t,
    who,
    'mutation ($taxId: String!) { linkDonorRecord(taxId: $taxId) { status donor { id method } } }',
    { taxId },
  );

const confirm = (who: Headers, taxId: string, code: string) =>
  gql<{ confirmDonorLink: { id: string; method: string } }>(
    t,
    who,
    'mutation ($taxId: String!, $code: String!) { confirmDonorLink(taxId: $taxId, code: $code) { id method } }',
    { taxId, code },
  );

const codeIn = (text: string) => /รหัสยืนยัน: (\d{6})/.exec(text)?.[1] as string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({
    mail: { smtpUrl: smtp.url, from: 'Namjai <no-reply@namjai.test>', logBodies: false },
  });
  s = await demoStaff(t);
  const person = (nameTh: string, taxId: string, email: string | null) => ({
    donorType: 'PERSON',
    nameTh,
    taxId,
    email,
    phone: '081 111 2222',
  });
  donators.arunee = (await saveDonator(t, s.admin, person('อรุณี ใจงาม', ID.arunee, 'Arunee@Example.com'))).id;
  donators.aruneeOld = (
    await saveDonator(t, s.admin, person('อรุณี ใจงาม (ชื่อเดิม)', ID.aruneeOld, 'arunee.old@example.com'))
  ).id;
  donators.boonmee = (await saveDonator(t, s.admin, person('บุญมี มีสุข', ID.boonmee, 'boonmee@example.com'))).id;
  donators.noEmail = (await saveDonator(t, s.admin, person('ไม่มี อีเมล', ID.noEmail, null))).id;
  donators.chai = (await saveDonator(t, s.admin, person('ชัย ใจดี', ID.chai, 'chai@example.com'))).id;

  donations.a1 = await moneyDonation(t, s, donators.arunee, '1500.50');
  donations.a2 = await moneyDonation(t, s, donators.arunee, '2000.00');
  donations.aPending = await moneyDonation(t, s, donators.arunee, '300.00', { pending: true });
  donations.aGoods = await goodsDonation(t, s, donators.arunee, {
    quantity: '10',
    unitValue: '120.00',
    rejected: '2',
  });
  donations.old = await moneyDonation(t, s, donators.aruneeOld, '750.25');
  donations.b = await moneyDonation(t, s, donators.boonmee, '999.99');
  // One of Arunee's receipts was issued last year (a tax year of its own): a fixture write as the
  // owner, since the server's role may not change a receipt's date.
  await (await t.ownerEm())
    .getConnection()
    .execute(`update donation_receipt set issued_on = issued_on - interval '1 year' where id = ?`, [
      donations.a1.receipt?.id,
    ]);

  arunee = await donorAccount(t, 'arunee@example.com', { firstNameTh: 'อรุณี', lastNameTh: 'ใจงาม' });
  boonmee = await donorAccount(t, 'boonmee@example.com', { firstNameTh: 'บุญมี', lastNameTh: 'มีสุข' });
}, 300_000);
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

describe('linking a donor account to donor records', () => {
  it('shows nothing before a link, and never links on an id alone', async () => {
    expect(await history(arunee.headers)).toEqual({ donors: [], donations: [], taxYears: [] });

    // Boonmee's id typed by Arunee: a code goes to Boonmee's e-mail, not Arunee's, and nothing is linked.
    const other = ok(await link(arunee.headers, ID.boonmee), 'link other');
    expect(other.linkDonorRecord).toEqual({ status: 'CHECK_EMAIL', donor: null });
    const [mail] = await smtp.waitFor('boonmee@example.com');
    expect(smtp.mails.filter((m) => m.to.includes('arunee@example.com'))).toEqual([]);
    const stolen = codeIn(mail.text);
    expect(stolen).toMatch(/^\d{6}$/);
    expect(mail.text).not.toContain('บุญมี');
    expect((await history(arunee.headers)).donations).toEqual([]);

    // A record without an e-mail and an id nobody has get the very same answer, and no mail.
    const mailsBefore = smtp.mails.length;
    for (const id of [ID.noEmail, ID.unknown])
      expect(ok(await link(arunee.headers, id), 'link').linkDonorRecord).toEqual({
        status: 'CHECK_EMAIL',
        donor: null,
      });
    const [{ n }] = await sql<{ n: number }>(
      'select count(*)::int as n from donor_link_code where user_id = ?',
      [arunee.userId],
    );
    expect(n).toBe(1);
    await t.deps.mailer.flush();
    expect(smtp.mails.length).toBe(mailsBefore);

    // Wrong codes are counted; after the limit even the right code no longer works.
    for (let i = 0; i < LINK_CODE.attempts; i++) {
      const wrong = await confirm(arunee.headers, ID.boonmee, stolen === '000000' ? '111111' : '000000');
      expect(wrong.error?.extensions).toMatchObject({ code: 'BAD_INPUT', status: 400 });
    }
    const late = await confirm(arunee.headers, ID.boonmee, stolen);
    expect(late.error?.extensions).toMatchObject({ code: 'BAD_INPUT' });
    expect(late.error?.extensions?.messageTh).toContain('รหัสยืนยันไม่ถูกต้อง');
    expect((await history(arunee.headers)).donors).toEqual([]);
    expect(await sql('select * from donor_link where user_id = ?', [arunee.userId])).toEqual([]);
  });

  it('links at once the record whose e-mail is the account’s own (case aside, id typed with dashes)', async () => {
    const typed = `${ID.arunee.slice(0, 1)}-${ID.arunee.slice(1, 5)}-${ID.arunee.slice(5, 10)}-${ID.arunee.slice(10, 12)}-${ID.arunee.slice(12)}`;
    const res = ok(await link(arunee.headers, typed), 'link own').linkDonorRecord;
    expect(res).toEqual({ status: 'LINKED', donor: { id: String(donators.arunee), method: 'EMAIL_MATCH' } });
    expect((await history(arunee.headers)).donors.map((d) => d.code)).toHaveLength(1);
  });

  it('links another record once the code mailed to that record’s e-mail is typed', async () => {
    const before = smtp.mails.filter((m) => m.to.includes('arunee.old@example.com')).length;
    expect(ok(await link(arunee.headers, ID.aruneeOld), 'link old').linkDonorRecord.status).toBe(
      'CHECK_EMAIL',
    );
    const mails = await smtp.waitFor('arunee.old@example.com', before + 1);
    const code = codeIn((mails.at(-1) as { text: string }).text);
    expect(ok(await confirm(arunee.headers, ID.aruneeOld, code), 'confirm').confirmDonorLink).toEqual({
      id: String(donators.aruneeOld),
      method: 'EMAIL_CODE',
    });
    // A code works once.
    expect((await confirm(arunee.headers, ID.aruneeOld, code)).error?.extensions).toMatchObject({
      code: 'BAD_INPUT',
    });
    const { donors } = await history(arunee.headers);
    expect(donors.map((d) => Number(d.id)).sort()).toEqual([donators.arunee, donators.aruneeOld].sort());
  });

  it('lets a link lapse when staff change the e-mail on the record, and hold again when it is back', async () => {
    await saveDonator(t, s.admin, { email: 'arunee.new@example.com' }, donators.aruneeOld);
    const lapsed = await history(arunee.headers);
    expect(lapsed.donors.map((d) => Number(d.id))).toEqual([donators.arunee]);
    expect(lapsed.donations.map((d) => d.number)).not.toContain(donations.old.number);
    await saveDonator(t, s.admin, { email: 'arunee.old@example.com' }, donators.aruneeOld);
    expect((await history(arunee.headers)).donations.map((d) => d.number)).toContain(donations.old.number);
  });

  it('links a new account at activation when its citizen id’s record has its e-mail, and records the sign-up consent', async () => {
    const res = await t.graphql<{ registerDonor: boolean }>(
      'mutation ($input: DonorRegisterInput!) { registerDonor(input: $input) }',
      {
        input: {
          email: 'chai@example.com',
          password: 'Namjai-test-2569!',
          firstNameTh: 'ชัย',
          lastNameTh: 'ใจดี',
          citizenId: ID.chai,
          pdpaConsent: true,
        },
      },
      { 'user-agent': 'vitest-signup' },
    );
    expect(res.body.errors).toBeUndefined();
    const [user] = await sql<{ id: number }>("select id from app_user where username = 'chai@example.com'");
    const [consent] = await sql<Record<string, unknown>>(
      `select subject_type, email, notice_version, channel, user_agent from consent_record where subject_type = 'USER' and subject_id = ?`,
      [user.id],
    );
    expect(consent).toEqual({
      subject_type: 'USER',
      email: 'chai@example.com',
      notice_version: PRIVACY_NOTICE_VERSION,
      channel: 'signup',
      user_agent: 'vitest-signup',
    });
    expect(await sql('select * from donor_link where user_id = ?', [user.id])).toEqual([]);
    const [mail] = await smtp.waitFor('chai@example.com');
    const xcode = /xcode\): (\S+)/.exec(mail.text)?.[1] as string;
    const activated = await t.graphql('mutation ($x: String!) { activateAccount(xcode: $x) }', { x: xcode });
    expect(activated.body.errors).toBeUndefined();
    expect(
      await sql('select donator_id, method, verified_email from donor_link where user_id = ?', [user.id]),
    ).toEqual([{ donator_id: donators.chai, method: 'EMAIL_MATCH', verified_email: 'chai@example.com' }]);
  });

  it('refuses bad input with a 4xx in Thai and English', async () => {
    for (const taxId of [
      ID.arunee.replace(/.$/, (d) => String((Number(d) + 1) % 10)),
      '123',
      'x'.repeat(21),
    ]) {
      const res = await link(arunee.headers, taxId);
      expect(res.status).toBeLessThan(500);
      expect(res.error?.extensions).toMatchObject({ code: 'BAD_INPUT' });
      expect(res.error?.extensions?.messageTh).toBeTruthy();
      expect(res.error?.extensions?.messageEn).toBeTruthy();
    }
    for (const code of ['12345', 'abcdef', '1234567']) {
      expect((await confirm(arunee.headers, ID.aruneeOld, code)).error?.extensions).toMatchObject({
        code: 'BAD_INPUT',
      });
    }
    const unlink = await gql(t, arunee.headers, 'mutation { unlinkDonorRecord(donatorId: "abc") }');
    expect(unlink.error?.extensions).toMatchObject({ code: 'BAD_INPUT' });
    // Staff and visitors are not donors.
    expect((await gql(t, s.admin, HISTORY)).error?.extensions).toMatchObject({ code: 'FORBIDDEN' });
    expect((await gql(t, {}, HISTORY)).error?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});

describe('the donor’s own history', () => {
  it('lists exactly the linked records’ donations with their receipts, as the database holds them', async () => {
    const mine = await history(arunee.headers);
    const expected = await sql<{ number: string; value: string; status: string; receipt: string | null }>(
      `select h.number, h.value::text as value, h.status, r.number as receipt from (
         select g.id, g.number, g.status, 'GOODS_DONATION' as t,
                (select round(sum(coalesce(l.accepted_quantity, l.quantity) * l.unit_value), 2) from doc_goods_donation_line l where l.document_id = g.id) as value
           from doc_goods_donation g where g.donator_id in (?, ?)
         union all
         select m.id, m.number, m.status, 'MONEY_DONATION', m.amount from doc_money_donation m where m.donor_id in (?, ?)
       ) h left join donation_receipt r on r.document_type = h.t and r.document_id = h.id
       order by h.number`,
      [donators.arunee, donators.aruneeOld, donators.arunee, donators.aruneeOld],
    );
    const shown = mine.donations
      .map((d) => ({
        number: d.number,
        value: d.value,
        status: d.status,
        receipt: d.receipt?.number ?? null,
      }))
      .sort((a, b) => a.number.localeCompare(b.number));
    expect(shown).toEqual(expected);
    // What a person reads: five donations, the pending one without a receipt, the goods at the accepted 8 × 120.00.
    expect(shown).toHaveLength(5);
    const byNumber = new Map(mine.donations.map((d) => [d.number, d]));
    expect(byNumber.get(donations.aPending.number)).toMatchObject({
      status: 'PENDING',
      value: '300.00',
      receipt: null,
    });
    expect(byNumber.get(donations.aGoods.number)).toMatchObject({
      kind: 'GOODS',
      value: '960.00',
      receipt: { kind: 'GOODS', amount: '960.00', void: false },
    });
    expect(mine.donations.map((d) => d.number)).not.toContain(donations.b.number);
    // Newest donation date first.
    const dates = mine.donations.map((d) => d.donatedOn);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('totals the receipts in force per tax year (calendar year of the receipt, Buddhist era) as SQL does', async () => {
    const { taxYears } = await history(arunee.headers);
    const expected = await sql<Record<string, unknown>>(
      `select (extract(year from issued_on) + 543)::int as year,
              coalesce(sum(amount) filter (where kind = 'MONEY'), 0)::numeric(20, 2)::text as "moneyTotal",
              (count(*) filter (where kind = 'MONEY'))::int as "moneyCount",
              coalesce(sum(amount) filter (where kind = 'GOODS'), 0)::numeric(20, 2)::text as "goodsTotal",
              (count(*) filter (where kind = 'GOODS'))::int as "goodsCount",
              sum(amount)::numeric(20, 2)::text as total
         from donation_receipt where voided_at is null and donor_id in (?, ?) group by 1 order by 1 desc`,
      [donators.arunee, donators.aruneeOld],
    );
    expect(taxYears).toEqual(expected);
    // By hand: this year 2,000.00 + 750.25 money and 960.00 goods; last year the 1,500.50 receipt.
    const thisYear = new Date().getFullYear() + 543;
    expect(taxYears).toEqual([
      {
        year: thisYear,
        moneyTotal: '2750.25',
        moneyCount: 2,
        goodsTotal: '960.00',
        goodsCount: 1,
        total: '3710.25',
      },
      {
        year: thisYear - 1,
        moneyTotal: '1500.50',
        moneyCount: 1,
        goodsTotal: '0.00',
        goodsCount: 0,
        total: '1500.50',
      },
    ]);
  });

  it('shows another donor only their own', async () => {
    ok(await link(boonmee.headers, ID.boonmee), 'boonmee links');
    const theirs = await history(boonmee.headers);
    expect(theirs.donations.map((d) => d.number)).toEqual([donations.b.number]);
    expect(theirs.taxYears.map((y) => y.total)).toEqual(['999.99']);
  });
});

describe('receipts downloaded by the donor', () => {
  const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });

  it('prints the donor’s own receipt as a PDF with its number and their name', async () => {
    const receipt = (await history(arunee.headers)).donations.find((d) => d.number === donations.a2.number)
      ?.receipt as NonNullable<History['donations'][number]['receipt']>;
    expect(receipt.pdfUrl).toBe(`/api/my/receipts/${receipt.id}/pdf`);
    const res = await get(receipt.pdfUrl, arunee.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain('attachment');
    const text = readPdf(res.rawPayload).text.join('\n');
    expect(text).toContain(receipt.number);
    expect(text).toContain('อรุณี ใจงาม');
    const [audit] = await sql<{ actor_user_id: number }>(
      `select actor_user_id from audit_event where event = 'RECEIPT_PRINTED' and (details->>'receiptId')::int = ?`,
      [Number(receipt.id)],
    );
    expect(audit.actor_user_id).toBe(arunee.userId);
  }, 60_000);

  it('answers 404 for another donor’s receipt and an unknown id alike; staff and visitors are refused', async () => {
    const others = donations.b.receipt?.id as number;
    const refused = await get(`/api/my/receipts/${others}/pdf`, arunee.headers);
    const unknown = await get('/api/my/receipts/999999/pdf', arunee.headers);
    expect(refused.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(refused.json().messageTh).toBe(unknown.json().messageTh.replace('999999', String(others)));
    expect((await get(`/api/my/receipts/${others}/pdf`, s.admin)).statusCode).toBe(403);
    expect((await get(`/api/my/receipts/${others}/pdf`, {})).statusCode).toBe(401);
    expect((await get('/api/my/receipts/abc/pdf', arunee.headers)).statusCode).toBe(400);
    // Nothing was printed by the refused tries.
    const [{ print_count }] = await sql<{ print_count: number }>(
      'select print_count from donation_receipt where id = ?',
      [others],
    );
    expect(print_count).toBe(0);
  });

  it('stops when the link ends', async () => {
    const receipt = donations.old.receipt?.id as number;
    ok(
      await gql(t, arunee.headers, `mutation { unlinkDonorRecord(donatorId: "${donators.aruneeOld}") }`),
      'unlink',
    );
    expect((await get(`/api/my/receipts/${receipt}/pdf`, arunee.headers)).statusCode).toBe(404);
    expect((await history(arunee.headers)).donations.map((d) => d.number)).not.toContain(
      donations.old.number,
    );
  });
});
