import { defineReferenceType } from '../../../kits/reference/reference-define';
import { field, type ReferenceRow } from '../../../kits/reference/reference-kit';
import { resource } from './resource.reference';
import { storage } from './storage.reference';

/**
 * The minimum level of a resource in one storage (save/view-resource). Its code and names are
 * derived: RESOURCE@STORAGE, so a resource has at most one minimum per storage.
 */
export const resourceMinimum = defineReferenceType({
  type: 'RESOURCE_MINIMUM',
  key: 'resource-minimum',
  table: 'ref_resource_minimum',
  label: { th: 'ระดับขั้นต่ำของสิ่งของในคลัง', en: 'Minimum stock level' },
  menus: { view: ['MN-011'], save: ['MN-010'] },
  screens: [
    { key: 'save-resource', mode: 'SAVE' },
    { key: 'view-resource', mode: 'VIEW' },
  ],
  fields: [
    field.code({ maxLength: 41, derived: true }),
    field.nameTh({ derived: true, label: { th: 'รายการ', en: 'Item' } }),
    field.nameEn({ derived: true, list: false }),
    field.reference('resource', { th: 'สิ่งของ', en: 'Resource' }, () => resource, {
      required: true,
      list: true,
    }),
    field.reference('storage', { th: 'คลัง', en: 'Storage' }, () => storage, { required: true, list: true }),
    field.decimal(
      'minimumQuantity',
      { th: 'ระดับขั้นต่ำ', en: 'Minimum quantity' },
      {
        required: true,
        min: 0,
        max: 999999999,
        list: true,
      },
    ),
  ],
  async beforeSave({ tx, next }) {
    const item = (await tx.findOneOrFail(resource.entity, { id: next.resource as number })) as ReferenceRow;
    const place = (await tx.findOneOrFail(storage.entity, { id: next.storage as number })) as ReferenceRow;
    next.code = `${item.code}@${place.code}`;
    next.nameTh = `${item.nameTh} – ${place.nameTh}`;
    next.nameEn = item.nameEn && place.nameEn ? `${item.nameEn} – ${place.nameEn}` : null;
    return [];
  },
});
