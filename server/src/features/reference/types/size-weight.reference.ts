import { defineReferenceType } from '../../../kits/reference/reference-define';
import { field } from '../../../kits/reference/reference-kit';

const cm = (name: string, th: string, en: string) =>
  field.decimal(name, { th: `${th} (ซม.)`, en: `${en} (cm)` }, { min: 0, max: 100000, list: true });

export const sizeWeight = defineReferenceType({
  type: 'SIZE_WEIGHT',
  key: 'size-weight',
  table: 'ref_size_weight',
  label: { th: 'ขนาดและน้ำหนัก', en: 'Size and weight' },
  menus: { view: ['MN-017'], save: ['MN-016'] },
  fields: [
    field.code({ maxLength: 20 }),
    field.nameTh(),
    field.nameEn(),
    cm('widthCm', 'กว้าง', 'Width'),
    cm('lengthCm', 'ยาว', 'Length'),
    cm('heightCm', 'สูง', 'Height'),
    field.decimal(
      'weightKg',
      { th: 'น้ำหนัก (กก.)', en: 'Weight (kg)' },
      { scale: 3, min: 0, max: 100000, list: true },
    ),
  ],
});
