import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../kits/core/user.entity';
import { DocumentService } from '../../kits/documents/document.service';
import { menuCatalogue } from '../../platform/auth/menu-catalogue';
import type { AuthState } from '../../platform/auth/principal';
import { provideResource } from './provide-resource.document';

// Demo provide-resource documents for a first start, written through the document kit as people
// would: one received from the disaster department and confirmed into the Chiang Mai storage (saved
// by its officer, confirmed by the administrator), one saved and waiting for confirmation in Khon Kaen.
// Added only when no provide-resource document exists yet.

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

export async function seedDemoProvideResource(em: EntityManager): Promise<string> {
  if (await em.count(provideResource.entity, {})) return 'present';
  const officer = await em.findOne(User, { username: 'officer.demo' });
  const admin = await em.findOne(User, { username: 'admin.demo' });
  if (!officer || !admin) return 'skipped: no demo accounts';
  const storages = await idsByCode(em, 'ref_storage', ['ST-P38-SDW', 'ST-P28-DON']);
  const offices = await idsByCode(em, 'ref_external_office', ['DDPM', 'TRC']);
  const resources = await idsByCode(em, 'ref_resource', ['BLANKET', 'FIRST-AID-KIT', 'SURVIVAL-BAG']);
  if (storages.size < 2 || offices.size < 2 || resources.size < 3)
    return 'skipped: demo reference data missing';

  const { id: received } = await new DocumentService(em.fork(), actingAs(officer), provideResource).create({
    header: {
      supplier: offices.get('DDPM'),
      budgetSource: 'TRANSFERRED',
      storage: storages.get('ST-P38-SDW'),
      receivedDate: day(-3),
    },
    lines: [
      { resource: resources.get('BLANKET'), quantity: '100', unitValue: '180.00', lot: 'PV-DDPM-01' },
      // Not first-aid kits or rice: the browser test counts those in this storage lot by lot.
      { resource: resources.get('SURVIVAL-BAG'), quantity: '30', unitValue: '450.00', lot: 'PV-DDPM-02' },
    ],
    remark: 'รับมอบจากกรมป้องกันและบรรเทาสาธารณภัย (ข้อมูลตัวอย่าง) / Received from DDPM (demo data)',
  });
  await new DocumentService(em.fork(), actingAs(admin), provideResource).transition(received, {
    action: 'CONFIRM',
    version: 1,
  });
  await new DocumentService(em.fork(), actingAs(admin), provideResource).create({
    header: {
      supplier: offices.get('TRC'),
      budgetSource: 'OFF_BUDGET',
      storage: storages.get('ST-P28-DON'),
      receivedDate: day(0),
    },
    lines: [{ resource: resources.get('SURVIVAL-BAG'), quantity: '50', unitValue: '450.00' }],
    remark:
      'ถุงยังชีพจากสภากาชาดไทย รอยืนยัน (ข้อมูลตัวอย่าง) / Survival bags from the Red Cross, to confirm (demo data)',
  });
  return 'one confirmed provide-resource in the Chiang Mai storage, one saved in Khon Kaen';
}
