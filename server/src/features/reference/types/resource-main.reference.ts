import { defineReferenceType } from '../../../kits/reference/reference-define';
import { field } from '../../../kits/reference/reference-kit';

export const resourceMain = defineReferenceType({
  type: 'RESOURCE_MAIN',
  key: 'resource-main',
  table: 'ref_resource_main',
  label: { th: 'หมวดหมู่สิ่งของหลัก', en: 'Resource main category' },
  menus: { view: ['MN-013'], save: ['MN-012'] },
  fields: [
    field.code({ maxLength: 20 }),
    field.nameTh(),
    field.nameEn(),
    field.text('description', { th: 'รายละเอียด', en: 'Description' }, { maxLength: 1000 }),
  ],
});
