import type { MenuCode } from '@namjai/common/menu-catalogue';
import { requirePrincipal } from '../../platform/auth/access-guard';
import type { AppDeps } from '../../platform/deps';
import type { RestRoute } from '../../platform/http/rest';
import { bodySchema, int, optInt, optStr, Result, str } from '../../platform/http/rest-schema';
import { UserService } from './user.service';
import { toUserRecord } from './user.view';
import { activateAccount } from './user-activation';
import { UserRequestService } from './user-requests.service';
import { searchUsers } from './user-search';

type Body = Record<string, unknown>;
const userManagement: MenuCode[] = ['MN-001', 'MN-002', 'MN-003', 'MN-004', 'MN-005'];
const s = (v: unknown) => (v === undefined || v === null ? null : String(v));

/** The legacy /api/admin user calls and registration of specification sec. 7. */
export function userRoutes(deps: AppDeps): RestRoute[] {
  return [
    {
      method: 'POST',
      url: '/admin/list-users',
      access: { menu: userManagement },
      schema: bodySchema(
        {
          currentPage: int(1),
          rows: int(1, 200),
          office_type_code: optInt(1, 6),
          ministry_code: optStr(32),
          department_code: optStr(32),
          bureau_code: optStr(32),
          division_code: optStr(32),
          idc: optStr(13),
          firstname_th: optStr(100),
          lastname_th: optStr(100),
          from_dt: optStr(10),
          to_dt: optStr(10),
          user_status_code: optStr(1),
          request_status_code: optStr(1),
          pending_transfer: { type: ['boolean', 'null'] },
          sort: optStr(40),
          direction: optStr(10),
        },
        ['currentPage', 'rows'],
      ),
      async handler(request) {
        const b = request.body as Body & { currentPage: number; rows: number };
        const { items, total } = await searchUsers(
          request.em,
          requirePrincipal(await request.authenticate()),
          b,
        );
        return {
          status: Result.SUCCESS,
          total,
          currentPage: b.currentPage,
          rows: b.rows,
          data: items.map(toUserRecord),
        };
      },
    },
    {
      method: 'POST',
      url: '/admin/approve-user',
      access: { menu: ['MN-001'] },
      schema: bodySchema(
        {
          userId: int(1),
          user_status_code: str(1),
          request_status_code: str(1),
          transactionCode: optStr(64),
          rejectReason: optStr(500),
        },
        ['userId', 'user_status_code', 'request_status_code'],
      ),
      async handler(request) {
        const b = request.body as Body;
        const user = await new UserRequestService(request.em, deps, {
          ip: request.ip,
          requestId: String(request.id),
        }).decideRegistration(requirePrincipal(await request.authenticate()), {
          userId: Number(b.userId),
          requestStatusCode: String(b.request_status_code),
          transactionCode: s(b.transactionCode),
          rejectReason: s(b.rejectReason),
        });
        return { status: Result.SUCCESS, data: toUserRecord(user) };
      },
    },
    {
      method: 'POST',
      url: '/admin/get-userdata',
      access: { menu: userManagement },
      schema: bodySchema({ userId: int(1) }, ['userId']),
      async handler(request) {
        const user = await new UserService(request.em, deps).manageable(
          requirePrincipal(await request.authenticate()),
          Number((request.body as Body).userId),
        );
        return { status: Result.SUCCESS, data: toUserRecord(user) };
      },
    },
    {
      method: 'POST',
      url: '/admin/req-activate-mail',
      access: { menu: ['MN-001'] },
      schema: bodySchema({ userId: int(1) }, ['userId']),
      async handler(request) {
        await new UserService(request.em, deps).resendActivation(
          requirePrincipal(await request.authenticate()),
          Number((request.body as Body).userId),
        );
        return { status: Result.SUCCESS };
      },
    },
    {
      method: 'POST',
      url: '/user/activate-code',
      access: { public: true },
      schema: bodySchema({ xcode: str(200) }, ['xcode']),
      async handler(request) {
        await activateAccount(request.em, String((request.body as Body).xcode));
        return { status: Result.SUCCESS };
      },
    },
    {
      method: 'POST',
      url: '/register/regis-user',
      access: { public: true, form: true },
      schema: bodySchema(
        {
          username: str(100),
          email: str(255),
          password: str(200),
          titleTh: optStr(50),
          firstNameTh: str(100),
          lastNameTh: str(100),
          citizenId: str(13),
          phone: optStr(50),
          position: optStr(255),
          organisationUnitCode: str(32),
          department: optStr(255),
          department_code: optStr(32),
        },
        ['username', 'email', 'password', 'firstNameTh', 'lastNameTh', 'citizenId', 'organisationUnitCode'],
      ),
      async handler(request) {
        const b = request.body as Body;
        // The client forces department and department_code to '' (spec sec. 3): the unit code decides.
        await new UserService(request.em, deps).register({
          username: String(b.username),
          email: String(b.email),
          password: String(b.password),
          titleTh: s(b.titleTh),
          firstNameTh: String(b.firstNameTh),
          lastNameTh: String(b.lastNameTh),
          citizenId: String(b.citizenId),
          phone: s(b.phone),
          position: s(b.position),
          organisationUnitCode: String(b.organisationUnitCode),
        });
        return { status: Result.SUCCESS };
      },
    },
  ];
}
