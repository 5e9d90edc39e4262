import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../kits/core/user.entity';
import { DocumentService } from '../../kits/documents/document.service';
import type { DocumentType } from '../../kits/documents/document-kit';
import { menuCatalogue } from '../../platform/auth/menu-catalogue';
import type { AuthState } from '../../platform/auth/principal';
import { fiscalYearBE } from '../../platform/dates';
import { resourceMinimum } from '../reference';
import { initialMoney } from './initial-money.document';
import { stockAdjustment } from './stock-adjustment.document';
import { stockTransfer } from './stock-transfer.document';

// Demo stock for a first start: opening balances in the demo storages, a transfer on its way, one
// saved and not sent yet (its goods show as reserved in the central storage), initial money in the demo accounts and minimum levels, two of them not met, so every inventory
// screen and the public short-supply list show something. All of it goes through the document kit
// and the ledger, as a person's work would. Added only when no adjustment exists yet.

const day = (daysFromNow: number) =>
  new Date(Date.now() + daysFromNow * 86_400_000).toISOString().slice(0, 10);

type Line = { resource: string; lot?: string; expiry?: number; quantity: string; unitValue: string };

const opening: Record<string, Line[]> = {
  'ST-P28-DON': [
    { resource: 'WATER-600', lot: 'W-2569-01', expiry: 20, quantity: '120', unitValue: '7.00' },
    { resource: 'NOODLE', lot: 'N-2569-03', expiry: 150, quantity: '600', unitValue: '6.50' },
    { resource: 'SURVIVAL-BAG', quantity: '40', unitValue: '450.00' },
    { resource: 'BLANKET', quantity: '150', unitValue: '180.00' },
  ],
  'ST-P38-SDW': [
    { resource: 'RICE-5KG', lot: 'R-2569-11', expiry: 300, quantity: '80', unitValue: '165.00' },
    { resource: 'FIRST-AID-KIT', lot: 'FA-01', expiry: 25, quantity: '30', unitValue: '320.00' },
    { resource: 'BLANKET', quantity: '90', unitValue: '180.00' },
  ],
  'ST-OPS-SUP': [
    { resource: 'NOODLE', lot: 'N-2569-01', expiry: 60, quantity: '1200', unitValue: '6.50' },
    { resource: 'SURVIVAL-BAG', quantity: '300', unitValue: '450.00' },
    { resource: 'WATER-600', lot: 'W-2569-02', expiry: 200, quantity: '2400', unitValue: '7.00' },
  ],
};

/** Storage, resource, minimum: the Khon Kaen storage is short of water and survival bags. */
const minimums: [string, string, string][] = [
  ['ST-P28-DON', 'WATER-600', '500'],
  ['ST-P28-DON', 'SURVIVAL-BAG', '100'],
  ['ST-P28-DON', 'BLANKET', '100'],
  ['ST-P38-SDW', 'BLANKET', '50'],
];

async function idsByCode(em: EntityManager, table: string, codes: string[]): Promise<Map<string, number>> {
  const rows = await em
    .getConnection()
    .execute<{ id: number; code: string }[]>(
      `select id, code from ${table} where code in (${codes.map(() => '?').join(', ')})`,
      codes,
    );
  return new Map(rows.map((r) => [r.code, r.id]));
}

export async function seedDemoStock(em: EntityManager): Promise<string> {
  if (await em.count(stockAdjustment.entity, {})) return 'present';
  const admin = await em.findOne(User, { username: 'admin.demo' });
  if (!admin) return 'skipped: no demo administrator';
  const auth: AuthState = {
    principal: {
      userId: admin.id,
      sessionId: 'demo-seed',
      kind: 'STAFF',
      username: admin.username,
      groupCode: 'UG-A01',
      menuCodes: new Set(menuCatalogue.map((m) => m.code)),
      unitId: null,
      unitPath: null,
    },
    failure: null,
  };
  const storages = await idsByCode(em, 'ref_storage', Object.keys(opening));
  const resources = await idsByCode(em, 'ref_resource', [
    ...new Set(Object.values(opening).flatMap((lines) => lines.map((l) => l.resource))),
  ]);
  const reasons = await idsByCode(em, 'ref_missing_excess_reason', ['UNRECORDED']);
  const accounts = await idsByCode(em, 'ref_money_account', ['AC-OPS-ACC', 'AC-P28-DON', 'AC-P38-SDW']);
  if (storages.size < 3 || !reasons.size) return 'skipped: demo reference data missing';
  const act = async (
    type: DocumentType,
    input: Parameters<DocumentService['create']>[0],
    actions: string[],
  ) => {
    const service = new DocumentService(em.fork(), auth, type);
    const { id } = await service.create(input);
    let version = 1;
    for (const action of actions) {
      await new DocumentService(em.fork(), auth, type).transition(id, { action, version });
      version++;
    }
  };
  for (const [storage, lines] of Object.entries(opening)) {
    await act(
      stockAdjustment,
      {
        header: { storage: storages.get(storage) },
        remark: 'ยอดยกมา (ข้อมูลตัวอย่าง) / Opening stock (demo data)',
        lines: lines.map((l) => ({
          resource: resources.get(l.resource),
          lot: l.lot ?? null,
          expiryDate: l.expiry === undefined ? null : day(l.expiry),
          quantity: l.quantity,
          unitValue: l.unitValue,
          reason: reasons.get('UNRECORDED'),
        })),
      },
      ['POST'],
    );
  }
  await act(
    stockTransfer,
    {
      header: { fromStorage: storages.get('ST-OPS-SUP'), toStorage: storages.get('ST-P28-DON') },
      lines: [{ resource: resources.get('NOODLE'), quantity: '200' }],
      remark: 'ส่งบะหมี่ให้ขอนแก่น (ข้อมูลตัวอย่าง) / Noodles for Khon Kaen (demo data)',
    },
    ['SEND'],
  );
  await act(
    stockTransfer,
    {
      header: { fromStorage: storages.get('ST-OPS-SUP'), toStorage: storages.get('ST-P38-SDW') },
      lines: [
        { resource: resources.get('SURVIVAL-BAG'), quantity: '60' },
        { resource: resources.get('WATER-600'), quantity: '480' },
      ],
      remark: 'ถุงยังชีพและน้ำดื่มรอส่งเชียงใหม่ (ข้อมูลตัวอย่าง) / Survival bags and water for Chiang Mai (demo data)',
    },
    [],
  );
  const budgetYear = fiscalYearBE();
  for (const [code, amount] of [
    ['AC-OPS-ACC', '250000.00'],
    ['AC-P28-DON', '48500.00'],
    ['AC-P38-SDW', '20000.00'],
  ]) {
    const account = accounts.get(code);
    if (account) await act(initialMoney, { header: { moneyAccount: account, budgetYear, amount } }, ['POST']);
  }
  for (const [storage, resource, minimumQuantity] of minimums) {
    const code = `${resource}@${storage}`;
    if (await em.count(resourceMinimum.entity, { code })) continue;
    em.create(resourceMinimum.entity, {
      code,
      nameTh: `${resource} – ${storage}`,
      nameEn: null,
      resource: resources.get(resource),
      storage: storages.get(storage),
      minimumQuantity,
      statusCode: 'A',
    } as never);
  }
  await em.flush();
  return 'stock, a transfer in transit, a saved transfer holding a reservation, initial money and minimum levels';
}
