import type { EntityManager } from '@mikro-orm/postgresql';
import { OrganisationUnit } from '../../kits/core/organisation.entity';
import { User } from '../../kits/core/user.entity';
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
  const user = await em.findOneOrFail(User, { id: userId }, { populate: ['userGroup', 'organisationUnit'] });
  const unit = user.organisationUnit?.getEntity() ?? null;
  const chain: OrganisationUnit[] = [];
  if (unit) {
    const ids = unit.path.split('/').filter(Boolean).map(Number);
    const rows = await em.find(OrganisationUnit, { id: { $in: ids } });
    chain.push(
      ...ids.map((id) => rows.find((r) => r.id === id)).filter((r): r is OrganisationUnit => Boolean(r)),
    );
  }
  const at = (types: number[]) => chain.find((u) => types.includes(u.officeType)) ?? null;
  const [ministry, department, bureau, division] = [at([1]), at([2]), at([3, 5]), at([4, 6])];
  const group = user.userGroup.getEntity();
  return {
    userId: user.id,
    kind: user.kind,
    username: user.username,
    titleTh: user.titleTh,
    firstNameTh: user.firstNameTh,
    lastNameTh: user.lastNameTh,
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
