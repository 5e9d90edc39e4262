import type { EntityManager } from '@mikro-orm/postgresql';
import { OrganisationUnit } from '../../kits/core/organisation.entity';
import { User } from '../../kits/core/user.entity';
import { DocumentService } from '../../kits/documents/document.service';
import type { AuthState } from '../../platform/auth/principal';
import { UserGroupService } from '../user-groups';
import { moneyDonation } from './money-donation.document';

// Demo money donations for a first start, through the document kit as people's work would be: one
// approved (its receipt issued and the money in the account) and one waiting for approval. The
// maker is the demo administrator; the approver is approver2.demo, whose unit (OPS) holds the
// account's unit, with the menus of their own group. Added only when no money donation exists yet.

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** A demo member of staff as the kit's principal, with the menus of their own group. */
export async function sessionOf(em: EntityManager, username: string): Promise<AuthState | null> {
  const user = await em.findOne(User, { username });
  if (!user) return null;
  const unit = user.organisationUnit ? await em.findOne(OrganisationUnit, user.organisationUnit.id) : null;
  const groupCode = user.userGroup.unwrap().code;
  return {
    principal: {
      userId: user.id,
      sessionId: 'demo-seed',
      kind: 'STAFF',
      username: user.username,
      groupCode: groupCode,
      menuCodes: await new UserGroupService(em).activeMenuCodes(groupCode),
      // The system administrator reaches everything; anyone else their own unit's subtree.
      unitId: groupCode === 'UG-A01' ? null : (unit?.id ?? null),
      unitPath: groupCode === 'UG-A01' ? null : (unit?.path ?? null),
    },
    failure: null,
  };
}

async function idOf(em: EntityManager, table: string, code: string): Promise<number | undefined> {
  const [row] = await em
    .getConnection()
    .execute<{ id: number }[]>(`select id from ${table} where code = ?`, [code]);
  return row?.id;
}

export async function seedDemoMoneyDonations(em: EntityManager): Promise<string> {
  if (await em.count(moneyDonation.entity, {})) return 'present';
  const maker = await sessionOf(em, 'admin.demo');
  const approver = await sessionOf(em, 'approver2.demo');
  const company = await idOf(em, 'ref_donator', 'DN-000001');
  const anonymous = await idOf(em, 'ref_donator', 'DN-000002');
  const central = await idOf(em, 'ref_money_account', 'AC-OPS-ACC');
  const khonKaen = await idOf(em, 'ref_money_account', 'AC-P28-DON');
  if (!maker || !approver || !company || !anonymous || !central || !khonKaen)
    return 'skipped: demo users or reference data missing';
  const { id: approved } = await new DocumentService(em.fork(), maker, moneyDonation).create({
    header: {
      donor: company,
      donatedOn: day(3),
      amount: '125000.50',
      transferType: 'TRANSFER',
      bank: '004',
      paymentReference: 'TRF-25691120-0001',
      moneyAccount: central,
      objective: 'DISASTER_FLOOD',
      objectiveDetail: 'ช่วยเหลือผู้ประสบอุทกภัยภาคใต้',
    },
    remark: 'ข้อมูลตัวอย่าง / Demo data',
  });
  await new DocumentService(em.fork(), approver, moneyDonation).transition(approved, {
    action: 'APPROVE',
    version: 1,
  });
  await new DocumentService(em.fork(), maker, moneyDonation).create({
    header: {
      donor: anonymous,
      donatedOn: day(1),
      amount: '3500.00',
      transferType: 'CASH',
      moneyAccount: khonKaen,
      objective: 'HOMELESS',
    },
    remark: 'ข้อมูลตัวอย่าง รอตรวจสอบ / Demo data, waiting for approval',
  });
  return 'a money donation approved with its receipt, one waiting for approval';
}
