import type { User } from '../../kits/core/user.entity';
import { exportRoute } from '../../kits/export/export-route';
import { listPages } from '../../kits/export/export-rows';
import type { ExportColumn } from '../../kits/export/export-source';
import { searchUsers } from './user-search';

// The user list (MN-001..MN-005) as XLSX or CSV with the screen's filters, inside the caller's
// organisation subtree as the list is (searchUsers; docs/exports.md). Citizen ids and
// password data are not exported.

const s = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v));
type Label = { th: string; en: string };
const userStatus: Record<string, Label> = {
  N: { th: 'ใหม่', en: 'New' },
  A: { th: 'ใช้งาน', en: 'Active' },
  I: { th: 'ไม่ใช้งาน', en: 'Inactive' },
  L: { th: 'ถูกล็อก', en: 'Locked' },
};
const requestStatus: Record<string, Label> = {
  P: { th: 'รออนุมัติ', en: 'Pending' },
  A: { th: 'อนุมัติแล้ว', en: 'Approved' },
  R: { th: 'ไม่อนุมัติ', en: 'Rejected' },
  C: { th: 'ยกเลิก', en: 'Cancelled' },
};

export const userColumns: ExportColumn<User>[] = [
  { key: 'username', th: 'ชื่อผู้ใช้', en: 'Username', kind: 'text', width: 20, value: (u) => u.username },
  {
    key: 'name',
    th: 'ชื่อ-นามสกุล',
    en: 'Name',
    kind: 'text',
    width: 30,
    value: (u, lang) =>
      lang === 'en' && u.firstNameEn
        ? `${u.firstNameEn} ${u.lastNameEn ?? ''}`.trim()
        : `${u.titleTh ?? ''}${u.firstNameTh} ${u.lastNameTh}`,
  },
  { key: 'email', th: 'อีเมล', en: 'E-mail', kind: 'text', width: 28, value: (u) => u.email },
  { key: 'phone', th: 'โทรศัพท์', en: 'Phone', kind: 'text', width: 14, value: (u) => u.phone },
  { key: 'position', th: 'ตำแหน่ง', en: 'Position', kind: 'text', width: 24, value: (u) => u.position },
  {
    key: 'unit',
    th: 'หน่วยงาน',
    en: 'Unit',
    kind: 'text',
    width: 36,
    value: (u, lang) => {
      const unit = u.organisationUnit?.getEntity();
      return unit ? `${unit.code} ${lang === 'en' ? unit.nameEn || unit.nameTh : unit.nameTh}` : null;
    },
  },
  {
    key: 'group',
    th: 'กลุ่มผู้ใช้งาน',
    en: 'User group',
    kind: 'text',
    width: 28,
    value: (u) => {
      const g = u.userGroup?.getEntity();
      return g ? `${g.code} ${g.name}` : null;
    },
  },
  {
    key: 'userStatus',
    th: 'สถานะผู้ใช้',
    en: 'User status',
    kind: 'text',
    width: 12,
    value: (u, lang) => userStatus[u.userStatusCode]?.[lang] ?? u.userStatusCode,
  },
  {
    key: 'requestStatus',
    th: 'สถานะคำขอ',
    en: 'Request status',
    kind: 'text',
    width: 12,
    value: (u, lang) => requestStatus[u.requestStatusCode]?.[lang] ?? u.requestStatusCode,
  },
  { key: 'createdAt', th: 'วันที่ลงทะเบียน', en: 'Registered', kind: 'datetime', value: (u) => u.createdAt },
  { key: 'lastLoginAt', th: 'เข้าระบบล่าสุด', en: 'Last login', kind: 'datetime', value: (u) => u.lastLoginAt },
];

const text = (maxLength: number) => ({ type: 'string' as const, maxLength });

/** GET /api/export/users: the list-users filters (office_type_code, …, sort, direction). */
export const userExport = () =>
  exportRoute<User>({
    name: 'users',
    access: { menu: ['MN-001', 'MN-002', 'MN-003', 'MN-004', 'MN-005'] },
    filters: {
      office_type_code: { type: 'integer', minimum: 1, maximum: 6 },
      ministry_code: text(32),
      department_code: text(32),
      bureau_code: text(32),
      division_code: text(32),
      idc: text(13),
      firstname_th: text(100),
      lastname_th: text(100),
      from_dt: text(10),
      to_dt: text(10),
      user_status_code: text(1),
      request_status_code: text(1),
      pending_transfer: { type: 'boolean' },
      sort: text(40),
      direction: text(10),
    },
    async source({ em, principal, filters: f }) {
      const { total, rows } = await listPages(em, (fork, currentPage, size) =>
        searchUsers(fork, principal, {
          currentPage,
          rows: size,
          office_type_code: typeof f.office_type_code === 'number' ? f.office_type_code : null,
          ministry_code: s(f.ministry_code),
          department_code: s(f.department_code),
          bureau_code: s(f.bureau_code),
          division_code: s(f.division_code),
          idc: s(f.idc),
          firstname_th: s(f.firstname_th),
          lastname_th: s(f.lastname_th),
          from_dt: s(f.from_dt),
          to_dt: s(f.to_dt),
          user_status_code: s(f.user_status_code),
          request_status_code: s(f.request_status_code),
          pending_transfer: f.pending_transfer === true,
          sort: s(f.sort),
          direction: s(f.direction),
        }),
      );
      return {
        fileName: 'ผู้ใช้งาน',
        sheetTitle: { th: 'ผู้ใช้งาน', en: 'Users' },
        columns: userColumns,
        rows,
        total,
      };
    },
  });
