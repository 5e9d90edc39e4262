import { ref } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { OrganisationUnit } from '../../kits/core/organisation.entity';
import { RequestStatus, User, UserStatus } from '../../kits/core/user.entity';
import { assertAcceptablePassword, hashPassword } from '../../platform/auth/passwords';
import type { AppConfig } from '../../platform/config';
import { newUser } from './user.service';

/** Shown in the login pages' demo banner (embedded database outside production only). */
export const demoPassword = 'Namjai-demo-2569';

export const demoAccounts = [
  { username: 'admin.demo', groupCode: 'UG-A01', unit: 'MSDHS', firstNameTh: 'สมชาย', lastNameTh: 'ดูแลระบบ' },
  {
    username: 'orgadmin.demo',
    groupCode: 'UG-A02',
    unit: 'OPS-P38',
    firstNameTh: 'สมหญิง',
    lastNameTh: 'ผู้ดูแลหน่วยงาน',
  },
  {
    username: 'officer.demo',
    groupCode: 'UG-S01',
    unit: 'OPS-P38-SDW',
    firstNameTh: 'มานะ',
    lastNameTh: 'ปฏิบัติงาน',
  },
  {
    username: 'approver1.demo',
    groupCode: 'UG-S02',
    unit: 'OPS-P38',
    firstNameTh: 'วิชัย',
    lastNameTh: 'อนุมัติหนึ่ง',
  },
  {
    username: 'approver2.demo',
    groupCode: 'UG-S03',
    unit: 'OPS',
    firstNameTh: 'ประภา',
    lastNameTh: 'อนุมัติสอง',
  },
  {
    username: 'executive.demo',
    groupCode: 'UG-E01',
    unit: 'MSDHS',
    firstNameTh: 'อรุณ',
    lastNameTh: 'ผู้บริหาร',
  },
  {
    username: 'donor.demo@example.com',
    groupCode: 'UG-I01',
    unit: null,
    firstNameTh: 'ใจดี',
    lastNameTh: 'ผู้บริจาค',
  },
] as const;

async function createActiveUser(
  em: EntityManager,
  a: { username: string; groupCode: string; unit: string | null; firstNameTh: string; lastNameTh: string },
  password: string,
): Promise<boolean> {
  if (await em.count(User, { username: a.username })) return false;
  const unit = a.unit ? await em.findOne(OrganisationUnit, { code: a.unit }) : null;
  if (a.unit && !unit) return false;
  const donor = a.groupCode === 'UG-I01';
  em.persist(
    newUser(em, {
      kind: donor ? 'DONOR' : 'STAFF',
      username: a.username,
      email: a.username.includes('@') ? a.username : `${a.username}@namjai.local`,
      passwordHash: await hashPassword(password),
      titleTh: donor ? null : 'นาย',
      firstNameTh: a.firstNameTh,
      lastNameTh: a.lastNameTh,
      organisationUnit: unit ? ref(unit) : null,
      userGroupCode: a.groupCode,
      userStatusCode: UserStatus.Active,
      requestStatusCode: RequestStatus.Approved,
    }),
  );
  return true;
}

/** The first administrator from ADMIN_USERNAME / ADMIN_PASSWORD, at the root unit when there is one. */
export async function seedFirstAdministrator(em: EntityManager, config: AppConfig): Promise<boolean> {
  if (!config.adminUsername || !config.adminPassword) return false;
  assertAcceptablePassword(config.adminPassword);
  const root = await em.findOne(OrganisationUnit, { parent: null }, { orderBy: { id: 'asc' } });
  const created = await createActiveUser(
    em,
    {
      username: config.adminUsername,
      groupCode: 'UG-A01',
      unit: root?.code ?? null,
      firstNameTh: 'ผู้ดูแล',
      lastNameTh: 'ระบบ',
    },
    config.adminPassword,
  );
  await em.flush();
  return created;
}

export async function seedDemoAccounts(em: EntityManager): Promise<number> {
  let created = 0;
  for (const account of demoAccounts) if (await createActiveUser(em, account, demoPassword)) created++;
  await em.flush();
  return created;
}
