import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEvent } from '../../platform/audit/audit-event.entity';
import { fiscalYearBE } from '../../platform/dates';
import { fixtureAdministrator } from '../../testing/auth-helpers';
import {
  demoStaff,
  goodsDonation,
  moneyDonation,
  type Staff,
  saveDonator,
  validId,
} from '../../testing/donor-fixtures';
import { readPdf } from '../../testing/pdf-text';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { type GqlError, gqlAs, type Headers, staffMember, unitByCode } from '../../testing/test-bureau';
import { UserGroupService } from '../user-groups';

// Issue 13: royal decoration proposals (MN-107..MN-110) and thanks letters (MN-148) through GraphQL
// and REST on the real server and database. Donations are made and approved the way people do it
// (donor-fixtures: money into the central account OPS-FIN-ACC, goods into Chiang Mai's storage); the
// proposer works at the Office of the Permanent Secretary (OPS), whose subtree holds both; the
// outsider at another department's division. The thanks letter is read back with MuPDF.

let t: TestApp;
let s: Staff;
let proposer: Headers;
let viewer: Headers;
let stranger: Headers;
let outsider: Headers;
let opsUnit: number;
const year = fiscalYearBE();
const sql = <T>(query: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(query, params);

const DOC = 'id number version status header lines { id lineNo values } allowedActions';
interface Doc {
  id: number;
  number: string;
  version: number;
  status: string;
  header: Record<string, unknown>;
  lines: { id: number; lineNo: number; values: Record<string, unknown> }[];
  allowedActions: string[];
}

async function group(code: string, menuCodes: string[]) {
  await new UserGroupService(t.em()).save(fixtureAdministrator, {
    code,
    name: `ทดสอบ ${code}`,
    menuCodes,
    transactionCode: null,
  });
}

let donorSerial = 0;
/** A donor (a person with a valid citizen id) saved by the administrator. */
async function donor(name: string): Promise<number> {
  donorSerial++;
  const saved = await saveDonator(t, s.admin, {
    donorType: 'PERSON',
    nameTh: name,
    taxId: validId(`31001${String(donorSerial).padStart(7, '0')}`),
  });
  return saved.id;
}

const create = (who: Headers, input: Record<string, unknown>, key?: string) =>
  gqlAs<{ createDocument: Doc }>(
    t,
    who,
    `mutation ($input: DocumentInput!, $key: String) { createDocument(type: ROYAL_DECORATION, input: $input, idempotencyKey: $key) { ${DOC} } }`,
    { input, key },
  );

const act = (who: Headers, doc: Doc, action: string, extra: Record<string, unknown> = {}) =>
  gqlAs<{ actOnDocument: Doc }>(
    t,
    who,
    `mutation ($id: Int!, $input: DocumentActionInput!) { actOnDocument(type: ROYAL_DECORATION, id: $id, input: $input) { ${DOC} } }`,
    { id: doc.id, input: { action, version: doc.version, ...extra } },
  );

function ok<T>(res: { data?: T; error?: GqlError }, label: string): T {
  expect(res.error?.message, label).toBeUndefined();
  return res.data as T;
}

/** A 4xx with a message in Thai and in English. */
function refusedWith(error: GqlError | undefined, status: number, code?: string) {
  expect(error?.extensions).toMatchObject({
    status,
    ...(code ? { code } : {}),
    messageTh: expect.stringMatching(/[ก-๙]/),
    messageEn: expect.stringMatching(/^[^ก-๙]*[A-Za-z][^ก-๙]*$/),
  });
}

/** The field errors of a BAD_INPUT answer, by field. */
const fieldErrors = (error: GqlError | undefined) =>
  new Map(
    (
      (error?.extensions?.details as { fields?: { field: string; messageTh: string; messageEn: string }[] })
        ?.fields ?? []
    ).map((f) => [f.field, f]),
  );

const eligible = (who: Headers) =>
  gqlAs<{
    royalDecorationEligibleDonors: {
      fiscalYear: number;
      donors: {
        donorId: number;
        totalValue: string;
        classCode: string;
        donationCount: number;
        donations: { documentType: string; id: number; value: string }[];
      }[];
    };
  }>(
    t,
    who,
    `query ($y: Int) { royalDecorationEligibleDonors(fiscalYear: $y) { fiscalYear donors { donorId totalValue classCode donationCount donations { documentType id number value } } } }`,
    { y: year },
  );

const setClass = (who: Headers, code: string, minValue: string) =>
  gqlAs<{ setRoyalDecorationClassValue: { code: string; minValue: string } }>(
    t,
    who,
    'mutation ($c: String!, $v: String!) { setRoyalDecorationClassValue(code: $c, minValue: $v) { code minValue } }',
    { c: code, v: minValue },
  );

beforeAll(async () => {
  t = await startTestApp();
  s = await demoStaff(t);
  const em = t.em();
  await group('UG-T81', ['MN-107', 'MN-108', 'MN-109', 'MN-110', 'MN-148', 'MN-050']);
  await group('UG-T82', ['MN-110']);
  await group('UG-T83', ['MN-058']);
  const ops = await unitByCode(em, 'OPS');
  opsUnit = ops.id;
  proposer = await staffMember(t, em, 'decor.proposer', ops, 'UG-T81');
  viewer = await staffMember(t, em, 'decor.viewer', ops, 'UG-T82');
  stranger = await staffMember(t, em, 'decor.stranger', ops, 'UG-T83');
  outsider = await staffMember(t, em, 'decor.outsider', await unitByCode(em, 'DSDW-P28-DON'), 'UG-T81');
});
afterAll(() => t.close());

describe('royal decoration proposals', () => {
  let awardedDonor: number;
  let proposal: Doc;

  it('starts from the eligible donors with their donations and goes to AWARDED with a certificate', async () => {
    awardedDonor = await donor('นายเกียรติ ใจบุญมาก');
    const small = await donor('นางสาวน้อย ทำดี');
    const m1 = await moneyDonation(t, s, awardedDonor, '60000.00');
    const m2 = await moneyDonation(t, s, awardedDonor, '50000.00');
    // 100 bags at 1,000 baht, 10 rejected at screening: 90,000 baht counts.
    const g1 = await goodsDonation(t, s, awardedDonor, {
      quantity: '100',
      unitValue: '1000',
      rejected: '10',
    });
    // Not approved: not counted.
    await moneyDonation(t, s, awardedDonor, '900000.00', { pending: true });
    await moneyDonation(t, s, small, '5000.00');

    const list = ok(await eligible(proposer), 'eligible').royalDecorationEligibleDonors;
    expect(list.fiscalYear).toBe(year);
    const found = list.donors.find((d) => d.donorId === awardedDonor);
    expect(found).toMatchObject({ totalValue: '200000.00', classCode: 'GOLD_MEDAL', donationCount: 3 });
    expect(found?.donations.map((d) => `${d.documentType}:${d.id}:${d.value}`).sort()).toEqual(
      [
        `MONEY_DONATION:${m1.id}:60000.00`,
        `MONEY_DONATION:${m2.id}:50000.00`,
        `GOODS_DONATION:${g1.id}:90000.00`,
      ].sort(),
    );
    expect(list.donors.some((d) => d.donorId === small)).toBe(false);

    // The staff member starts a proposal from the row: its donations pre-selected, their own unit
    // proposing. A retry with the same key starts nothing more.
    const start = () =>
      gqlAs<{ startRoyalDecorationProposal: { id: number; number: string } }>(
        t,
        proposer,
        'mutation ($d: Int!, $y: Int) { startRoyalDecorationProposal(donorId: $d, fiscalYear: $y, idempotencyKey: "decor-start-1") { id number } }',
        { d: awardedDonor, y: year },
      );
    const started = ok(await start(), 'start').startRoyalDecorationProposal;
    expect(ok(await start(), 'retry').startRoyalDecorationProposal).toEqual(started);
    proposal = ok(
      await gqlAs<{ document: Doc }>(
        t,
        proposer,
        `{ document(type: ROYAL_DECORATION, id: ${started.id}) { ${DOC} } }`,
      ),
      'read',
    ).document;
    expect(proposal.header).toMatchObject({ unit: opsUnit, donor: awardedDonor, proposalYear: year });
    expect(proposal.lines.map((l) => `${l.values.moneyDonation ?? l.values.goodsDonation}`).sort()).toEqual(
      [m1.id, m2.id, g1.id].map(String).sort(),
    );
    // A donor not on the list cannot be started.
    refusedWith(
      (
        await gqlAs(t, proposer, 'mutation ($d: Int!) { startRoyalDecorationProposal(donorId: $d) { id } }', {
          d: small,
        })
      ).error,
      404,
      'NOT_FOUND',
    );
    expect(proposal.status).toBe('DRAFT');
    expect(proposal.number).toMatch(new RegExp(`^RDC-${year}-\\d{6}$`));
    expect(proposal.header).toMatchObject({ totalValue: '200000.00', requestedClass: 'GOLD_MEDAL' });
    expect(proposal.lines.map((l) => l.values.value).sort()).toEqual(['50000.00', '60000.00', '90000.00']);
    // Counted now: the donor is no longer eligible.
    const after = ok(await eligible(proposer), 'eligible again').royalDecorationEligibleDonors;
    expect(after.donors.some((d) => d.donorId === awardedDonor)).toBe(false);

    proposal = ok(await act(proposer, proposal, 'PROPOSE'), 'propose').actOnDocument;
    expect(proposal.status).toBe('PROPOSED');
    expect(proposal.allowedActions.sort()).toEqual(['AWARD', 'CANCEL', 'NOT_AWARD']);

    // The award needs its certificate number and date, each named in Thai and English.
    const missing = await act(proposer, proposal, 'AWARD');
    refusedWith(missing.error, 400, 'BAD_INPUT');
    expect([...fieldErrors(missing.error).keys()].sort()).toEqual(['certificateDate', 'certificateNumber']);
    const badDate = await act(proposer, proposal, 'AWARD', {
      header: { certificateNumber: '123/2569', certificateDate: '2026-02-30' },
    });
    refusedWith(badDate.error, 400, 'BAD_INPUT');
    expect(fieldErrors(badDate.error).has('certificateDate')).toBe(true);

    proposal = ok(
      await act(proposer, proposal, 'AWARD', {
        header: { certificateNumber: 'ดร 0123/2569', certificateDate: '2026-07-28' },
      }),
      'award',
    ).actOnDocument;
    expect(proposal.status).toBe('AWARDED');
    expect(proposal.header).toMatchObject({
      certificateNumber: 'ดร 0123/2569',
      certificateDate: '2026-07-28',
      requestedClass: 'GOLD_MEDAL',
      totalValue: '200000.00',
    });
    expect(proposal.allowedActions).toEqual([]);
    const history = await sql<{ action: string; to_status: string }>(
      `select action, to_status from document_history where document_type = 'ROYAL_DECORATION' and document_id = ? order by id`,
      [proposal.id],
    );
    expect(history.map((h) => `${h.action}>${h.to_status}`)).toEqual([
      'CREATE>DRAFT',
      'PROPOSE>PROPOSED',
      'AWARD>AWARDED',
    ]);
  });

  it('counts a donation in one proposal only, also when two are saved at once; cancelling frees it', async () => {
    const y = await donor('นายซ้ำ สองครั้ง');
    const m = await moneyDonation(t, s, y, '150000.00');
    const input = {
      header: { unit: opsUnit, donor: y, proposalYear: year },
      lines: [{ moneyDonation: m.id }],
    };
    const first = ok(await create(proposer, input), 'first').createDocument;
    expect(first.header.requestedClass).toBe('SILVER_MEDAL');

    const second = await create(proposer, input);
    refusedWith(second.error, 400, 'BAD_INPUT');
    const named = fieldErrors(second.error).get('lines.0.moneyDonation');
    expect(named?.messageTh).toContain(first.number);
    expect(named?.messageEn).toContain('counts for one proposal only');
    // The same donation twice in one proposal.
    const twice = await create(proposer, {
      ...input,
      lines: [{ moneyDonation: m.id }, { moneyDonation: m.id }],
    });
    expect(fieldErrors(twice.error).has('lines.1.moneyDonation')).toBe(true);

    // Counted in a proposal of a unit the caller does not reach: refused without naming it.
    const w = await donor('นางสาวอื่น หน่วยงาน');
    const mw = await moneyDonation(t, s, w, '130000.00');
    const elsewhere = ok(
      await create(s.admin, {
        header: { unit: (await unitByCode(t.em(), 'DSDW-P28-DON')).id, donor: w, proposalYear: year },
        lines: [{ moneyDonation: mw.id }],
      }),
      'elsewhere',
    ).createDocument;
    const hidden = await create(proposer, {
      header: { unit: opsUnit, donor: w, proposalYear: year },
      lines: [{ moneyDonation: mw.id }],
    });
    refusedWith(hidden.error, 400, 'BAD_INPUT');
    const unnamed = fieldErrors(hidden.error).get('lines.0.moneyDonation');
    expect(unnamed?.messageEn).toContain("another unit's proposal");
    expect(`${unnamed?.messageTh} ${unnamed?.messageEn}`).not.toContain(elsewhere.number);

    // Two proposals for the same fresh donation at the same moment: exactly one is saved, the other
    // is refused by the database's unique index (409) or, if it came second, by the check (400).
    const z = await donor('นางแข่ง พร้อมกัน');
    const mz = await moneyDonation(t, s, z, '120000.00');
    const race = {
      header: { unit: opsUnit, donor: z, proposalYear: year },
      lines: [{ moneyDonation: mz.id }],
    };
    const results = await Promise.all([
      create(proposer, race, 'decor-race-a'),
      create(proposer, race, 'decor-race-b'),
    ]);
    expect(
      results.filter((r) => !r.error),
      JSON.stringify(results.map((r) => r.error)),
    ).toHaveLength(1);
    const loser = results.find((r) => r.error)?.error;
    expect([409, 400]).toContain(loser?.extensions?.status);
    refusedWith(loser, loser?.extensions?.status as number);
    if (loser?.extensions?.status === 409) expect(loser.extensions.code).toBe('DONATION_COUNTED');
    const [held] = await sql<{ n: number }>(
      'select count(*)::int as n from doc_royal_decoration_line where money_donation = ? and counted',
      [mz.id],
    );
    expect(held?.n).toBe(1);

    // The database's part, step by step: another proposal counts a donation in a transaction not yet
    // committed; a save that checked before that commit waits on the unique index, then is refused
    // with 409 DONATION_COUNTED in Thai and English, and writes nothing.
    const q = await donor('นายรอ คอมมิต');
    const mq = await moneyDonation(t, s, q, '130000.00');
    const holder = t.em();
    await holder.begin();
    await holder.execute(
      'insert into doc_royal_decoration_line (document_id, line_no, money_donation, counted) values (?, 99, ?, true)',
      [first.id, mq.id],
    );
    const before = await sql<{ n: number }>('select count(*)::int as n from doc_royal_decoration');
    const waiting = create(proposer, {
      header: { unit: opsUnit, donor: q, proposalYear: year },
      lines: [{ moneyDonation: mq.id }],
    });
    // Until the save waits on the index (a backend waiting for a lock), at most 20 s.
    for (let i = 0; i < 400; i++) {
      const [w] = await sql<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (w?.n) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await holder.commit();
    const blocked = await waiting;
    refusedWith(blocked.error, 409, 'DONATION_COUNTED');
    expect(await sql<{ n: number }>('select count(*)::int as n from doc_royal_decoration')).toEqual(before);
    await sql('delete from doc_royal_decoration_line where line_no = 99 and money_donation = ?', [mq.id]);

    // Cancelling the first frees its donation: the second proposal is accepted now.
    const cancelled = ok(
      await act(proposer, first, 'CANCEL', { reason: 'บันทึกผิดผู้บริจาค' }),
      'cancel',
    ).actOnDocument;
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.lines[0]?.values.counted).toBe(false);
    const again = ok(await create(proposer, input), 'after cancel').createDocument;
    expect(again.status).toBe('DRAFT');
    expect(again.header.totalValue).toBe('150000.00');
    // The database itself holds a donation to one live count, whatever the code above it does.
    await expect(
      sql('update doc_royal_decoration_line set counted = true where id = ?', [first.lines[0]?.id]),
    ).rejects.toThrow(/doc_royal_decoration_line_money_counted_key/);
  });

  it('asks for the class the thresholds give: a changed threshold changes the class', async () => {
    const w = await donor('นายเกณฑ์ เปลี่ยนได้');
    const m = await moneyDonation(t, s, w, '250000.00');
    const input = {
      header: { unit: opsUnit, donor: w, proposalYear: year },
      lines: [{ moneyDonation: m.id }],
    };
    const draft = ok(await create(proposer, input), 'create').createDocument;
    expect(draft.header.requestedClass).toBe('GOLD_MEDAL');

    // Staff with the edit menu lower the fifth class's value below the total.
    expect(ok(await setClass(proposer, 'FIFTH', '240,000'), 'set').setRoyalDecorationClassValue).toEqual({
      code: 'FIFTH',
      minValue: '240000.00',
    });
    try {
      const edited = ok(
        await gqlAs<{ updateDocument: Doc }>(
          t,
          proposer,
          `mutation ($id: Int!, $v: Int!, $input: DocumentInput!) { updateDocument(type: ROYAL_DECORATION, id: $id, version: $v, input: $input) { ${DOC} } }`,
          { id: draft.id, v: draft.version, input },
        ),
        'edit',
      ).updateDocument;
      expect(edited.header).toMatchObject({ requestedClass: 'FIFTH', totalValue: '250000.00' });
      // And the eligible list reads the same thresholds.
      const v = await donor('นางสาวเกณฑ์ ใหม่');
      await moneyDonation(t, s, v, '245000.00');
      const list = ok(await eligible(proposer), 'eligible').royalDecorationEligibleDonors;
      expect(list.donors.find((d) => d.donorId === v)?.classCode).toBe('FIFTH');
    } finally {
      ok(await setClass(proposer, 'FIFTH', '500000'), 'restore');
    }

    // Bad values: not a number, zero, out of order (below the class beneath), an unknown class.
    for (const [code, value, status] of [
      ['GOLD_MEDAL', 'abc', 400],
      ['GOLD_MEDAL', '0', 400],
      ['GOLD_MEDAL', '50000', 400],
      ['GOLD_MEDAL', '1.234', 400],
      ['SILVER_MEDAL', '250000', 400],
      ['PLATINUM', '1000', 404],
    ] as const) {
      const res = await setClass(proposer, code, value);
      refusedWith(res.error, status);
    }
    // Without the edit menu: 403.
    refusedWith((await setClass(viewer, 'GOLD_MEDAL', '210000')).error, 403, 'FORBIDDEN');
    const [gold] = await sql<{ min_value: string }>(
      `select min_value::text from royal_decoration_class where code = 'GOLD_MEDAL'`,
    );
    expect(gold?.min_value).toBe('200000.00');

    // Below the lowest class a draft may be kept, but not proposed.
    const low = await donor('นายยัง ไม่ถึง');
    const lm = await moneyDonation(t, s, low, '20000.00');
    const lowDraft = ok(
      await create(proposer, {
        header: { unit: opsUnit, donor: low, proposalYear: year },
        lines: [{ moneyDonation: lm.id }],
      }),
      'low',
    ).createDocument;
    expect(lowDraft.header.requestedClass ?? null).toBeNull();
    const refused = await act(proposer, lowDraft, 'PROPOSE');
    refusedWith(refused.error, 400, 'BAD_INPUT');
    expect(fieldErrors(refused.error).get('lines')?.messageEn).toContain('below the lowest class');
  });

  it('refuses bad input, another donor’s donation and one the caller cannot see, in Thai and English', async () => {
    const a = await donor('นายเอ ผู้บริจาค');
    const b = await donor('นายบี ผู้บริจาค');
    const mb = await moneyDonation(t, s, b, '110000.00');
    const base = { unit: opsUnit, donor: a, proposalYear: year };
    const cases: [Record<string, unknown>, string][] = [
      [{ header: { ...base, proposalYear: 1999 }, lines: [] }, 'proposalYear'],
      // The year list ends at the current fiscal year.
      [{ header: { ...base, proposalYear: year + 1 }, lines: [] }, 'proposalYear'],
      [{ header: { ...base, donor: 99_999_999 }, lines: [] }, 'donor'],
      [{ header: base, lines: [{}] }, 'lines.0.moneyDonation'],
      [{ header: base, lines: [{ moneyDonation: mb.id }] }, 'lines.0.moneyDonation'],
      [{ header: base, lines: [{ moneyDonation: mb.id, goodsDonation: 1 }] }, 'lines.0.goodsDonation'],
      [{ header: base, lines: [{ goodsDonation: 2_000_000_000 }] }, 'lines.0.goodsDonation'],
    ];
    for (const [input, field] of cases) {
      const res = await create(proposer, input);
      refusedWith(res.error, 400, 'BAD_INPUT');
      const named = fieldErrors(res.error).get(field);
      expect(named, `${field}: ${JSON.stringify(input)}`).toBeDefined();
      expect(named?.messageTh).toMatch(/[ก-๙]/);
    }
    // The eligible list's year too: up to the current fiscal year.
    refusedWith(
      (await gqlAs(t, proposer, `{ royalDecorationEligibleDonors(fiscalYear: ${year + 1}) { fiscalYear } }`))
        .error,
      400,
      'BAD_INPUT',
    );
    // Another department's staff: the donation reads as not found, whoever's it is.
    const own = await create(outsider, {
      header: { unit: (await unitByCode(t.em(), 'DSDW-P28-DON')).id, donor: b, proposalYear: year },
      lines: [{ moneyDonation: mb.id }],
    });
    expect(fieldErrors(own.error).get('lines.0.moneyDonation')?.messageEn).toBe(
      'No such approved donation in your units',
    );
  });

  it("offers in a line's pick list only the chosen donor's countable donations, by the save's rule", async () => {
    const x = await donor('นายเอ็กซ์ ผู้เลือก');
    const y = await donor('นางวาย คนอื่น');
    const mx1 = await moneyDonation(t, s, x, '100000.00', { donatedOn: '2026-10-15' });
    const mx2 = await moneyDonation(t, s, x, '20000.00', { donatedOn: '2026-10-20' });
    const gx = await goodsDonation(t, s, x, { quantity: '50', unitValue: '100', rejected: '0' });
    const my = await moneyDonation(t, s, y, '300000.00');
    type Choice = {
      documentType: string;
      id: number;
      number: string;
      donatedOn: string;
      donorId: number;
      donorNameTh: string;
      value: string;
    };
    const choices = (who: Headers, donorId: number, documentType: string, proposalId?: number) =>
      gqlAs<{ royalDecorationDonationChoices: Choice[] }>(
        t,
        who,
        `query ($d: Int!, $y: Int!, $t: DocumentTypeName!, $p: Int) {
          royalDecorationDonationChoices(donor: $d, proposalYear: $y, documentType: $t, proposal: $p) {
            documentType id number donatedOn donorId donorNameTh value
          }
        }`,
        { d: donorId, y: year, t: documentType, p: proposalId ?? null },
      );

    // X's money donations with their number, date, donor and value, newest first; none of Y's.
    const money = ok(await choices(proposer, x, 'MONEY_DONATION'), 'money').royalDecorationDonationChoices;
    expect(money).toEqual([
      {
        documentType: 'MONEY_DONATION',
        id: mx2.id,
        number: mx2.number,
        donatedOn: '2026-10-20',
        donorId: x,
        donorNameTh: 'นายเอ็กซ์ ผู้เลือก',
        value: '20000.00',
      },
      {
        documentType: 'MONEY_DONATION',
        id: mx1.id,
        number: mx1.number,
        donatedOn: '2026-10-15',
        donorId: x,
        donorNameTh: 'นายเอ็กซ์ ผู้เลือก',
        value: '100000.00',
      },
    ]);
    const goods = ok(await choices(proposer, x, 'GOODS_DONATION'), 'goods').royalDecorationDonationChoices;
    expect(goods.map((c) => [c.id, c.number, c.donorId, c.value])).toEqual([
      [gx.id, gx.number, x, '5000.00'],
    ]);
    const ofY = ok(await choices(proposer, y, 'MONEY_DONATION'), 'y').royalDecorationDonationChoices;
    expect(ofY.map((c) => c.id)).toEqual([my.id]);

    // Counted in a live proposal: no longer offered, except to that proposal itself.
    const draft = ok(
      await create(proposer, {
        header: { unit: opsUnit, donor: x, proposalYear: year },
        lines: [{ moneyDonation: mx2.id }],
      }),
      'draft',
    ).createDocument;
    const left = ok(await choices(proposer, x, 'MONEY_DONATION'), 'left').royalDecorationDonationChoices;
    expect(left.map((c) => c.id)).toEqual([mx1.id]);
    const own = ok(
      await choices(proposer, x, 'MONEY_DONATION', draft.id),
      'own',
    ).royalDecorationDonationChoices;
    expect(own.map((c) => c.id)).toEqual([mx2.id, mx1.id]);
    // Another division's staff are offered none of it, not even naming the proposal.
    expect(
      ok(await choices(outsider, x, 'MONEY_DONATION', draft.id), 'outsider').royalDecorationDonationChoices,
    ).toEqual([]);
    // Only donation types; no menu, no list.
    refusedWith((await choices(proposer, x, 'STOCK_TRANSFER')).error, 400, 'BAD_INPUT');
    refusedWith((await choices(stranger, x, 'MONEY_DONATION')).error, 403, 'FORBIDDEN');

    // The save refuses what the list does not offer, as before: Y's donation on X's proposal.
    const refused = await create(proposer, {
      header: { unit: opsUnit, donor: x, proposalYear: year },
      lines: [{ moneyDonation: mx1.id }, { moneyDonation: my.id }],
    });
    refusedWith(refused.error, 400, 'BAD_INPUT');
    const errors = fieldErrors(refused.error);
    expect([...errors.keys()]).toEqual(['lines.1.moneyDonation']);
    expect(errors.get('lines.1.moneyDonation')?.messageEn).toBe(
      `Donation ${my.number} was made by another donor`,
    );
  });

  it('answers 403 without the menu codes and 404 for another division’s proposal', async () => {
    for (const query of [
      '{ documents(type: ROYAL_DECORATION) { total } }',
      '{ royalDecorationEligibleDonors { fiscalYear } }',
      '{ royalDecorationClasses { code } }',
      '{ thanksLetters { total } }',
    ])
      refusedWith((await gqlAs(t, stranger, query)).error, 403, 'FORBIDDEN');
    // View only: reads, but cannot create.
    expect((await gqlAs(t, viewer, '{ royalDecorationClasses { code minValue } }')).error).toBeUndefined();
    refusedWith(
      (await create(viewer, { header: { unit: opsUnit, donor: awardedDonor, proposalYear: year } })).error,
      403,
      'FORBIDDEN',
    );

    // The outsider holds every menu but works elsewhere: the proposal is not found, in any way.
    const byId = await gqlAs(t, outsider, `{ document(type: ROYAL_DECORATION, id: ${proposal.id}) { id } }`);
    refusedWith(byId.error, 404, 'NOT_FOUND');
    refusedWith((await act(outsider, proposal, 'CANCEL')).error, 404, 'NOT_FOUND');
    const listed = await gqlAs<{ documents: { items: { id: number }[] } }>(
      t,
      outsider,
      '{ documents(type: ROYAL_DECORATION, rows: 200) { items { id } } }',
    );
    expect(listed.data?.documents.items.map((d) => d.id)).not.toContain(proposal.id);
    const theirs = ok(await eligible(outsider), 'outsider eligible').royalDecorationEligibleDonors;
    expect(theirs.donors.some((d) => d.donorId === awardedDonor)).toBe(false);
  });
});

describe('thanks letters', () => {
  it('lists approved donations and prints a Thai thanks letter PDF, reprints marked and audited', async () => {
    const d = await donor('นางสาวขอบคุณ มากมาย');
    const money = await moneyDonation(t, s, d, '12345.50');
    await moneyDonation(t, s, d, '777.00', { pending: true });
    const page = ok(
      await gqlAs<{
        thanksLetters: {
          total: number;
          items: {
            documentType: string;
            id: number;
            number: string;
            value: string;
            donorName: string;
            printCount: number;
            pdfPath: string;
          }[];
        };
      }>(
        t,
        proposer,
        '{ thanksLetters(search: "ขอบคุณ มากมาย") { total items { documentType id number value donorName printCount pdfPath } } }',
      ),
      'list',
    ).thanksLetters;
    // The pending one is not listed: a letter thanks for an approved donation.
    expect(page.total).toBe(1);
    const row = page.items[0];
    expect(row).toMatchObject({
      documentType: 'MONEY_DONATION',
      id: money.id,
      number: money.number,
      value: '12345.50',
      donorName: 'นางสาวขอบคุณ มากมาย',
      printCount: 0,
      pdfPath: `/api/thanks-letters/money/${money.id}/pdf`,
    });

    const get = (who: Headers, url: string) => t.app.inject({ method: 'GET', url, headers: who });
    const first = await get(proposer, row?.pdfPath as string);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    const pdf = readPdf(first.rawPayload);
    // Lines as the page wraps them, joined: a sentence may wrap anywhere.
    const text = pdf.text.join('').replace(/\n/g, '');
    expect(pdf.pages).toBe(1);
    expect(pdf.fonts.some((f) => f.startsWith('Sarabun'))).toBe(true);
    expect(text).toContain('เรื่อง ขอบคุณ');
    expect(text).toContain('เรียน นางสาวขอบคุณ มากมาย');
    expect(text).toContain('12,345.50');
    expect(text).toContain('หนึ่งหมื่นสองพันสามร้อยสี่สิบห้าบาทห้าสิบสตางค์');
    expect(text).toContain(money.number);
    // The organisation (the department above the receiving unit) and a Buddhist-era date.
    expect(text).toContain('สำนักงานปลัดกระทรวง');
    expect(text).toMatch(new RegExp(`\\d{1,2} \\S+ ${new Date().getFullYear() + 543}`));
    expect(text).not.toContain('REPRINT');

    const second = await get(proposer, row?.pdfPath as string);
    expect(readPdf(second.rawPayload).text.join('\n')).toContain('พิมพ์ซ้ำ / REPRINT');
    expect(second.headers['content-disposition']).toContain(encodeURIComponent('พิมพ์ซ้ำ'));
    const prints = await t
      .em()
      .find(
        AuditEvent,
        { event: 'THANKS_LETTER_PRINTED', subject: `thanks letter MONEY_DONATION ${money.id}` },
        { orderBy: { id: 'asc' } },
      );
    expect(prints.map((p) => (p.details as { reprint: boolean }).reprint)).toEqual([false, true]);

    // Goods: the value of what was accepted.
    const goods = await goodsDonation(t, s, d, { quantity: '10', unitValue: '150.25', rejected: '2' });
    const goodsPdf = await get(proposer, `/api/thanks-letters/goods/${goods.id}/pdf`);
    expect(goodsPdf.statusCode).toBe(200);
    expect(readPdf(goodsPdf.rawPayload).text.join('\n')).toContain('1,202.00');

    // Another department's staff: not found; without the menu: 403; not approved or unknown: 404.
    expect((await get(outsider, row?.pdfPath as string)).statusCode).toBe(404);
    expect((await get(stranger, row?.pdfPath as string)).statusCode).toBe(403);
    expect((await get(proposer, '/api/thanks-letters/money/2000000000/pdf')).statusCode).toBe(404);
    expect((await get(proposer, '/api/thanks-letters/stock/1/pdf')).statusCode).toBe(404);
    const [{ n }] = await sql<{ n: number }>(
      `select print_count as n from thanks_letter_print where document_type = 'MONEY_DONATION' and document_id = ?`,
      [money.id],
    );
    expect(n).toBe(2);
  });
});
