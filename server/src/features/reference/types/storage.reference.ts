import { defineReferenceType } from '../../../kits/reference/reference-define';
import { field } from '../../../kits/reference/reference-kit';
import { activeRows } from '../../../kits/reference/reference-rows';
import { divisionOwned, divisionRows, requireDivisionOwner, unitTreeWith } from './division-lists';

const owned = divisionOwned({ th: 'หน่วยงานเจ้าของคลัง', en: 'Owning unit' });

/** Storages per division: a division's staff see and edit only their own subtree's. */
export const storage = defineReferenceType({
  type: 'STORAGE',
  key: 'storage',
  table: 'ref_storage',
  label: { th: 'คลังเก็บสิ่งของ', en: 'Storage' },
  ...owned.declaration,
  fields: [
    field.code({ maxLength: 20 }),
    field.nameTh(),
    field.nameEn(),
    owned.ownerUnit,
    ...field.address({ th: 'ที่ตั้ง (เลขที่ อาคาร ถนน)', en: 'Location (number, building, road)' }),
    field.phone(),
  ],
  beforeSave: requireDivisionOwner,
  legacyLists: [
    {
      method: 'POST',
      url: '/common/division-storage',
      bodyFields: ['divisionCode'],
      handler: ({ em, type, body }) => divisionRows(em, type, body.divisionCode),
    },
    {
      // The organisation tree with each unit's active storages.
      method: 'POST',
      url: '/common/office-type-tree3',
      handler: async ({ em, type }) => unitTreeWith(em, type, await activeRows(em, type), 'storages'),
    },
  ],
});
