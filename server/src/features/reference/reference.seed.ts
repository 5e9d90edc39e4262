import type { EntityManager } from '@mikro-orm/postgresql';
import { type ReferenceRow, type ReferenceType } from '../../kits/reference/reference-kit';
import { statusWhere } from '../../kits/reference/reference-rows';
import { countingUnit } from './types/counting-unit.reference';
import { donator } from './types/donator.reference';
import { externalOffice } from './types/external-office.reference';
import { missingExcessReason } from './types/missing-excess-reason.reference';
import { moneyAccount } from './types/money-account.reference';
import { resource } from './types/resource.reference';
import { resourceMain } from './types/resource-main.reference';
import { resourceSub } from './types/resource-sub.reference';
import { sizeWeight } from './types/size-weight.reference';
import { storage } from './types/storage.reference';

/** A demo item: its code and names, other fields by name; a reference is given by its target's code. */
type DemoItem = { code: string; nameTh: string; nameEn?: string } & Record<string, unknown>;

export const demoCountingUnits: DemoItem[] = [
  { code: 'PIECE', nameTh: 'ชิ้น', nameEn: 'piece', abbreviation: 'ชิ้น' },
  { code: 'BOX', nameTh: 'กล่อง', nameEn: 'box', abbreviation: 'กล.' },
  { code: 'PACK', nameTh: 'แพ็ค', nameEn: 'pack', abbreviation: 'แพ็ค' },
  { code: 'BOTTLE', nameTh: 'ขวด', nameEn: 'bottle', abbreviation: 'ขวด' },
  { code: 'KG', nameTh: 'กิโลกรัม', nameEn: 'kilogram', abbreviation: 'กก.' },
  { code: 'LITRE', nameTh: 'ลิตร', nameEn: 'litre', abbreviation: 'ล.' },
  { code: 'SET', nameTh: 'ชุด', nameEn: 'set', abbreviation: 'ชุด' },
  { code: 'BAG', nameTh: 'ถุง', nameEn: 'bag', abbreviation: 'ถุง' },
];

/** The demo reference data, in dependency order. */
export const demoReferenceData: [ReferenceType, DemoItem[]][] = [
  [countingUnit, demoCountingUnits],
  [
    sizeWeight,
    [
      {
        code: 'S',
        nameTh: 'เล็ก',
        nameEn: 'Small',
        widthCm: '20',
        lengthCm: '30',
        heightCm: '15',
        weightKg: '1',
      },
      {
        code: 'M',
        nameTh: 'กลาง',
        nameEn: 'Medium',
        widthCm: '40',
        lengthCm: '50',
        heightCm: '30',
        weightKg: '5',
      },
      {
        code: 'L',
        nameTh: 'ใหญ่',
        nameEn: 'Large',
        widthCm: '60',
        lengthCm: '80',
        heightCm: '50',
        weightKg: '20',
      },
    ],
  ],
  [
    resourceMain,
    [
      { code: 'FOOD', nameTh: 'อาหารและเครื่องดื่ม', nameEn: 'Food and drink' },
      { code: 'CONSUMER', nameTh: 'เครื่องอุปโภค', nameEn: 'Consumer goods' },
      { code: 'MEDICAL', nameTh: 'เวชภัณฑ์', nameEn: 'Medical supplies' },
    ],
  ],
  [
    resourceSub,
    [
      { code: 'DRY-FOOD', nameTh: 'อาหารแห้ง', nameEn: 'Dry food', resourceMain: 'FOOD' },
      { code: 'DRINK', nameTh: 'น้ำดื่ม', nameEn: 'Drinking water', resourceMain: 'FOOD' },
      { code: 'BEDDING', nameTh: 'เครื่องนอน', nameEn: 'Bedding', resourceMain: 'CONSUMER' },
      { code: 'HYGIENE', nameTh: 'ของใช้ส่วนตัว', nameEn: 'Hygiene', resourceMain: 'CONSUMER' },
      { code: 'FIRST-AID', nameTh: 'ปฐมพยาบาล', nameEn: 'First aid', resourceMain: 'MEDICAL' },
    ],
  ],
  [
    resource,
    [
      {
        code: 'RICE-5KG',
        nameTh: 'ข้าวสาร 5 กิโลกรัม',
        nameEn: 'Rice, 5 kg',
        resourceSub: 'DRY-FOOD',
        countingUnit: 'BAG',
        sizeWeight: 'S',
        character: 'NEW',
      },
      {
        code: 'NOODLE',
        nameTh: 'บะหมี่กึ่งสำเร็จรูป',
        nameEn: 'Instant noodles',
        resourceSub: 'DRY-FOOD',
        countingUnit: 'PACK',
        character: 'NEW',
      },
      {
        code: 'WATER-600',
        nameTh: 'น้ำดื่ม 600 มล.',
        nameEn: 'Water, 600 ml',
        resourceSub: 'DRINK',
        countingUnit: 'BOTTLE',
        character: 'NEW',
      },
      {
        code: 'BLANKET',
        nameTh: 'ผ้าห่ม',
        nameEn: 'Blanket',
        resourceSub: 'BEDDING',
        countingUnit: 'PIECE',
        sizeWeight: 'M',
        character: 'NEW',
      },
      {
        code: 'SURVIVAL-BAG',
        nameTh: 'ถุงยังชีพ',
        nameEn: 'Survival bag',
        resourceSub: 'HYGIENE',
        countingUnit: 'SET',
        sizeWeight: 'M',
        character: 'NEW',
      },
      {
        code: 'FIRST-AID-KIT',
        nameTh: 'ชุดปฐมพยาบาล',
        nameEn: 'First-aid kit',
        resourceSub: 'FIRST-AID',
        countingUnit: 'BOX',
        character: 'NEW',
      },
    ],
  ],
  [
    storage,
    [
      {
        code: 'ST-P38-SDW',
        nameTh: 'คลังสิ่งของ ศูนย์พัฒนาสังคม เชียงใหม่',
        nameEn: 'Chiang Mai social development storage',
        ownerUnit: 'OPS-P38-SDW',
      },
      {
        code: 'ST-P28-DON',
        nameTh: 'คลังรับบริจาค ขอนแก่น',
        nameEn: 'Khon Kaen donation storage',
        ownerUnit: 'DSDW-P28-DON',
      },
      {
        code: 'ST-OPS-SUP',
        nameTh: 'คลังพัสดุส่วนกลาง',
        nameEn: 'Central supply storage',
        ownerUnit: 'OPS-FIN-SUP',
      },
    ],
  ],
  [
    moneyAccount,
    [
      {
        code: 'AC-OPS-ACC',
        nameTh: 'เงินบริจาค สำนักงานปลัดกระทรวง',
        nameEn: 'Office of the Permanent Secretary donations',
        ownerUnit: 'OPS-FIN-ACC',
        bankCode: '006',
        accountNumber: '0000000001',
        branch: 'กระทรวงการพัฒนาสังคมฯ',
        // The department's tax id (organisation.demo-data.ts): the public page shows its PromptPay QR.
        promptPayId: '0994000158343',
      },
      {
        code: 'AC-P28-DON',
        nameTh: 'เงินบริจาค ขอนแก่น',
        nameEn: 'Khon Kaen donations',
        ownerUnit: 'DSDW-P28-DON',
        bankCode: '002',
        accountNumber: '0000000002',
      },
      {
        // The Chiang Mai group's own account: its officer receives and pays money through it.
        code: 'AC-P38-SDW',
        nameTh: 'เงินบริจาค กลุ่มการพัฒนาสังคมและสวัสดิการ เชียงใหม่',
        nameEn: 'Chiang Mai social development donations',
        ownerUnit: 'OPS-P38-SDW',
        bankCode: '006',
        accountNumber: '0000000003',
      },
    ],
  ],
  [
    missingExcessReason,
    [
      { code: 'DAMAGED', nameTh: 'ชำรุดเสียหาย', nameEn: 'Damaged', direction: 'MISSING' },
      { code: 'EXPIRED', nameTh: 'หมดอายุ', nameEn: 'Expired', direction: 'MISSING' },
      { code: 'COUNT-ERROR', nameTh: 'นับผิดพลาด', nameEn: 'Counting error', direction: 'BOTH' },
      {
        code: 'UNRECORDED',
        nameTh: 'รับโดยไม่ได้บันทึก',
        nameEn: 'Received but not recorded',
        direction: 'EXCESS',
      },
    ],
  ],
  [
    externalOffice,
    [
      {
        code: 'TRC',
        nameTh: 'สภากาชาดไทย',
        nameEn: 'Thai Red Cross Society',
        sector: 'FOUNDATION',
        phone: '02 256 4000',
      },
      {
        code: 'DDPM',
        nameTh: 'กรมป้องกันและบรรเทาสาธารณภัย',
        nameEn: 'Department of Disaster Prevention and Mitigation',
        sector: 'GOVERNMENT',
        phone: '1784 000 000',
      },
    ],
  ],
  [
    donator,
    [
      {
        code: 'DN-000001',
        nameTh: 'บริษัท ตัวอย่างใจดี จำกัด',
        nameEn: 'Example Kindness Co., Ltd.',
        donorType: 'JURISTIC',
        taxId: '0105556000017',
        email: 'csr@example.com',
      },
      { code: 'DN-000002', nameTh: 'ผู้ไม่ประสงค์ออกนาม', donorType: 'ANONYMOUS' },
      // The demo donor account's own record (donor.demo@example.com): its history is linked by this e-mail.
      {
        code: 'DN-000003',
        nameTh: 'สมใจ ผู้บริจาคทดลอง',
        donorType: 'PERSON',
        taxId: '1100100000018',
        email: 'donor.demo@example.com',
        phone: '081 000 0003',
      },
    ],
  ],
];

/** Adds the demo items whose codes are missing; references are looked up by code. */
export async function seedReferenceItems(
  em: EntityManager,
  type: ReferenceType,
  items: DemoItem[],
): Promise<number> {
  let added = 0;
  const present = new Set(
    (await em.find(type.entity, { code: { $in: items.map((i) => i.code) } }, { fields: ['code'] })).map(
      (r) => r.code,
    ),
  );
  for (const item of items) {
    if (present.has(item.code)) continue;
    const data: Record<string, unknown> = { ...statusWhere(type, 'A') };
    let complete = true;
    for (const [name, value] of Object.entries(item)) {
      const f = type.fields.find((x) => x.name === name);
      if (f?.kind === 'reference' && typeof value === 'string') {
        const target = (f.refType as () => ReferenceType)();
        const row = await em.findOne(target.entity, { code: value });
        if (!row) complete = false;
        data[name] = row;
      } else data[name] = value;
    }
    if (!complete) continue;
    em.persist(em.create(type.entity, data as ReferenceRow));
    added++;
  }
  await em.flush();
  return added;
}

export async function seedDemoReferenceData(em: EntityManager): Promise<number> {
  let added = 0;
  for (const [type, items] of demoReferenceData) added += await seedReferenceItems(em, type, items);
  return added;
}
