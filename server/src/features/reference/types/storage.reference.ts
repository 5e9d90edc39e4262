import { activeRows, defineReferenceType, field } from '../reference-kit';
import { divisionRows, requireDivisionOwner, unitTreeWith } from './division-lists';
import { governmentInfo } from './government-info.reference';

/** Storages per division: a division's staff see and edit only their own subtree's. */
export const storage = defineReferenceType({
  type: 'STORAGE',
  key: 'storage',
  table: 'ref_storage',
  label: { th: 'คลังเก็บสิ่งของ', en: 'Storage' },
  menus: { view: ['MN-009'], save: ['MN-008'] },
  screens: [
    { key: 'save-goverment-info', mode: 'SAVE' },
    { key: 'view-goverment-info', mode: 'VIEW' },
  ],
  scope: 'DIVISION',
  fields: [
    field.code({ maxLength: 20 }),
    field.nameTh(),
    field.nameEn(),
    field.reference('ownerUnit', { th: 'หน่วยงานเจ้าของคลัง', en: 'Owning unit' }, () => governmentInfo, {
      required: true,
      list: true,
    }),
    field.text(
      'addressLine',
      { th: 'ที่ตั้ง (เลขที่ อาคาร ถนน)', en: 'Location (number, building, road)' },
      {
        maxLength: 500,
      },
    ),
    field.subDistrict('subDistrict'),
    field.phone('phone', { th: 'โทรศัพท์', en: 'Phone' }),
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
