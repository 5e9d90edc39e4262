import type { EntityManager } from '@mikro-orm/postgresql';
import {
  cancelAction,
  commonStatuses,
  type DocumentLineRow,
  defineDocumentType,
} from '../documents/document-kit';
import { LedgerService } from '../ledger/ledger.service';
import { validationError } from '../reference/reference-check';
import { type FieldError, field } from '../reference/reference-kit';
import { idOf } from '../reference/reference-view';
import { missingExcessReason } from '../reference/types/missing-excess-reason.reference';
import { resource } from '../reference/types/resource.reference';
import { storage } from '../reference/types/storage.reference';
import { lotKey, postingSource } from './line-postings';

// Stock count (MN-102 save, MN-103 view): SAVED (the resources to count) > COUNTING (START takes the
// book quantity of every lot and remembers the newest stock movement) > FINISHED (FINISH takes the
// counted quantities; what moved in or out of a lot during the count is added to its book quantity,
// and only the rest of the difference is posted as missing or excess with its reason). Cancel before
// FINISHED.

const SAVE = ['MN-102'];

async function rows<T>(tx: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  return (await tx.getConnection().execute(sql, params)) as unknown as T[];
}

const lineField = <T extends object>(f: T, enteredAt: string) => ({ ...f, enteredAt });

export const stockCount = defineDocumentType({
  type: 'STOCK_COUNT',
  prefix: 'SC',
  table: 'doc_stock_count',
  label: { th: 'ใบตรวจนับสิ่งของ', en: 'Stock count' },
  menus: { view: ['MN-103'], create: SAVE, edit: SAVE },
  screens: [
    { key: 'save-adjust-storage-item', mode: 'WORK' },
    { key: 'view-adjust-storage-item', mode: 'VIEW' },
  ],
  editableIn: ['SAVED'],
  header: [
    field.reference('storage', { th: 'คลัง', en: 'Storage' }, () => storage, { required: true, list: true }),
    field.integer(
      'startMovementId',
      { th: 'ความเคลื่อนไหวล่าสุดเมื่อเริ่มนับ', en: 'Last stock movement at the start' },
      { derived: true },
    ),
  ],
  lines: [
    field.reference('resource', { th: 'สิ่งของ', en: 'Resource' }, () => resource, {
      required: true,
      list: true,
    }),
    field.text('lot', { th: 'ล็อต', en: 'Lot' }, { maxLength: 50, derived: true, list: true }),
    field.date('expiryDate', { th: 'วันหมดอายุ', en: 'Expiry date' }, { derived: true, list: true }),
    field.decimal(
      'bookQuantity',
      { th: 'ยอดตามบัญชีเมื่อเริ่มนับ', en: 'Book quantity at the start' },
      { scale: 3, derived: true, list: true },
    ),
    lineField(
      field.decimal(
        'countedQuantity',
        { th: 'จำนวนที่นับได้', en: 'Counted quantity' },
        { scale: 3, min: 0, max: 99_999_999, required: true, list: true },
      ),
      'FINISH',
    ),
    field.decimal(
      'difference',
      { th: 'ผลต่าง (+ เกิน / − ขาด)', en: 'Difference (+ excess / − missing)' },
      { scale: 3, derived: true, list: true },
    ),
    lineField(
      field.reference('reason', { th: 'เหตุผลที่ขาดหรือเกิน', en: 'Reason' }, () => missingExcessReason, {
        list: true,
      }),
      'FINISH',
    ),
  ],
  workflow: {
    statuses: [
      commonStatuses.SAVED,
      { code: 'COUNTING', label: { th: 'กำลังตรวจนับ', en: 'Counting' } },
      { code: 'FINISHED', label: { th: 'ตรวจนับเสร็จ', en: 'Finished' } },
      commonStatuses.CANCELLED,
    ],
    initial: 'SAVED',
    transitions: [
      {
        action: 'START',
        label: { th: 'เริ่มตรวจนับ', en: 'Start counting' },
        from: ['SAVED'],
        to: 'COUNTING',
        menu: SAVE,
      },
      {
        action: 'FINISH',
        label: { th: 'บันทึกผลการนับ', en: 'Finish counting' },
        from: ['COUNTING'],
        to: 'FINISHED',
        menu: SAVE,
      },
      cancelAction(['SAVED', 'COUNTING'], SAVE),
    ],
  },
  owner: 'storage',
  async validate({ lines }) {
    // START counts every lot of a resource: naming it twice would count its lots twice.
    const seen = new Set<unknown>();
    return lines.flatMap((line, i) => {
      const duplicate = seen.has(line.resource);
      seen.add(line.resource);
      return duplicate
        ? [
            {
              field: `lines.${i}.resource`,
              messageTh: 'สิ่งของนี้อยู่ในใบตรวจนับแล้ว',
              messageEn: 'This resource is already on the count',
            },
          ]
        : [];
    });
  },
  effects: {
    async START(ctx) {
      const ledger = new LedgerService(ctx.tx);
      const storageId = idOf(ctx.document.storage) as number;
      // Locked, nothing can post to these lots until the book quantities and the movement mark are taken.
      await ledger.lock(ctx.lines.map((l) => ({ storageId, resourceId: idOf(l.resource) as number })));
      const [{ mark }] = await rows<{ mark: number }>(
        ctx.tx,
        'select coalesce(max(id), 0)::int as mark from stock_movement',
        [],
      );
      ctx.document.startMovementId = mark;
      for (const line of [...ctx.lines]) {
        const resourceId = idOf(line.resource) as number;
        const lots = await rows<{ lot: string; expiry_date: string | null; on_hand: string }>(
          ctx.tx,
          `select lot, expiry_date::text as expiry_date, on_hand::text as on_hand from stock_balance
           where storage_id = ? and resource_id = ? and on_hand <> 0
           order by expiry_date nulls last, lot, id`,
          [storageId, resourceId],
        );
        // No stock on the books: one line without a lot, book 0 (what is found is excess).
        const [first, ...rest] = lots.length ? lots : [{ lot: '', expiry_date: null, on_hand: '0' }];
        Object.assign(line, {
          lot: first.lot || null,
          expiryDate: first.expiry_date,
          bookQuantity: first.on_hand,
        });
        for (const l of rest) {
          ctx.addLine({
            resource: resourceId,
            lot: l.lot || null,
            expiryDate: l.expiry_date,
            bookQuantity: l.on_hand,
          });
        }
      }
    },
    async FINISH(ctx) {
      const ledger = new LedgerService(ctx.tx);
      const storageId = idOf(ctx.document.storage) as number;
      const mark = Number(ctx.document.startMovementId ?? 0);
      await ledger.lock(ctx.lines.map((l) => ({ storageId, resourceId: idOf(l.resource) as number })));
      const reasonIds = [...new Set(ctx.lines.map((l) => idOf(l.reason)).filter((id) => id != null))];
      const directions = new Map(
        (
          await rows<{ id: number; direction: string }>(
            ctx.tx,
            'select id, direction from ref_missing_excess_reason where id = any(?::int[])',
            [`{${reasonIds.join(',')}}`],
          )
        ).map((r) => [r.id, r.direction]),
      );
      const errors: FieldError[] = [];
      const differences: { line: DocumentLineRow; difference: string }[] = [];
      for (const line of ctx.lines) {
        const resourceId = idOf(line.resource) as number;
        const { lot, expiryDate } = lotKey(line);
        // Receipts and issues of this lot since the count started are on the books, not differences.
        const [row] = await rows<{ difference: string; sign: number }>(
          ctx.tx,
          `with moved as (
             select coalesce(sum(m.quantity), 0) as q from stock_movement m
             join stock_balance b on b.id = m.balance_id
             where b.storage_id = ? and b.resource_id = ? and b.lot = ?
               and b.expiry_date is not distinct from ?::date and m.id > ?)
           select (?::numeric - (?::numeric + q))::text as difference,
                  sign(?::numeric - (?::numeric + q))::int as sign
           from moved`,
          [
            storageId,
            resourceId,
            lot,
            expiryDate,
            mark,
            String(line.countedQuantity),
            String(line.bookQuantity ?? '0'),
            String(line.countedQuantity),
            String(line.bookQuantity ?? '0'),
          ],
        );
        line.difference = row.difference;
        if (row.sign === 0) continue;
        const at = `lines.${line.lineNo - 1}.reason`;
        const reasonId = idOf(line.reason) as number | null;
        if (!reasonId) {
          errors.push({
            field: at,
            messageTh: 'จำนวนที่นับได้ไม่ตรงกับยอดตามบัญชี กรุณาระบุเหตุผลที่ขาดหรือเกิน',
            messageEn: 'The counted quantity differs from the books: give the reason',
          });
          continue;
        }
        const direction = directions.get(reasonId);
        if (direction !== 'BOTH' && direction !== (row.sign < 0 ? 'MISSING' : 'EXCESS')) {
          errors.push({
            field: at,
            messageTh: row.sign < 0 ? 'เหตุผลนี้ใช้กับสิ่งของขาดไม่ได้' : 'เหตุผลนี้ใช้กับสิ่งของเกินไม่ได้',
            messageEn:
              row.sign < 0
                ? 'This reason does not apply to missing stock'
                : 'This reason does not apply to excess stock',
          });
          continue;
        }
        differences.push({ line, difference: row.difference });
      }
      if (errors.length) throw validationError(errors);
      for (const { line, difference } of differences) {
        const { lot, expiryDate } = lotKey(line);
        await ledger.adjust(
          {
            storageId,
            resourceId: idOf(line.resource) as number,
            quantity: difference,
            reasonId: idOf(line.reason) as number,
            lot,
            expiryDate,
          },
          postingSource(ctx, line),
        );
      }
    },
  },
});
