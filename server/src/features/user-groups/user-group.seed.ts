import type { EntityManager } from '@mikro-orm/postgresql';
import { MenuEntry } from '../../kits/core/menu.entity';
import { RecordStatus, UserGroup } from '../../kits/core/user-group.entity';
import {
  type MenuCatalogueEntry,
  menuCatalogue,
  withRequiredCodes,
} from '../../platform/auth/menu-catalogue';

/** Copies the catalogue file into menu_entry (inserting new codes, correcting changed ones). */
export async function seedMenuCatalogue(em: EntityManager): Promise<number> {
  const rows = menuCatalogue.map((m, i) => ({
    code: m.code,
    key: m.key,
    action: m.action,
    section: m.section,
    name_th: m.nameTh,
    name_en: m.nameEn,
    route: m.route,
    external: m.external,
    sort_order: i + 1,
  }));
  await em.getConnection().execute(
    `insert into menu_entry (code, key, action, section, name_th, name_en, route, external, sort_order)
     select code, key, action, section, name_th, name_en, route, external, sort_order
     from json_to_recordset(?::json) as x(code text, key text, action text, section text, name_th text,
       name_en text, route text, external boolean, sort_order int)
     on conflict (code) do update set key = excluded.key, action = excluded.action, section = excluded.section,
       name_th = excluded.name_th, name_en = excluded.name_en, route = excluded.route,
       external = excluded.external, sort_order = excluded.sort_order`,
    [JSON.stringify(rows)],
  );
  return rows.length;
}

type Rule = (m: MenuCatalogueEntry) => boolean;
const isView = (m: MenuCatalogueEntry) =>
  m.action === 'view' || m.action === 'view-approve' || m.action === 'open';
const entryWork = ['add', 'save', 'edit', 'cancel', 'cancle', 'print', 'request', 'view'];
const operations = new Set(['receiving-donations', 'disbursement', 'inventory']);
/** Report x.y of the catalogue (report-1-1 .. report-5-2, MN-113..MN-144), or null. */
const reportOf = (m: MenuCatalogueEntry) => {
  const match = /^report-(\d)-(\d)$/.exec(m.key);
  return match ? `${match[1]}.${match[2]}` : null;
};
/**
 * The reports of an officer's own work (docs/reports.md, "who sees which report"): donations,
 * stock and giving out (1.x, 2.x, 3.x), the donor register (4.2) and the thanks letters (4.6).
 * Approvers and executives hold every report. Each report shows only the caller's data scope.
 */
const officerReport = (m: MenuCatalogueEntry) => {
  const n = reportOf(m);
  return n !== null && (/^[123]\./.test(n) || n === '4.2' || n === '4.6');
};
const anyReport = (m: MenuCatalogueEntry) => reportOf(m) !== null;
const approvalKey = (level: 'one' | 'two') => (m: MenuCatalogueEntry) =>
  /approve/.test(m.action) && (level === 'one' ? !m.key.endsWith('-two') : !m.key.endsWith('-one'));

/** The groups product-decisions sec. 2 asks for, and the menus each starts with. */
export const seededGroups: { code: string; name: string; fixed?: boolean; menus: Rule }[] = [
  { code: 'UG-A01', name: 'ผู้ดูแลระบบ', fixed: true, menus: () => true },
  {
    code: 'UG-A02',
    name: 'ผู้ดูแลระบบระดับหน่วยงาน',
    // Also its own organisation's government info, storages and money accounts (data scope: its subtree).
    menus: (m) =>
      m.section === 'user-management' ||
      m.code === 'MN-007' ||
      m.key === 'view-user-group' ||
      m.key === 'save-goverment-info' ||
      m.key === 'view-goverment-info',
  },
  {
    // New staff registrations wait here (own profile and password) until someone who holds an
    // operational group's menus assigns it: an organisation administrator can approve them.
    code: 'UG-S00',
    name: 'เจ้าหน้าที่รอกำหนดกลุ่ม',
    fixed: true,
    menus: (m) => m.code === 'MN-007' || m.key === 'edit-user',
  },
  {
    code: 'UG-S01',
    name: 'เจ้าหน้าที่ปฏิบัติงาน',
    menus: (m) =>
      m.code === 'MN-007' ||
      m.key === 'edit-user' ||
      (operations.has(m.section) && entryWork.includes(m.action)) ||
      (m.section === 'basic-data' && (isView(m) || m.key.startsWith('edit-donator'))) ||
      officerReport(m) ||
      m.key === 'notification-pending-work',
  },
  {
    code: 'UG-S02',
    name: 'ผู้อนุมัติระดับที่ 1',
    menus: (m) =>
      m.code === 'MN-007' ||
      m.key === 'edit-user' ||
      ((operations.has(m.section) || m.section === 'other-data') && (isView(m) || approvalKey('one')(m))) ||
      anyReport(m) ||
      m.key === 'notification-pending-work',
  },
  {
    code: 'UG-S03',
    name: 'ผู้อนุมัติระดับที่ 2',
    menus: (m) =>
      m.code === 'MN-007' ||
      m.key === 'edit-user' ||
      ((operations.has(m.section) || m.section === 'other-data') && (isView(m) || approvalKey('two')(m))) ||
      anyReport(m) ||
      m.key === 'notification-pending-work',
  },
  {
    code: 'UG-E01',
    name: 'ผู้บริหาร',
    menus: (m) =>
      m.code === 'MN-007' ||
      m.section === 'reports' ||
      m.section === 'view-data' ||
      (isView(m) && m.section !== 'user-group'),
  },
  { code: 'UG-I01', name: 'ผู้บริจาคทางอินเทอร์เน็ต', fixed: true, menus: (m) => m.code === 'MN-007' },
];

/**
 * Creates the seeded groups that are missing. Existing groups keep what administrators made of them,
 * except UG-A01, which always holds every menu (new catalogue entries included).
 */
export async function seedUserGroups(em: EntityManager): Promise<number> {
  return em.transactional(async (tx) => {
    const all = await tx.find(MenuEntry, {});
    const byCode = new Map(all.map((m) => [m.code, m]));
    let created = 0;
    for (const seed of seededGroups) {
      let group: UserGroup | null = await tx.findOne(UserGroup, { code: seed.code }, { populate: ['menus'] });
      if (group && seed.code !== 'UG-A01') continue;
      if (!group) {
        group = tx.create(UserGroup, {
          code: seed.code,
          name: seed.name,
          remark: seed.name,
          fixed: seed.fixed ?? false,
          statusCode: RecordStatus.Active,
        });
        created++;
      }
      const codes = withRequiredCodes(menuCatalogue.filter(seed.menus).map((m) => m.code));
      group.menus.set(codes.map((c) => byCode.get(c)).filter((m): m is MenuEntry => Boolean(m)));
    }
    await tx.flush();
    return created;
  });
}
