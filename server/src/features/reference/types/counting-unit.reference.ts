import { defineReferenceType } from '../../../kits/reference/reference-define';
import { field } from '../../../kits/reference/reference-kit';
import { activeRows } from '../../../kits/reference/reference-rows';

export const countingUnit = defineReferenceType({
  type: 'COUNTING_UNIT',
  key: 'counting-unit',
  table: 'ref_counting_unit',
  label: { th: 'หน่วยนับ', en: 'Counting unit' },
  menus: { view: ['MN-019'], save: ['MN-018'] },
  fields: [
    field.code({ maxLength: 20 }),
    field.nameTh(),
    field.nameEn(),
    field.text('abbreviation', { th: 'อักษรย่อ', en: 'Abbreviation' }, { maxLength: 20, list: true }),
  ],
  legacyLists: [
    {
      method: 'GET',
      url: '/common/unit-tree',
      handler: async ({ em, type }) =>
        (await activeRows(em, type)).map((u) => ({
          code: u.code,
          nameTh: u.nameTh,
          nameEn: u.nameEn,
          abbreviation: u.abbreviation,
        })),
    },
  ],
});
