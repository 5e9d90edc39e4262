import type { EntitySchema } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { District, Province, SubDistrict } from '../../../kits/core/geography.entity';
import type { OfficeTypeCode } from '../../../kits/core/organisation.entity';
import {
  allowedChildTypes,
  OfficeType,
  ORGANISATION_ONE_ROOT,
  OrganisationUnit,
  OrganisationUnitSchema,
} from '../../../kits/core/organisation.entity';
import { defineReferenceType } from '../../../kits/reference/reference-define';
import { type FieldError, field, optionsOf, type ReferenceRow } from '../../../kits/reference/reference-kit';
import { inScope, reachesEverything } from '../../../platform/auth/data-scope';
import type { Principal } from '../../../platform/auth/principal';
import { OrganisationService, officeTypes } from '../../organisation';

const error = (name: string, messageTh: string, messageEn: string): FieldError => ({
  field: name,
  messageTh,
  messageEn,
});

const rootExists = error(
  'parent',
  'มีหน่วยงานระดับบนสุด (กระทรวง) แล้ว กรุณาระบุหน่วยงานที่สังกัด',
  'The organisation already has its top unit (the ministry): choose a parent agency',
);

/**
 * A unit without a parent is the root: the ministry (product-decisions sec. 1). The existing root
 * stays the root; a new one is created only while the tree has none, by someone who reaches
 * everything (a system administrator, e.g. the first administrator of a new installation).
 */
async function rootErrors(
  tx: EntityManager,
  principal: Principal,
  type: OfficeTypeCode,
  existing: ReferenceRow | null,
): Promise<FieldError[]> {
  if (existing?.parent) return [error('parent', 'กรุณาระบุหน่วยงานที่สังกัด', 'Parent agency is required')];
  if (!existing) {
    if (!reachesEverything(principal)) {
      return [
        error(
          'parent',
          'กรุณาระบุหน่วยงานที่สังกัด (หน่วยงานระดับบนสุดสร้างได้โดยผู้ดูแลระบบเท่านั้น)',
          'Parent agency is required (only a system administrator creates the top unit)',
        ),
      ];
    }
    if (await tx.count(OrganisationUnit, { parent: null })) return [rootExists];
  }
  if (type !== OfficeType.Ministry) {
    return [
      error(
        'officeType',
        'หน่วยงานระดับบนสุดต้องเป็นประเภทกระทรวง',
        'The top unit must be of office type ministry (1)',
      ),
    ];
  }
  return [];
}

/**
 * Government info (save/view-goverment-info): the organisation tree itself, edited through the kit.
 * Its table is organisation_unit, whose entity the rest of the system uses; the kit adds the
 * tree's rules (office type under its parent's, no cycles, edits only in the caller's subtree).
 */
export const governmentInfo = defineReferenceType({
  type: 'GOVERNMENT_INFO',
  key: 'goverment-info',
  table: 'organisation_unit',
  label: { th: 'ส่วนราชการ', en: 'Government agency' },
  menus: { view: ['MN-009'], save: ['MN-008'] },
  scope: 'SUBTREE',
  entity: OrganisationUnitSchema as unknown as EntitySchema,
  statusProperty: 'active',
  fields: [
    field.code({ maxLength: 32 }),
    field.nameTh(),
    field.nameEn({ required: true }),
    field.enum('officeType', { th: 'ประเภทหน่วยงาน', en: 'Office type' }, optionsOf(officeTypes), {
      required: true,
      list: true,
      numeric: true,
    }),
    field.reference('parent', { th: 'สังกัด', en: 'Parent agency' }, () => governmentInfo, { list: true }),
    ...field.address(),
    field.decimal('latitude', { th: 'ละติจูด', en: 'Latitude' }, { scale: 6, min: -90, max: 90 }),
    field.decimal('longitude', { th: 'ลองจิจูด', en: 'Longitude' }, { scale: 6, min: -180, max: 180 }),
    field.phone(),
    field.text('openingHours', { th: 'เวลาทำการ', en: 'Opening hours' }, { maxLength: 255 }),
    field.boolean('acceptsDonations', { th: 'รับบริจาค', en: 'Accepts donations' }, { list: true }),
    // What its receipts print (docs/receipts.md): a unit without them takes the nearest unit above's.
    field.taxId('taxId', { th: 'เลขประจำตัวผู้เสียภาษีอากร', en: 'Tax id' }),
    field.text(
      'receiptStatement',
      { th: 'ข้อความการลดหย่อนภาษีในใบเสร็จ', en: 'Tax-deduction statement on receipts' },
      { maxLength: 1000 },
    ),
    field.text('receiptSignerName', { th: 'ผู้ลงนามในใบเสร็จ', en: 'Receipt signer' }, { maxLength: 255 }),
    field.text(
      'receiptSignerPosition',
      { th: 'ตำแหน่งผู้ลงนามในใบเสร็จ', en: 'Receipt signer’s position' },
      { maxLength: 255 },
    ),
  ],
  async beforeSave({ tx, principal, next, existing }) {
    const errors: FieldError[] = [];
    const type = next.officeType as OfficeTypeCode;
    const parentId = next.parent as number | null;
    if ((next.latitude === null) !== (next.longitude === null)) {
      errors.push(
        error('longitude', 'กรุณาระบุทั้งละติจูดและลองจิจูด', 'Give both latitude and longitude, or neither'),
      );
    }
    if (parentId === null) {
      errors.push(...(await rootErrors(tx, principal, type, existing)));
    } else {
      const parent = await tx.findOneOrFail(OrganisationUnit, { id: parentId });
      const moved = !existing || (existing.parent as { id: number } | null)?.id !== parentId;
      if (existing && parent.path.startsWith(existing.path as string)) {
        errors.push(
          error(
            'parent',
            'หน่วยงานที่สังกัดต้องไม่ใช่ตัวเองหรือหน่วยงานภายใต้',
            'The parent cannot be the agency itself or one below it',
          ),
        );
      } else if (!allowedChildTypes[parent.officeType as OfficeTypeCode]?.includes(type)) {
        errors.push(
          error(
            'officeType',
            'ประเภทหน่วยงานนี้อยู่ภายใต้หน่วยงานที่สังกัดไม่ได้',
            'This office type cannot sit under the chosen parent',
          ),
        );
      } else if (moved && !inScope(principal, parent.path)) {
        errors.push(
          error('parent', 'หน่วยงานที่สังกัดต้องอยู่ในสังกัดของท่าน', 'The parent must be within your own organisation'),
        );
      }
    }
    const subDistrictId = next.subDistrict as number | null;
    next.province = null;
    if (subDistrictId !== null) {
      const sub = await tx.findOneOrFail(SubDistrict, { id: subDistrictId });
      const district = await tx.findOneOrFail(District, { id: sub.district.id });
      next.province = tx.getReference(Province, district.province.id);
    }
    return errors;
  },
  // A concurrent second root passes the count above but not the database's partial unique index.
  constraintErrors: { [ORGANISATION_ONE_ROOT]: rootExists },
  async afterSave(tx, row) {
    // A unit just created has no path yet (the column's default '/').
    await new OrganisationService(tx).recomputePathOf(row.id, !row.path || row.path === '/');
  },
  importExample: [
    {
      code: 'MSDHS',
      nameTh: 'กระทรวงการพัฒนาสังคมและความมั่นคงของมนุษย์',
      nameEn: 'Ministry of Social Development and Human Security',
      officeType: '1',
      parent: '',
    },
    {
      code: 'DEPT-A',
      nameTh: 'กรมตัวอย่าง',
      nameEn: 'Example Department',
      officeType: '2',
      parent: 'MSDHS',
      subDistrict: '10200 พระบรมมหาราชวัง',
      phone: '02 123 4567',
      acceptsDonations: 'true',
    },
    { code: 'DEPT-A-B1', nameTh: 'สำนักตัวอย่าง', nameEn: 'Example Bureau', officeType: '3', parent: 'DEPT-A' },
    {
      code: 'DEPT-A-B1-D1',
      nameTh: 'กองตัวอย่าง',
      nameEn: 'Example Division',
      officeType: '4',
      parent: 'DEPT-A-B1',
      latitude: '13.756331',
      longitude: '100.501762',
    },
  ],
});
