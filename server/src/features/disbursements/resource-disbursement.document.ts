import type { MenuCode } from '@namjai/common/menu-catalogue';
import {
  type DocumentLineRow,
  defineDocumentType,
  type EffectContext,
} from '../../kits/documents/document-kit';
import { LedgerService, type LotPosting, type StockOperation } from '../../kits/ledger/ledger.service';
import { validationError } from '../../kits/reference/reference-check';
import { field } from '../../kits/reference/reference-kit';
import { idOf } from '../../kits/reference/reference-view';
import { lotKey, postingSource } from '../inventory';
import { resource, storage } from '../reference';
import {
  atDelivery,
  atResult,
  deliveryDateErrors,
  disbursementStatuses,
  disbursementTransitions,
  recipientFields,
  resultDateErrors,
} from './disbursement-workflow';
import {
  madeFrom,
  supportRequestField,
  supportRequestLineField,
  supportRequestLinkErrors,
} from './support-request-link';

// Resource disbursement (MN-067 save .. MN-073 view-approve; product-decisions sec. 6,
// docs/giving-out.md): goods given out of a storage to a recipient. Approving (someone other than the
// maker) reserves the lines in the storage, first expiry first out for a line without a lot (the line
// is split into one line per lot taken); a shortfall refuses the approval. Cancelling the approval
// or the document gives the reservation back. Delivering (MN-081) issues the reserved goods: the
// delivered quantity of each line goes out, the rest is released; cancelling the delivery (MN-083)
// reverses that, and COMPLETE (MN-089, the result) closes it.

const SAVE: MenuCode[] = ['MN-067'];
const EDIT: MenuCode[] = ['MN-068'];

const resourceOf = (line: DocumentLineRow) => idOf(line.resource) as number;
const storageOf = (ctx: EffectContext) => idOf(ctx.document.storage) as number;
const sourceOf = (ctx: EffectContext) => ({ documentType: ctx.type.type, documentId: ctx.document.id });

const lotValues = (p: LotPosting) => ({
  lot: p.lot || null,
  expiryDate: p.expiryDate,
  quantity: p.quantity,
  unitValue: p.unitValue,
});

/**
 * The delivery posted: each line's delivered quantity out of the reservation (`issueReserved`), the
 * rest released. The lines' delivered quantities are written first and read back with what is left of
 * each line (quantity less delivered) computed by PostgreSQL in the same statement, in numeric: no
 * binary fractions. `reverseFirst` (an edit) reverses the recorded delivery after the checks pass.
 */
async function postDelivery(ctx: EffectContext, { reverseFirst = false } = {}): Promise<void> {
  const errors = deliveryDateErrors(ctx.document.deliveredOn, 'deliveredOn');
  if (errors.length) throw validationError(errors);
  await ctx.tx.flush();
  const lines = await ctx.tx
    .getConnection()
    .execute<{ id: number; line_no: number; delivered: string; rest: string; over: boolean }[]>(
      `select id, line_no, delivered_quantity::text as delivered, (quantity - delivered_quantity)::text as rest,
            delivered_quantity > quantity as over
       from doc_resource_disbursement_line where document_id = ? order by line_no`,
      [ctx.document.id],
      'all',
      ctx.tx.getTransactionContext(),
    );
  for (const line of lines)
    if (line.over)
      errors.push({
        field: `lines.${line.line_no - 1}.deliveredQuantity`,
        messageTh: 'จำนวนที่ส่งมอบต้องไม่เกินจำนวนที่อนุมัติ',
        messageEn: 'The quantity delivered may not exceed the quantity approved',
      });
  if (lines.every((line) => Number(line.delivered) === 0))
    errors.push({
      field: 'lines.0.deliveredQuantity',
      messageTh: 'ต้องส่งมอบอย่างน้อยหนึ่งรายการ',
      messageEn: 'At least one line must be delivered',
    });
  if (errors.length) throw validationError(errors);
  const ledger = new LedgerService(ctx.tx);
  // The reversal locks the lots the delivery posted to; the new one posts to the same lots.
  if (reverseFirst)
    await ledger.reverse(
      { ...sourceOf(ctx), movementTypes: ['ISSUE_RESERVED', 'RELEASE'] },
      ctx.principal.userId,
    );
  const byId = new Map(lines.map((line) => [line.id, line]));
  // One posting (line by line after locking the pairs' lots where a line is both issued and released).
  await ledger.postMany(
    ctx.lines.flatMap((line): StockOperation[] => {
      const { delivered, rest } = byId.get(line.id) as (typeof lines)[number];
      const at = { storageId: storageOf(ctx), resourceId: resourceOf(line), ...lotKey(line) };
      const source = postingSource(ctx, line);
      return [
        ...(Number(delivered) > 0
          ? [{ op: 'issueReserved' as const, line: { ...at, quantity: delivered }, source }]
          : []),
        ...(Number(rest) > 0 ? [{ op: 'release' as const, line: { ...at, quantity: rest }, source }] : []),
      ];
    }),
  );
}

export const resourceDisbursement = defineDocumentType({
  type: 'RESOURCE_DISBURSEMENT',
  prefix: 'RD',
  table: 'doc_resource_disbursement',
  label: { th: 'การเบิกจ่ายสิ่งของ', en: 'Resource disbursement' },
  // The approval and delivery screens read the disbursements too.
  // The delivery screens (recording and editing it) add the evidence, the result's the photos.
  menus: {
    view: ['MN-070', 'MN-073', 'MN-084', 'MN-092'],
    create: SAVE,
    edit: EDIT,
    attach: ['MN-081', 'MN-082', 'MN-089', 'MN-090'],
  },
  screens: [
    { key: 'save-resource-disbursement', mode: 'WORK' },
    { key: 'edit-resource-disbursement', mode: 'WORK' },
    { key: 'cancel-resource-disbursement', mode: 'WORK' },
    { key: 'view-resource-disbursement', mode: 'VIEW' },
    { key: 'approve-resource-disbursement', mode: 'APPROVE', level: 1 },
    { key: 'cancel-approve-resource-disbursement', mode: 'WORK' },
    { key: 'view-approve-resource-disbursement', mode: 'VIEW', level: 1 },
    { key: 'save-delivery-resource-disbursement', mode: 'WORK' },
    { key: 'edit-delivery-resource-disbursement', mode: 'WORK' },
    { key: 'cancel-delivery-resource-disbursement', mode: 'WORK' },
    { key: 'view-delivery-resource-disbursement', mode: 'VIEW' },
    { key: 'save-result-resource-disbursement', mode: 'WORK' },
    { key: 'edit-result-resource-disbursement', mode: 'WORK' },
    { key: 'cancel-result-resource-disbursement', mode: 'WORK' },
    { key: 'view-result-resource-disbursement', mode: 'VIEW' },
  ],
  editableIn: ['DRAFT', 'PENDING_APPROVAL'],
  header: [
    field.reference('storage', { th: 'คลังที่เบิกจ่าย', en: 'Storage' }, () => storage, {
      required: true,
      list: true,
    }),
    ...recipientFields,
    supportRequestField,
    atDelivery(
      field.date('deliveredOn', { th: 'วันที่ส่งมอบ', en: 'Date delivered' }, { required: true, list: true }),
    ),
    atDelivery(
      field.text('receivedBy', { th: 'ผู้รับมอบ', en: 'Received by' }, { required: true, maxLength: 255 }),
    ),
    atResult(
      field.date('resultDate', { th: 'วันที่บันทึกผล', en: 'Result date' }, { required: true, list: true }),
    ),
    atResult(
      field.integer(
        'beneficiaries',
        { th: 'จำนวนผู้ได้รับประโยชน์ (คน)', en: 'Beneficiaries reached' },
        { required: true, min: 0, max: 99_999_999 },
      ),
    ),
    atResult(
      field.text('outcome', { th: 'ผลการดำเนินงาน', en: 'Outcome' }, { required: true, maxLength: 2000 }),
    ),
  ],
  lines: [
    field.reference('resource', { th: 'สิ่งของ', en: 'Resource' }, () => resource, {
      required: true,
      list: true,
    }),
    field.text(
      'lot',
      { th: 'ล็อต (ว่างไว้: หมดอายุก่อนจ่ายก่อน)', en: 'Lot (empty: first expiry first out)' },
      {
        maxLength: 50,
        list: true,
      },
    ),
    field.date('expiryDate', { th: 'วันหมดอายุ', en: 'Expiry date' }, { derived: true, list: true }),
    field.decimal(
      'quantity',
      { th: 'จำนวน', en: 'Quantity' },
      { scale: 3, min: 0.001, max: 99_999_999, required: true, list: true },
    ),
    field.decimal('unitValue', { th: 'มูลค่าต่อหน่วย', en: 'Unit value' }, { scale: 2, derived: true }),
    supportRequestLineField,
    atDelivery(
      field.decimal(
        'deliveredQuantity',
        { th: 'จำนวนที่ส่งมอบ', en: 'Quantity delivered' },
        { scale: 3, min: 0, max: 99_999_999, required: true, list: true },
      ),
    ),
  ],
  // Created and submitted in one request by an integrator (createAndSubmit…Document).
  createAnd: ['SUBMIT'],
  workflow: {
    statuses: disbursementStatuses,
    initial: 'DRAFT',
    transitions: disbursementTransitions({
      save: SAVE,
      edit: EDIT,
      cancel: ['MN-069'],
      approve: ['MN-071'],
      cancelApprove: ['MN-072'],
      deliver: ['MN-081'],
      cancelDelivery: ['MN-083'],
      editDelivery: ['MN-082'],
      complete: ['MN-089'],
      result: { edit: ['MN-090'], cancel: ['MN-091'] },
    }),
  },
  owner: 'storage',
  validate: (ctx) => supportRequestLinkErrors(ctx, 'GOODS'),
  readExtras: madeFrom,
  effects: {
    // The lines' goods are held for the recipient: available drops, on hand does not. Two approvals
    // over the last units queue on the balance rows: the second finds them reserved and is refused.
    async APPROVE(ctx) {
      const ledger = new LedgerService(ctx.tx);
      const lines = [...ctx.lines];
      const reserved = await ledger.reserveMany(
        lines.map((line) => ({
          line: {
            storageId: storageOf(ctx),
            resourceId: resourceOf(line),
            quantity: String(line.quantity),
            ...(line.lot ? { lot: String(line.lot) } : {}),
          },
          source: postingSource(ctx, line),
        })),
      );
      for (const [i, line] of lines.entries()) {
        const [first, ...rest] = reserved[i];
        Object.assign(line, lotValues(first));
        for (const lot of rest)
          ctx.addLine({
            resource: resourceOf(line),
            supportRequestLine: line.supportRequestLine ?? null,
            ...lotValues(lot),
          });
      }
    },
    // Nothing downstream depends on an approved disbursement (a delivery moves it on to DELIVERED).
    async CANCEL_APPROVE(ctx) {
      const ledger = new LedgerService(ctx.tx);
      await ledger.reverse(sourceOf(ctx), ctx.principal.userId);
    },
    async DELIVER(ctx) {
      await postDelivery(ctx);
    },
    // The delivery entered again (MN-082): the recorded one is reversed (the goods held for the
    // recipient again) and the new one posted, in one transaction; refused like DELIVER, writing nothing.
    async EDIT_DELIVERY(ctx) {
      await postDelivery(ctx, { reverseFirst: true });
    },
    // The goods come back, held for the recipient again (refused when what was not delivered has
    // been reserved or issued by another document meanwhile).
    async CANCEL_DELIVERY(ctx) {
      const ledger = new LedgerService(ctx.tx);
      await ledger.reverse(
        { ...sourceOf(ctx), movementTypes: ['ISSUE_RESERVED', 'RELEASE'] },
        ctx.principal.userId,
      );
      for (const line of ctx.lines) line.deliveredQuantity = null;
      Object.assign(ctx.document, { deliveredOn: null, receivedBy: null });
    },
    // The result (MN-089..MN-091): posts nothing; its photos are the document's image attachments.
    async COMPLETE(ctx) {
      const errors = resultDateErrors(ctx.document.resultDate, ctx.document.deliveredOn);
      if (errors.length) throw validationError(errors);
    },
    async EDIT_RESULT(ctx) {
      const errors = resultDateErrors(ctx.document.resultDate, ctx.document.deliveredOn);
      if (errors.length) throw validationError(errors);
    },
    // Back to DELIVERED: the figures are cleared, the photos stay (evidence of the delivery too; the
    // result's editors remove them if they were wrong), so a new result can be recorded or the
    // delivery cancelled.
    async CANCEL_RESULT(ctx) {
      Object.assign(ctx.document, { resultDate: null, beneficiaries: null, outcome: null });
    },
    async CANCEL(ctx) {
      const status = ctx.document.status;
      if (status !== 'APPROVED' && status !== 'DELIVERED') return;
      const ledger = new LedgerService(ctx.tx);
      // The reversal locks the lots the document posted to (only those); the release posts to them.
      if (status === 'APPROVED') {
        await ledger.reverse(sourceOf(ctx), ctx.principal.userId);
        return;
      }
      // Delivered: what went out comes back into free stock; what was not delivered was released then.
      await ledger.reverse({ ...sourceOf(ctx), movementTypes: ['ISSUE_RESERVED'] }, ctx.principal.userId);
      await ledger.releaseMany(
        ctx.lines
          .filter((line) => Number(line.deliveredQuantity) > 0)
          .map((line) => ({
            line: {
              storageId: storageOf(ctx),
              resourceId: resourceOf(line),
              quantity: String(line.deliveredQuantity),
              ...lotKey(line),
            },
            source: postingSource(ctx, line),
          })),
      );
    },
  },
});
