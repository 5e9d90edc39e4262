import type { MenuCode } from '@namjai/common/menu-catalogue';
import { banks } from '../../kits/core/banks.data';
import { commonLists } from '../../kits/core/common-lists.data';
import { cancelAction, defineDocumentType, systemSet } from '../../kits/documents/document-kit';
import { LedgerService } from '../../kits/ledger/ledger.service';
import type { FieldError } from '../../kits/reference/reference-kit';
import { field, optionsOf } from '../../kits/reference/reference-kit';
import { idOf } from '../../kits/reference/reference-view';
import { issueReceipt, voidReceipt } from '../receipts';
import { donator, moneyAccount } from '../reference';

// Money donations (add/edit/cancle/view-donate-money MN-035..MN-038) and their receipts
// (approve/cancle/view-receipt-money MN-048..MN-050, print-donate-money MN-051): product-decisions
// sec. 4, docs/receipts.md. PENDING > APPROVED (the receipt is issued and the money posted to the
// receiving account in one transaction); CANCELLED from PENDING (cancel) or from APPROVED (the
// receipt is voided and the money posting reversed).

const CREATE: MenuCode[] = ['MN-035'];
const EDIT: MenuCode[] = ['MN-036'];
const CANCEL: MenuCode[] = ['MN-037'];
const APPROVE: MenuCode[] = ['MN-048'];
const CANCEL_RECEIPT: MenuCode[] = ['MN-049'];

/** Payment methods that need the bank and the cheque number or transfer reference. */
const NEEDS_REFERENCE = ['CHEQUE', 'TRANSFER'];

const transferTypes = optionsOf(commonLists['transfer-money-type']);
const objectives = optionsOf(commonLists['objective/event']);
const bankOptions = banks.map((b) => ({ value: b.code, label: { th: b.nameTh, en: b.nameEn } }));

/** Where a donation was reported: null when staff recorded it; the public form sets WEBSITE. */
export const donationChannels = [
  { value: 'WEBSITE', label: { th: 'ผู้บริจาคแจ้งโอนทางเว็บไซต์', en: 'Reported by the donor on the website' } },
];

/** How the donor wants the receipt (the public form asks; staff send it after approval). */
export const receiptDeliveries = [
  { value: 'NONE', label: { th: 'ไม่ต้องการใบเสร็จ', en: 'No receipt wanted' } },
  { value: 'EMAIL', label: { th: 'ส่งทางอีเมล', en: 'By e-mail' } },
  { value: 'POST', label: { th: 'ส่งทางไปรษณีย์', en: 'By post' } },
];

const labelOf = (options: { value: string; label: { th: string } }[], value: unknown) =>
  options.find((o) => o.value === value)?.label.th ?? String(value ?? '');

/** What the receipt prints as the purpose: the objective, and its details when given. */
export function purposeOf(document: Record<string, unknown>): string {
  const objective = labelOf(objectives, document.objective);
  const detail = (document.objectiveDetail as string | null) ?? '';
  return detail ? `${objective} (${detail})` : objective;
}

/** How the money came, as the receipt prints it: "เช็ค ธนาคารกรุงไทย … เลขที่ 0012345". */
export function paymentTextOf(document: Record<string, unknown>): string {
  const parts = [labelOf(transferTypes, document.transferType)];
  if (document.bank) parts.push(labelOf(bankOptions, document.bank));
  if (document.paymentReference) parts.push(`เลขที่อ้างอิง ${document.paymentReference}`);
  return parts.join(' ');
}

export const moneyDonation = defineDocumentType({
  type: 'MONEY_DONATION',
  prefix: 'DM',
  table: 'doc_money_donation',
  // The donation history pages by the donation's date (docs/donations.md "Donation history").
  keyIndexes: ['donatedOn'],
  label: { th: 'รับบริจาคเงิน', en: 'Money donation' },
  // The receipt screens (MN-050) and the print screen (MN-051) read the donations too.
  menus: { view: ['MN-038', 'MN-050', 'MN-051'], create: CREATE, edit: EDIT },
  screens: [
    { key: 'add-donate-money', mode: 'WORK' },
    { key: 'edit-donate-money', mode: 'WORK' },
    { key: 'cancle-donate-money', mode: 'WORK' },
    { key: 'view-donate-money', mode: 'VIEW' },
    { key: 'approve-receipt-money', mode: 'APPROVE' },
    { key: 'cancle-receipt-money', mode: 'WORK' },
    { key: 'view-receipt-money', mode: 'VIEW' },
    { key: 'print-donate-money', mode: 'VIEW' },
  ],
  editableIn: ['PENDING'],
  header: [
    field.reference('donor', { th: 'ผู้บริจาค', en: 'Donor' }, () => donator, { required: true, list: true }),
    field.date('donatedOn', { th: 'วันที่รับเงิน', en: 'Date received' }, { required: true, list: true }),
    field.decimal(
      'amount',
      { th: 'จำนวนเงิน (บาท)', en: 'Amount (baht)' },
      { scale: 2, min: 0.01, max: 999_999_999_999, required: true, list: true },
    ),
    field.enum('transferType', { th: 'ประเภทการรับเงิน', en: 'Payment method' }, transferTypes, {
      required: true,
      list: true,
    }),
    field.enum('bank', { th: 'ธนาคาร', en: 'Bank' }, bankOptions),
    field.text(
      'paymentReference',
      { th: 'เลขที่เช็คหรือเลขอ้างอิงการโอน', en: 'Cheque number or transfer reference' },
      { maxLength: 50 },
    ),
    field.reference('moneyAccount', { th: 'บัญชีที่รับเงิน', en: 'Receiving account' }, () => moneyAccount, {
      required: true,
      list: true,
    }),
    field.enum('objective', { th: 'วัตถุประสงค์', en: 'Objective' }, objectives, { required: true }),
    field.text('objectiveDetail', { th: 'รายละเอียดวัตถุประสงค์', en: 'Objective details' }, { maxLength: 500 }),
    // Set only by the public form (features/donate-transfer, the kit's create's system values): staff see where the donation came
    // from in the queue, and where the donor wants the receipt and the news sent.
    systemSet(
      field.enum('channel', { th: 'ช่องทางที่แจ้ง', en: 'Reported through' }, donationChannels, { list: true }),
    ),
    systemSet(
      field.enum('receiptDelivery', { th: 'การส่งใบเสร็จ', en: 'Receipt delivery' }, receiptDeliveries),
    ),
    systemSet(field.email()),
    systemSet(
      field.text(
        'receiptAddress',
        { th: 'ที่อยู่สำหรับส่งใบเสร็จ', en: 'Postal address for the receipt' },
        { maxLength: 1000 },
      ),
    ),
  ],
  lines: [],
  workflow: {
    statuses: [
      { code: 'PENDING', label: { th: 'รอตรวจสอบ', en: 'Pending' } },
      { code: 'APPROVED', label: { th: 'อนุมัติและออกใบเสร็จแล้ว', en: 'Approved, receipt issued' } },
      { code: 'CANCELLED', label: { th: 'ยกเลิก', en: 'Cancelled' } },
    ],
    initial: 'PENDING',
    transitions: [
      {
        action: 'APPROVE',
        label: { th: 'อนุมัติและออกใบเสร็จ', en: 'Approve and issue the receipt' },
        from: ['PENDING'],
        to: 'APPROVED',
        menu: APPROVE,
        approval: 1,
      },
      cancelAction(['PENDING'], CANCEL),
      {
        action: 'CANCEL_RECEIPT',
        label: { th: 'ยกเลิกใบเสร็จ', en: 'Cancel the receipt' },
        from: ['APPROVED'],
        to: 'CANCELLED',
        menu: CANCEL_RECEIPT,
        reason: 'required',
      },
    ],
  },
  owner: 'moneyAccount',
  async validate({ header }) {
    const errors: FieldError[] = [];
    if (NEEDS_REFERENCE.includes(header.transferType as string)) {
      const cheque = header.transferType === 'CHEQUE';
      if (!header.bank)
        errors.push({
          field: 'bank',
          messageTh: cheque ? 'กรุณาระบุธนาคารของเช็ค' : 'กรุณาระบุธนาคารที่โอนเงิน',
          messageEn: cheque ? 'The cheque’s bank is required' : 'The bank of the transfer is required',
        });
      if (!header.paymentReference)
        errors.push({
          field: 'paymentReference',
          messageTh: cheque ? 'กรุณาระบุเลขที่เช็ค' : 'กรุณาระบุเลขอ้างอิงการโอนเงิน',
          messageEn: cheque ? 'The cheque number is required' : 'The transfer reference is required',
        });
    }
    return errors;
  },
  effects: {
    // The money comes in and the receipt is issued in the approving transaction: a refusal of
    // either (no tax id set up) writes neither.
    async APPROVE(ctx) {
      const source = {
        documentType: ctx.type.type,
        documentId: ctx.document.id,
        lineId: null,
        userId: ctx.principal.userId,
      };
      const amount = String(ctx.document.amount);
      await new LedgerService(ctx.tx).money.credit(
        { accountId: idOf(ctx.document.moneyAccount) as number, amount, type: 'DONATION_IN' },
        source,
      );
      await issueReceipt(
        ctx.tx,
        {
          kind: 'MONEY',
          documentType: ctx.type.type,
          documentId: ctx.document.id,
          unitId: ctx.document.ownerUnit.id,
          donorId: idOf(ctx.document.donor) as number,
          amount,
          purpose: purposeOf(ctx.document),
          paymentText: paymentTextOf(ctx.document),
        },
        ctx.principal,
      );
    },
    // The reversal is refused (409 SHORTFALL) when the money has been spent meanwhile.
    async CANCEL_RECEIPT(ctx) {
      await new LedgerService(ctx.tx).reverse(
        { documentType: ctx.type.type, documentId: ctx.document.id },
        ctx.principal.userId,
      );
      const voided = await voidReceipt(
        ctx.tx,
        { documentType: ctx.type.type, documentId: ctx.document.id },
        ctx.principal,
        ctx.reason,
      );
      // Every approved money donation was given its receipt in the approving transaction.
      if (!voided) throw new Error(`${ctx.document.number} is approved without a receipt`);
    },
  },
});
