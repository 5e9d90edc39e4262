import { ref } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrganisationUnit } from '../../kits/core/organisation.entity';
import { RequestStatus, UserStatus } from '../../kits/core/user.entity';
import { LedgerService } from '../../kits/ledger/ledger.service';
import { loadConfig } from '../../platform/config';
import { bangkokClock, JobQueue } from '../../platform/jobs/job-queue';
import { createLogger } from '../../platform/logger';
import { bearer, fixtureAdministrator, sessionToken } from '../../testing/auth-helpers';
import { validId } from '../../testing/donor-fixtures';
import { startSmtpSink } from '../../testing/smtp-sink';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { overdueEDonationRows } from '../e-donation';
import { UserGroupService } from '../user-groups';
import { newUser } from '../users';
import { E_DONATION_REMINDER, PENDING_WORK_DIGEST } from './pending-work.digest';

// Pending work (MN-106) for people of different menus and scopes, on two new divisions of their own
// (the demo data's documents are outside them): each lists exactly what they may act on, an approval
// takes the item off the approver's list and puts the delivery on the officer's, and the daily job
// mails each person with work once a day, through the outbox to a real SMTP server on loopback.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
const users: Record<string, { id: number; email: string; headers: Record<string, string> }> = {};
const numbers: Record<string, string> = {};

const sql = <T>(query: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(query, params);

interface Group {
  source: string;
  kind: string;
  action: string;
  status: string;
  menuCode: string;
  link: string;
  count: number;
  items: { documentType: string; id: number; number: string; unitNameTh: string | null }[];
}

async function pendingOf(who: string): Promise<{ total: number; groups: Group[]; count: number }> {
  const res = await t.graphql<{ pendingWork: { total: number; groups: Group[] }; pendingWorkCount: number }>(
    `{ pendingWork { total groups { source kind action status menuCode link count items { documentType id number unitNameTh } } }
       pendingWorkCount }`,
    {},
    users[who]?.headers,
  );
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  const data = res.body.data as { pendingWork: { total: number; groups: Group[] }; pendingWorkCount: number };
  return { ...data.pendingWork, count: data.pendingWorkCount };
}

/** What a person's list holds, as `source action: numbers` lines, sorted. */
const listed = (groups: Group[]) =>
  groups
    .map(
      (g) =>
        `${g.source} ${g.action}: ${g.items
          .map((i) => i.number)
          .sort()
          .join(' ')}`,
    )
    .sort();

async function disbursement(
  account: number,
  maker: string,
  steps: string[],
): Promise<{ id: number; number: string }> {
  const created = await t.graphql<{ createDocument: { id: number; number: string; version: number } }>(
    `mutation ($input: DocumentInput!) { createDocument(type: MONEY_DISBURSEMENT, input: $input) { id number version } }`,
    {
      input: {
        header: {
          moneyAccount: account,
          amount: '100.00',
          recipientName: 'นางสมศรี ใจดี',
          recipientBank: '002',
          recipientAccountNumber: '123-4-56789-0',
        },
      },
    },
    users[maker]?.headers,
  );
  expect(created.body.errors, JSON.stringify(created.body.errors)).toBeUndefined();
  let doc = created.body.data?.createDocument as { id: number; number: string; version: number };
  for (const step of steps) {
    const [action, who] = step.split(':') as [string, string];
    doc = await act(doc, action, who);
  }
  return doc;
}

async function act(doc: { id: number; version: number }, action: string, who: string) {
  const res = await t.graphql<{ actOnDocument: { id: number; number: string; version: number } }>(
    `mutation ($id: Int!, $input: DocumentActionInput!) {
       actOnDocument(type: MONEY_DISBURSEMENT, id: $id, input: $input) { id number version } }`,
    { id: doc.id, input: { action, version: doc.version } },
    users[who]?.headers,
  );
  expect(res.body.errors, `${action}: ${JSON.stringify(res.body.errors)}`).toBeUndefined();
  return res.body.data?.actOnDocument as { id: number; number: string; version: number };
}

async function unit(code: string, nameTh: string): Promise<{ id: number; path: string }> {
  const [row] = await sql<{ id: number; path: string }>(
    `insert into organisation_unit (code, name_th, name_en, office_type, parent_id, created_at, updated_at)
     select ?, ?, ?, 4, id, now(), now() from organisation_unit where code = 'DSDW' returning id, path`,
    [code, nameTh, code],
  );
  const [done] = await sql<{ id: number; path: string }>(
    `update organisation_unit u set path = p.path || u.id || '/' from organisation_unit p
      where u.id = ? and p.id = u.parent_id returning u.id, u.path`,
    [row?.id],
  );
  return done as { id: number; path: string };
}

async function account(code: string, unitId: number): Promise<number> {
  const [row] = await sql<{ id: number }>(
    `insert into ref_money_account (code, name_th, name_en, owner_unit_id, bank_code, account_number, status_code,
       created_at, updated_at)
     values (?, ?, ?, ?, '006', '1234567890', 'A', now(), now()) returning id`,
    [code, `บัญชี ${code}`, `Account ${code}`, unitId],
  );
  const id = (row as { id: number }).id;
  await t
    .em()
    .transactional((tx) =>
      new LedgerService(tx).money.credit(
        { accountId: id, amount: '10000', type: 'INITIAL' },
        { documentType: 'TEST_MONEY', documentId: id, lineId: null, userId: users.officerA?.id as number },
      ),
    );
  return id;
}

async function receiptRequest(number: string, unitId: number, status: string): Promise<void> {
  await sql(
    `insert into receipt_request (number, fiscal_year, kind, status, receiving_unit_id, requester_type, requester_name,
       tax_id, email, phone, donated_on, amount, delivery, created_at, updated_at)
     values (?, 2569, 'MONEY', ?, ?, 'PERSON', 'นายทดสอบ ขอใบเสร็จ', '1234567890121', 'rr@example.com', '0812345678',
       '2026-11-01', 500, 'EMAIL', now(), now())`,
    [number, status, unitId],
  );
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  const base = loadConfig({ ...process.env, NODE_ENV: 'test' });
  t = await startTestApp({ mail: { ...base.mail, smtpUrl: smtp.url, logBodies: false } });
  const divA = await unit('PW-DIV-A', 'กองทดสอบงานค้าง ก');
  const divB = await unit('PW-DIV-B', 'กองทดสอบงานค้าง ข');
  const people = [
    ['officerA', 'UG-S01', divA.id],
    ['approver1A', 'UG-S02', divA.id],
    ['approver2B', 'UG-S03', divB.id],
    ['officerB', 'UG-S01', divB.id],
    ['exporterA', 'UG-PWX', divA.id],
  ] as const;
  const em = t.em();
  // Keys in the donations at the Revenue Department (e-Donation export) and sees pending work.
  await new UserGroupService(em).save(fixtureAdministrator, {
    code: 'UG-PWX',
    name: 'ทดสอบผู้ส่งออก e-Donation งานค้าง',
    menuCodes: ['MN-106', 'MN-111', 'MN-112'],
    transactionCode: null,
  });
  for (const [name, group, unitId] of people) {
    const user = newUser(em, {
      kind: 'STAFF',
      username: `pw.${name.toLowerCase()}`,
      email: `pw.${name.toLowerCase()}@namjai.test`,
      passwordHash: 'not-used',
      firstNameTh: name,
      lastNameTh: 'ทดสอบ',
      organisationUnit: ref(em.getReference(OrganisationUnit, unitId)),
      userGroupCode: group,
      userStatusCode: UserStatus.Active,
      requestStatusCode: RequestStatus.Approved,
    });
    em.persist(user);
    await em.flush();
    users[name] = { id: user.id, email: user.email, headers: {} };
  }
  for (const name of [...people.map((p) => p[0]), 'admin.demo']) {
    const username = name === 'admin.demo' ? name : `pw.${name.toLowerCase()}`;
    users[name] = {
      ...(users[name] ?? { id: 0, email: '' }),
      headers: bearer(await sessionToken(t, username)),
    };
  }
  const accA = await account('AC-PW-A', divA.id);
  const accB = await account('AC-PW-B', divB.id);
  const a1 = await disbursement(accA, 'officerA', []);
  const a2 = await disbursement(accA, 'officerA', ['SUBMIT:officerA']);
  const a3 = await disbursement(accA, 'officerA', ['SUBMIT:officerA', 'APPROVE:approver1A']);
  const b1 = await disbursement(accB, 'officerB', ['SUBMIT:officerB']);
  const b2 = await disbursement(accB, 'officerB', []);
  // The administrator's own: approver 2 of B approves it, the administrator may not (maker-checker).
  const b3 = await disbursement(accB, 'admin.demo', ['SUBMIT:admin.demo']);
  Object.assign(numbers, {
    a1: a1.number,
    a2: a2.number,
    a3: a3.number,
    b1: b1.number,
    b2: b2.number,
    b3: b3.number,
  });
  // A money donation given two months ago and approved (its receipt issued), never keyed in: overdue.
  const [donor] = await sql<{ id: number }>(
    `insert into ref_donator (code, donor_type, name_th, name_en, tax_id, status_code, created_at, updated_at)
     values ('PW-D1', 'JURISTIC', 'บริษัท งานค้าง ทดสอบ จำกัด', 'Pending Work Test Co., Ltd.', ?, 'A', now(), now())
     returning id`,
    [validId('010555700077')],
  );
  const given = new Date(Date.now() + 7 * 3_600_000 - 62 * 86_400_000).toISOString().slice(0, 10);
  const donation = await t.graphql<{ createDocument: { id: number; number: string; version: number } }>(
    `mutation ($input: DocumentInput!) { createDocument(type: MONEY_DONATION, input: $input) { id number version } }`,
    {
      input: {
        header: {
          donor: donor?.id,
          donatedOn: given,
          amount: '2500.00',
          transferType: 'CASH',
          moneyAccount: accA,
          objective: 'GENERAL',
        },
      },
    },
    users.officerA?.headers,
  );
  expect(donation.body.errors, JSON.stringify(donation.body.errors)).toBeUndefined();
  const m1 = donation.body.data?.createDocument as { id: number; number: string; version: number };
  const approved = await t.graphql(
    `mutation ($id: Int!, $input: DocumentActionInput!) {
       actOnDocument(type: MONEY_DONATION, id: $id, input: $input) { id } }`,
    { id: m1.id, input: { action: 'APPROVE', version: m1.version } },
    users.approver1A?.headers,
  );
  expect(approved.body.errors, JSON.stringify(approved.body.errors)).toBeUndefined();
  numbers.m1 = m1.number;
  await receiptRequest('RR-PW-A', divA.id, 'IN_PROGRESS');
  await receiptRequest('RR-PW-B', divB.id, 'REQUESTED');
  await sql(
    `insert into personal_data_request (user_id, kind, status, requested_at)
     select id, 'DELETION', 'REQUESTED', now() from app_user where username = 'donor.demo@example.com'`,
  );
}, 60_000);

afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

describe('pending work', () => {
  it('lists for each person exactly what their menus and scope let them act on', async () => {
    const expected: Record<string, string[]> = {
      // Saves and delivers in A: the draft to submit, the approved one to deliver, the request to issue.
      officerA: [
        `document:MONEY_DISBURSEMENT DELIVER: ${numbers.a3}`,
        `document:MONEY_DISBURSEMENT SUBMIT: ${numbers.a1}`,
        'receipt-request ISSUE: RR-PW-A',
      ],
      // Approves in A: the one waiting (A3 is approved already; B's are outside the scope).
      approver1A: [`document:MONEY_DISBURSEMENT APPROVE: ${numbers.a2}`],
      // Approves in B, the administrator's own among them.
      approver2B: [`document:MONEY_DISBURSEMENT APPROVE: ${[numbers.b1, numbers.b3].sort().join(' ')}`],
      officerB: [`document:MONEY_DISBURSEMENT SUBMIT: ${numbers.b2}`, 'receipt-request TAKE: RR-PW-B'],
      // Exports e-Donation for A: the approved donation never keyed in.
      exporterA: [`e-donation-overdue MARK_KEYED: ${numbers.m1}`],
    };
    for (const [who, lines] of Object.entries(expected)) {
      const work = await pendingOf(who);
      expect(listed(work.groups), who).toEqual(lines);
      const items = work.groups.reduce((n, g) => n + g.items.length, 0);
      expect([work.total, work.count], who).toEqual([items, items]);
    }
    const a = await pendingOf('officerA');
    const deliver = a.groups.find((g) => g.action === 'DELIVER') as Group;
    expect(deliver).toMatchObject({
      kind: 'DELIVERY',
      status: 'APPROVED',
      menuCode: 'MN-085',
      link: '/backoffice/save-delivery-money-disbursement',
    });
    expect(deliver.items[0]?.unitNameTh).toBe('กองทดสอบงานค้าง ก');
    const approve = (await pendingOf('approver1A')).groups[0] as Group;
    expect(approve).toMatchObject({
      kind: 'APPROVAL',
      menuCode: 'MN-078',
      link: '/backoffice/approve-money-disbursement',
    });

    // The administrator reaches everything: both divisions and the deletion request, not their own B3.
    const admin = listed((await pendingOf('admin.demo')).groups).join('\n');
    for (const n of [numbers.a2, numbers.b1, 'RR-PW-A', 'RR-PW-B']) expect(admin).toContain(n);
    expect(admin).not.toContain(numbers.b3);
    expect(admin).toMatch(/personal-data-deletion COMPLETE: PD-\d+/);

    // Overdue e-Donation rows: the administrator (MN-111) has exactly what the e-Donation list calls overdue.
    const adminGroups = (await pendingOf('admin.demo')).groups;
    const overdue = await overdueEDonationRows(t.em(), {
      userId: 1,
      sessionId: '',
      kind: 'STAFF',
      username: 'admin.demo',
      groupCode: 'UG-A01',
      menuCodes: new Set(['MN-111']),
      unitId: null,
      unitPath: '/',
    });
    const group = adminGroups.find((g) => g.source === 'e-donation-overdue');
    expect(group?.count ?? 0).toBe(overdue.count);
    expect((group?.items ?? []).map((i) => i.number).sort()).toEqual(
      overdue.rows
        .slice(0, 50)
        .map((r) => r.number)
        .sort(),
    );
    expect(group?.items.map((i) => i.number)).toContain(numbers.m1);
    // Each item names its record by kind and id (ids of different kinds share numbers): a document's
    // type, the request's kind, or the overdue row's donation's type.
    const kindOf = (g: Group) =>
      g.source.startsWith('document:')
        ? g.source.slice('document:'.length)
        : (
            {
              'receipt-request': 'RECEIPT_REQUEST',
              'personal-data-deletion': 'PERSONAL_DATA_DELETION',
            } as const
          )[g.source as 'receipt-request'];
    for (const g of adminGroups.filter((g) => g.source !== 'e-donation-overdue'))
      for (const i of g.items) expect(i.documentType, `${g.source} ${i.number}`).toBe(kindOf(g));
    expect((group?.items ?? []).map((i) => `${i.documentType} ${i.id} ${i.number}`).sort()).toEqual(
      overdue.rows
        .slice(0, 50)
        .map((r) => `${r.documentType} ${r.id} ${r.number}`)
        .sort(),
    );
    // Nobody else of the four holds MN-111.
    for (const who of ['officerA', 'approver1A', 'approver2B', 'officerB'])
      expect(
        (await pendingOf(who)).groups.some((g) => g.kind === 'E_DONATION'),
        who,
      ).toBe(false);
  });

  it('takes an approved document off the approver’s list and puts its delivery on the officer’s', async () => {
    const [doc] = await sql<{ id: number; version: number }>(
      'select id, version from doc_money_disbursement where number = ?',
      [numbers.a2],
    );
    await act(doc as { id: number; version: number }, 'APPROVE', 'approver1A');
    expect(await pendingOf('approver1A')).toEqual({ total: 0, groups: [], count: 0 });
    const officer = listed((await pendingOf('officerA')).groups);
    expect(officer).toContain(
      `document:MONEY_DISBURSEMENT DELIVER: ${[numbers.a2, numbers.a3].sort().join(' ')}`,
    );
  });

  it('refuses the list to someone without MN-106', async () => {
    const res = await t.graphql('{ pendingWorkCount }', {}, bearer(await sessionToken(t, 'orgadmin.demo')));
    expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('mails each person with pending work once a day, and nobody without', async () => {
    const first = (await t.jobs.runNow(PENDING_WORK_DIGEST)) as {
      mailed: number;
      nothing: number;
      already: number;
    };
    for (const who of ['officerA', 'approver2B', 'officerB']) {
      const email = users[who]?.email as string;
      const [mail] = await smtp.waitFor(email);
      const total = (await pendingOf(who)).total;
      expect(mail?.subject).toContain(`งานค้างดำเนินการ ${total} รายการ / ${total} items of pending work`);
      expect(mail?.text).toContain('/backoffice/notification-pending-work');
      expect(mail?.text).toMatch(/บันทึกการส่งมอบ|ส่งขออนุมัติ|อนุมัติ/);
      expect(mail?.text).toMatch(/Dear /);
    }
    // Approver 1 of A has nothing left since the approval.
    expect(smtp.mails.filter((m) => m.to.includes(users.approver1A?.email as string))).toEqual([]);
    expect(first.mailed).toBeGreaterThanOrEqual(3);
    expect(first.nothing).toBeGreaterThanOrEqual(1);
    const [{ n } = { n: 0 }] = await sql<{ n: number }>(
      "select count(*)::int as n from pending_work_reminder where kind = 'DIGEST' and day = ?",
      [bangkokClock(new Date()).day],
    );
    expect(n).toBe(first.mailed);
    expect(smtp.mails.length).toBe(first.mailed);

    // Again the same day (another process, a retry): nobody is mailed twice.
    const second = (await t.jobs.runNow(PENDING_WORK_DIGEST)) as { mailed: number; already: number };
    expect(second).toMatchObject({ mailed: 0, already: first.mailed });
    await t.deps.mailer.flush();
    for (const who of ['officerA', 'approver2B', 'officerB'])
      expect(smtp.mails.filter((m) => m.to.includes(users[who]?.email as string)).length, who).toBe(1);
    expect(smtp.mails.length).toBe(first.mailed);
  });

  it('reminds holders of the e-Donation export of their overdue rows, once a day', async () => {
    const before = smtp.mails.length;
    const first = (await t.jobs.runNow(E_DONATION_REMINDER)) as { mailed: number };
    await t.deps.mailer.flush();
    const mails = smtp.mails.slice(before);
    expect(mails.length).toBe(first.mailed);
    // The four people who do not export e-Donation are not reminded; the exporter of A and the
    // administrator (who reaches A) are, once, with the row's number.
    for (const who of ['officerA', 'approver1A', 'approver2B', 'officerB'])
      expect(
        mails.some((m) => m.to.includes(users[who]?.email as string)),
        who,
      ).toBe(false);
    for (const to of [users.exporterA?.email as string, 'admin.demo@']) {
      const mine = mails.filter((m) => m.to.includes(to));
      expect(mine.length, to).toBe(1);
      expect(mine[0]?.text).toContain(numbers.m1);
    }
    const exporter = mails.find((m) => m.to.includes(users.exporterA?.email as string));
    expect(exporter?.subject).toContain(
      'รายการ e-Donation เลยกำหนดบันทึก 1 รายการ / 1 overdue e-Donation rows',
    );
    expect(await t.jobs.runNow(E_DONATION_REMINDER)).toMatchObject({ mailed: 0, already: first.mailed });
  });

  it('enqueues a daily schedule once a day however many processes poll', async () => {
    await t.jobs.syncSchedules();
    const [schedule] = await sql<{ time_of_day: string }>(
      'select time_of_day from job_schedule where name = ?',
      [PENDING_WORK_DIGEST],
    );
    expect(schedule?.time_of_day).toBe(t.config.jobs.pendingWorkMailAt);
    // Two processes poll after the time of day: one enqueues the day's job, the other nothing.
    const at = new Date(Date.now() + 24 * 3_600_000);
    const late = new Date(`${bangkokClock(at).day}T23:59:00+07:00`);
    const polls = await Promise.all([t.jobs.enqueueDue(late), t.jobs.enqueueDue(late)]);
    expect(polls.flat().sort()).toEqual([E_DONATION_REMINDER, PENDING_WORK_DIGEST]);
    const jobs = await sql<{ n: number }>(
      `select count(*)::int as n from job where name = ? and singleton_key = ?`,
      [PENDING_WORK_DIGEST, bangkokClock(late).day],
    );
    expect(jobs[0]?.n).toBe(1);

    // Two processes poll at once: each due job is claimed by one of them (SKIP LOCKED) and done once.
    const ran = await Promise.all([t.jobs.tick(late), t.jobs.tick(late)]);
    expect(ran[0] + ran[1]).toBe(2);
    const states = await sql<{ name: string; state: string; attempts: number }>(
      'select name, state, attempts from job where singleton_key = ? order by name',
      [bangkokClock(late).day],
    );
    expect(states).toEqual([
      { name: E_DONATION_REMINDER, state: 'DONE', attempts: 1 },
      { name: PENDING_WORK_DIGEST, state: 'DONE', attempts: 1 },
    ]);
  });

  it('records a failed job with its error and runs it again later, until its attempts are spent', async () => {
    const failing = new JobQueue(
      t.em(),
      t.deps,
      createLogger('silent'),
      [{ name: 'always-fails', run: () => Promise.reject(new Error('SMTP refused')) }],
      t.config.jobs,
    );
    await expect(failing.runNow('always-fails')).rejects.toThrow('SMTP refused');
    const [job] = await sql<{ state: string; attempts: number; last_error: string; later: boolean }>(
      `select state, attempts, last_error, run_at > now() as later from job where name = 'always-fails'`,
    );
    expect(job).toEqual({ state: 'QUEUED', attempts: 1, last_error: 'SMTP refused', later: true });
    // Not due yet: a poll now runs nothing.
    expect(await failing.tick()).toBe(0);
  });
});
