import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../kits/core/user.entity';
import { DocumentService } from '../../kits/documents/document.service';
import { moneyDonation, sessionOf } from '../money-donations';
import { donator } from '../reference';
import { DonorLink } from './donor-link.entity';

// The demo donor (donor.demo@example.com) sees a history on a first start: their own donator record
// (DN-000003, whose e-mail is the account's) with an approved money donation and its receipt, linked as
// a donor linking it by id would be (EMAIL_MATCH). Added only when the account has no link yet.

export async function seedDemoDonorHistory(em: EntityManager): Promise<string> {
  const user = await em.findOne(User, { username: 'donor.demo@example.com' });
  const record = await em.findOne(donator.entity, { code: 'DN-000003' });
  const maker = await sessionOf(em, 'admin.demo');
  const approver = await sessionOf(em, 'approver2.demo');
  const [account] = await em
    .getConnection()
    .execute<{ id: number }[]>("select id from ref_money_account where code = 'AC-OPS-ACC'");
  if (!user || !record || !maker || !approver || !account) return 'skipped: demo data missing';
  if (await em.count(DonorLink, { user: user.id })) return 'present';
  const { id } = await new DocumentService(em.fork(), maker, moneyDonation).create({
    header: {
      donor: record.id,
      donatedOn: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
      amount: '1000.00',
      transferType: 'PROMPTPAY',
      moneyAccount: account.id,
      objective: 'CHILDREN_YOUTH',
    },
    remark: 'ข้อมูลตัวอย่างของผู้บริจาคทดลอง / Demo donor’s donation',
  });
  await new DocumentService(em.fork(), approver, moneyDonation).transition(id, {
    action: 'APPROVE',
    version: 1,
  });
  em.create(DonorLink, {
    user: user.id,
    donator: record.id,
    verifiedEmail: 'donor.demo@example.com',
    method: 'EMAIL_MATCH',
  });
  await em.flush();
  return 'the demo donor’s record linked, with an approved donation and its receipt';
}
