import type { EntitySchema } from '@mikro-orm/core';
import { inScope } from '../../../platform/auth/data-scope';
import { District, Province, SubDistrict } from '../../geography/geography.entity';
import {
  allowedChildTypes,
  type OfficeTypeCode,
  OrganisationUnit,
  OrganisationUnitSchema,
} from '../../organisation/organisation.entity';
import { officeTypes } from '../../organisation/organisation.routes';
import { OrganisationService } from '../../organisation/organisation.service';
import { defineReferenceType, type FieldError, field, optionsOf } from '../reference-kit';

const error = (name: string, messageTh: string, messageEn: string): FieldError => ({
  field: name,
  messageTh,
  messageEn,
});

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
      // The tree has one root, the ministry (product-decisions sec. 1); it stays the root.
      if (!existing || existing.parent) {
        errors.push(error('parent', 'กรุณาระบุหน่วยงานที่สังกัด', 'Parent agency is required'));
      }
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
  async afterSave(tx) {
    await new OrganisationService(tx).recomputePaths();
  },
});
