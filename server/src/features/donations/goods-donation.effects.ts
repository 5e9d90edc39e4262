import type { EntityManager } from '@mikro-orm/postgresql';
import { commonLists } from '../../kits/core/common-lists.data';
import { OrganisationUnit } from '../../kits/core/organisation.entity';
import type {
  DocumentLineRow,
  EffectContext,
  SaveContext,
  ValidateContext,
} from '../../kits/documents/document-kit';
import { documentTypeOf } from '../../kits/documents/document-types';
import { LedgerService } from '../../kits/ledger/ledger.service';
import type { FieldError, ReferenceRow } from '../../kits/reference/reference-kit';
import { idOf } from '../../kits/reference/reference-view';
import { AppError } from '../../platform/errors';
import { lotKey, postingSource } from '../inventory';
import { GOODS_RECEIPT_STATEMENT, issueReceipt, type ReceiptItemFacts, voidReceipt } from '../receipts';
import { countingUnit, resource, storage } from '../reference';

// What a goods donation does besides its status: the storage must belong to the receiving unit;
// each line counts in its resource's unit; level-2 approval receives the accepted quantities and
// issues the evidence of receipt, and its cancellation reverses them while nothing has taken them
// since and voids the evidence.

const rows = <T>(tx: EntityManager, sql: string, params: unknown[]) =>
  tx.execute(sql, params) as unknown as Promise<T[]>;

/** The storage receives for the receiving unit: it is owned by that unit or a unit below it. */
export async function storageOfReceivingUnit({ tx, header }: ValidateContext): Promise<FieldError[]> {
  const unit = await tx.findOneOrFail(OrganisationUnit, { id: header.receivingUnit as number });
  const store = await tx.findOneOrFail(
    storage.entity,
    { id: header.storage as number },
    {
      populate: ['ownerUnit'] as never[],
    },
  );
  const owner = store.ownerUnit as OrganisationUnit;
  if (owner.path.startsWith(unit.path)) return [];
  return [
    {
      field: 'storage',
      messageTh: `คลัง ${store.code} ไม่ได้อยู่ในสังกัดของหน่วยงานที่รับบริจาค (${unit.code})`,
      messageEn: `Storage ${store.code} does not belong to the receiving unit (${unit.code})`,
    },
  ];
}

/** A line counts in its resource's counting unit, as the stock ledger does. */
export async function fillCountingUnits(ctx: SaveContext): Promise<void> {
  const ids = [...new Set(ctx.lines.map((l) => idOf(l.resource) as number))];
  const resources = await ctx.tx.find(resource.entity, { id: { $in: ids } });
  const unitOf = new Map(resources.map((r: ReferenceRow) => [r.id, idOf(r.countingUnit)]));
  for (const line of ctx.lines) {
    const unit = unitOf.get(idOf(line.resource) as number);
    line.countingUnit = unit == null ? null : ctx.tx.getReference(countingUnit.entity, unit as number);
  }
}

const screeningFields = [
  'acceptedQuantity',
  'rejectedQuantity',
  'screenStatus',
  'classification',
  'screenReason',
];

/** CANCEL_SCREEN: the donation waits for screening again, with no result on its lines. */
export async function clearScreening(ctx: EffectContext): Promise<void> {
  for (const line of ctx.lines) for (const name of screeningFields) line[name] = null;
}

const storageOf = (ctx: EffectContext) => idOf(ctx.document.storage) as number;
const resourceOf = (line: DocumentLineRow) => idOf(line.resource) as number;

/** The largest value numeric(14,2) holds: a line or a total above it cannot be printed. */
const MAX_VALUE = '999999999999.99';

/**
 * The items the evidence of receipt lists: each line screening accepted something of, numbered in
 * order, with the accepted quantity, the resource's name and counting unit, the unit value and the
 * line value (quantity × unit value, rounded to the satang by PostgreSQL's numeric), and the total.
 */
async function evidenceItems(ctx: EffectContext): Promise<{ items: ReceiptItemFacts[]; total: string }> {
  const found = await rows<ReceiptItemFacts & { total: string; too_large: boolean }>(
    ctx.tx,
    `select row_number() over (order by l.line_no)::int as "lineNo", r.code as "resourceCode",
       r.name_th as "resourceName", l.accepted_quantity::text as quantity,
       cu.name_th as "countingUnitName", l.unit_value::text as "unitValue",
       round(l.accepted_quantity * l.unit_value, 2)::text as "lineValue",
       sum(round(l.accepted_quantity * l.unit_value, 2)) over ()::text as total,
       (sum(round(l.accepted_quantity * l.unit_value, 2)) over () > ?::numeric) as too_large
     from doc_goods_donation_line l
     join ref_resource r on r.id = l.resource_id
     left join ref_counting_unit cu on cu.id = l.counting_unit_id
     where l.document_id = ? and l.accepted_quantity > 0
     order by l.line_no`,
    [MAX_VALUE, ctx.document.id],
  );
  if (found[0]?.too_large)
    throw new AppError(
      'RECEIPT_VALUE',
      409,
      `อนุมัติ ${ctx.document.number} ไม่ได้: มูลค่ารวมของสิ่งของเกิน 999,999,999,999.99 บาท ซึ่งออกหลักฐานการรับบริจาคไม่ได้`,
      `${ctx.document.number} cannot be approved: the goods' total value exceeds 999,999,999,999.99 baht, more than an evidence of receipt can state`,
      { total: found[0].total },
    );
  return {
    items: found.map(({ total: _total, too_large: _tooLarge, ...item }) => item),
    total: found[0]?.total ?? '0',
  };
}

/** What the evidence prints as the purpose: the objective or event. */
const objectiveLabel = (value: unknown) =>
  commonLists['objective/event'].find((o) => o.code === value)?.nameTh ?? String(value ?? '');

/**
 * APPROVE_2: what screening accepted goes into the storage, lot by lot (rejected goods never do),
 * and the evidence of receipt is issued for it in the same transaction (none when nothing was
 * accepted): numbered in the receiving unit's goods series, refused with nothing written when no unit
 * up the tree has a tax id (409 RECEIPT_SETUP), as a money receipt is.
 */
export async function receiveAccepted(ctx: EffectContext): Promise<void> {
  const ledger = new LedgerService(ctx.tx);
  const storageId = storageOf(ctx);
  const accepted = ctx.lines.filter((l) => Number(l.acceptedQuantity ?? 0) > 0);
  await ledger.receiveMany(
    accepted.map((line) => ({
      line: {
        storageId,
        resourceId: resourceOf(line),
        quantity: String(line.acceptedQuantity),
        unitValue: String(line.unitValue),
        ...lotKey(line),
      },
      source: postingSource(ctx, line),
    })),
  );
  const { items, total } = await evidenceItems(ctx);
  if (!items.length) return;
  await issueReceipt(
    ctx.tx,
    {
      kind: 'GOODS',
      documentType: ctx.type.type,
      documentId: ctx.document.id,
      unitId: ctx.document.ownerUnit.id,
      donorId: idOf(ctx.document.donator) as number,
      amount: total,
      purpose: objectiveLabel(ctx.document.objective),
      paymentText: null,
      items,
      statement: GOODS_RECEIPT_STATEMENT,
    },
    ctx.principal,
  );
}

interface Dependent {
  documentType: string;
  documentId: number;
  number: string;
}

/**
 * The documents that took goods from the lots this donation received into, since it received them,
 * where the lot no longer has the received quantity free: without them the receipt could be reversed.
 * What a document took is its net effect on the lot after the receipt: stock issued or sent
 * (on hand down) plus what it still holds reserved; a transfer saved and cancelled took nothing.
 */
async function dependents(ctx: EffectContext): Promise<Dependent[]> {
  const me = [ctx.type.type, ctx.document.id];
  const taken = await rows<{ document_type: string; document_id: number }>(
    ctx.tx,
    `with receipts as (
       select m.id, m.balance_id, m.quantity from stock_movement m
       where m.document_type = ? and m.document_id = ? and m.movement_type = 'RECEIVE'
         and m.reversal_of_id is null
         and not exists (select 1 from stock_movement r where r.reversal_of_id = m.id)
     ), short as (
       select r.balance_id, min(r.id) as since from receipts r join stock_balance b on b.id = r.balance_id
       group by r.balance_id, b.on_hand, b.reserved
       having b.on_hand - b.reserved < sum(r.quantity)
     )
     select m.document_type, m.document_id from stock_movement m
     join short s on s.balance_id = m.balance_id and m.id > s.since
     where not (m.document_type = ? and m.document_id = ?)
     group by m.document_type, m.document_id
     having sum(m.reserved_delta - m.quantity) > 0
     order by min(m.id)`,
    [...me, ...me],
  );
  const found: Dependent[] = [];
  for (const t of taken) {
    const type = documentTypeOf(t.document_type);
    const [row] = type
      ? await rows<{ number: string }>(ctx.tx, `select number from ${type.table} where id = ?`, [
          t.document_id,
        ])
      : [];
    found.push({
      documentType: t.document_type,
      documentId: t.document_id,
      number: row?.number ?? `${t.document_type} #${t.document_id}`,
    });
  }
  return found;
}

/**
 * CANCEL_APPROVE_2: the receipt is reversed by new movements (the ledger's reverse), refused while
 * goods it brought in are reserved, issued or moved by later documents, which the refusal names; the
 * evidence of receipt is voided (it keeps its number; approving again issues a new one).
 */
export async function reverseReceipt(ctx: EffectContext): Promise<void> {
  const ledger = new LedgerService(ctx.tx);
  // The lots the receipt went into are locked (only those) until the reversal: the check holds.
  await ledger.lockPosted({ documentType: ctx.type.type, documentId: ctx.document.id });
  const found = await dependents(ctx);
  if (found.length) {
    const numbers = found.map((d) => d.number).join(', ');
    throw new AppError(
      'DEPENDENT_DOCUMENTS',
      409,
      `ยกเลิกการอนุมัติระดับที่ 2 ของ ${ctx.document.number} ไม่ได้ เพราะสิ่งของที่รับเข้าคลังถูกจอง เบิก หรือโอนไปแล้วโดย ${numbers}`,
      `Level-2 approval of ${ctx.document.number} cannot be cancelled: the goods it received have since been reserved, issued or moved by ${numbers}`,
      { dependents: found },
    );
  }
  await ledger.reverse({ documentType: ctx.type.type, documentId: ctx.document.id }, ctx.principal.userId);
  await voidReceipt(
    ctx.tx,
    { documentType: ctx.type.type, documentId: ctx.document.id },
    ctx.principal,
    ctx.reason,
  );
}
