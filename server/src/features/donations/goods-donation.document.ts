import type { MenuCode } from '@namjai/common/menu-catalogue';
import { commonLists } from '../../kits/core/common-lists.data';
import { keptByDatabase } from '../../kits/documents/document-database';
import { cancelAction, defineDocumentType } from '../../kits/documents/document-kit';
import { field, optionsOf } from '../../kits/reference/reference-kit';
import { countingUnit, donator, governmentInfo, resource, sizeWeight, storage } from '../reference';
import {
  clearScreening,
  fillCountingUnits,
  receiveAccepted,
  reverseReceipt,
  storageOfReceivingUnit,
} from './goods-donation.effects';
import { goodsValueKept } from './goods-donation.value';
import { checkScreening } from './goods-donation-screening';

// Goods donations (donate-things, product-decisions sec. 4): what a donor gives, received by a
// division into one of its storages. DRAFT > SUBMITTED (editable until screened) > SCREENED (per line
// accepted and rejected quantities, screen status, classification, reason) > APPROVED_1 >
// APPROVED_2 (the accepted quantities are received into the storage, rejected goods never enter
// stock, and the evidence of receipt is issued: docs/receipts.md). Cancel-screen returns it to
// SUBMITTED; cancel-approve undoes a level, and level 2's reverses the receipt unless the goods have
// moved on since (409 naming the documents) and voids the evidence.

const ADD: MenuCode[] = ['MN-031'];
const EDIT: MenuCode[] = ['MN-032'];

const screenOptions = (group: 'RESULT' | 'CLASSIFICATION') =>
  optionsOf(commonLists['screen-status'].filter((s) => s.group === group));

const atScreen = <T extends object>(f: T) => ({ ...f, enteredAt: 'SCREEN' });

export const goodsDonation = defineDocumentType({
  type: 'GOODS_DONATION',
  prefix: 'DT',
  table: 'doc_goods_donation',
  // The donation history pages by the donation's date (docs/donations.md "Donation history").
  keyIndexes: ['donationDate'],
  label: { th: 'รายการรับบริจาคสิ่งของ', en: 'Goods donation' },
  // Whoever works on any step reads the donations: entry, screening, either approval level, and the
  // print screen of the evidence of receipt (print-donate-resource, docs/receipts.md).
  menus: { view: ['MN-034', 'MN-041', 'MN-044', 'MN-047', 'MN-052'], create: ADD, edit: EDIT },
  screens: [
    { key: 'add-donate-things', mode: 'WORK' },
    { key: 'edit-donate-things', mode: 'WORK' },
    { key: 'cancle-donate-things', mode: 'WORK' },
    { key: 'view-donate-things', mode: 'VIEW' },
    { key: 'add-screen-donate-things', mode: 'WORK' },
    { key: 'cancle-screen-donate-things', mode: 'WORK' },
    { key: 'view-screen-donate-things', mode: 'VIEW' },
    { key: 'approve-donate-things-one', mode: 'APPROVE', level: 1 },
    { key: 'cancle-approve-donate-things-one', mode: 'WORK' },
    { key: 'view-approve-donate-things-one', mode: 'VIEW', level: 1 },
    { key: 'approve-donate-things-two', mode: 'APPROVE', level: 2 },
    { key: 'cancle-approve-donate-things-two', mode: 'WORK' },
    { key: 'view-approve-donate-things-two', mode: 'VIEW', level: 2 },
    { key: 'print-donate-resource', mode: 'VIEW' },
  ],
  editableIn: ['DRAFT', 'SUBMITTED'],
  header: [
    field.reference('donator', { th: 'ผู้บริจาค', en: 'Donor' }, () => donator, { required: true, list: true }),
    field.reference('receivingUnit', { th: 'หน่วยงานที่รับบริจาค', en: 'Receiving unit' }, () => governmentInfo, {
      required: true,
      list: true,
    }),
    // Within the receiving unit (storageOfReceivingUnit), so within the caller's scope too.
    {
      ...field.reference('storage', { th: 'คลังที่รับเข้า', en: 'Storage' }, () => storage, {
        required: true,
        list: true,
      }),
      pickScope: 'caller',
    },
    field.date('donationDate', { th: 'วันที่รับบริจาค', en: 'Donation date' }, { required: true, list: true }),
    field.enum(
      'objective',
      { th: 'วัตถุประสงค์/เหตุการณ์', en: 'Objective or event' },
      optionsOf(commonLists['objective/event']),
      { required: true, list: true },
    ),
  ],
  lines: [
    field.reference('resource', { th: 'สิ่งของ', en: 'Resource' }, () => resource, {
      required: true,
      list: true,
    }),
    field.enum('character', { th: 'ลักษณะ', en: 'Character' }, optionsOf(commonLists['resource-character']), {
      required: true,
      list: true,
    }),
    field.decimal(
      'quantity',
      { th: 'จำนวนที่บริจาค', en: 'Quantity donated' },
      { scale: 3, min: 0.001, max: 99_999_999, required: true, list: true },
    ),
    field.reference('countingUnit', { th: 'หน่วยนับ', en: 'Counting unit' }, () => countingUnit, {
      derived: true,
      list: true,
    }),
    field.reference('sizeWeight', { th: 'ขนาด/น้ำหนัก', en: 'Size or weight' }, () => sizeWeight, {
      list: true,
    }),
    field.decimal(
      'unitValue',
      { th: 'มูลค่าต่อหน่วย (บาท)', en: 'Unit value (baht)' },
      { scale: 2, min: 0.01, max: 999_999_999, required: true, list: true },
    ),
    field.enum(
      'priceFrom',
      { th: 'ที่มาของมูลค่า', en: 'Valuation basis' },
      optionsOf(commonLists['price-from']),
      {
        required: true,
        list: true,
      },
    ),
    field.date('expiryDate', { th: 'วันหมดอายุ', en: 'Expiry date' }, { list: true }),
    field.text('lot', { th: 'ล็อต', en: 'Lot' }, { maxLength: 50, list: true }),
    atScreen(
      field.decimal(
        'acceptedQuantity',
        { th: 'จำนวนที่รับ', en: 'Quantity accepted' },
        { scale: 3, min: 0, max: 99_999_999, required: true, list: true },
      ),
    ),
    atScreen(
      field.decimal(
        'rejectedQuantity',
        { th: 'จำนวนที่ไม่รับ', en: 'Quantity rejected' },
        { scale: 3, min: 0, max: 99_999_999, required: true, list: true },
      ),
    ),
    atScreen(
      field.enum('screenStatus', { th: 'ผลการคัดกรอง', en: 'Screening result' }, screenOptions('RESULT'), {
        required: true,
        list: true,
      }),
    ),
    atScreen(
      field.enum(
        'classification',
        { th: 'ความเร่งด่วน', en: 'Classification' },
        screenOptions('CLASSIFICATION'),
        {
          list: true,
        },
      ),
    ),
    atScreen(
      field.text(
        'screenReason',
        { th: 'เหตุผลการคัดกรอง', en: 'Screening reason' },
        { maxLength: 500, list: true },
      ),
    ),
  ],
  // Created and submitted in one request by an integrator (createAndSubmit…Document).
  createAnd: ['SUBMIT'],
  workflow: {
    statuses: [
      { code: 'DRAFT', label: { th: 'ร่าง', en: 'Draft' } },
      { code: 'SUBMITTED', label: { th: 'รอคัดกรอง', en: 'Submitted' } },
      { code: 'SCREENED', label: { th: 'คัดกรองแล้ว', en: 'Screened' } },
      { code: 'APPROVED_1', label: { th: 'อนุมัติระดับที่ 1 แล้ว', en: 'Approved (level 1)' } },
      { code: 'APPROVED_2', label: { th: 'อนุมัติระดับที่ 2 แล้ว (รับเข้าคลัง)', en: 'Approved (level 2, in stock)' } },
      { code: 'CANCELLED', label: { th: 'ยกเลิก', en: 'Cancelled' } },
    ],
    initial: 'DRAFT',
    transitions: [
      {
        action: 'SUBMIT',
        label: { th: 'ส่งคัดกรอง', en: 'Submit for screening' },
        from: ['DRAFT'],
        to: 'SUBMITTED',
        menu: [...ADD, ...EDIT],
      },
      {
        action: 'SCREEN',
        label: { th: 'บันทึกผลการคัดกรอง', en: 'Record screening' },
        from: ['SUBMITTED'],
        to: 'SCREENED',
        menu: ['MN-039'],
      },
      {
        action: 'CANCEL_SCREEN',
        label: { th: 'ยกเลิกผลการคัดกรอง', en: 'Cancel screening' },
        from: ['SCREENED'],
        to: 'SUBMITTED',
        menu: ['MN-040'],
        reason: 'required',
      },
      {
        action: 'APPROVE_1',
        label: { th: 'อนุมัติระดับที่ 1', en: 'Approve (level 1)' },
        from: ['SCREENED'],
        to: 'APPROVED_1',
        menu: ['MN-042'],
        approval: 1,
      },
      {
        action: 'CANCEL_APPROVE_1',
        label: { th: 'ยกเลิกการอนุมัติระดับที่ 1', en: 'Cancel approval (level 1)' },
        from: ['APPROVED_1'],
        to: 'SCREENED',
        menu: ['MN-043'],
        revokes: 1,
        reason: 'required',
      },
      {
        action: 'APPROVE_2',
        label: { th: 'อนุมัติระดับที่ 2', en: 'Approve (level 2)' },
        from: ['APPROVED_1'],
        to: 'APPROVED_2',
        menu: ['MN-045'],
        approval: 2,
      },
      {
        action: 'CANCEL_APPROVE_2',
        label: { th: 'ยกเลิกการอนุมัติระดับที่ 2', en: 'Cancel approval (level 2)' },
        from: ['APPROVED_2'],
        to: 'APPROVED_1',
        menu: ['MN-046'],
        revokes: 2,
        reason: 'required',
      },
      cancelAction(['DRAFT', 'SUBMITTED'], ['MN-033']),
    ],
  },
  owner: 'receivingUnit',
  validate: storageOfReceivingUnit,
  onSave: fillCountingUnits,
  effects: {
    SCREEN: checkScreening,
    CANCEL_SCREEN: clearScreening,
    APPROVE_2: receiveAccepted,
    CANCEL_APPROVE_2: reverseReceipt,
  },
});

// Its value, kept by the database (goods-donation.value.ts).
keptByDatabase(goodsDonation, goodsValueKept);
