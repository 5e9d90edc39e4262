import { defineReferenceType } from '../../../kits/reference/reference-define';
import { field } from '../../../kits/reference/reference-kit';

export const missingExcessReason = defineReferenceType({
  type: 'MISSING_EXCESS_REASON',
  key: 'missing-excess',
  table: 'ref_missing_excess_reason',
  label: { th: 'เหตุผลสิ่งของขาดและเกินบัญชี', en: 'Missing and excess stock reason' },
  menus: { view: ['MN-026'], save: ['MN-025'] },
  fields: [
    field.code({ maxLength: 20 }),
    field.nameTh(),
    field.nameEn(),
    field.enum(
      'direction',
      { th: 'ใช้กับ', en: 'Applies to' },
      [
        { value: 'MISSING', label: { th: 'สิ่งของขาดบัญชี', en: 'Missing stock' } },
        { value: 'EXCESS', label: { th: 'สิ่งของเกินบัญชี', en: 'Excess stock' } },
        { value: 'BOTH', label: { th: 'ทั้งขาดและเกินบัญชี', en: 'Both' } },
      ],
      { required: true, list: true },
    ),
  ],
});
