import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlBangkokLocal, sqlDayBE } from '@namjai/common/calendar';
import type { MenuCode } from '@namjai/common/menu-catalogue';
import {
  cancelAction,
  commonStatuses,
  type DocumentExtras,
  type DocumentLineRow,
  type DocumentRef,
  type DocumentRow,
  defineDocumentType,
} from '../../kits/documents/document-kit';
import { documentNumbers } from '../../kits/ledger/ledger.queries';
import { LedgerService } from '../../kits/ledger/ledger.service';
import { readable } from '../../kits/ledger/ledger-values';
import { validationError } from '../../kits/reference/reference-check';
import { type FieldError, field } from '../../kits/reference/reference-kit';
import { idOf } from '../../kits/reference/reference-view';
import { missingExcessReason, resource, storage } from '../reference';
import { lotKey, postingSource } from './line-postings';

// Stock count (MN-102 save, MN-103 view): SAVED (the resources to count) > COUNTING (START takes the
// book quantity of every lot and remembers the newest stock movement) > FINISHED (FINISH takes the
// counted quantities; what moved in or out of a lot during the count is added to its book quantity,
// and only the rest of the difference is posted as missing or excess with its reason). Cancel before
// FINISHED. Each line shows what moved during the count (sum, and each document's number, quantity
// and time), so book + moved + difference = counted on screen; the marks themselves are internal.

const SAVE: MenuCode[] = ['MN-102'];

async function rows<T>(tx: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  return (await tx.getConnection().execute(sql, params)) as unknown as T[];
}

const lineField = <T extends object>(f: T, enteredAt: string) => ({ ...f, enteredAt });

/** A figure of the movements during the count, read with the document (no column). */
const duringCount = <T extends object>(f: T) => ({ ...f, computed: true });

/** Bangkok time of a movement as Thai staff read it: dd/mm/yyyy (Buddhist era) hh:mm. */
const movedAtSql = (column: string) =>
  `${sqlDayBE(sqlBangkokLocal(column))} || to_char(${sqlBangkokLocal(column)}, ' HH24:MI')`;

/**
 * The stock movements on each counted lot between the start and the finish (so far, while
 * counting), other than the count's own postings, in one statement: per line their sum and each one's
 * document number, quantity and time; and the documents, to link. The count's book quantity plus
 * these is what the books held at the finish; the difference is the rest.
 */
async function movementsDuring(tx: EntityManager, row: DocumentRow): Promise<DocumentExtras> {
  if (!['COUNTING', 'FINISHED'].includes(row.status) || row.startMovementId == null) return {};
  // Counts finished before the finish mark existed: their end is unknown, so nothing is claimed.
  if (row.status === 'FINISHED' && row.finishMovementId == null) return {};
  const list = await rows<{
    line_id: number;
    moved: string;
    document_type: string | null;
    document_id: number | null;
    number: string | null;
    quantity: string | null;
    moved_at: string | null;
  }>(
    tx,
    `select l.id as line_id, coalesce(sum(m.quantity) over (partition by l.id), 0)::numeric(14,3)::text as moved,
       m.document_type, m.document_id, dn.number, m.quantity::text as quantity,
       ${movedAtSql('m.created_at')} as moved_at
     from doc_stock_count_line l
     join doc_stock_count d on d.id = l.document_id
     left join stock_movement m on m.storage_id = d.storage_id and m.resource_id = l.resource_id
       and m.lot = coalesce(l.lot, '') and m.expiry_date is not distinct from l.expiry_date
       and m.id > d.start_movement_id and (d.finish_movement_id is null or m.id <= d.finish_movement_id)
       and m.quantity <> 0 and not (m.document_type = 'STOCK_COUNT' and m.document_id = d.id)
     left join (${documentNumbers()}) dn on dn.document_type = m.document_type and dn.id = m.document_id
     where l.document_id = ?
     order by l.id, m.id`,
    [row.id],
  );
  const lines = new Map<number, { movedQuantity: string; movedDuring: string[] }>();
  const related = new Map<string, DocumentRef>();
  for (const m of list) {
    const line = lines.get(m.line_id) ?? { movedQuantity: m.moved, movedDuring: [] };
    lines.set(m.line_id, line);
    if (m.document_type === null || m.document_id === null || m.quantity === null) continue;
    const signed = m.quantity.startsWith('-') ? m.quantity : `+${m.quantity}`;
    line.movedDuring.push(
      `${m.number ?? `${m.document_type} ${m.document_id}`} ${readable(signed)} (${m.moved_at})`,
    );
    related.set(`${m.document_type}:${m.document_id}`, {
      documentType: m.document_type,
      documentId: m.document_id,
    });
  }
  return {
    lines: new Map(
      [...lines].map(([id, l]) => [
        id,
        {
          movedQuantity: l.movedQuantity,
          movedDuring: l.movedDuring.length ? l.movedDuring.join(', ') : null,
        },
      ]),
    ),
    related: [...related.values()],
  };
}

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
    // The newest stock movement when counting began and when it finished: the server's marks for
    // "during the count", never shown (people see the movements themselves, on the lines).
    {
      ...field.integer('startMovementId', { th: 'จุดเริ่มนับ', en: 'Start mark' }, { derived: true }),
      internal: true,
    },
    {
      ...field.integer('finishMovementId', { th: 'จุดนับเสร็จ', en: 'Finish mark' }, { derived: true }),
      internal: true,
    },
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
    duringCount(
      field.decimal(
        'movedQuantity',
        { th: 'รับ/จ่ายระหว่างตรวจนับ', en: 'In/out during the count' },
        { scale: 3, derived: true },
      ),
    ),
    duringCount(
      field.text(
        'movedDuring',
        { th: 'เอกสารที่รับ/จ่ายระหว่างตรวจนับ', en: 'Documents that moved it during the count' },
        { maxLength: 2000, derived: true },
      ),
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
  readExtras: movementsDuring,
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
      await ledger.lockAllLots(ctx.lines.map((l) => ({ storageId, resourceId: idOf(l.resource) as number })));
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
      await ledger.lockAllLots(ctx.lines.map((l) => ({ storageId, resourceId: idOf(l.resource) as number })));
      // With the lots locked, every movement on them so far is committed and any later one gets a
      // higher id: the end of "during the count", before the count's own postings.
      const [{ finish }] = await rows<{ finish: number }>(
        ctx.tx,
        'select coalesce(max(id), 0)::int as finish from stock_movement',
        [],
      );
      ctx.document.finishMovementId = finish;
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
      await ledger.adjustMany(
        differences.map(({ line, difference }) => ({
          line: {
            storageId,
            resourceId: idOf(line.resource) as number,
            quantity: difference,
            reasonId: idOf(line.reason) as number,
            ...lotKey(line),
          },
          source: postingSource(ctx, line),
        })),
      );
    },
  },
});
