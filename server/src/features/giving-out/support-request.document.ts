import type { EntityManager } from '@mikro-orm/postgresql';
import type { MenuCode } from '@namjai/common/menu-catalogue';
import provinces from '../../../data/thai-geography/provinces.json' with { type: 'json' };
import { commonLists } from '../../kits/core/common-lists.data';
import {
  cancelAction,
  type DocumentExtras,
  type DocumentLineRow,
  type DocumentRef,
  type DocumentRow,
  defineDocumentType,
  type EffectContext,
  type SaveContext,
  type ValidateContext,
} from '../../kits/documents/document-kit';
import { dependentsRefusal } from '../../kits/documents/document-refusals';
import { validationError } from '../../kits/reference/reference-check';
import { type FieldError, field, optionsOf, type ReferenceRow } from '../../kits/reference/reference-kit';
import { idOf } from '../../kits/reference/reference-view';
import { countingUnit, externalOffice, governmentInfo, resource } from '../reference';

// Support requests (reqs-support, MN-060..MN-066; product-decisions sec. 6): an external office or a
// person asks a unit for goods and/or money. DRAFT > SUBMITTED > APPROVED (by someone other than the
// maker, who enters the approved quantity or amount per line) or REJECTED (with a reason); CANCELLED
// from DRAFT or SUBMITTED; cancel-approve returns an approved request to SUBMITTED and clears what was
// approved. A line is either goods (resource and quantity, in the resource's counting unit) or money
// (an amount in baht). Once approved its lines no longer change (editable only in DRAFT and
// SUBMITTED), so a disbursement can name them by id (docs/giving-out.md).

const SAVE: MenuCode[] = ['MN-060'];
const EDIT: MenuCode[] = ['MN-061'];
const CANCEL: MenuCode[] = ['MN-062'];
const APPROVE: MenuCode[] = ['MN-064'];
const CANCEL_APPROVE: MenuCode[] = ['MN-065'];

const requesterKinds = optionsOf([
  { code: 'OFFICE', nameTh: 'หน่วยงานภายนอก', nameEn: 'External office' },
  { code: 'PERSON', nameTh: 'บุคคล', nameEn: 'Person' },
]);

const urgencies = optionsOf([
  { code: 'VERY_URGENT', nameTh: 'เร่งด่วนมาก', nameEn: 'Very urgent' },
  { code: 'URGENT', nameTh: 'เร่งด่วน', nameEn: 'Urgent' },
  { code: 'NORMAL', nameTh: 'ปกติ', nameEn: 'Normal' },
]);

/** The 77 provinces of the vendored geography (their ids are geo_province's). */
export const provinceOptions = provinces.map((p) => ({
  value: String(p.id),
  label: { th: p.name_th, en: p.name_en },
}));

const has = (v: unknown) => v !== null && v !== undefined && v !== '';

const err = (field: string, messageTh: string, messageEn: string): FieldError => ({
  field,
  messageTh,
  messageEn,
});

/** Who asks, and what each line asks for: goods (resource and quantity) or money, not both. */
export async function checkSupportRequest({ header, lines }: ValidateContext): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  if (header.requesterKind === 'OFFICE' && !has(header.requesterOffice))
    errors.push(err('requesterOffice', 'กรุณาเลือกหน่วยงานที่ขอ', 'Choose the requesting office'));
  if (header.requesterKind === 'PERSON' && !has(header.requesterName))
    errors.push(err('requesterName', 'กรุณาระบุชื่อผู้ขอ', 'Give the name of the person asking'));
  lines.forEach((line, i) => {
    const at = `lines.${i}.`;
    const goods = has(line.resource) || has(line.quantity);
    if (goods && has(line.amount))
      errors.push(
        err(
          `${at}amount`,
          'หนึ่งบรรทัดขอได้ทั้งสิ่งของหรือเงินอย่างใดอย่างหนึ่ง',
          'A line asks for either goods or money, not both',
        ),
      );
    else if (!goods && !has(line.amount))
      errors.push(
        err(`${at}resource`, 'กรุณาระบุสิ่งของหรือจำนวนเงินที่ขอ', 'Give the resource or the amount asked for'),
      );
    else if (goods && !has(line.resource))
      errors.push(err(`${at}resource`, 'กรุณาเลือกสิ่งของ', 'Choose the resource'));
    else if (goods && !has(line.quantity))
      errors.push(err(`${at}quantity`, 'กรุณาระบุจำนวนที่ขอ', 'Give the quantity asked for'));
  });
  return errors;
}

/** A goods line counts in its resource's counting unit, as the stock ledger does. */
async function fillCountingUnits(ctx: SaveContext): Promise<void> {
  const ids = [...new Set(ctx.lines.map((l) => idOf(l.resource)).filter((id) => id != null))] as number[];
  const resources = ids.length ? await ctx.tx.find(resource.entity, { id: { $in: ids } }) : [];
  const unitOf = new Map(resources.map((r: ReferenceRow) => [r.id, idOf(r.countingUnit)]));
  for (const line of ctx.lines) {
    const unit = line.resource == null ? null : unitOf.get(idOf(line.resource) as number);
    line.countingUnit = unit == null ? null : ctx.tx.getReference(countingUnit.entity, unit as number);
  }
}

const isGoods = (line: DocumentLineRow) => line.resource != null;

/**
 * Approval: each line gets what is approved of it, at most what was asked (left empty: all of it);
 * a goods line takes a quantity, a money line an amount. Approving nothing at all is a rejection.
 */
async function approveLines(ctx: EffectContext): Promise<void> {
  const errors: FieldError[] = [];
  for (const line of ctx.lines) {
    const at = `lines.${line.lineNo - 1}.`;
    const [asked, approved, other] = isGoods(line)
      ? (['quantity', 'approvedQuantity', 'approvedAmount'] as const)
      : (['amount', 'approvedAmount', 'approvedQuantity'] as const);
    if (has(line[other])) {
      errors.push(
        isGoods(line)
          ? err(
              `${at}${other}`,
              'บรรทัดสิ่งของอนุมัติเป็นจำนวน ไม่ใช่จำนวนเงิน',
              'A goods line is approved as a quantity, not an amount',
            )
          : err(
              `${at}${other}`,
              'บรรทัดเงินอนุมัติเป็นจำนวนเงิน ไม่ใช่จำนวนสิ่งของ',
              'A money line is approved as an amount, not a quantity',
            ),
      );
      continue;
    }
    if (!has(line[approved])) line[approved] = String(line[asked]);
    else if (Number(line[approved]) > Number(line[asked]))
      errors.push(
        isGoods(line)
          ? err(
              `${at}${approved}`,
              'จำนวนที่อนุมัติต้องไม่เกินจำนวนที่ขอ',
              'The quantity approved may not exceed the quantity asked for',
            )
          : err(
              `${at}${approved}`,
              'จำนวนเงินที่อนุมัติต้องไม่เกินจำนวนเงินที่ขอ',
              'The amount approved may not exceed the amount asked for',
            ),
      );
  }
  if (
    !errors.length &&
    ctx.lines.every((l) => Number(l[isGoods(l) ? 'approvedQuantity' : 'approvedAmount']) === 0)
  )
    errors.push(
      err(
        'lines',
        'ไม่ได้อนุมัติสิ่งใดเลย หากไม่อนุมัติคำขอ กรุณาใช้ "ไม่อนุมัติ"',
        'Nothing is approved; to turn the request down, reject it',
      ),
    );
  if (errors.length) throw validationError(errors);
}

/**
 * Cancel-approve: what was approved is cleared; a new approval enters it again. Refused (409
 * DEPENDENT_DOCUMENTS, naming them) while a live (not cancelled) disbursement was made from it.
 */
async function clearApproval(ctx: EffectContext): Promise<void> {
  const dependents = await ctx.tx.getConnection().execute<{ documentType: string; documentId: number }[]>(
    `select 'RESOURCE_DISBURSEMENT' as "documentType", id as "documentId" from doc_resource_disbursement
      where support_request_id = ? and status <> 'CANCELLED'
     union all
     select 'MONEY_DISBURSEMENT', id from doc_money_disbursement where support_request_id = ? and status <> 'CANCELLED'
     order by 1, 2`,
    [ctx.document.id, ctx.document.id],
  );
  if (dependents.length)
    throw dependentsRefusal(ctx.type, ctx.document, await ctx.nameDocuments(dependents), 'made-from');
  for (const line of ctx.lines) Object.assign(line, { approvedQuantity: null, approvedAmount: null });
}

const atApproval = <T extends object>(f: T) => ({ ...f, enteredAt: 'APPROVE' });

/** A figure traced from the disbursements, computed when the request is read (no column). */
const traced = <T extends object>(f: T) => ({ ...f, derived: true, computed: true });

/**
 * What became of each line, in one statement: disbursed (disbursements approved, delivered or
 * completed), delivered (delivered or completed: the quantity delivered, the amount paid) and
 * reported (completed: the result recorded), from the disbursement lines (money: disbursements)
 * that name the line; goods lines in quantities, money lines in baht.
 */
export const traceSql = `
  select l.id,
         g.disbursed as "disbursedQuantity", g.delivered as "deliveredQuantity", g.reported as "reportedQuantity",
         m.disbursed as "disbursedAmount", m.delivered as "deliveredAmount", m.reported as "reportedAmount",
         g.committed as "committedQuantity", m.committed as "committedAmount"
    from doc_support_request_line l
    left join lateral (
      select coalesce(sum(dl.quantity) filter (where d.status <> 'CANCELLED'), 0) as committed,
             coalesce(sum(dl.quantity) filter (where d.status in ('APPROVED', 'DELIVERED', 'COMPLETED')), 0) as disbursed,
             coalesce(sum(dl.delivered_quantity) filter (where d.status in ('DELIVERED', 'COMPLETED')), 0) as delivered,
             coalesce(sum(dl.delivered_quantity) filter (where d.status = 'COMPLETED'), 0) as reported
        from doc_resource_disbursement_line dl join doc_resource_disbursement d on d.id = dl.document_id
       where dl.support_request_line = l.id) g on l.resource_id is not null
    left join lateral (
      select coalesce(sum(d.amount) filter (where d.status <> 'CANCELLED'), 0) as committed,
             coalesce(sum(d.amount) filter (where d.status in ('APPROVED', 'DELIVERED', 'COMPLETED')), 0) as disbursed,
             coalesce(sum(d.amount) filter (where d.status in ('DELIVERED', 'COMPLETED')), 0) as delivered,
             coalesce(sum(d.amount) filter (where d.status = 'COMPLETED'), 0) as reported
        from doc_money_disbursement d
       where d.support_request_line = l.id) m on l.resource_id is null
   where l.document_id = ?`;

async function readTrace(tx: EntityManager, row: DocumentRow): Promise<DocumentExtras> {
  const conn = tx.getConnection();
  const figures = await conn.execute<Record<string, unknown>[]>(traceSql, [row.id]);
  const related = await conn.execute<DocumentRef[]>(
    `select 'RESOURCE_DISBURSEMENT' as "documentType", id as "documentId" from doc_resource_disbursement
      where support_request_id = ?
     union all
     select 'MONEY_DISBURSEMENT', id from doc_money_disbursement where support_request_id = ?
     order by 1, 2`,
    [row.id, row.id],
  );
  return { lines: new Map(figures.map((f) => [f.id as number, f])), related };
}

export const supportRequest = defineDocumentType({
  type: 'SUPPORT_REQUEST',
  prefix: 'RS',
  table: 'doc_support_request',
  label: { th: 'คำขอรับการสนับสนุน', en: 'Support request' },
  menus: { view: ['MN-063', 'MN-066'], create: SAVE, edit: EDIT },
  screens: [
    { key: 'save-reqs-support', mode: 'WORK' },
    { key: 'edit-reqs-support', mode: 'WORK' },
    { key: 'cancel-reqs-support', mode: 'WORK' },
    { key: 'view-reqs-support', mode: 'VIEW' },
    { key: 'approve-reqs-support', mode: 'APPROVE', level: 1 },
    { key: 'cancel-approve-reqs-support', mode: 'WORK' },
    { key: 'view-approve-reqs-support', mode: 'VIEW', level: 1 },
  ],
  editableIn: ['DRAFT', 'SUBMITTED'],
  header: [
    field.reference('unit', { th: 'หน่วยงานที่รับคำขอ', en: 'Unit asked' }, () => governmentInfo, {
      required: true,
      list: true,
    }),
    field.enum('requesterKind', { th: 'ผู้ขอเป็น', en: 'Requester is' }, requesterKinds, { required: true }),
    field.reference('requesterOffice', { th: 'หน่วยงานที่ขอ', en: 'Requesting office' }, () => externalOffice, {
      list: true,
    }),
    field.text(
      'requesterName',
      { th: 'ชื่อผู้ขอ (บุคคล)', en: 'Name of the person asking' },
      {
        maxLength: 255,
        list: true,
        search: true,
      },
    ),
    field.enum(
      'receiverType',
      { th: 'ประเภทผู้รับ', en: 'Receiver type' },
      optionsOf(commonLists['receiver-type']),
      {
        required: true,
        list: true,
      },
    ),
    field.enum('province', { th: 'จังหวัด', en: 'Province' }, provinceOptions, {
      required: true,
      list: true,
      numeric: true,
    }),
    field.date('requestDate', { th: 'วันที่ขอ', en: 'Date of the request' }, { required: true, list: true }),
    field.enum('urgency', { th: 'ความเร่งด่วน', en: 'Urgency' }, urgencies, { required: true, list: true }),
    field.text(
      'purpose',
      { th: 'วัตถุประสงค์', en: 'Purpose' },
      { maxLength: 1000, required: true, search: true },
    ),
  ],
  lines: [
    field.reference('resource', { th: 'สิ่งของ', en: 'Resource' }, () => resource, { list: true }),
    field.decimal(
      'quantity',
      { th: 'จำนวนที่ขอ', en: 'Quantity asked' },
      { scale: 3, min: 0.001, max: 99_999_999, list: true },
    ),
    field.reference('countingUnit', { th: 'หน่วยนับ', en: 'Counting unit' }, () => countingUnit, {
      derived: true,
      list: true,
    }),
    field.decimal(
      'amount',
      { th: 'จำนวนเงินที่ขอ (บาท)', en: 'Amount asked (baht)' },
      { scale: 2, min: 0.01, max: 999_999_999, list: true },
    ),
    atApproval(
      field.decimal(
        'approvedQuantity',
        { th: 'จำนวนที่อนุมัติ', en: 'Quantity approved' },
        { scale: 3, min: 0, max: 99_999_999, list: true },
      ),
    ),
    atApproval(
      field.decimal(
        'approvedAmount',
        { th: 'จำนวนเงินที่อนุมัติ (บาท)', en: 'Amount approved (baht)' },
        { scale: 2, min: 0, max: 999_999_999, list: true },
      ),
    ),
    traced(field.decimal('disbursedQuantity', { th: 'เบิกจ่ายแล้ว', en: 'Disbursed' }, { scale: 3 })),
    traced(field.decimal('deliveredQuantity', { th: 'ส่งมอบแล้ว', en: 'Delivered' }, { scale: 3 })),
    traced(field.decimal('reportedQuantity', { th: 'รายงานผลแล้ว', en: 'Reported' }, { scale: 3 })),
    traced(field.decimal('disbursedAmount', { th: 'เบิกจ่ายแล้ว (บาท)', en: 'Disbursed (baht)' }, { scale: 2 })),
    traced(field.decimal('deliveredAmount', { th: 'โอนแล้ว (บาท)', en: 'Paid (baht)' }, { scale: 2 })),
    traced(field.decimal('reportedAmount', { th: 'รายงานผลแล้ว (บาท)', en: 'Reported (baht)' }, { scale: 2 })),
    // What live (not cancelled) disbursements take, drafts included: what the approved remainder
    // is checked against (support-request-link.ts); the form's choice of a line shows what is left.
    traced(field.decimal('committedQuantity', { th: 'จองเบิกจ่ายแล้ว', en: 'Committed' }, { scale: 3 })),
    traced(
      field.decimal('committedAmount', { th: 'จองเบิกจ่ายแล้ว (บาท)', en: 'Committed (baht)' }, { scale: 2 }),
    ),
  ],
  // Created and submitted in one request by an integrator (createAndSubmit…Document).
  createAnd: ['SUBMIT'],
  workflow: {
    statuses: [
      { code: 'DRAFT', label: { th: 'ร่าง', en: 'Draft' } },
      { code: 'SUBMITTED', label: { th: 'รออนุมัติ', en: 'Submitted' } },
      { code: 'APPROVED', label: { th: 'อนุมัติแล้ว', en: 'Approved' } },
      { code: 'REJECTED', label: { th: 'ไม่อนุมัติ', en: 'Rejected' } },
      { code: 'CANCELLED', label: { th: 'ยกเลิก', en: 'Cancelled' } },
    ],
    initial: 'DRAFT',
    transitions: [
      {
        action: 'SUBMIT',
        label: { th: 'ส่งขออนุมัติ', en: 'Submit for approval' },
        from: ['DRAFT'],
        to: 'SUBMITTED',
        menu: [...SAVE, ...EDIT],
      },
      {
        action: 'APPROVE',
        label: { th: 'อนุมัติ', en: 'Approve' },
        from: ['SUBMITTED'],
        to: 'APPROVED',
        menu: APPROVE,
        approval: 1,
      },
      {
        action: 'REJECT',
        label: { th: 'ไม่อนุมัติ', en: 'Reject' },
        from: ['SUBMITTED'],
        to: 'REJECTED',
        menu: APPROVE,
        approval: 1,
        reason: 'required',
      },
      {
        action: 'CANCEL_APPROVE',
        label: { th: 'ยกเลิกการอนุมัติ', en: 'Cancel approval' },
        from: ['APPROVED'],
        to: 'SUBMITTED',
        menu: CANCEL_APPROVE,
        revokes: 1,
        reason: 'required',
      },
      cancelAction(['DRAFT', 'SUBMITTED'], CANCEL),
    ],
  },
  owner: 'unit',
  validate: checkSupportRequest,
  onSave: fillCountingUnits,
  readExtras: readTrace,
  effects: {
    APPROVE: approveLines,
    CANCEL_APPROVE: clearApproval,
  },
});
