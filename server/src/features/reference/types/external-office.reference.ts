import { defineReferenceType } from '../../../kits/reference/reference-define';
import { field } from '../../../kits/reference/reference-kit';
import { activeRows } from '../../../kits/reference/reference-rows';

/**
 * Offices outside the ministry: state bodies, local government, companies and foundations (a support
 * request's requester, a provide-resource document's supplier, which may add one from its pick list).
 */
export const externalOffice = defineReferenceType({
  type: 'EXTERNAL_OFFICE',
  key: 'ext-office',
  table: 'ref_external_office',
  label: { th: 'หน่วยงานภายนอก', en: 'External office' },
  menus: { view: ['MN-024'], create: ['MN-022'], edit: ['MN-023'] },
  screens: [
    { key: 'add-ext-office', mode: 'ADD' },
    { key: 'edit-ext-office', mode: 'EDIT' },
    { key: 'view-ext-office', mode: 'VIEW' },
  ],
  createInline: true,
  fields: [
    field.code({ maxLength: 20 }),
    field.nameTh(),
    field.nameEn(),
    field.enum(
      'sector',
      { th: 'ประเภทหน่วยงาน', en: 'Sector' },
      [
        { value: 'GOVERNMENT', label: { th: 'หน่วยงานของรัฐ', en: 'Government' } },
        { value: 'LOCAL', label: { th: 'องค์กรปกครองส่วนท้องถิ่น', en: 'Local government' } },
        { value: 'STATE_ENTERPRISE', label: { th: 'รัฐวิสาหกิจ', en: 'State enterprise' } },
        { value: 'PRIVATE', label: { th: 'ภาคเอกชน', en: 'Private sector' } },
        { value: 'FOUNDATION', label: { th: 'มูลนิธิ/สมาคม', en: 'Foundation or association' } },
      ],
      { required: true, list: true },
    ),
    field.text('contactName', { th: 'ผู้ติดต่อ', en: 'Contact person' }, { maxLength: 255 }),
    field.phone({ list: true }),
    field.email({ search: true }),
    ...field.address(),
  ],
  legacyLists: [
    {
      method: 'GET',
      url: '/common/office-external',
      handler: async ({ em, type }) =>
        (await activeRows(em, type)).map((o) => ({
          code: o.code,
          nameTh: o.nameTh,
          nameEn: o.nameEn,
          sector: o.sector,
        })),
    },
  ],
});
