import type { MenuCode } from '@namjai/common/menu-catalogue';
import { cancelAction, commonStatuses, defineDocumentType } from '../../kits/documents/document-kit';
import { LedgerService } from '../../kits/ledger/ledger.service';
import { field } from '../../kits/reference/reference-kit';
import { idOf } from '../../kits/reference/reference-view';
import { missingExcessReason, resource, storage } from '../reference';

// Adjustment of storage items (MN-102 save, MN-103 view): per line a signed quantity (positive:
// excess found, negative: missing) with its missing-excess reason, posted to the stock ledger.

const SAVE: MenuCode[] = ['MN-102'];

export const stockAdjustment = defineDocumentType({
  type: 'STOCK_ADJUSTMENT',
  prefix: 'AJ',
  table: 'doc_stock_adjustment',
  label: { th: 'ใบปรับปรุงยอดสิ่งของ', en: 'Stock adjustment' },
  menus: { view: ['MN-103'], create: SAVE, edit: SAVE },
  screens: [
    { key: 'save-adjust-storage-item', mode: 'WORK' },
    { key: 'view-adjust-storage-item', mode: 'VIEW' },
  ],
  editableIn: ['SAVED'],
  header: [
    field.reference('storage', { th: 'คลัง', en: 'Storage' }, () => storage, { required: true, list: true }),
  ],
  lines: [
    field.reference('resource', { th: 'สิ่งของ', en: 'Resource' }, () => resource, {
      required: true,
      list: true,
    }),
    field.text('lot', { th: 'ล็อต', en: 'Lot' }, { maxLength: 50, list: true }),
    field.date('expiryDate', { th: 'วันหมดอายุ', en: 'Expiry date' }, { list: true }),
    field.decimal(
      'quantity',
      { th: 'จำนวนที่ปรับ (+ เกิน / − ขาด)', en: 'Change (+ excess / − missing)' },
      {
        scale: 3,
        min: -99_999_999,
        max: 99_999_999,
        required: true,
        list: true,
      },
    ),
    field.decimal(
      'unitValue',
      { th: 'มูลค่าต่อหน่วย (ของที่เพิ่ม)', en: 'Unit value (stock added)' },
      { scale: 2, min: 0, max: 999_999_999 },
    ),
    field.reference('reason', { th: 'เหตุผล', en: 'Reason' }, () => missingExcessReason, {
      required: true,
      list: true,
    }),
  ],
  workflow: {
    statuses: [
      commonStatuses.SAVED,
      { code: 'POSTED', label: { th: 'ปรับยอดแล้ว', en: 'Posted' } },
      commonStatuses.CANCELLED,
    ],
    initial: 'SAVED',
    transitions: [
      { action: 'POST', label: { th: 'ปรับยอด', en: 'Post' }, from: ['SAVED'], to: 'POSTED', menu: SAVE },
      cancelAction(['SAVED'], SAVE),
    ],
  },
  // An adjustment is often entered and posted at once (the ledger bench's posting): one request.
  createAnd: ['POST'],
  owner: 'storage',
  async validate({ lines }) {
    return lines.flatMap((line, i) =>
      Number(line.quantity) === 0
        ? [
            {
              field: `lines.${i}.quantity`,
              messageTh: 'จำนวนที่ปรับต้องไม่เป็นศูนย์',
              messageEn: 'The change may not be zero',
            },
          ]
        : [],
    );
  },
  // The posting is the ledger's SQL; it changes no entity of the unit of work.
  sqlEffects: ['POST'],
  // The ledger's read of the lines' balances goes out with the create's opening statement (created
  // and posted in one request), from the ids as given: it reads nothing for values that are not ids.
  readAhead: {
    POST: ({ tx, header, lines }) =>
      new LedgerService(tx).readAhead(
        lines.map((line) => ({ storageId: header.storage, resourceId: line.resource })),
      ),
  },
  effects: {
    async POST(ctx) {
      const ledger = new LedgerService(ctx.tx);
      const storageId = idOf(ctx.document.storage) as number;
      // Every line in one posting: it locks only the lots it changes (docs/ledger.md). Nothing here
      // reads what it posted: it may close the command, the COMMIT right behind it (ctx.closing).
      await ledger.adjustMany(
        ctx.lines.map((line) => ({
          line: {
            storageId,
            resourceId: idOf(line.resource) as number,
            quantity: String(line.quantity),
            reasonId: idOf(line.reason) as number,
            ...(line.lot ? { lot: String(line.lot) } : {}),
            ...(line.expiryDate ? { expiryDate: String(line.expiryDate) } : {}),
            ...(line.unitValue ? { unitValue: String(line.unitValue) } : {}),
          },
          source: {
            documentType: ctx.type.type,
            documentId: ctx.document.id,
            lineId: line.id,
            userId: ctx.principal.userId,
          },
        })),
        { closing: ctx.closing, ahead: ctx.readAhead },
      );
    },
  },
});
