import type { MenuCode } from '@namjai/common/menu-catalogue';
import {
  cancelAction,
  commonStatuses,
  type DocumentLineRow,
  defineDocumentType,
  type EffectContext,
} from '../../kits/documents/document-kit';
import { dependentsRefusal } from '../../kits/documents/document-refusals';
import { LedgerService } from '../../kits/ledger/ledger.service';
import { field, optionsOf } from '../../kits/reference/reference-kit';
import { idOf } from '../../kits/reference/reference-view';
import { bangkokToday } from '../../platform/dates';
import { lotKey, postingSource } from '../inventory';
import { externalOffice, resource, storage } from '../reference';

// Provide-resource (MN-054 save, MN-055 edit, MN-056 cancel, MN-057 view; product-decisions sec. 7):
// goods the agency procures or receives from other state bodies. SAVED > CONFIRMED: confirming (by
// someone other than the person who saved it) receives the lines into the storage; cancelling a
// confirmed one reverses that with new movements while nothing has taken the goods on, and names
// the documents that did otherwise. A saved one just cancels.

const SAVE: MenuCode[] = ['MN-054'];
const EDIT: MenuCode[] = ['MN-055'];
const CANCEL: MenuCode[] = ['MN-056'];

/** Where the money came from; the codes are stored, so a code never changes meaning. */
const budgetSources = optionsOf([
  { code: 'GOVERNMENT_BUDGET', nameTh: 'งบประมาณแผ่นดิน', nameEn: 'Government budget' },
  { code: 'OFF_BUDGET', nameTh: 'เงินนอกงบประมาณ', nameEn: 'Off-budget funds' },
  { code: 'DONATED_MONEY', nameTh: 'เงินบริจาค', nameEn: 'Donated money' },
  {
    code: 'TRANSFERRED',
    nameTh: 'รับโอนจากหน่วยงานอื่นโดยไม่มีค่าใช้จ่าย',
    nameEn: 'Received from another body at no cost',
  },
  { code: 'OTHER', nameTh: 'อื่น ๆ', nameEn: 'Other' },
]);

const resourceOf = (line: DocumentLineRow) => idOf(line.resource) as number;

const storageOf = (ctx: EffectContext) => idOf(ctx.document.storage) as number;

export const provideResource = defineDocumentType({
  type: 'PROVIDE_RESOURCE',
  prefix: 'PV',
  table: 'doc_provide_resource',
  label: { th: 'รายการจัดหาสิ่งของ', en: 'Provided resources' },
  menus: { view: ['MN-057'], create: SAVE, edit: EDIT },
  screens: [
    { key: 'save-provide-resource', mode: 'WORK' },
    { key: 'edit-provide-resource', mode: 'WORK' },
    { key: 'cancel-provide-resource', mode: 'WORK' },
    { key: 'view-provide-resource', mode: 'VIEW' },
  ],
  editableIn: ['SAVED'],
  header: [
    field.reference('supplier', { th: 'ผู้จัดหา/หน่วยงานที่ส่งมอบ', en: 'Supplier' }, () => externalOffice, {
      required: true,
      list: true,
    }),
    field.enum('budgetSource', { th: 'แหล่งงบประมาณ', en: 'Budget source' }, budgetSources, {
      required: true,
      list: true,
    }),
    field.reference('storage', { th: 'คลังที่รับ', en: 'Receiving storage' }, () => storage, {
      required: true,
      list: true,
    }),
    field.date('receivedDate', { th: 'วันที่รับ', en: 'Date received' }, { required: true, list: true }),
  ],
  lines: [
    field.reference('resource', { th: 'สิ่งของ', en: 'Resource' }, () => resource, {
      required: true,
      list: true,
    }),
    field.decimal(
      'quantity',
      { th: 'จำนวน', en: 'Quantity' },
      { scale: 3, min: 0.001, max: 99_999_999, required: true, list: true },
    ),
    field.decimal(
      'unitValue',
      { th: 'มูลค่าต่อหน่วย (บาท)', en: 'Unit value (baht)' },
      { scale: 2, min: 0.01, max: 999_999_999, required: true, list: true },
    ),
    field.text('lot', { th: 'ล็อต', en: 'Lot' }, { maxLength: 50, list: true }),
    field.date('expiryDate', { th: 'วันหมดอายุ', en: 'Expiry date' }, { list: true }),
  ],
  workflow: {
    statuses: [
      commonStatuses.SAVED,
      { code: 'CONFIRMED', label: { th: 'ยืนยันรับเข้าคลังแล้ว', en: 'Confirmed' } },
      commonStatuses.CANCELLED,
    ],
    initial: 'SAVED',
    transitions: [
      {
        action: 'CONFIRM',
        label: { th: 'ยืนยันรับเข้าคลัง', en: 'Confirm into stock' },
        from: ['SAVED'],
        to: 'CONFIRMED',
        menu: [...SAVE, ...EDIT],
        approval: 1,
      },
      cancelAction(['SAVED', 'CONFIRMED'], CANCEL),
    ],
  },
  owner: 'storage',
  async validate({ header, lines }) {
    const received = String(header.receivedDate);
    // Goods are recorded once they have arrived (Bangkok's today at the latest).
    const future =
      received > bangkokToday()
        ? [
            {
              field: 'receivedDate',
              messageTh: 'วันที่รับต้องไม่เป็นวันในอนาคต',
              messageEn: 'The date received may not be in the future',
            },
          ]
        : [];
    // Goods that had expired when they arrived are not taken into stock.
    return [
      ...future,
      ...lines.flatMap((line, i) =>
        line.expiryDate && String(line.expiryDate) < received
          ? [
              {
                field: `lines.${i}.expiryDate`,
                messageTh: 'วันหมดอายุต้องไม่ก่อนวันที่รับ',
                messageEn: 'The expiry date may not be before the date received',
              },
            ]
          : [],
      ),
    ];
  },
  effects: {
    async CONFIRM(ctx) {
      const ledger = new LedgerService(ctx.tx);
      await ledger.receiveMany(
        ctx.lines.map((line) => ({
          line: {
            storageId: storageOf(ctx),
            resourceId: resourceOf(line),
            quantity: String(line.quantity),
            unitValue: String(line.unitValue),
            ...lotKey(line),
          },
          source: postingSource(ctx, line),
        })),
      );
    },
    async CANCEL(ctx) {
      // A saved document posted nothing: cancelling it only changes its status.
      if (ctx.document.status !== 'CONFIRMED') return;
      const ledger = new LedgerService(ctx.tx);
      // dependents locks the lots the document received into (only those) until the reversal.
      const source = { documentType: ctx.type.type, documentId: ctx.document.id };
      const dependents = await ledger.dependents(source);
      if (dependents.length) {
        throw dependentsRefusal(ctx.type, ctx.document, await ctx.nameDocuments(dependents));
      }
      await ledger.reverse(source, ctx.principal.userId);
    },
  },
});
