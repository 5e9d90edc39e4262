import type { EntityManager } from '@mikro-orm/postgresql';
import { OrganisationUnit } from '../../kits/core/organisation.entity';
import { User } from '../../kits/core/user.entity';
import { DocumentService, type TransitionInput } from '../../kits/documents/document.service';
import type { DocumentInput } from '../../kits/documents/document-input';
import type { AuthState } from '../../platform/auth/principal';
import { UserGroupService } from '../user-groups';
import { goodsDonation } from './goods-donation.document';

// Demo goods donations for a first start, one in each step of the workflow, received by the Chiang Mai
// division into its storage: made and screened by its officer, approved by the two demo approvers
// (maker-checker holds: three people). The approved one is in stock under a lot of its own, so the
// inventory views show a donation as its source. All through the document kit, as people would.
// Added only when no goods donation exists yet.

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

async function idsByCode(em: EntityManager, table: string, codes: string[]): Promise<Map<string, number>> {
  const found = await em
    .getConnection()
    .execute<{ id: number; code: string }[]>(
      `select id, code from ${table} where code in (${codes.map(() => '?').join(', ')})`,
      codes,
    );
  return new Map(found.map((r) => [r.code, r.id]));
}

async function staff(em: EntityManager, username: string): Promise<AuthState | null> {
  const user = await em.findOne(User, { username }, { populate: ['organisationUnit', 'userGroup'] });
  if (!user) return null;
  const unit = user.organisationUnit ? await user.organisationUnit.load() : null;
  return {
    principal: {
      userId: user.id,
      sessionId: 'demo-seed',
      kind: 'STAFF',
      username: user.username,
      groupCode: user.userGroup.code,
      menuCodes: await new UserGroupService(em).activeMenuCodes(user.userGroup.code),
      unitId: unit?.id ?? null,
      unitPath: unit?.path ?? null,
    },
    failure: null,
  };
}

export async function seedDemoGoodsDonations(em: EntityManager): Promise<string> {
  if (await em.count(goodsDonation.entity, {})) return 'present';
  const [officer, approver1, approver2] = await Promise.all(
    ['officer.demo', 'approver1.demo', 'approver2.demo'].map((u) => staff(em.fork(), u)),
  );
  if (!officer || !approver1 || !approver2) return 'skipped: demo staff missing';
  const unit = await em.findOne(OrganisationUnit, { code: 'OPS-P38-SDW' });
  const storages = await idsByCode(em, 'ref_storage', ['ST-P38-SDW']);
  const donors = await idsByCode(em, 'ref_donator', ['DN-000001', 'DN-000002']);
  const resources = await idsByCode(em, 'ref_resource', ['BLANKET', 'NOODLE', 'WATER-600']);
  if (!unit || !storages.size || donors.size < 2 || resources.size < 3) return 'skipped: demo data missing';

  const header = (donor: string, daysAgo: number, objective: string) => ({
    donator: donors.get(donor),
    receivingUnit: unit.id,
    storage: storages.get('ST-P38-SDW'),
    donationDate: day(daysAgo),
    objective,
  });
  const line = (code: string, quantity: string, unitValue: string, extra: Record<string, unknown> = {}) => ({
    resource: resources.get(code),
    character: 'NEW',
    quantity,
    unitValue,
    priceFrom: 'RECEIPT',
    ...extra,
  });
  const run = async (input: DocumentInput, steps: [AuthState, Omit<TransitionInput, 'version'>][]) => {
    const { id } = await new DocumentService(em.fork(), officer, goodsDonation).create(input);
    let version = 1;
    for (const [who, step] of steps) {
      await new DocumentService(em.fork(), who, goodsDonation).transition(id, { ...step, version });
      version++;
    }
    return id;
  };
  /** The screening of each line: all accepted, or the given quantity rejected with its reason. */
  const screened = async (id: number, rejected: Record<number, [string, string]> = {}) => {
    const doc = await new DocumentService(em.fork(), officer, goodsDonation).get(id);
    return doc.lines.map((l) => {
      const [quantity, reason] = rejected[l.lineNo] ?? ['0', null];
      const accepted = (Number(l.quantity) - Number(quantity)).toString();
      return {
        id: l.id,
        values: {
          acceptedQuantity: accepted,
          rejectedQuantity: quantity,
          screenStatus:
            Number(quantity) === 0 ? 'ACCEPTED' : Number(accepted) === 0 ? 'REJECTED' : 'PARTLY_ACCEPTED',
          classification: Number(accepted) > 0 ? 'URGENT' : null,
          screenReason: reason,
        },
      };
    });
  };

  // A draft still being written, and one waiting for screening.
  await run(
    { header: header('DN-000002', 1, 'DISASTER_COLD'), lines: [line('BLANKET', '30', '150.00')] },
    [],
  );
  await run(
    {
      header: header('DN-000001', 2, 'DISASTER_FLOOD'),
      lines: [line('WATER-600', '600', '6.00', { lot: 'DN-W-01', expiryDate: day(-365) })],
      remark: 'รอคัดกรอง (ข้อมูลตัวอย่าง) / Waiting for screening (demo data)',
    },
    [[officer, { action: 'SUBMIT' }]],
  );
  // Screened with part of the noodles rejected, waiting for level-1 approval.
  const waiting = await run(
    {
      header: header('DN-000001', 5, 'DISASTER_FLOOD'),
      lines: [line('NOODLE', '500', '6.00', { lot: 'DN-N-01', expiryDate: day(-200) })],
      remark: 'รออนุมัติระดับที่ 1 (ข้อมูลตัวอย่าง) / Waiting for level-1 approval (demo data)',
    },
    [[officer, { action: 'SUBMIT' }]],
  );
  await new DocumentService(em.fork(), officer, goodsDonation).transition(waiting, {
    action: 'SCREEN',
    version: 2,
    lines: await screened(waiting, { 1: ['20', 'บรรจุภัณฑ์ชำรุด / Damaged packs'] }),
  });
  // Approved at both levels: the accepted blankets are in the storage under the donation's lot.
  const approved = await run(
    {
      header: header('DN-000001', 10, 'DISASTER_COLD'),
      lines: [line('BLANKET', '100', '180.00', { lot: 'DN-B-01', character: 'NEW' })],
      remark: 'รับเข้าคลังแล้ว (ข้อมูลตัวอย่าง) / In stock (demo data)',
    },
    [[officer, { action: 'SUBMIT' }]],
  );
  await new DocumentService(em.fork(), officer, goodsDonation).transition(approved, {
    action: 'SCREEN',
    version: 2,
    lines: await screened(approved, { 1: ['5', 'เปื้อนคราบ / Stained'] }),
  });
  await new DocumentService(em.fork(), approver1, goodsDonation).transition(approved, {
    action: 'APPROVE_1',
    version: 3,
  });
  await new DocumentService(em.fork(), approver2, goodsDonation).transition(approved, {
    action: 'APPROVE_2',
    version: 4,
  });
  return 'goods donations: a draft, one waiting for screening, one for approval, one in stock';
}
