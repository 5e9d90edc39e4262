import { defineReferenceType } from '../../../kits/reference/reference-define';
import { field } from '../../../kits/reference/reference-kit';
import { resourceMain } from './resource-main.reference';

export const resourceSub = defineReferenceType({
  type: 'RESOURCE_SUB',
  key: 'resource-sub',
  table: 'ref_resource_sub',
  label: { th: 'หมวดหมู่สิ่งของย่อย', en: 'Resource sub-category' },
  menus: { view: ['MN-015'], save: ['MN-014'] },
  fields: [
    field.code({ maxLength: 20 }),
    field.nameTh(),
    field.nameEn(),
    field.reference('resourceMain', { th: 'หมวดหมู่หลัก', en: 'Main category' }, () => resourceMain, {
      required: true,
      list: true,
    }),
  ],
});
