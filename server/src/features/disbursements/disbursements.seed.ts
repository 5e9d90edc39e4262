import type { EntityManager } from '@mikro-orm/postgresql';
import { DocumentService } from '../../kits/documents/document.service';
import { sessionOf } from '../money-donations';
import { moneyDisbursement } from './money-disbursement.document';
import { resourceDisbursement } from './resource-disbursement.document';

// Demo disbursements for a first start, through the document kit as people's work would be: 20
// blankets from the Chiang Mai storage saved by its officer and approved by approver1.demo (reserved:
// available drops, on hand stays), and a money disbursement from the ministry's donation account
// saved by the administrator and waiting for approval. They run after the provide-resource and money
// donation seeds, which put the blankets and the money there. Added only when none exists yet.

async function idOf(em: EntityManager, table: string, code: string): Promise<number | undefined> {
  const [row] = await em
    .getConnection()
    .execute<{ id: number }[]>(`select id from ${table} where code = ?`, [code]);
  return row?.id;
}

export async function seedDemoDisbursements(em: EntityManager): Promise<string> {
  if ((await em.count(resourceDisbursement.entity, {})) || (await em.count(moneyDisbursement.entity, {})))
    return 'present';
  const officer = await sessionOf(em, 'officer.demo');
  const approver = await sessionOf(em, 'approver1.demo');
  const admin = await sessionOf(em, 'admin.demo');
  const storage = await idOf(em, 'ref_storage', 'ST-P38-SDW');
  const blanket = await idOf(em, 'ref_resource', 'BLANKET');
  const account = await idOf(em, 'ref_money_account', 'AC-OPS-ACC');
  if (!officer || !approver || !admin || !storage || !blanket || !account)
    return 'skipped: demo users or reference data missing';

  const goods = new DocumentService(em.fork(), officer, resourceDisbursement);
  const { id } = await goods.create({
    header: {
      storage,
      recipientName: 'ศูนย์พักพิงชั่วคราว อำเภอเมืองเชียงใหม่',
      purpose: 'ช่วยเหลือผู้ประสบอุทกภัย (ข้อมูลตัวอย่าง)',
    },
    lines: [{ resource: blanket, quantity: '20', lot: 'PV-DDPM-01' }],
    remark: 'ข้อมูลตัวอย่าง / Demo data',
  });
  await new DocumentService(em.fork(), officer, resourceDisbursement).transition(id, {
    action: 'SUBMIT',
    version: 1,
  });
  await new DocumentService(em.fork(), approver, resourceDisbursement).transition(id, {
    action: 'APPROVE',
    version: 2,
  });
  const money = await new DocumentService(em.fork(), admin, moneyDisbursement).create({
    header: {
      moneyAccount: account,
      amount: '5000.00',
      recipientName: 'นางสมศรี ใจดี',
      recipientBank: '002',
      recipientAccountNumber: '1234567890',
      purpose: 'เงินช่วยเหลือผู้ประสบภัย (ข้อมูลตัวอย่าง)',
    },
    remark: 'ข้อมูลตัวอย่าง รออนุมัติ / Demo data, waiting for approval',
  });
  await new DocumentService(em.fork(), admin, moneyDisbursement).transition(money.id, {
    action: 'SUBMIT',
    version: 1,
  });
  return '20 blankets approved (reserved) from the Chiang Mai storage; 5,000.00 baht waiting for approval';
}
