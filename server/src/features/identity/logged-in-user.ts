import type { EntityManager } from '@mikro-orm/postgresql';
import { prepared } from '../../platform/db/prepared';
import { type MenuRecord, toMenuRecord } from '../menus';
import { UserGroupService } from '../user-groups';

// Who is logged in, as the login answers and /api/auth/me tell it (specification sec. 3): the
// person, their group with its menus and the units above them (ministry to division).

/** Specification sec. 3 "Logged-in user data". */
export interface LoggedInUserData {
  userId: number;
  kind: 'STAFF' | 'DONOR';
  username: string;
  titleTh: string | null;
  firstNameTh: string;
  lastNameTh: string;
  email: string;
  phone: string | null;
  position: string | null;
  officeTypeCode: number | null;
  userGroup: string;
  userGroupCode: string;
  ministry: string | null;
  ministryCode: string | null;
  department: string | null;
  departmentCode: string | null;
  bureau: string | null;
  bureauCode: string | null;
  division: string | null;
  divisionCode: string | null;
  organisationName: string | null;
  /** The same units' English names (organisation_unit.name_en; the user group's name is Thai only). */
  ministryEn: string | null;
  departmentEn: string | null;
  bureauEn: string | null;
  divisionEn: string | null;
  organisationNameEn: string | null;
  menus: MenuRecord[];
}

export async function loggedInUser(em: EntityManager, userId: number): Promise<LoggedInUserData> {
  // Plain rows in the caller's transaction, sent prepared (no entity: `me` is asked at every start of the app).
  const [user] = await userStatement.rows<UserRow>(em, [userId]);
  if (!user) throw new Error(`loggedInUser: no user ${userId}`);
  const unit = user.unit;
  const chain: UnitRow[] = [];
  if (unit) {
    const ids = unit.path.split('/').filter(Boolean).map(Number);
    chain.push(
      ...ids.map((id) => user.chain?.find((r) => r.id === id)).filter((r): r is UnitRow => Boolean(r)),
    );
  }
  const at = (types: number[]) => chain.find((u) => types.includes(u.officeType)) ?? null;
  const [ministry, department, bureau, division] = [at([1]), at([2]), at([3, 5]), at([4, 6])];
  const group = { code: user.group_code, name: user.group_name };
  return {
    userId: user.id,
    kind: user.kind,
    username: user.username,
    titleTh: user.title_th,
    firstNameTh: user.first_name_th,
    lastNameTh: user.last_name_th,
    email: user.email,
    phone: user.phone,
    position: user.position,
    officeTypeCode: unit?.officeType ?? null,
    userGroup: group.name,
    userGroupCode: group.code,
    ministry: ministry?.nameTh ?? null,
    ministryCode: ministry?.code ?? null,
    department: department?.nameTh ?? null,
    departmentCode: department?.code ?? null,
    bureau: bureau?.nameTh ?? null,
    bureauCode: bureau?.code ?? null,
    division: division?.nameTh ?? null,
    divisionCode: division?.code ?? null,
    organisationName: unit?.nameTh ?? null,
    ministryEn: ministry?.nameEn || null,
    departmentEn: department?.nameEn || null,
    bureauEn: bureau?.nameEn || null,
    divisionEn: division?.nameEn || null,
    organisationNameEn: unit?.nameEn || null,
    menus: (await new UserGroupService(em).menusOf(group.code)).map(toMenuRecord),
  };
}

interface UnitRow {
  id: number;
  code: string;
  nameTh: string;
  nameEn: string;
  officeType: number;
  path: string;
}

interface UserRow {
  id: number;
  kind: 'STAFF' | 'DONOR';
  username: string;
  title_th: string | null;
  first_name_th: string;
  last_name_th: string;
  email: string;
  phone: string | null;
  position: string | null;
  group_code: string;
  group_name: string;
  unit: UnitRow | null;
  /** The units on the user's unit's path (ministry to the unit itself), in any order. */
  chain: UnitRow[] | null;
}

const unitJson = (o: string) =>
  `json_build_object('id', ${o}.id, 'code', ${o}.code, 'nameTh', ${o}.name_th, 'nameEn', ${o}.name_en,
     'officeType', ${o}.office_type, 'path', ${o}.path)`;

const userSql = `select u.id, u.kind, u.username, u.title_th, u.first_name_th, u.last_name_th, u.email, u.phone,
    u.position, g.code as group_code, g.name as group_name,
    case when o.id is not null then ${unitJson('o')} end as unit,
    (select json_agg(${unitJson('c')}) from organisation_unit c
      where c.id = any(string_to_array(trim(both '/' from o.path), '/')::int[])) as chain
  from app_user u join user_group g on g.code = u.user_group_code
  left join organisation_unit o on o.id = u.organisation_unit_id
  where u.id = ?`;
const userStatement = prepared('logged_in_user', userSql);
