import type { UserGroup } from '../../kits/core/user-group.entity';
import { exportRoute } from '../../kits/export/export-route';
import { listPages } from '../../kits/export/export-rows';
import type { ExportColumn } from '../../kits/export/export-source';
import { UserGroupService } from './user-group.service';

// The user-group list (MN-027..MN-030) as XLSX or CSV with the screen's filters (docs/exports.md).

const s = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v));
const statusLabel: Record<string, { th: string; en: string }> = {
  A: { th: 'ใช้งาน', en: 'Active' },
  I: { th: 'ไม่ใช้งาน', en: 'Inactive' },
};

export const userGroupColumns: ExportColumn<UserGroup>[] = [
  { key: 'code', th: 'รหัสกลุ่มผู้ใช้งาน', en: 'Group code', kind: 'text', width: 16, value: (g) => g.code },
  { key: 'name', th: 'ชื่อกลุ่มผู้ใช้งาน', en: 'Group name', kind: 'text', width: 40, value: (g) => g.name },
  {
    key: 'status',
    th: 'สถานะ',
    en: 'Status',
    kind: 'text',
    width: 12,
    value: (g, lang) => statusLabel[g.statusCode]?.[lang] ?? g.statusCode,
  },
  { key: 'remark', th: 'หมายเหตุ', en: 'Remark', kind: 'text', width: 40, value: (g) => g.remark },
];

/** GET /api/export/user-groups: code, name, statusCode, sort, direction as the list screen's. */
export const userGroupExport = exportRoute<UserGroup>({
  name: 'user-groups',
  access: { menu: ['MN-027', 'MN-028', 'MN-029', 'MN-030'] },
  filters: {
    code: { type: 'string', maxLength: 20 },
    name: { type: 'string', maxLength: 255 },
    statusCode: { type: 'string', maxLength: 1 },
    sort: { type: 'string', maxLength: 40 },
    direction: { type: 'string', maxLength: 10 },
  },
  async source({ em, filters: f }) {
    const { total, rows } = await listPages(em, (fork, currentPage, size) =>
      new UserGroupService(fork).list({
        currentPage,
        rows: size,
        code: s(f.code),
        name: s(f.name),
        statusCode: s(f.statusCode),
        sort: s(f.sort),
        direction: s(f.direction),
      }),
    );
    return {
      fileName: 'กลุ่มผู้ใช้งาน',
      sheetTitle: { th: 'กลุ่มผู้ใช้งาน', en: 'User groups' },
      columns: userGroupColumns,
      rows,
      total,
    };
  },
});
