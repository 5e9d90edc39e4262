import type { EntityManager } from '@mikro-orm/postgresql';
import { MenuEntry } from '../../kits/core/menu.entity';
import { RecordStatus, UserGroup } from '../../kits/core/user-group.entity';
import {
  assertGrant,
  type GrantOrigin,
  groupEditRefusal,
  groupGrantRefusal,
} from '../../platform/auth/grants';
import { isMenuCode, withRequiredCodes } from '../../platform/auth/menu-catalogue';
import type { Principal } from '../../platform/auth/principal';
import { containsPattern } from '../../platform/db/like';
import { prepared } from '../../platform/db/prepared';
import { badInput, conflict, notFound } from '../../platform/errors';

/** A menu entry as the group's menus list it. */
export type MenuRow = Pick<
  MenuEntry,
  'code' | 'key' | 'action' | 'section' | 'nameTh' | 'nameEn' | 'route' | 'external' | 'statusCode'
>;

/**
 * The menu codes a member of a group (`group`, an SQL expression: a placeholder or a column) holds,
 * as `code`: the group's rows of user_group_menu less the menu entries that are not active (a foreign
 * key keeps every code an entry's), none while the group is inactive. Kept with the group by
 * triggers (`user_group_menu_codes`, Migration20261130060000_group_menu_codes), so reading them is one
 * index probe: the session read of every request and `activeMenuCodes` share it.
 */
export const activeMenuCodesSql = (group: string): string =>
  `select unnest(string_to_array((${menuCodesTextSql(group)}), ' ')) as code`;

/** The same codes as one text, separated by spaces (a code has none), in code order; null: none kept. */
export const menuCodesTextSql = (group: string): string =>
  `select c.codes from user_group_menu_codes c where c.user_group_code = ${group}`;

const activeCodesStatement = prepared('active_menu_codes', activeMenuCodesSql('?'));
const menusStatement = prepared(
  'group_menus',
  `select m.code, m.key, m.action, m.section, m.name_th as "nameTh", m.name_en as "nameEn", m.route,
     m.external, m.status_code as "statusCode"
   from menu_entry m where m.code in (${activeMenuCodesSql('?')}) order by m.sort_order, m.code`,
);

export interface GroupSearch {
  currentPage: number;
  rows: number;
  code?: string | null;
  name?: string | null;
  statusCode?: string | null;
  sort?: string | null;
  direction?: string | null;
}

export interface SaveGroupInput {
  code: string;
  name: string;
  remark?: string | null;
  menuCodes: string[];
  transactionCode?: string | null;
}

const sortable = { code: 'code', name: 'name', statusCode: 'statusCode', status_code: 'statusCode' } as const;
const groupCodePattern = /^[A-Z0-9-]{2,20}$/;

/** User groups and their menus (specification sec. 3, 6, 7). */
export class UserGroupService {
  constructor(private readonly em: EntityManager) {}

  /** Menu codes of an active group that are themselves active (as a session holds them), in `em`'s transaction. */
  async activeMenuCodes(groupCode: string): Promise<Set<string>> {
    const rows = await activeCodesStatement.rows<{ code: string }>(this.em, [groupCode]);
    return new Set(rows.map((r) => r.code));
  }

  /** The entries of those codes, in menu order: one statement sent prepared, plain rows (no entity). */
  async menusOf(groupCode: string): Promise<MenuRow[]> {
    return menusStatement.rows<MenuRow>(this.em, [groupCode]);
  }

  async list(search: GroupSearch): Promise<{ items: UserGroup[]; total: number }> {
    const where: Record<string, unknown> = {};
    if (search.code) where.code = { $ilike: containsPattern(search.code) };
    if (search.name) where.name = { $ilike: containsPattern(search.name) };
    if (search.statusCode) where.statusCode = search.statusCode;
    const field = sortable[(search.sort ?? 'code') as keyof typeof sortable] ?? 'code';
    const direction = search.direction?.toLowerCase() === 'desc' ? 'desc' : 'asc';
    const rows = Math.min(Math.max(search.rows, 1), 200);
    const page = Math.max(search.currentPage, 1);
    const [items, total] = await this.em.findAndCount(UserGroup, where, {
      orderBy: { [field]: direction },
      limit: rows,
      offset: (page - 1) * rows,
      populate: ['menus'],
    });
    return { items, total };
  }

  /**
   * The active staff groups the principal may give someone (the grant rule): what the group picker
   * of the user screens offers, so that a choice the server would refuse is never offered.
   */
  async grantable(principal: Principal): Promise<UserGroup[]> {
    const groups = await this.em.find(
      UserGroup,
      { statusCode: RecordStatus.Active, code: { $ne: 'UG-I01' } },
      { orderBy: { code: 'asc' } },
    );
    const menus = await this.em.getConnection().execute<{ code: string; menus: string[] }[]>(
      `select gm.user_group_code as code, array_agg(gm.menu_entry_code) as menus
       from user_group_menu gm join menu_entry m on m.code = gm.menu_entry_code
       where m.status_code = 'A' group by gm.user_group_code`,
    );
    const byGroup = new Map(menus.map((r) => [r.code, r.menus]));
    return groups.filter((g) => !groupGrantRefusal(principal, g.code, byGroup.get(g.code) ?? []));
  }

  async load(code: string): Promise<UserGroup> {
    const group = await this.em.findOne(UserGroup, { code }, { populate: ['menus'] });
    if (!group) throw notFound('ไม่พบกลุ่มผู้ใช้งาน', `No user group ${code}`);
    return group;
  }

  /**
   * Creates or updates a group; saving forces status A and remark = name (spec sec. 4, 7). The grant
   * rule (platform/auth/grants.ts): the caller adds only menus they hold, never to their own group.
   */
  async save(principal: Principal, input: SaveGroupInput, origin?: GrantOrigin): Promise<UserGroup> {
    const code = input.code.trim().toUpperCase();
    const name = input.name.trim();
    if (!groupCodePattern.test(code)) {
      throw badInput('รหัสกลุ่มต้องเป็นตัวอักษร A-Z ตัวเลข หรือ - ยาว 2–20 ตัว', 'Group code: 2–20 of A-Z, 0-9 or -');
    }
    if (!name) throw badInput('กรุณาระบุชื่อกลุ่ม', 'The group name is required');
    const unknown = input.menuCodes.filter((c) => !isMenuCode(c));
    if (unknown.length)
      throw badInput(`ไม่รู้จักรหัสเมนู ${unknown.join(', ')}`, `Unknown menu codes: ${unknown.join(', ')}`);
    // Granting an action grants what it requires (edit implies view).
    const codes = new Set(withRequiredCodes(input.menuCodes));

    return this.em.transactional(async (tx) => {
      const existing = await tx.findOne(UserGroup, { code }, { populate: ['menus'] });
      const before = existing?.menus.getItems().map((m) => m.code) ?? [];
      await assertGrant(
        tx,
        principal,
        groupEditRefusal(principal, code, before, codes),
        `user-group:${code} menus`,
        origin,
      );
      if (existing?.code === 'UG-I01' && [...codes].some((c) => c !== 'MN-007')) {
        throw conflict(
          'กลุ่มผู้บริจาคทางอินเทอร์เน็ตมีสิทธิ์ได้เฉพาะเปลี่ยนรหัสผ่าน',
          'The donor group may only change passwords',
        );
      }
      const group: UserGroup =
        existing ?? tx.create(UserGroup, { code, name, remark: name, statusCode: RecordStatus.Active });
      group.name = name;
      group.remark = name;
      group.statusCode = RecordStatus.Active;
      group.transactionCode = input.transactionCode ?? null;
      const menus = await tx.find(MenuEntry, { code: { $in: [...codes] } });
      group.menus.set(menus);
      await tx.flush();
      return group;
    });
  }

  /** Deleting sets status I (history stays); fixed groups and groups with active members stay. */
  async deactivate(code: string, transactionCode?: string | null): Promise<UserGroup> {
    return this.em.transactional(async (tx) => {
      const group = await tx.findOne(UserGroup, { code }, { populate: ['menus'] });
      if (!group) throw notFound('ไม่พบกลุ่มผู้ใช้งาน', `No user group ${code}`);
      if (group.fixed)
        throw conflict('กลุ่มนี้เป็นกลุ่มพื้นฐานของระบบ ลบไม่ได้', 'This built-in group cannot be deleted');
      const [{ count }] = await tx
        .getConnection()
        .execute<{ count: number }[]>(
          "select count(*)::int as count from app_user where user_group_code = ? and user_status_code = 'A'",
          [code],
          'all',
          tx.getTransactionContext(),
        );
      if (count > 0) {
        throw conflict(
          `ยังมีผู้ใช้งาน ${count} คนในกลุ่มนี้ กรุณาย้ายผู้ใช้ก่อน`,
          `${count} active users are still in this group; move them first`,
        );
      }
      group.statusCode = RecordStatus.Inactive;
      group.transactionCode = transactionCode ?? null;
      await tx.flush();
      return group;
    });
  }

  async memberCount(code: string): Promise<number> {
    const [{ count }] = await this.em
      .getConnection()
      .execute<{ count: number }[]>('select count(*)::int as count from app_user where user_group_code = ?', [
        code,
      ]);
    return count;
  }
}
