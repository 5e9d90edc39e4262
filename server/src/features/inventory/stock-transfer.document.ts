import type { MenuCode } from '@namjai/common/menu-catalogue';
import {
  cancelAction,
  commonStatuses,
  type DocumentLineRow,
  defineDocumentType,
  type EffectContext,
} from '../../kits/documents/document-kit';
import { LedgerService, type LotPosting, type StockOperation } from '../../kits/ledger/ledger.service';
import { validationError } from '../../kits/reference/reference-check';
import { field } from '../../kits/reference/reference-kit';
import { idOf } from '../../kits/reference/reference-view';
import { missingExcessReason, resource, storage } from '../reference';
import { lotKey, postingSource } from './line-postings';

// Transfer to another storage (MN-100 save, MN-101 view): SAVED (what it will send is reserved in the
// source storage) > SENT (the reservation leaves the source into in-transit) > RECEIVED (into the
// destination; what did not arrive is written off as missing with a reason); cancel before SENT
// releases the reservation. The destination's staff receive it.

const SAVE: MenuCode[] = ['MN-100'];

const resourceOf = (line: DocumentLineRow) => idOf(line.resource) as number;

/**
 * Reserves each line in the source storage. A line that names no lot takes first expiry first out and
 * is split into one line per lot taken, shown to the user; SEND and CANCEL name those lots. `before`
 * (an edit): what the document reserved before is released in the same posting.
 */
async function reserveLines(
  ctx: EffectContext,
  ledger: LedgerService,
  storageId: number,
  before: StockOperation[] = [],
): Promise<void> {
  const lines = [...ctx.lines];
  const posted = await ledger.postMany([
    ...before,
    ...lines.map((line) => ({
      op: 'reserve' as const,
      line: {
        storageId,
        resourceId: resourceOf(line),
        quantity: String(line.quantity),
        ...(line.lot ? { lot: String(line.lot) } : {}),
      },
      source: postingSource(ctx, line),
    })),
  ]);
  const reserved = posted.slice(before.length);
  for (const [i, line] of lines.entries()) {
    const [first, ...rest] = reserved[i];
    Object.assign(line, lotValues(first));
    for (const lot of rest) ctx.addLine({ resource: resourceOf(line), ...lotValues(lot) });
  }
}

const lotValues = (p: LotPosting) => ({
  lot: p.lot || null,
  expiryDate: p.expiryDate,
  quantity: p.quantity,
  unitValue: p.unitValue,
});

/** Gives back what the lines reserved in the storage (each line names one lot). */
const releases = (
  ctx: EffectContext,
  storageId: number,
  lines: DocumentLineRow[],
): (StockOperation & { op: 'release' })[] =>
  lines.map((line) => ({
    op: 'release',
    line: { storageId, resourceId: resourceOf(line), quantity: String(line.quantity), ...lotKey(line) },
    source: postingSource(ctx, line),
  }));

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
  // Saved and sent at once (createAndSendStockTransferDocument): the reservation, then the send.
  createAnd: ['SEND'],
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
  // Saving reserves; an edit first releases what the document reserved before. A shortfall refuses
  // the save (409 naming the resource, storage, available and requested) and nothing is written.
  async onSave(ctx) {
    const ledger = new LedgerService(ctx.tx);
    const storageId = idOf(ctx.document.fromStorage) as number;
    const before = ctx.previous && (idOf(ctx.previous.header.fromStorage) as number);
    // One posting that locks only its lots: an edit releases what the document held and reserves
    // again in it (line by line after locking the pairs' lots when the two meet on a lot: stock-batch).
    await reserveLines(
      ctx,
      ledger,
      storageId,
      ctx.previous && before ? releases(ctx, before, ctx.previous.lines) : [],
    );
  },
  effects: {
    async SEND(ctx) {
      const ledger = new LedgerService(ctx.tx);
      const fromStorageId = idOf(ctx.document.fromStorage) as number;
      const toStorageId = idOf(ctx.document.toStorage) as number;
      // Each line names the one lot it reserved: it leaves that reservation, at today's unit value.
      // One posting, both storages, locking only those lots.
      const sent = await ledger.transferOutMany(
        ctx.lines.map((line) => ({
          line: {
            fromStorageId,
            toStorageId,
            resourceId: resourceOf(line),
            quantity: String(line.quantity),
            ...lotKey(line),
            reserved: true,
          },
          source: postingSource(ctx, line),
        })),
      );
      for (const [i, line] of ctx.lines.entries()) line.unitValue = sent[i][0].unitValue;
    },
    async CANCEL(ctx) {
      const ledger = new LedgerService(ctx.tx);
      const storageId = idOf(ctx.document.fromStorage) as number;
      await ledger.postMany(releases(ctx, storageId, ctx.lines));
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
      await ledger.receiveFromTransitMany(
        ctx.lines.map((line) => ({
          line: {
            storageId,
            resourceId: resourceOf(line),
            ...lotKey(line),
            sent: String(line.quantity),
            received: String(line.receivedQuantity),
            unitValue: String(line.unitValue ?? '0'),
            reasonId: idOf(line.missingReason),
          },
          source: postingSource(ctx, line),
        })),
      );
    },
  },
});
