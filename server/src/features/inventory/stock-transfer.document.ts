import {
  cancelAction,
  commonStatuses,
  type DocumentLineRow,
  defineDocumentType,
  type EffectContext,
} from '../documents/document-kit';
import type { PostingSource } from '../ledger/ledger.service';
import { LedgerService } from '../ledger/ledger.service';
import { validationError } from '../reference/reference-check';
import { field } from '../reference/reference-kit';
import { idOf } from '../reference/reference-view';
import { missingExcessReason } from '../reference/types/missing-excess-reason.reference';
import { resource } from '../reference/types/resource.reference';
import { storage } from '../reference/types/storage.reference';

// Transfer to another storage (MN-100 save, MN-101 view): SAVED > SENT (out of the source into
// in-transit) > RECEIVED (into the destination; what did not arrive is written off as missing with a
// reason); cancel before SENT. The destination's staff receive it.

const SAVE = ['MN-100'];

const source = (ctx: EffectContext, line: DocumentLineRow): PostingSource => ({
  documentType: ctx.type.type,
  documentId: ctx.document.id,
  lineId: line.id,
  userId: ctx.principal.userId,
});

const decimal = (value: unknown) => (value === null || value === undefined ? null : String(value));

export const stockTransfer = defineDocumentType({
  type: 'STOCK_TRANSFER',
  prefix: 'TR',
  table: 'doc_stock_transfer',
  label: { th: 'ใบโอนสิ่งของไปคลังอื่น', en: 'Transfer to another storage' },
  menus: { view: ['MN-101'], create: SAVE, edit: SAVE },
  screens: [
    { key: 'save-transfer-item-to-another-storage', mode: 'WORK' },
    { key: 'view-transfer-item-to-another-storage', mode: 'VIEW' },
  ],
  editableIn: ['SAVED'],
  header: [
    field.reference('fromStorage', { th: 'คลังต้นทาง', en: 'From storage' }, () => storage, {
      required: true,
      list: true,
    }),
    field.reference('toStorage', { th: 'คลังปลายทาง', en: 'To storage' }, () => storage, {
      required: true,
      list: true,
    }),
  ],
  lines: [
    field.reference('resource', { th: 'สิ่งของ', en: 'Resource' }, () => resource, {
      required: true,
      list: true,
    }),
    field.text('lot', { th: 'ล็อต', en: 'Lot' }, { maxLength: 50, list: true }),
    field.date('expiryDate', { th: 'วันหมดอายุ', en: 'Expiry date' }, { derived: true, list: true }),
    field.decimal(
      'quantity',
      { th: 'จำนวนส่ง', en: 'Quantity sent' },
      { scale: 3, min: 0.001, max: 99_999_999, required: true, list: true },
    ),
    field.decimal('unitValue', { th: 'มูลค่าต่อหน่วย', en: 'Unit value' }, { scale: 2, derived: true }),
    {
      ...field.decimal(
        'receivedQuantity',
        { th: 'จำนวนรับ', en: 'Quantity received' },
        { scale: 3, min: 0, max: 99_999_999, required: true, list: true },
      ),
      enteredAt: 'RECEIVE',
    },
    {
      ...field.reference(
        'missingReason',
        { th: 'เหตุผลที่ขาด', en: 'Reason for the shortfall' },
        () => missingExcessReason,
        { list: true },
      ),
      enteredAt: 'RECEIVE',
    },
  ],
  workflow: {
    statuses: [
      commonStatuses.SAVED,
      { code: 'SENT', label: { th: 'ส่งแล้ว', en: 'Sent' } },
      { code: 'RECEIVED', label: { th: 'รับแล้ว', en: 'Received' } },
      commonStatuses.CANCELLED,
    ],
    initial: 'SAVED',
    transitions: [
      { action: 'SEND', label: { th: 'ส่งของ', en: 'Send' }, from: ['SAVED'], to: 'SENT', menu: SAVE },
      {
        action: 'RECEIVE',
        label: { th: 'รับของ', en: 'Receive' },
        from: ['SENT'],
        to: 'RECEIVED',
        menu: SAVE,
      },
      cancelAction(['SAVED'], SAVE),
    ],
  },
  scopes: { destination: 'toStorage.ownerUnit' },
  actionScope: { RECEIVE: 'destination' },
  owner: 'fromStorage',
  async validate({ header }) {
    if (header.fromStorage === header.toStorage) {
      return [
        {
          field: 'toStorage',
          messageTh: 'คลังปลายทางต้องไม่ใช่คลังต้นทาง',
          messageEn: 'The destination must differ from the source',
        },
      ];
    }
    return [];
  },
  effects: {
    async SEND(ctx) {
      const ledger = new LedgerService(ctx.tx);
      const fromStorageId = idOf(ctx.document.fromStorage) as number;
      const toStorageId = idOf(ctx.document.toStorage) as number;
      for (const line of [...ctx.lines]) {
        const postings = await ledger.transferOut(
          {
            fromStorageId,
            toStorageId,
            resourceId: idOf(line.resource) as number,
            quantity: String(line.quantity),
            ...(line.lot ? { lot: String(line.lot) } : {}),
          },
          source(ctx, line),
        );
        // A line without a lot is split first-expiry-first-out: one line per lot taken, shown to the user.
        const [first, ...rest] = postings;
        Object.assign(line, {
          lot: first.lot || null,
          expiryDate: first.expiryDate,
          quantity: first.quantity,
          unitValue: first.unitValue,
        });
        for (const p of rest) {
          ctx.addLine({
            resource: idOf(line.resource),
            lot: p.lot || null,
            expiryDate: p.expiryDate,
            quantity: p.quantity,
            unitValue: p.unitValue,
          });
        }
      }
    },
    async RECEIVE(ctx) {
      const ledger = new LedgerService(ctx.tx);
      const storageId = idOf(ctx.document.toStorage) as number;
      const errors = ctx.lines.flatMap((line) => {
        const received = Number(line.receivedQuantity);
        const sent = Number(line.quantity);
        const at = `lines.${line.lineNo - 1}.`;
        if (received > sent)
          return [
            {
              field: `${at}receivedQuantity`,
              messageTh: 'จำนวนรับต้องไม่เกินจำนวนส่ง',
              messageEn: 'The quantity received may not exceed the quantity sent',
            },
          ];
        if (received < sent && !line.missingReason)
          return [
            {
              field: `${at}missingReason`,
              messageTh: 'กรุณาระบุเหตุผลที่ของขาด',
              messageEn: 'Give the reason for the shortfall',
            },
          ];
        return [];
      });
      if (errors.length) throw validationError(errors);
      for (const line of ctx.lines) {
        await ledger.receiveFromTransit(
          {
            storageId,
            resourceId: idOf(line.resource) as number,
            lot: String(line.lot ?? ''),
            expiryDate: decimal(line.expiryDate),
            sent: String(line.quantity),
            received: String(line.receivedQuantity),
            unitValue: String(line.unitValue ?? '0'),
            reasonId: idOf(line.missingReason),
          },
          source(ctx, line),
        );
      }
    },
  },
});
