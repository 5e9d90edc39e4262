import type { MockLink } from '@apollo/client/testing';
import { menuByKey } from '../platform/menu-catalogue';
import { CheckMenuAccessQuery } from '../platform/session/session.operations';
import { SessionStore } from '../platform/session/session-store';
import type { LoggedInUser, MenuEntry } from '../platform/session/session-types';

// Results written to Apollo's cache carry __typename as the server's do; the generated fragment types
// leave it out, so it is spread in rather than written as a property.
function typename(name: string): object {
  return { __typename: name };
}

/** A token with the given expiry, shaped like the server's JWT (the client only reads `exp`). */
export function fakeJwt(expiresAt: number, claims: Record<string, unknown> = {}): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: '1', sid: 's', exp: Math.floor(expiresAt / 1000), ...claims })}.signature`;
}

/** The menu entries of these feature keys, as LoggedInUser.menus carries them. */
export function menusFor(keys: readonly string[]): MenuEntry[] {
  return keys.map((key) => {
    const entry = menuByKey(key);
    if (!entry) throw new Error(`no catalogue entry ${key}`);
    return {
      ...typename('MenuEntry'),
      code: entry.code,
      key: entry.key,
      action: entry.action,
      section: entry.section,
      nameTh: entry.nameTh,
      nameEn: entry.nameEn,
      route: entry.route,
      external: entry.external,
      statusCode: 'A',
    };
  });
}

export function staffUser(overrides: Partial<LoggedInUser> = {}): LoggedInUser {
  return {
    ...typename('LoggedInUser'),
    userId: '7',
    kind: 'STAFF',
    username: 'officer.demo',
    titleTh: 'นางสาว',
    firstNameTh: 'สมหญิง',
    lastNameTh: 'ใจดี',
    officeTypeCode: 4,
    userGroup: 'เจ้าหน้าที่',
    userGroupCode: 'UG-S01',
    ministry: 'กระทรวงการพัฒนาสังคมและความมั่นคงของมนุษย์',
    ministryCode: 'MSDHS',
    department: 'กรมพัฒนาสังคมและสวัสดิการ',
    departmentCode: 'DSDW',
    bureau: 'กองพัฒนาสังคม',
    bureauCode: 'DSDW-B1',
    division: 'ฝ่ายรับบริจาค',
    divisionCode: 'DSDW-B1-D1',
    organisationName: 'ฝ่ายรับบริจาค',
    ministryEn: 'Ministry of Social Development and Human Security',
    departmentEn: 'Department of Social Development and Welfare',
    bureauEn: 'Social Development Bureau',
    divisionEn: 'Donations Division',
    organisationNameEn: 'Donations Division',
    menus: menusFor(['view-user', 'change-password']),
    ...overrides,
  };
}

export function donorUser(): LoggedInUser {
  return staffUser({
    kind: 'DONOR',
    userId: '99',
    username: 'donor.demo@example.com',
    titleTh: null,
    firstNameTh: 'ผู้บริจาค',
    lastNameTh: 'ทดลอง',
    officeTypeCode: null,
    userGroup: 'ผู้บริจาคทางอินเทอร์เน็ต',
    userGroupCode: 'UG-I01',
    menus: menusFor(['change-password']),
  });
}

/** A store over the test's localStorage with this user logged in and a token valid for `validForMs`. */
export function signedInStore(user: LoggedInUser = staffUser(), validForMs = 15 * 60_000): SessionStore {
  const store = new SessionStore();
  store.signIn({ token: fakeJwt(Date.now() + validForMs), user });
  return store;
}

/** The server's answer to the route guard's menu check. */
export function menuCheckMock(key: string, allowed: boolean | Error): MockLink.MockedResponse {
  const entry = menuByKey(key);
  if (!entry) throw new Error(`no catalogue entry ${key}`);
  const request = { query: CheckMenuAccessQuery, variables: { menuCode: entry.code } };
  return allowed instanceof Error
    ? { request, error: allowed }
    : { request, result: { data: { checkMenuAccess: allowed } } };
}
