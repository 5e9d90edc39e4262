import { commonLists } from '../../common-lists/common-lists.data';
import { defineReferenceType, field, optionsOf } from '../reference-kit';

/**
 * Donors (edit/view-donator): a natural person, a juristic person or an anonymous donor. The
 * citizen or tax id (13 digits with checksum) links a donor's donations and receipts; an
 * anonymous donor has none.
 */
export const donator = defineReferenceType({
  type: 'DONATOR',
  key: 'donator',
  table: 'ref_donator',
  label: { th: 'ผู้บริจาค', en: 'Donor' },
  menus: { view: ['MN-021'], save: ['MN-020'] },
  screens: [
    { key: 'edit-donator', mode: 'SAVE' },
    { key: 'view-donator', mode: 'VIEW' },
  ],
  fields: [
    field.code({ maxLength: 20 }),
    field.enum('donorType', { th: 'ประเภทผู้บริจาค', en: 'Donor type' }, optionsOf(commonLists['donor-type']), {
      required: true,
      list: true,
    }),
    field.nameTh({ label: { th: 'ชื่อ-นามสกุล หรือชื่อนิติบุคคล', en: 'Name (Thai)' } }),
    field.nameEn({ label: { th: 'ชื่อภาษาอังกฤษ', en: 'Name (English)' } }),
    field.taxId(
      'taxId',
      { th: 'เลขประจำตัวประชาชนหรือเลขผู้เสียภาษี', en: 'Citizen or tax id' },
      {
        list: true,
        search: true,
      },
    ),
    field.phone({ list: true }),
    field.email({ search: true }),
    ...field.address(),
  ],
  async beforeSave({ next }) {
    if (next.donorType === 'ANONYMOUS') {
      if (next.taxId !== null) {
        return [
          {
            field: 'taxId',
            messageTh: 'ผู้บริจาคที่ไม่ประสงค์ออกนามไม่ต้องระบุเลขประจำตัว',
            messageEn: 'An anonymous donor has no citizen or tax id',
          },
        ];
      }
      return [];
    }
    if (next.taxId === null) {
      return [
        {
          field: 'taxId',
          messageTh: 'กรุณาระบุเลขประจำตัวประชาชนหรือเลขผู้เสียภาษี',
          messageEn: 'Citizen or tax id is required (except for anonymous donors)',
        },
      ];
    }
    return [];
  },
});
