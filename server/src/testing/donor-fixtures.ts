import { expect } from 'vitest';
import { newUser } from '../features/users/user.service';
import { RequestStatus, UserStatus } from '../kits/core/user.entity';
import { bearer, sessionToken } from './auth-helpers';
import type { TestApp } from './test-app';

// Donors, their records and their donations for the donor-account and personal-data tests, made the
// way people make them: donators through the reference kit's save, donations through the document
// kit's commands by the demo staff whose work each step is (admin.demo records money into the central
// account and approver2.demo approves it; officer.demo, approver1.demo and approver2.demo take goods
// through Chiang Mai's storage).

export type Headers = Record<string, string>;

interface GqlError {
  message: string;
  extensions?: Record<string, unknown>;
}

/** A valid 13-digit id: twelve digits and their mod-11 check digit. */
export function validId(twelve: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (13 - i);
  return `${twelve}${(11 - (sum % 11)) % 10}`;
}

export async function gql<T>(
  t: TestApp,
  who: Headers,
  query: string,
  variables: Record<string, unknown> = {},
) {
  const res = await t.graphql<T>(query, variables, who);
  return { status: res.status, data: res.body.data, error: res.body.errors?.[0] as GqlError | undefined };
}

export function ok<T>(result: { data?: T | null; error?: GqlError }, label: string): T {
  expect(result.error, `${label}: ${result.error?.message}`).toBeUndefined();
  return result.data as T;
}

export const staff = async (t: TestApp, username: string) => bearer(await sessionToken(t, username));

export const idOf = async (t: TestApp, table: string, code: string) =>
  (
    await t.em().getConnection().execute<{ id: number }[]>(`select id from ${table} where code = ?`, [code])
  )[0]?.id as number;

/** A donator saved by `who` through the reference kit (DONATOR). */
export async function saveDonator(t: TestApp, who: Headers, values: Record<string, unknown>, id?: number) {
  const res = await gql<{ saveReferenceItem: { id: number; code: string } }>(
    t,
    who,
    `mutation ($input: SaveReferenceItemInput!) { saveReferenceItem(type: DONATOR, input: $input) { id code } }`,
    { input: { ...(id ? { id } : {}), code: '', values } },
  );
  return ok(res, 'save donator').saveReferenceItem;
}

export interface Donation {
  id: number;
  number: string;
  version: number;
  status: string;
  receipt: { id: number; number: string; amount: string } | null;
}

const DOC = 'id number version status receipt { id number amount }';

export interface Staff {
  admin: Headers;
  officer: Headers;
  approver1: Headers;
  approver2: Headers;
}

export async function demoStaff(t: TestApp): Promise<Staff> {
  return {
    admin: await staff(t, 'admin.demo'),
    officer: await staff(t, 'officer.demo'),
    approver1: await staff(t, 'approver1.demo'),
    approver2: await staff(t, 'approver2.demo'),
  };
}

/** A money donation into the central account (AC-OPS-ACC), approved with its receipt unless `pending`. */
export async function moneyDonation(
  t: TestApp,
  s: Staff,
  donor: number,
  amount: string,
  opts: { pending?: boolean; donatedOn?: string } = {},
): Promise<Donation> {
  const account = await idOf(t, 'ref_money_account', 'AC-OPS-ACC');
  const created = ok(
    await gql<{ createDocument: Donation }>(
      t,
      s.admin,
      `mutation ($input: DocumentInput!) { createDocument(type: MONEY_DONATION, input: $input) { ${DOC} } }`,
      {
        input: {
          header: {
            donor,
            donatedOn: opts.donatedOn ?? '2026-11-01',
            amount,
            transferType: 'CASH',
            moneyAccount: account,
            objective: 'GENERAL',
          },
        },
      },
    ),
    'create money donation',
  ).createDocument;
  if (opts.pending) return created;
  return ok(
    await gql<{ actOnDocument: Donation }>(
      t,
      s.approver2,
      `mutation ($id: Int!, $input: DocumentActionInput!) { actOnDocument(type: MONEY_DONATION, id: $id, input: $input) { ${DOC} } }`,
      { id: created.id, input: { action: 'APPROVE', version: created.version } },
    ),
    'approve money donation',
  ).actOnDocument;
}

/**
 * A goods donation to Chiang Mai's storage taken to level-2 approval: `quantity` items at `unitValue`,
 * `rejected` of them refused at screening (its evidence counts the accepted ones).
 */
export async function goodsDonation(
  t: TestApp,
  s: Staff,
  donator: number,
  line: { quantity: string; unitValue: string; rejected: string },
): Promise<Donation> {
  const FIELDS = `${DOC} lines { id lineNo }`;
  const act = async (who: Headers, doc: Donation, action: string, extra: Record<string, unknown> = {}) =>
    ok(
      await gql<{ actOnDocument: Donation & { lines: { id: number }[] } }>(
        t,
        who,
        `mutation ($id: Int!, $input: DocumentActionInput!) { actOnDocument(type: GOODS_DONATION, id: $id, input: $input) { ${FIELDS} } }`,
        { id: doc.id, input: { action, version: doc.version, ...extra } },
      ),
      action,
    ).actOnDocument;
  let doc = ok(
    await gql<{ createDocument: Donation & { lines: { id: number }[] } }>(
      t,
      s.officer,
      `mutation ($input: DocumentInput!) { createDocument(type: GOODS_DONATION, input: $input) { ${FIELDS} } }`,
      {
        input: {
          header: {
            donator,
            receivingUnit: await idOf(t, 'organisation_unit', 'OPS-P38-SDW'),
            storage: await idOf(t, 'ref_storage', 'ST-P38-SDW'),
            donationDate: '2026-11-02',
            objective: 'DISASTER_COLD',
          },
          lines: [
            {
              resource: await idOf(t, 'ref_resource', 'RICE-5KG'),
              character: 'NEW',
              quantity: line.quantity,
              unitValue: line.unitValue,
              priceFrom: 'RECEIPT',
            },
          ],
        },
      },
    ),
    'create goods donation',
  ).createDocument;
  doc = await act(s.officer, doc, 'SUBMIT');
  const accepted = String(Number(line.quantity) - Number(line.rejected));
  doc = await act(s.officer, doc, 'SCREEN', {
    lines: doc.lines.map((l) => ({
      id: l.id,
      values: {
        acceptedQuantity: accepted,
        rejectedQuantity: line.rejected,
        screenStatus: Number(line.rejected) === 0 ? 'ACCEPTED' : 'PARTLY_ACCEPTED',
        classification: 'URGENT',
        screenReason: Number(line.rejected) > 0 ? 'ชำรุดเสียหาย' : null,
      },
    })),
  });
  doc = await act(s.approver1, doc, 'APPROVE_1');
  return act(s.approver2, doc, 'APPROVE_2');
}

/** An active donor account (UG-I01) made directly, and a session of it. */
export async function donorAccount(
  t: TestApp,
  email: string,
  fields: {
    firstNameTh?: string;
    lastNameTh?: string;
    citizenId?: string | null;
    phone?: string | null;
  } = {},
): Promise<{ userId: number; headers: Headers }> {
  const em = t.em();
  const user = newUser(em, {
    kind: 'DONOR',
    username: email,
    email,
    passwordHash: 'not-used',
    firstNameTh: fields.firstNameTh ?? 'ผู้บริจาค',
    lastNameTh: fields.lastNameTh ?? email.split('@')[0],
    citizenId: fields.citizenId ?? null,
    phone: fields.phone ?? null,
    userStatusCode: UserStatus.Active,
    requestStatusCode: RequestStatus.Approved,
    userGroupCode: 'UG-I01',
  });
  await em.flush();
  return { userId: user.id, headers: bearer(await sessionToken(t, email)) };
}
