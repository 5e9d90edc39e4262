import type { MenuCode } from '@namjai/common/menu-catalogue';
import { commonLists } from '../../kits/core/common-lists.data';
import {
  cancelAction,
  type DocumentLineRow,
  defineDocumentType,
  type EffectContext,
  type ValidateContext,
} from '../../kits/documents/document-kit';
import { dependentsRefusal } from '../../kits/documents/document-refusals';
import { LedgerService, type LotPosting, type StockOperation } from '../../kits/ledger/ledger.service';
import { type FieldError, field, optionsOf } from '../../kits/reference/reference-kit';
import { idOf } from '../../kits/reference/reference-view';
import { lotKey, postingSource } from '../inventory';
import { resource, storage } from '../reference';

// Distribution of donated goods (distribution-donate, MN-093..MN-099; product-decisions sec. 6):
// goods from one source storage to several destinations, each line to a storage or to a recipient,
// approved as one document. DRAFT (editable) > PENDING_APPROVAL: submitting reserves every line in the
// source (first expiry first for a line without a lot, split into one line per lot), so two
// distributions cannot both count on the same last units: the second submit gets the 409 shortfall.
// APPROVED (by someone other than the maker): one transaction posts every line out of its
// reservation: to a storage as a transfer sent and received at once (TRANSFER_OUT,
// TRANSFER_IN_TRANSIT, TRANSFER_RECEIVE), to a recipient as an issue (ISSUE_RESERVED).
// Cancel-approve reverses those postings while no other document has taken the goods on in a
// destination (409 naming them otherwise) and holds the reservation again (back to
// PENDING_APPROVAL). CANCEL from DRAFT changes the status only; from PENDING_APPROVAL it releases.

const ADD: MenuCode[] = ['MN-093'];
const EDIT: MenuCode[] = ['MN-094'];
const CANCEL: MenuCode[] = ['MN-095'];
const APPROVE: MenuCode[] = ['MN-097'];
const CANCEL_APPROVE: MenuCode[] = ['MN-098'];

const resourceOf = (line: DocumentLineRow) => idOf(line.resource) as number;
const sourceOf = (ctx: EffectContext) => idOf(ctx.document.fromStorage) as number;
const destinationOf = (line: DocumentLineRow) => idOf(line.toStorage) as number | null;

const has = (v: unknown) => v !== null && v !== undefined && v !== '';

/** Each line goes to one storage (not the source) or one recipient, with the recipient's type. */
export async function checkDistribution({ header, lines }: ValidateContext): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  lines.forEach((line, i) => {
    const at = `lines.${i}.`;
    if (has(line.toStorage) && has(line.recipientName))
      errors.push({
        field: `${at}recipientName`,
        messageTh: 'หนึ่งบรรทัดส่งให้คลังหรือผู้รับอย่างใดอย่างหนึ่ง',
        messageEn: 'A line goes to either a storage or a recipient, not both',
      });
    else if (!has(line.toStorage) && !has(line.recipientName))
      errors.push({
        field: `${at}toStorage`,
        messageTh: 'กรุณาเลือกคลังปลายทางหรือระบุผู้รับ',
        messageEn: 'Choose the destination storage or name the recipient',
      });
    else if (has(line.toStorage) && line.toStorage === header.fromStorage)
      errors.push({
        field: `${at}toStorage`,
        messageTh: 'คลังปลายทางต้องไม่ใช่คลังต้นทาง',
        messageEn: 'The destination must differ from the source',
      });
    else if (has(line.recipientName) && !has(line.receiverType))
      errors.push({
        field: `${at}receiverType`,
        messageTh: 'กรุณาเลือกประเภทผู้รับ',
        messageEn: 'Choose the receiver type',
      });
  });
  return errors;
}

const lotValues = (p: LotPosting) => ({
  lot: p.lot || null,
  expiryDate: p.expiryDate,
  quantity: p.quantity,
  unitValue: p.unitValue,
});

/** Each line's lot in the source, as the ledger names it. */
const inSource = (ctx: EffectContext, line: DocumentLineRow) => ({
  line: {
    storageId: sourceOf(ctx),
    resourceId: resourceOf(line),
    quantity: String(line.quantity),
    ...lotKey(line),
  },
  source: postingSource(ctx, line),
});

/**
 * Reserves each line in the source in one posting that locks only the lots it takes; a line the
 * ledger takes from several lots (first expiry first) becomes one per lot.
 */
async function reserveLines(ctx: EffectContext): Promise<void> {
  const ledger = new LedgerService(ctx.tx);
  const lines = [...ctx.lines];
  const reserved = await ledger.reserveMany(
    lines.map((line) => ({
      line: {
        storageId: sourceOf(ctx),
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
        toStorage: destinationOf(line),
        recipientName: line.recipientName ?? null,
        receiverType: line.receiverType ?? null,
        ...lotValues(lot),
      });
  }
}

/** Gives back what the lines reserved (each names one lot). */
async function releaseLines(ctx: EffectContext): Promise<void> {
  await new LedgerService(ctx.tx).releaseMany(ctx.lines.map((line) => inSource(ctx, line)));
}

/**
 * Approval: every line out of its reservation in one posting (a line to a storage sent there, a line
 * to a recipient issued), then what was sent received at once in a second one: four statements
 * whatever the number of lines, locking only the lots posted to.
 */
async function postLines(ctx: EffectContext): Promise<void> {
  const ledger = new LedgerService(ctx.tx);
  const lines = [...ctx.lines];
  const posted = await ledger.postMany(
    lines.map((line): StockOperation => {
      const { line: at, source } = inSource(ctx, line);
      const toStorageId = destinationOf(line);
      return toStorageId
        ? {
            op: 'transferOut',
            line: { ...at, fromStorageId: at.storageId, toStorageId, reserved: true },
            source,
          }
        : { op: 'issueReserved', line: at, source };
    }),
  );
  for (const [i, line] of lines.entries()) line.unitValue = posted[i][0].unitValue;
  const sent = lines.filter((line) => destinationOf(line));
  await ledger.receiveFromTransitMany(
    sent.map((line) => ({
      line: {
        storageId: destinationOf(line) as number,
        resourceId: resourceOf(line),
        ...lotKey(line),
        sent: String(line.quantity),
        received: String(line.quantity),
        unitValue: String(line.unitValue),
        reasonId: null,
      },
      source: postingSource(ctx, line),
    })),
  );
}

/**
 * Cancel-approve: refused while another document has taken the goods on in a destination; otherwise
 * every posting of the document is reversed (the reservation too) and the lines are reserved again,
 * so the document waits for approval holding its goods as before. `dependents` locks the lots the
 * document posted to (only those); the reversal and the reservation post to the same lots.
 */
async function reverseLines(ctx: EffectContext): Promise<void> {
  const ledger = new LedgerService(ctx.tx);
  const document = { documentType: ctx.type.type, documentId: ctx.document.id };
  const dependents = await ledger.dependents(document);
  if (dependents.length) throw dependentsRefusal(ctx.type, ctx.document, await ctx.nameDocuments(dependents));
  await ledger.reverse(document, ctx.principal.userId);
  await ledger.reserveMany(ctx.lines.map((line) => inSource(ctx, line)));
}

export const distribution = defineDocumentType({
  type: 'DISTRIBUTION',
  prefix: 'DD',
  table: 'doc_distribution',
  label: { th: 'การกระจายสิ่งของบริจาค', en: 'Distribution of donated goods' },
  menus: { view: ['MN-096', 'MN-099'], create: ADD, edit: EDIT },
  screens: [
    { key: 'add-distribution-donate', mode: 'WORK' },
    { key: 'edit-distribution-donate', mode: 'WORK' },
    { key: 'cancel-distribution-donate', mode: 'WORK' },
    { key: 'view-distribution-donate', mode: 'VIEW' },
    { key: 'approve-distribution-donate', mode: 'APPROVE', level: 1 },
    { key: 'cancel-approve-distribution-donate', mode: 'WORK' },
    { key: 'view-approve-distribution-donate', mode: 'VIEW', level: 1 },
  ],
  editableIn: ['DRAFT'],
  header: [
    field.reference('fromStorage', { th: 'คลังต้นทาง', en: 'From storage' }, () => storage, {
      required: true,
      list: true,
    }),
    field.date(
      'distributionDate',
      { th: 'วันที่กระจาย', en: 'Date of distribution' },
      { required: true, list: true },
    ),
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
    field.text('lot', { th: 'ล็อต', en: 'Lot' }, { maxLength: 50, list: true }),
    field.date('expiryDate', { th: 'วันหมดอายุ', en: 'Expiry date' }, { derived: true, list: true }),
    field.decimal(
      'quantity',
      { th: 'จำนวน', en: 'Quantity' },
      { scale: 3, min: 0.001, max: 99_999_999, required: true, list: true },
    ),
    field.decimal('unitValue', { th: 'มูลค่าต่อหน่วย', en: 'Unit value' }, { scale: 2, derived: true }),
    field.reference('toStorage', { th: 'คลังปลายทาง', en: 'To storage' }, () => storage, { list: true }),
    field.text('recipientName', { th: 'ผู้รับ', en: 'Recipient' }, { maxLength: 255, list: true }),
    field.enum(
      'receiverType',
      { th: 'ประเภทผู้รับ', en: 'Receiver type' },
      optionsOf(commonLists['receiver-type']),
      {
        list: true,
      },
    ),
  ],
  // Created and submitted in one request by an integrator (createAndSubmit…Document).
  createAnd: ['SUBMIT'],
  workflow: {
    statuses: [
      { code: 'DRAFT', label: { th: 'ร่าง', en: 'Draft' } },
      { code: 'PENDING_APPROVAL', label: { th: 'รออนุมัติ (จองสิ่งของแล้ว)', en: 'Pending approval (reserved)' } },
      { code: 'APPROVED', label: { th: 'อนุมัติแล้ว (ตัดจ่ายแล้ว)', en: 'Approved (posted)' } },
      { code: 'CANCELLED', label: { th: 'ยกเลิก', en: 'Cancelled' } },
    ],
    initial: 'DRAFT',
    transitions: [
      {
        action: 'SUBMIT',
        label: { th: 'ส่งขออนุมัติ (จองสิ่งของ)', en: 'Submit for approval (reserve)' },
        from: ['DRAFT'],
        to: 'PENDING_APPROVAL',
        menu: [...ADD, ...EDIT],
      },
      {
        action: 'APPROVE',
        label: { th: 'อนุมัติ', en: 'Approve' },
        from: ['PENDING_APPROVAL'],
        to: 'APPROVED',
        menu: APPROVE,
        approval: 1,
      },
      {
        action: 'CANCEL_APPROVE',
        label: { th: 'ยกเลิกการอนุมัติ', en: 'Cancel approval' },
        from: ['APPROVED'],
        to: 'PENDING_APPROVAL',
        menu: CANCEL_APPROVE,
        revokes: 1,
        reason: 'required',
      },
      cancelAction(['DRAFT', 'PENDING_APPROVAL'], CANCEL),
    ],
  },
  owner: 'fromStorage',
  // The destination storages' staff see the distribution that brought their goods (lists, details).
  lineScopes: { destination: 'toStorage.ownerUnit' },
  validate: checkDistribution,
  effects: {
    SUBMIT: reserveLines,
    APPROVE: postLines,
    CANCEL_APPROVE: reverseLines,
    async CANCEL(ctx) {
      if (ctx.document.status === 'PENDING_APPROVAL') await releaseLines(ctx);
    },
  },
});
