import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../kits/core/user.entity';
import { DocumentService } from '../../kits/documents/document.service';
import { menuCatalogue } from '../../platform/auth/menu-catalogue';
import type { AuthState } from '../../platform/auth/principal';
import { distribution } from './distribution.document';
import { supportRequest } from './support-request.document';

// Demo support requests and distributions for a first start, written through the document kit as
// people would. Support requests to the Chiang Mai division (made by its officer): one from the
// disaster department approved in part by the level-1 approver, one from a person waiting for
// approval. Distributions of noodles from the central storage (made by the administrator): one
// approved (200 packs into the Chiang Mai storage, 100 to a community), one waiting for approval (its
// 50 packs reserved). Not the rice, first-aid kits or the Khon Kaen storage's short goods: the browser
// tests and the short-supply list count those. Added only when none of a type exists yet.

const day = (daysFromNow: number) =>
  new Date(Date.now() + daysFromNow * 86_400_000).toISOString().slice(0, 10);

async function idsByCode(em: EntityManager, table: string, codes: string[]): Promise<Map<string, number>> {
  const rows = await em
    .getConnection()
    .execute<{ id: number; code: string }[]>(
      `select id, code from ${table} where code in (${codes.map(() => '?').join(', ')})`,
      codes,
    );
  return new Map(rows.map((r) => [r.code, r.id]));
}

/** A demo user acting with every menu, for the seed only. */
const actingAs = (user: User): AuthState => ({
  principal: {
    userId: user.id,
    sessionId: 'demo-seed',
    kind: 'STAFF',
    username: user.username,
    groupCode: 'UG-A01',
    menuCodes: new Set(menuCatalogue.map((m) => m.code)),
    unitId: null,
    unitPath: null,
  },
  failure: null,
});

export async function seedDemoGivingOut(em: EntityManager): Promise<string> {
  const users = new Map(
    (await em.find(User, { username: { $in: ['officer.demo', 'approver1.demo', 'admin.demo'] } })).map(
      (u) => [u.username, u],
    ),
  );
  const officer = users.get('officer.demo');
  const approver = users.get('approver1.demo');
  const admin = users.get('admin.demo');
  if (!officer || !approver || !admin) return 'skipped: no demo accounts';
  const units = await idsByCode(em, 'organisation_unit', ['OPS-P38-SDW']);
  const storages = await idsByCode(em, 'ref_storage', ['ST-OPS-SUP', 'ST-P38-SDW']);
  const offices = await idsByCode(em, 'ref_external_office', ['DDPM']);
  const resources = await idsByCode(em, 'ref_resource', ['BLANKET', 'SURVIVAL-BAG', 'NOODLE']);
  if (!units.size || storages.size < 2 || !offices.size || resources.size < 3)
    return 'skipped: demo reference data missing';
  const done: string[] = [];
  const as = (user: User, type: typeof supportRequest) =>
    new DocumentService(em.fork(), actingAs(user), type);

  if (!(await em.count(supportRequest.entity, {}))) {
    const { id } = await as(officer, supportRequest).create({
      header: {
        unit: units.get('OPS-P38-SDW'),
        requesterKind: 'OFFICE',
        requesterOffice: offices.get('DDPM'),
        receiverType: 'COMMUNITY',
        province: '38', // Chiang Mai (the geography dataset's id), the division's own province
        requestDate: day(-2),
        urgency: 'VERY_URGENT',
        purpose: 'ช่วยเหลือผู้ประสบอุทกภัย อำเภอเมืองเชียงใหม่ / Flood relief, Mueang Chiang Mai',
      },
      lines: [
        { resource: resources.get('BLANKET'), quantity: '80' },
        { resource: resources.get('SURVIVAL-BAG'), quantity: '40' },
        { amount: '50000.00' },
      ],
      remark: 'ข้อมูลตัวอย่าง / demo data',
    });
    await as(officer, supportRequest).transition(id, { action: 'SUBMIT', version: 1 });
    const lines = await em
      .fork()
      .find(supportRequest.lineEntity, { document: id }, { orderBy: { lineNo: 'asc' } });
    await as(approver, supportRequest).transition(id, {
      action: 'APPROVE',
      version: 2,
      lines: [
        { id: lines[0].id, values: { approvedQuantity: '60' } },
        { id: lines[2].id, values: { approvedAmount: '30000.00' } },
      ],
    });
    const { id: waiting } = await as(officer, supportRequest).create({
      header: {
        unit: units.get('OPS-P38-SDW'),
        requesterKind: 'PERSON',
        requesterName: 'นางสมศรี ใจดี',
        receiverType: 'HOUSEHOLD',
        province: '38', // Chiang Mai (the geography dataset's id)
        requestDate: day(0),
        urgency: 'URGENT',
        purpose: 'บ้านถูกไฟไหม้ ขอเครื่องนุ่งห่มและเงินช่วยเหลือ / House fire: bedding and money',
      },
      lines: [{ resource: resources.get('BLANKET'), quantity: '4' }, { amount: '5000.00' }],
      remark: 'ข้อมูลตัวอย่าง / demo data',
    });
    await as(officer, supportRequest).transition(waiting, { action: 'SUBMIT', version: 1 });
    done.push('two support requests (one approved, one waiting)');
  }

  if (!(await em.count(distribution.entity, {}))) {
    const header = {
      fromStorage: storages.get('ST-OPS-SUP'),
      distributionDate: day(-1),
      objective: 'DISASTER_FLOOD',
    };
    const { id } = await as(admin, distribution).create({
      header,
      lines: [
        { resource: resources.get('NOODLE'), quantity: '200', toStorage: storages.get('ST-P38-SDW') },
        {
          resource: resources.get('NOODLE'),
          quantity: '100',
          recipientName: 'ชุมชนบ้านหนองเดิ่น อำเภอบุ่งคล้า',
          receiverType: 'COMMUNITY',
        },
      ],
      remark: 'ข้อมูลตัวอย่าง / demo data',
    });
    await as(admin, distribution).transition(id, { action: 'SUBMIT', version: 1 });
    await as(approver, distribution).transition(id, { action: 'APPROVE', version: 2 });
    const { id: waiting } = await as(admin, distribution).create({
      header: { ...header, distributionDate: day(0), objective: 'HOMELESS' },
      lines: [
        {
          resource: resources.get('NOODLE'),
          quantity: '50',
          recipientName: 'สถานคุ้มครองคนไร้ที่พึ่ง (ตัวอย่าง)',
          receiverType: 'WELFARE_INSTITUTION',
        },
      ],
      remark: 'ข้อมูลตัวอย่าง / demo data',
    });
    await as(admin, distribution).transition(waiting, { action: 'SUBMIT', version: 1 });
    done.push('two distributions (one approved, one waiting with its goods reserved)');
  }
  return done.length ? done.join('; ') : 'present';
}
