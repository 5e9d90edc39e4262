import { ref } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { expect } from 'vitest';
import { OrganisationService } from '../features/organisation/organisation.service';
import { moneyAccount } from '../features/reference/types/money-account.reference';
import { storage } from '../features/reference/types/storage.reference';
import { newUser } from '../features/users/user.service';
import { OrganisationUnit } from '../kits/core/organisation.entity';
import { RequestStatus, UserStatus } from '../kits/core/user.entity';
import { bearer, sessionToken } from './auth-helpers';
import type { TestApp } from './test-app';

// A bureau of a test file's own: units under a demo unit, each division with a storage and a money
// account, members of staff in them with a session each, and the document kit's create and act as
// GraphQL sends them. Files that test scope (who sees which unit's work) build their own tree with it
// so that nothing else in the demo data lies inside it.

export type Headers = Record<string, string>;

export interface GqlError {
  message: string;
  extensions?: { code?: string; status?: number; messageTh?: string; messageEn?: string; details?: unknown };
}

/** POST /graphql as `who`; the first error, if any. */
export async function gqlAs<T>(
  t: TestApp,
  who: Headers,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<{ data?: T; error?: GqlError }> {
  const res = await t.graphql<T>(query, variables, who);
  return { data: res.body.data, error: res.body.errors?.[0] as GqlError | undefined };
}

/** A unit under `parentCode`, named `<label> <code>` in Thai and English, its path computed. */
export async function unitUnder(
  em: EntityManager,
  parentCode: string,
  code: string,
  officeType: number,
  label: { th: string; en: string },
): Promise<OrganisationUnit> {
  const parent = await em.findOneOrFail(OrganisationUnit, { code: parentCode });
  const unit = em.create(OrganisationUnit, {
    code,
    nameTh: `${label.th} ${code}`,
    nameEn: `${label.en} ${code}`,
    officeType,
    parent,
    province: null,
    subDistrict: null,
    addressLine: null,
    latitude: null,
    longitude: null,
    phone: null,
    openingHours: null,
    taxId: null,
    receiptStatement: null,
    receiptSignerName: null,
    receiptSignerPosition: null,
  });
  await em.flush();
  await new OrganisationService(em).recomputePathOf(unit.id, true);
  return em.findOneOrFail(OrganisationUnit, { id: unit.id }, { refresh: true });
}

/** An active, approved member of staff of `unit` in `group`, logged in: their bearer header. */
export async function staffMember(
  t: TestApp,
  em: EntityManager,
  username: string,
  unit: OrganisationUnit,
  group: string,
): Promise<Headers> {
  newUser(em, {
    kind: 'STAFF',
    username,
    email: `${username}@example.com`,
    passwordHash: 'not-used',
    firstNameTh: 'ทดสอบ',
    lastNameTh: username,
    userStatusCode: UserStatus.Active,
    requestStatusCode: RequestStatus.Approved,
    userGroupCode: group,
    organisationUnit: ref(unit),
  });
  await em.flush();
  return bearer(await sessionToken(t, username));
}

/** The label test units carry: `หน่วยทดสอบ <code>` / `Test unit <code>`. */
export const TEST_UNIT = { th: 'หน่วยทดสอบ', en: 'Test unit' };

/** A demo unit by its code. */
export const unitByCode = (em: EntityManager, code: string): Promise<OrganisationUnit> =>
  em.findOneOrFail(OrganisationUnit, { code });

/** An active money account `code` of `unit` (bank 006, account 1234567890): its id. */
export async function moneyAccountIn(
  em: EntityManager,
  unit: OrganisationUnit,
  code: string,
): Promise<number> {
  const account = em.create(moneyAccount.entity, {
    code,
    nameTh: `บัญชีทดสอบ ${code}`,
    nameEn: null,
    ownerUnit: unit,
    bankCode: '006',
    accountNumber: '1234567890',
    branch: null,
    promptPayId: null,
    statusCode: 'A',
  } as never);
  await em.flush();
  return account.id as number;
}

/** A division (office type 4) under `parentCode` with a storage ST-<code> and a money account AC-<code>. */
export async function divisionWithStock(
  em: EntityManager,
  parentCode: string,
  code: string,
  label: { th: string; en: string },
): Promise<{ unit: OrganisationUnit; storageId: number; accountId: number }> {
  const unit = await unitUnder(em, parentCode, code, 4, label);
  const store = em.create(storage.entity, {
    code: `ST-${code}`,
    nameTh: `คลังทดสอบ ${code}`,
    nameEn: null,
    ownerUnit: unit,
    addressLine: null,
    subDistrict: null,
    phone: null,
    statusCode: 'A',
  } as never);
  await em.flush();
  return { unit, storageId: store.id as number, accountId: await moneyAccountIn(em, unit, `AC-${code}`) };
}

export interface Doc {
  id: number;
  number: string;
  version: number;
  status: string;
  lines: { id: number; lineNo: number }[];
}

const DOC_FIELDS = 'id number version status lines { id lineNo }';

/** createDocument of `type` as `who`; fails the test on an error. */
export async function createDoc(
  t: TestApp,
  who: Headers,
  type: string,
  input: Record<string, unknown>,
): Promise<Doc> {
  const res = await gqlAs<{ createDocument: Doc }>(
    t,
    who,
    `mutation ($input: DocumentInput!) { createDocument(type: ${type}, input: $input) { ${DOC_FIELDS} } }`,
    { input },
  );
  expect(res.error?.message).toBeUndefined();
  return res.data?.createDocument as Doc;
}

/** actOnDocument on `doc` at its version as `who`; fails the test on an error. */
export async function actDoc(
  t: TestApp,
  who: Headers,
  type: string,
  doc: Doc,
  action: string,
  extra: Record<string, unknown> = {},
): Promise<Doc> {
  const res = await gqlAs<{ actOnDocument: Doc }>(
    t,
    who,
    `mutation ($id: Int!, $input: DocumentActionInput!) { actOnDocument(type: ${type}, id: $id, input: $input) { ${DOC_FIELDS} } }`,
    { id: doc.id, input: { action, version: doc.version, ...extra } },
  );
  expect(res.error?.message, `${action} ${doc.number}`).toBeUndefined();
  return res.data?.actOnDocument as Doc;
}
