import type { MenuCode } from '@namjai/common/menu-catalogue';
import { cancelAction, type DocumentField, defineDocumentType } from '../../kits/documents/document-kit';
import { field } from '../../kits/reference/reference-kit';
import { FIRST_LIST_YEAR_BE, LAST_YEAR_INPUT_BE } from '../../platform/dates';
import { goodsDonation } from '../donations';
import { moneyDonation } from '../money-donations';
import { donator, governmentInfo } from '../reference';
import { decorationClassOptions } from './decoration-classes';
import { COUNTED_INDEXES } from './proposal-donations';
import { checkProposal, release, valueAndCount } from './proposal-rules';

// Royal decoration proposals (Order of Direkgunabhorn, MN-107..MN-110; product-decisions sec. 7,
// docs/royal-decoration.md): a unit proposes a donor for a fiscal year (Buddhist era) on the strength
// of the donations it counts, each an approved money donation or a goods donation approved at level
// 2 of that donor, in the caller's data scope, dated up to the end of that fiscal year. The total value
// and the requested class (the highest class whose configurable value the total reaches) are worked
// out by the server at each save and again when the proposal is sent (PROPOSE). DRAFT > PROPOSED >
// AWARDED (certificate number and date) or NOT_AWARDED (reason); CANCELLED from DRAFT, PROPOSED or
// NOT_AWARDED.
//
// A donation counts for one proposal only: a line holds its donation while `counted` is true (set
// when saved, cleared when the proposal is cancelled), and two partial unique indexes over the lines
// (money donation, goods donation; where counted) refuse a second live count, also when two
// proposals are saved at once (the second waits for the first's commit, then gets 409
// DONATION_COUNTED).

const ADD: MenuCode[] = ['MN-107'];
const EDIT: MenuCode[] = ['MN-108'];
const CANCEL: MenuCode[] = ['MN-109'];
const VIEW: MenuCode[] = ['MN-110'];

const donationField = (
  name: string,
  label: { th: string; en: string },
  target: () => unknown,
  type: string,
) =>
  ({
    ...field.integer(name, label, { min: 1, max: 2_147_483_647, list: true }),
    documentRef: target,
    refChoices: {
      type,
      status: type === 'MONEY_DONATION' ? 'APPROVED' : 'APPROVED_2',
      query: 'royalDecorationDonationChoices',
    },
  }) as DocumentField;

export const royalDecoration = defineDocumentType({
  type: 'ROYAL_DECORATION',
  prefix: 'RDC',
  table: 'doc_royal_decoration',
  label: { th: 'รายการเสนอขอพระราชทานเครื่องราชอิสริยาภรณ์', en: 'Royal decoration proposal' },
  menus: { view: [...VIEW, ...ADD, ...EDIT, ...CANCEL], create: ADD, edit: EDIT },
  screens: [
    { key: 'add-royal-decoration', mode: 'WORK' },
    { key: 'edit-royal-decoration', mode: 'WORK' },
    { key: 'cancel-royal-decoration', mode: 'WORK' },
    { key: 'view-royal-decoration', mode: 'VIEW' },
  ],
  editableIn: ['DRAFT'],
  // A draft may be saved before its donations are chosen; PROPOSE needs at least one.
  minLines: 0,
  header: [
    field.reference('unit', { th: 'หน่วยงานที่เสนอ', en: 'Proposing unit' }, () => governmentInfo, {
      required: true,
      list: true,
    }),
    field.reference('donor', { th: 'ผู้บริจาค', en: 'Donor' }, () => donator, { required: true, list: true }),
    field.integer(
      'proposalYear',
      { th: 'ปีงบประมาณที่เสนอ (พ.ศ.)', en: 'Fiscal year proposed for (B.E.)' },
      { required: true, min: FIRST_LIST_YEAR_BE, max: LAST_YEAR_INPUT_BE, list: true },
    ),
    field.decimal(
      'totalValue',
      { th: 'มูลค่ารวม (บาท)', en: 'Total value (baht)' },
      { scale: 2, derived: true, list: true },
    ),
    field.enum('requestedClass', { th: 'ชั้นที่ขอพระราชทาน', en: 'Class requested' }, decorationClassOptions, {
      derived: true,
      list: true,
    }),
    {
      ...field.text(
        'certificateNumber',
        { th: 'เลขที่ประกาศนียบัตร', en: 'Certificate number' },
        { maxLength: 50, required: true, list: true },
      ),
      enteredAt: 'AWARD',
    },
    {
      ...field.date('certificateDate', { th: 'วันที่ประกาศนียบัตร', en: 'Certificate date' }, { required: true }),
      enteredAt: 'AWARD',
    },
  ],
  lines: [
    donationField(
      'moneyDonation',
      { th: 'เงินบริจาค (รหัสเอกสาร)', en: 'Money donation (document id)' },
      () => moneyDonation.entity,
      'MONEY_DONATION',
    ),
    donationField(
      'goodsDonation',
      { th: 'สิ่งของบริจาค (รหัสเอกสาร)', en: 'Goods donation (document id)' },
      () => goodsDonation.entity,
      'GOODS_DONATION',
    ),
    field.date('donatedOn', { th: 'วันที่บริจาค', en: 'Donated on' }, { derived: true, list: true }),
    field.decimal('value', { th: 'มูลค่า (บาท)', en: 'Value (baht)' }, { scale: 2, derived: true, list: true }),
    {
      ...field.boolean('counted', { th: 'นับรวมในรายการเสนอนี้', en: 'Counted in this proposal' }),
      derived: true,
    },
  ],
  workflow: {
    statuses: [
      { code: 'DRAFT', label: { th: 'ร่าง', en: 'Draft' } },
      { code: 'PROPOSED', label: { th: 'เสนอขอแล้ว', en: 'Proposed' } },
      { code: 'AWARDED', label: { th: 'ได้รับพระราชทาน', en: 'Awarded' } },
      { code: 'NOT_AWARDED', label: { th: 'ไม่ได้รับพระราชทาน', en: 'Not awarded' } },
      { code: 'CANCELLED', label: { th: 'ยกเลิก', en: 'Cancelled' } },
    ],
    initial: 'DRAFT',
    transitions: [
      {
        action: 'PROPOSE',
        label: { th: 'ส่งเสนอขอพระราชทาน', en: 'Propose' },
        from: ['DRAFT'],
        to: 'PROPOSED',
        menu: [...ADD, ...EDIT],
      },
      {
        action: 'AWARD',
        label: { th: 'บันทึกผลได้รับพระราชทาน', en: 'Record the award' },
        from: ['PROPOSED'],
        to: 'AWARDED',
        menu: EDIT,
      },
      {
        action: 'NOT_AWARD',
        label: { th: 'บันทึกผลไม่ได้รับพระราชทาน', en: 'Record not awarded' },
        from: ['PROPOSED'],
        to: 'NOT_AWARDED',
        menu: EDIT,
        reason: 'required',
      },
      cancelAction(['DRAFT', 'PROPOSED', 'NOT_AWARDED'], CANCEL),
    ],
  },
  owner: 'unit',
  validate: checkProposal,
  onSave: (ctx) => valueAndCount(ctx, false),
  effects: {
    PROPOSE: (ctx) => valueAndCount(ctx, true),
    CANCEL: release,
  },
});

// The partial unique indexes (COUNTED_INDEXES) belong to the line table's schema, so the migration
// and the entities agree.
royalDecoration.lineEntity.addIndex({
  name: COUNTED_INDEXES[0] as string,
  expression: `create unique index "${COUNTED_INDEXES[0]}" on "doc_royal_decoration_line" ("money_donation") where counted`,
});
royalDecoration.lineEntity.addIndex({
  name: COUNTED_INDEXES[1] as string,
  expression: `create unique index "${COUNTED_INDEXES[1]}" on "doc_royal_decoration_line" ("goods_donation") where counted`,
});
