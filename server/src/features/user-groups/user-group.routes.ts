import type { MenuCode } from '@namjai/common/menu-catalogue';
import { MenuEntry } from '../../kits/core/menu.entity';
import { requirePrincipal } from '../../platform/auth/access-guard';
import { containsPattern } from '../../platform/db/like';
import { notFound } from '../../platform/errors';
import type { RestRoute } from '../../platform/http/rest';
import { bodySchema, int, optStr, Result, str, strList } from '../../platform/http/rest-schema';
import { UserGroupService } from './user-group.service';

type Body = Record<string, unknown>;
const groupMenus: MenuCode[] = ['MN-027', 'MN-028', 'MN-029', 'MN-030'];
const s = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v));

/** The legacy /api/admin group and menu calls of specification sec. 7. */
export const userGroupRoutes: RestRoute[] = [
  {
    method: 'POST',
    url: '/admin/list-user-group',
    access: { menu: groupMenus },
    schema: bodySchema(
      {
        currentPage: int(1),
        rows: int(1, 200),
        code: optStr(20),
        name: optStr(255),
        status_code: optStr(1),
        sort: optStr(40),
        direction: optStr(10),
      },
      ['currentPage', 'rows'],
    ),
    async handler(request) {
      const b = request.body as Body & { currentPage: number; rows: number };
      const { items, total } = await new UserGroupService(request.em).list({
        currentPage: b.currentPage,
        rows: b.rows,
        code: s(b.code),
        name: s(b.name),
        statusCode: s(b.status_code),
        sort: s(b.sort),
        direction: s(b.direction),
      });
      return {
        status: Result.SUCCESS,
        total,
        data: items.map((g) => ({
          code: g.code,
          name: g.name,
          status_code: g.statusCode,
          remark: g.remark,
          transactionCode: g.transactionCode,
        })),
      };
    },
  },
  {
    method: 'POST',
    url: '/admin/list-menu',
    access: { menu: ['MN-027', 'MN-028', 'MN-030'] },
    schema: bodySchema(
      {
        currentPage: int(1),
        rows: int(1, 200),
        code: optStr(6),
        status_code: optStr(1),
        name: optStr(255),
        remark: optStr(500),
      },
      ['currentPage', 'rows'],
    ),
    async handler(request) {
      const b = request.body as Body & { currentPage: number; rows: number };
      const where: Record<string, unknown> = {};
      if (s(b.code)) where.code = { $ilike: containsPattern(String(b.code)) };
      if (s(b.status_code)) where.statusCode = b.status_code;
      if (s(b.name))
        where.$or = [
          { nameTh: { $ilike: containsPattern(String(b.name)) } },
          { nameEn: { $ilike: containsPattern(String(b.name)) } },
        ];
      if (s(b.remark)) where.remark = { $ilike: containsPattern(String(b.remark)) };
      const [items, total] = await request.em.findAndCount(MenuEntry, where, {
        orderBy: { sortOrder: 'asc' },
        limit: b.rows,
        offset: (b.currentPage - 1) * b.rows,
      });
      return {
        status: Result.SUCCESS,
        total,
        data: items.map((m) => ({
          code: m.code,
          name: m.nameTh,
          nameEn: m.nameEn,
          key: m.key,
          status_code: m.statusCode,
          remark: m.remark,
        })),
      };
    },
  },
  {
    method: 'POST',
    url: '/admin/get-user-menu',
    access: { public: true },
    schema: bodySchema({ user_group_code: str(20) }, ['user_group_code']),
    async handler(request) {
      const principal = requirePrincipal(await request.authenticate());
      const code = String((request.body as Body).user_group_code);
      // A user reads their own group's menus; reading another group's is user-group management.
      if (code !== principal.groupCode && !groupMenus.some((m) => principal.menuCodes.has(m)))
        throw notFound();
      const menus = await new UserGroupService(request.em).menusOf(code);
      return {
        status: Result.SUCCESS,
        menus: menus.map((m) => ({
          code: m.code,
          key: m.key,
          name: m.nameTh,
          nameEn: m.nameEn,
          section: m.section,
          route: m.route,
          external: m.external,
        })),
      };
    },
  },
  {
    method: 'POST',
    url: '/admin/chk-auth-menu',
    access: { public: true },
    schema: bodySchema({ user_group_code: str(20), menu_code: str(6) }, ['user_group_code', 'menu_code']),
    async handler(request) {
      const principal = requirePrincipal(await request.authenticate());
      const b = request.body as Body;
      // The answer is about the caller: the group in the body must be theirs.
      const allowed =
        b.user_group_code === principal.groupCode && principal.menuCodes.has(String(b.menu_code));
      return { status: allowed ? Result.SUCCESS : Result.FAIL };
    },
  },
  {
    method: 'POST',
    url: '/admin/load-user-group',
    access: { menu: groupMenus },
    schema: bodySchema({ code: str(20) }, ['code']),
    async handler(request) {
      const g = await new UserGroupService(request.em).load(String((request.body as Body).code));
      return {
        status: Result.SUCCESS,
        data: {
          code: g.code,
          name: g.name,
          status_code: g.statusCode,
          remark: g.remark,
          menuCodes: g.menus
            .getItems()
            .map((m) => m.code)
            .sort(),
        },
      };
    },
  },
  {
    method: 'POST',
    url: '/admin/save-user-group',
    access: { menu: ['MN-027', 'MN-028'] },
    schema: bodySchema(
      {
        code: str(20),
        name: str(255),
        status_code: optStr(1),
        remark: optStr(500),
        menuCodes: strList(6),
        transactionCode: optStr(64),
      },
      ['code', 'name'],
    ),
    async handler(request) {
      const b = request.body as Body;
      const service = new UserGroupService(request.em);
      const existing = await service.load(String(b.code).trim().toUpperCase()).catch(() => null);
      const menuCodes = Array.isArray(b.menuCodes)
        ? b.menuCodes.map(String)
        : (existing?.menus.getItems().map((m) => m.code) ?? []);
      const g = await service.save(
        requirePrincipal(await request.authenticate()),
        { code: String(b.code), name: String(b.name), menuCodes, transactionCode: s(b.transactionCode) },
        { ip: request.ip, requestId: String(request.id) },
      );
      return {
        status: Result.SUCCESS,
        data: { code: g.code, name: g.name, status_code: g.statusCode, remark: g.remark },
      };
    },
  },
  {
    method: 'POST',
    url: '/admin/del-user-group',
    access: { menu: ['MN-029'] },
    schema: bodySchema({ code: str(20), status_code: optStr(1), transactionCode: optStr(64) }, ['code']),
    async handler(request) {
      const b = request.body as Body;
      const g = await new UserGroupService(request.em).deactivate(String(b.code), s(b.transactionCode));
      return { status: Result.SUCCESS, data: { code: g.code, status_code: g.statusCode } };
    },
  },
];
