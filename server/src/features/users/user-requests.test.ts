import { ref } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrganisationUnit } from '../../kits/core/organisation.entity';
import { RequestStatus, User, UserStatus } from '../../kits/core/user.entity';
import { DocumentHistory } from '../../kits/workflow/workflow.entity';
import { AuditEvent } from '../../platform/audit/audit-event.entity';
import { bearer, sessionToken } from '../../testing/auth-helpers';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { TransferRequest } from '../identity';
import { newUser } from './user.service';

// Registration approval and user transfer requests on the workflow rule: which actions each person
// is offered, the refusals (maker, out of scope, already decided), the history, and administrators
// deciding one request at the same moment.

let t: TestApp;
/** Sessions of the people in these tests; a staff user has one session at a time, so one each. */
const tokens: Record<string, string> = {};
/** An organisation administrator of Khon Kaen's donation division only. */
const DESTINATION_ADMIN = 'don.admin';
beforeAll(async () => {
  t = await startTestApp();
  const em = t.em();
  newUser(em, {
    kind: 'STAFF',
    username: DESTINATION_ADMIN,
    email: 'don.admin@example.com',
    passwordHash: 'not-used',
    firstNameTh: 'ดูแล',
    lastNameTh: 'ปลายทาง',
    userStatusCode: UserStatus.Active,
    requestStatusCode: RequestStatus.Approved,
    userGroupCode: 'UG-A02',
    organisationUnit: ref(await em.findOneOrFail(OrganisationUnit, { code: 'DSDW-P28-DON' })),
  });
  await em.flush();
  for (const name of ['admin.demo', 'orgadmin.demo', 'officer.demo', 'approver1.demo', DESTINATION_ADMIN])
    tokens[name] = await sessionToken(t, name);
});
afterAll(() => t.close());

type GqlResult = Awaited<ReturnType<TestApp['graphql']>>;
const as = (name: string) => bearer(tokens[name]);
const code = (res: GqlResult) => res.body.errors?.[0]?.extensions?.code;
const errorOf = (res: GqlResult) => res.body.errors?.[0]?.extensions ?? {};

interface HistoryRow {
  action: string;
  fromStatus: string | null;
  toStatus: string;
  reason: string | null;
  actorName: string;
}
const historyFields = 'history { action fromStatus toStatus reason actorName }';
const steps = (history: HistoryRow[]) =>
  history.map((h) => `${h.action} ${h.fromStatus ?? '-'}>${h.toStatus}`);

/** A valid 13-digit citizen id (mod-11 checksum) from a 12-digit stem. */
function citizenId(stem: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(stem[i]) * (13 - i);
  return `${stem}${(11 - (sum % 11)) % 10}`;
}

let registered = 0;
/** Registers a staff member at the unit and answers their user id. */
async function register(unitCode = 'OPS-P38-ADM'): Promise<string> {
  registered++;
  const username = `wf.reg${registered}`;
  const res = await t.graphql('mutation ($i: RegisterInput!) { register(input: $i) }', {
    i: {
      username,
      email: `${username}@example.go.th`,
      password: 'Workflow-registration-2569',
      firstNameTh: 'ทดสอบ',
      lastNameTh: `ลำดับ${registered}`,
      citizenId: citizenId(`110170020${String(registered).padStart(3, '0')}`),
      organisationUnitCode: unitCode,
    },
  });
  expect(res.body.errors).toBeUndefined();
  return String((await t.em().findOneOrFail(User, { username })).id);
}

const decideUser = (who: string, userId: string, status: 'A' | 'R', rejectReason: string | null = null) =>
  t.graphql<{ approveUser: { requestStatusCode: string } }>(
    'mutation ($i: ApproveUserInput!) { approveUser(input: $i) { requestStatusCode } }',
    { i: { userId, user_status_code: 'N', request_status_code: status, rejectReason } },
    as(who),
  );

const registrationOf = async (who: string, id: string) =>
  (
    await t.graphql<{ user: { requestStatusCode: string; allowedActions: string[]; history: HistoryRow[] } }>(
      `query ($id: ID!) { user(id: $id) { requestStatusCode allowedActions ${historyFields} } }`,
      { id },
      as(who),
    )
  ).body.data?.user;

async function restApprove(who: string, userId: string, status: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/approve-user',
    headers: { 'content-type': 'application/json', ...as(who) },
    payload: JSON.stringify({ userId: Number(userId), user_status_code: 'N', request_status_code: status }),
  });
  return { status: res.statusCode, body: res.json() };
}

describe('registration approval on the workflow', () => {
  it('records the registration and its decision in the history, and a decided request stays decided', async () => {
    const id = await register();
    const before = await registrationOf('admin.demo', id);
    expect(before?.allowedActions).toEqual(['APPROVE', 'REJECT']);
    expect(before?.history).toEqual([
      { action: 'CREATE', fromStatus: null, toStatus: 'P', reason: null, actorName: 'ทดสอบ ลำดับ1' },
    ]);

    const noReason = await decideUser('orgadmin.demo', id, 'R', '  ');
    expect([code(noReason), errorOf(noReason).messageEn]).toEqual([
      'BAD_INPUT',
      'A rejection reason is required',
    ]);
    const rejected = await decideUser('orgadmin.demo', id, 'R', 'ไม่ใช่บุคลากรของหน่วยงาน');
    expect(rejected.body.data?.approveUser.requestStatusCode).toBe('R');

    const after = await registrationOf('admin.demo', id);
    expect(steps(after?.history ?? [])).toEqual(['CREATE ->P', 'REJECT P>R']);
    expect(after?.history[1]).toMatchObject({
      reason: 'ไม่ใช่บุคลากรของหน่วยงาน',
      actorName: 'สมหญิง ผู้ดูแลหน่วยงาน',
    });
    expect(after?.allowedActions).toEqual([]);

    // Deciding again: 409 from the workflow, through GraphQL and through the specification's REST call.
    const again = await decideUser('admin.demo', id, 'A');
    expect(code(again)).toBe('WORKFLOW_STATUS');
    expect(errorOf(again).status).toBe(409);
    expect(errorOf(again).messageEn).toBe(
      '"Approve" is not possible while the registration request is rejected',
    );
    const rest = await restApprove('admin.demo', id, 'A');
    expect(rest.status).toBe(409);
    expect(rest.body).toMatchObject({
      code: 'WORKFLOW_STATUS',
      messageTh: expect.stringContaining('ไม่อนุมัติ'),
    });
    expect(
      await t.em().count(DocumentHistory, { documentType: 'USER_REGISTRATION', documentId: Number(id) }),
    ).toBe(2);
  });

  it('approves through the REST call of the specification and answers its record', async () => {
    const id = await register();
    const res = await restApprove('orgadmin.demo', id, 'A');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 1, data: { request_status_code: 'A', user_status_code: 'N' } });
    expect(steps((await registrationOf('orgadmin.demo', id))?.history ?? [])).toEqual([
      'CREATE ->P',
      'APPROVE P>A',
    ]);
    expect((await restApprove('orgadmin.demo', id, 'X')).status).toBe(400);
  });

  it('offers each person only what they may do: never their own registration (MAKER)', async () => {
    // An account whose registration is still pending while its holder can log in (as a migrated
    // account may be): its holder administers the unit, yet may not approve themself.
    const me = await t.em().findOneOrFail(User, { username: 'orgadmin.demo' });
    await t.em().nativeUpdate(User, { id: me.id }, { requestStatusCode: 'P' });
    try {
      const id = String(me.id);
      expect((await registrationOf('orgadmin.demo', id))?.allowedActions).toEqual([]);
      expect((await registrationOf('admin.demo', id))?.allowedActions).toEqual(['APPROVE', 'REJECT']);
      const own = await decideUser('orgadmin.demo', id, 'A');
      expect([code(own), errorOf(own).status, errorOf(own).messageEn]).toEqual([
        'WORKFLOW_MAKER',
        409,
        'The maker of a registration request may not approve it',
      ]);
      const ownReject = await decideUser('orgadmin.demo', id, 'R', 'ขอยกเลิก');
      expect(code(ownReject)).toBe('WORKFLOW_MAKER');
      expect(
        await t.em().count(AuditEvent, {
          event: 'PERMISSION_REFUSED',
          actorUserId: me.id,
          subject: `user:${id} registration APPROVE`,
        }),
      ).toBe(1);
      expect(await t.em().findOneOrFail(User, { id: me.id })).toMatchObject({ requestStatusCode: 'P' });
    } finally {
      await t.em().nativeUpdate(User, { id: me.id }, { requestStatusCode: 'A' });
    }
  });

  it('keeps a registration outside the administrator’s subtree out of reach', async () => {
    const id = await register('DSDW-P28-DON'); // Khon Kaen; orgadmin sits at the Chiang Mai office
    expect(code(await decideUser('orgadmin.demo', id, 'A'))).toBe('NOT_FOUND');
    expect(
      code(await t.graphql('query ($id: ID!) { user(id: $id) { id } }', { id }, as('orgadmin.demo'))),
    ).toBe('NOT_FOUND');
    expect((await registrationOf('admin.demo', id))?.allowedActions).toEqual(['APPROVE', 'REJECT']);
    expect((await t.em().findOneOrFail(User, { id: Number(id) })).requestStatusCode).toBe('P');
  });
});

interface TransferView {
  id: string;
  statusCode: string;
  allowedActions: string[];
  history: HistoryRow[];
}
const transferFields = `id statusCode allowedActions ${historyFields}`;

const requestTransfer = async (who: string, toUnitCode: string) => {
  const res = await t.graphql<{ requestTransfer: TransferView }>(
    `mutation ($to: String!) { requestTransfer(toUnitCode: $to, reason: "ย้ายตามคำสั่ง") { ${transferFields} } }`,
    { to: toUnitCode },
    as(who),
  );
  expect(res.body.errors).toBeUndefined();
  return res.body.data?.requestTransfer as TransferView;
};

const decideTransfer = (who: string, requestId: string, approve: boolean, reason: string | null = null) =>
  t.graphql<{ approveTransfer: { id: string } }>(
    'mutation ($id: ID!, $a: Boolean!, $r: String) { approveTransfer(requestId: $id, approve: $a, reason: $r) { id } }',
    { id: requestId, a: approve, r: reason },
    as(who),
  );

/** The pending request of a user as an administrator sees it in the user list. */
async function pendingSeenBy(who: string, username: string): Promise<TransferView | null> {
  const res = await t.graphql<{
    users: { items: { username: string; pendingTransfer: TransferView | null }[] };
  }>(
    `{ users(filter: { currentPage: 1, rows: 50, pending_transfer: true }) { items { username pendingTransfer { ${transferFields} } } } }`,
    undefined,
    as(who),
  );
  expect(res.body.errors).toBeUndefined();
  return res.body.data?.users.items.find((u) => u.username === username)?.pendingTransfer ?? null;
}

const ownRequests = async (who: string) =>
  (
    await t.graphql<{ myTransferRequests: TransferView[] }>(
      `{ myTransferRequests { ${transferFields} } }`,
      undefined,
      as(who),
    )
  ).body.data?.myTransferRequests ?? [];

describe('user transfer requests on the workflow', () => {
  it('lets only the destination’s administrators decide, and the maker withdraw', async () => {
    // officer.demo (Chiang Mai) asks to move to Khon Kaen: orgadmin (Chiang Mai) sees the person and
    // the request, but the destination is not theirs to decide.
    const asked = await requestTransfer('officer.demo', 'DSDW-P28-DON');
    expect(asked.allowedActions).toEqual(['CANCEL']);
    expect(steps(asked.history)).toEqual(['CREATE ->P']);
    expect((await pendingSeenBy('orgadmin.demo', 'officer.demo'))?.allowedActions).toEqual([]);
    expect((await pendingSeenBy('admin.demo', 'officer.demo'))?.allowedActions).toEqual([
      'APPROVE',
      'REJECT',
    ]);
    // The destination's administrators find the person among pending transfers, though the person
    // works outside their subtree; an organisation administrator holds none of an officer's menus,
    // so approving (which gives the officer's rights in the destination) is not theirs (grant rule).
    expect((await pendingSeenBy(DESTINATION_ADMIN, 'officer.demo'))?.allowedActions).toEqual(['REJECT']);
    const outside = await decideTransfer('orgadmin.demo', asked.id, true);
    expect([code(outside), errorOf(outside).status, errorOf(outside).details]).toEqual([
      'FORBIDDEN',
      403,
      { reason: 'SCOPE', action: 'APPROVE' },
    ]);
    // Only its maker withdraws it, though others hold the menu and reach the person.
    const notMine = await t.graphql(
      'mutation ($id: ID!) { cancelTransferRequest(requestId: $id) { id } }',
      { id: asked.id },
      as('orgadmin.demo'),
    );
    expect([code(notMine), errorOf(notMine).details]).toEqual([
      'FORBIDDEN',
      { reason: 'NOT_MAKER', action: 'CANCEL' },
    ]);

    const cancelled = await t.graphql<{ cancelTransferRequest: TransferView }>(
      `mutation ($id: ID!) { cancelTransferRequest(requestId: $id, reason: "เปลี่ยนใจ") { ${transferFields} } }`,
      { id: asked.id },
      as('officer.demo'),
    );
    expect(cancelled.body.data?.cancelTransferRequest).toMatchObject({ statusCode: 'C', allowedActions: [] });
    expect(steps(cancelled.body.data?.cancelTransferRequest.history ?? [])).toEqual([
      'CREATE ->P',
      'CANCEL P>C',
    ]);
    expect(code(await decideTransfer('admin.demo', asked.id, true))).toBe('WORKFLOW_STATUS');
    expect(
      (
        await t.em().findOneOrFail(User, { username: 'officer.demo' }, { populate: ['organisationUnit'] })
      ).organisationUnit?.getEntity().code,
    ).toBe('OPS-P38-SDW');
    // The id of a request is not a way into someone else's: hidden from those who reach neither end
    // (approver2.demo, moved for this check to a unit of another department).
    const stranger = await t.em().findOneOrFail(User, { username: 'approver2.demo' });
    const home = stranger.organisationUnit?.id;
    const elsewhere = await t.em().findOneOrFail(OrganisationUnit, { code: 'DCY-CPR-FAM' });
    await t.em().nativeUpdate(User, { id: stranger.id }, { organisationUnit: elsewhere.id });
    try {
      const hidden = await t.graphql(
        'mutation ($id: ID!) { cancelTransferRequest(requestId: $id) { id } }',
        { id: asked.id },
        bearer(await sessionToken(t, 'approver2.demo')),
      );
      expect(code(hidden)).toBe('NOT_FOUND');
    } finally {
      await t.em().nativeUpdate(User, { id: stranger.id }, { organisationUnit: home });
    }
  });

  it('refuses the maker a decision on their own transfer (MAKER), and records the rejection', async () => {
    // orgadmin.demo administers Chiang Mai and asks to move inside it: the destination is theirs,
    // yet the request is their own.
    const asked = await requestTransfer('orgadmin.demo', 'OPS-P38-SDW');
    expect(asked.allowedActions).toEqual(['CANCEL']);
    expect((await ownRequests('orgadmin.demo'))[0]).toMatchObject({
      id: asked.id,
      allowedActions: ['CANCEL'],
    });
    const own = await decideTransfer('orgadmin.demo', asked.id, true);
    expect([code(own), errorOf(own).status, errorOf(own).messageEn]).toEqual([
      'WORKFLOW_MAKER',
      409,
      'The maker of a transfer request may not approve it',
    ]);
    expect((await pendingSeenBy('admin.demo', 'orgadmin.demo'))?.allowedActions).toEqual([
      'APPROVE',
      'REJECT',
    ]);
    expect(code(await decideTransfer('admin.demo', asked.id, false))).toBe('BAD_INPUT');
    expect(
      (await decideTransfer('admin.demo', asked.id, false, 'ยังไม่มีตำแหน่งว่าง')).body.errors,
    ).toBeUndefined();

    const [mine] = await ownRequests('orgadmin.demo');
    expect(mine.statusCode).toBe('R');
    expect(mine.allowedActions).toEqual([]);
    expect(mine.history.map((h) => [h.action, h.reason, h.actorName])).toEqual([
      ['CREATE', null, 'สมหญิง ผู้ดูแลหน่วยงาน'],
      ['REJECT', 'ยังไม่มีตำแหน่งว่าง', 'สมชาย ดูแลระบบ'],
    ]);
    // The requester's own reason is kept; the rejection's is in the history.
    expect((await t.em().findOneOrFail(TransferRequest, { id: Number(asked.id) })).reason).toBe('ย้ายตามคำสั่ง');
  });
});

describe('administrators deciding one request at the same moment', () => {
  const outcome = (results: GqlResult[]) => ({
    won: results.filter((r) => !r.body.errors).length,
    refused: results.filter((r) => r.body.errors).map(code),
  });

  it('lets exactly one decision on a registration win; the others get 409', async () => {
    for (let round = 0; round < 4; round++) {
      const id = await register();
      const results = await Promise.all([
        decideUser('admin.demo', id, 'A'),
        decideUser('orgadmin.demo', id, 'R', 'ซ้ำ'),
        decideUser('admin.demo', id, 'R', 'ซ้ำ'),
        decideUser('orgadmin.demo', id, 'A'),
      ]);
      expect(outcome(results)).toEqual({
        won: 1,
        refused: ['WORKFLOW_STATUS', 'WORKFLOW_STATUS', 'WORKFLOW_STATUS'],
      });
      const winner = results.find((r) => !r.body.errors)?.body.data?.approveUser.requestStatusCode;
      const decisions = await t.em().find(DocumentHistory, {
        documentType: 'USER_REGISTRATION',
        documentId: Number(id),
        action: { $ne: 'CREATE' },
      });
      expect(decisions.map((d) => d.toStatus)).toEqual([winner]);
      expect((await t.em().findOneOrFail(User, { id: Number(id) })).requestStatusCode).toBe(winner);
    }
  });

  it('lets exactly one decision on a transfer win; the person ends up where the winner said', async () => {
    for (let round = 0; round < 3; round++) {
      const person = await t
        .em()
        .findOneOrFail(User, { username: 'approver1.demo' }, { populate: ['organisationUnit'] });
      const from = person.organisationUnit?.getEntity().code;
      const to = from === 'OPS-P38-ADM' ? 'OPS-P38-SDW' : 'OPS-P38-ADM';
      tokens['approver1.demo'] = await sessionToken(t, 'approver1.demo'); // an approval ends the session
      const asked = await requestTransfer('approver1.demo', to);
      const results = await Promise.all([
        decideTransfer('admin.demo', asked.id, true),
        decideTransfer('orgadmin.demo', asked.id, false, 'ซ้ำ'),
        // Approving gives an approver's rights: only a system administrator holds them all.
        decideTransfer('admin.demo', asked.id, true),
      ]);
      const { won, refused } = outcome(results);
      expect({ won, refused }).toEqual({ won: 1, refused: ['WORKFLOW_STATUS', 'WORKFLOW_STATUS'] });
      const request = await t.em().findOneOrFail(TransferRequest, { id: Number(asked.id) });
      const decisions = await t.em().find(DocumentHistory, {
        documentType: 'USER_TRANSFER',
        documentId: request.id,
        action: { $ne: 'CREATE' },
      });
      expect(decisions.map((d) => d.toStatus)).toEqual([request.statusCode]);
      const now = await t
        .em()
        .findOneOrFail(User, { username: 'approver1.demo' }, { populate: ['organisationUnit'] });
      expect(now.organisationUnit?.getEntity().code).toBe(request.statusCode === 'A' ? to : from);
    }
  });
});
