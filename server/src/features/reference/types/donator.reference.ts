import { commonLists } from '../../../kits/core/common-lists.data';
import { defineReferenceType } from '../../../kits/reference/reference-define';
import { field, optionsOf } from '../../../kits/reference/reference-kit';
import { DONATOR_TAX_ID_INDEX, nextDonorCode, refuseRepeatedId } from './donator-rules';

/**
 * Donors (edit/view-donator): a natural person, a juristic person or an anonymous donor. The
 * citizen or tax id (13 digits with checksum) links a donor's donations and receipts; an
 * anonymous donor has none. One id never makes a second donator (409 naming the one that has it, also
 * for two saves at once); the code is given by the system (DN-000123) when the donator is created.
 * Donation forms may add one from their donor pick list (createInline). Every staff read is audited
 * (personalData).
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
  createInline: true,
  // Names, ids, addresses and contacts of people: staff reads are audited (docs/public-site.md).
  personalData: true,
  indexes: [
    {
      name: DONATOR_TAX_ID_INDEX,
      expression: `create unique index "${DONATOR_TAX_ID_INDEX}" on "ref_donator" ("tax_id") where tax_id is not null`,
    },
  ],
  constraintErrors: {
    [DONATOR_TAX_ID_INDEX]: {
      field: 'taxId',
      messageTh: 'เลขประจำตัวนี้เป็นของผู้บริจาครายอื่นอยู่แล้ว',
      messageEn: 'This citizen or tax id already belongs to another donor',
    },
  },
  fields: [
    field.code({ maxLength: 20, derived: true, label: { th: 'รหัสผู้บริจาค', en: 'Donor code' } }),
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
  async beforeSave(ctx) {
    const errors = idRequired(ctx.next);
    if (errors.length) return errors;
    if (ctx.next.taxId !== null) {
      await refuseRepeatedId(ctx.tx, donator.entity, ctx.next.taxId as string, ctx.existing?.id ?? null);
    }
    if (!ctx.existing) ctx.next.code = await nextDonorCode(ctx.tx, donator.entity);
    return [];
  },
});

/** An id for a person or a juristic person; none for an anonymous donor. */
function idRequired(next: Record<string, unknown>) {
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
}
