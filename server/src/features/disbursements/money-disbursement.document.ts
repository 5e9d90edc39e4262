import type { MenuCode } from '@namjai/common/menu-catalogue';
import { banks } from '../../kits/core/banks.data';
import { defineDocumentType, type EffectContext } from '../../kits/documents/document-kit';
import { LedgerService } from '../../kits/ledger/ledger.service';
import { validationError } from '../../kits/reference/reference-check';
import { field } from '../../kits/reference/reference-kit';
import { idOf } from '../../kits/reference/reference-view';
import { moneyAccount } from '../reference';
import {
  atDelivery,
  bankAccountErrors,
  deliveryDateErrors,
  disbursementStatuses,
  disbursementTransitions,
  recipientFields,
} from './disbursement-workflow';
import {
  madeFrom,
  supportRequestField,
  supportRequestLineField,
  supportRequestLinkErrors,
} from './support-request-link';

// Money disbursement (MN-074 save .. MN-080 view-approve; product-decisions sec. 6,
// docs/giving-out.md): money paid from an account to a recipient's bank account. Approving (someone
// other than the maker) reserves the amount against the account's available money (balance less
// what other approved disbursements hold); a shortfall refuses the approval. Cancelling the approval
// or the document gives it back. Delivering (MN-085, the transfer made) pays the reserved money out;
// cancelling the delivery (MN-087) reverses the payment, and COMPLETE closes it.

const SAVE: MenuCode[] = ['MN-074'];
const EDIT: MenuCode[] = ['MN-075'];

const bankOptions = banks.map((b) => ({ value: b.code, label: { th: b.nameTh, en: b.nameEn } }));

const accountOf = (ctx: EffectContext) => idOf(ctx.document.moneyAccount) as number;
const sourceOf = (ctx: EffectContext) => ({ documentType: ctx.type.type, documentId: ctx.document.id });
const postingSource = (ctx: EffectContext) => ({
  ...sourceOf(ctx),
  lineId: null,
  userId: ctx.principal.userId,
});

export const moneyDisbursement = defineDocumentType({
  type: 'MONEY_DISBURSEMENT',
  prefix: 'MD',
  table: 'doc_money_disbursement',
  label: { th: 'การเบิกจ่ายเงิน', en: 'Money disbursement' },
  menus: { view: ['MN-077', 'MN-080', 'MN-088'], create: SAVE, edit: EDIT },
  screens: [
    { key: 'save-money-disbursement', mode: 'WORK' },
    { key: 'edit-money-disbursement', mode: 'WORK' },
    { key: 'cancel-money-disbursement', mode: 'WORK' },
    { key: 'view-money-disbursement', mode: 'VIEW' },
    { key: 'approve-money-disbursement', mode: 'APPROVE', level: 1 },
    { key: 'cancel-approve-money-disbursement', mode: 'WORK' },
    { key: 'view-approve-money-disbursement', mode: 'VIEW', level: 1 },
    { key: 'save-delivery-money-disbursement', mode: 'WORK' },
    { key: 'edit-delivery-money-disbursement', mode: 'WORK' },
    { key: 'cancel-delivery-money-disbursement', mode: 'WORK' },
    { key: 'view-delivery-money-disbursement', mode: 'VIEW' },
  ],
  editableIn: ['DRAFT', 'PENDING_APPROVAL'],
  header: [
    field.reference('moneyAccount', { th: 'บัญชีที่จ่ายเงิน', en: 'Paying account' }, () => moneyAccount, {
      required: true,
      list: true,
    }),
    field.decimal(
      'amount',
      { th: 'จำนวนเงิน (บาท)', en: 'Amount (baht)' },
      { scale: 2, min: 0.01, max: 999_999_999_999, required: true, list: true },
    ),
    ...recipientFields,
    field.enum('recipientBank', { th: 'ธนาคารของผู้รับ', en: 'Recipient’s bank' }, bankOptions, {
      required: true,
    }),
    field.text(
      'recipientAccountNumber',
      { th: 'เลขที่บัญชีของผู้รับ', en: 'Recipient’s account number' },
      { required: true, maxLength: 20 },
    ),
    supportRequestField,
    supportRequestLineField,
    atDelivery(
      field.date(
        'transferredOn',
        { th: 'วันที่โอนเงิน', en: 'Date transferred' },
        { required: true, list: true },
      ),
    ),
    atDelivery(
      field.text(
        'transferReference',
        { th: 'เลขอ้างอิงการโอน', en: 'Transfer reference' },
        { required: true, maxLength: 50 },
      ),
    ),
  ],
  lines: [],
  // Created and submitted in one request by an integrator (createAndSubmit…Document).
  createAnd: ['SUBMIT'],
  workflow: {
    statuses: disbursementStatuses,
    initial: 'DRAFT',
    transitions: disbursementTransitions({
      save: SAVE,
      edit: EDIT,
      cancel: ['MN-076'],
      approve: ['MN-078'],
      cancelApprove: ['MN-079'],
      deliver: ['MN-085'],
      cancelDelivery: ['MN-087'],
      editDelivery: ['MN-086'],
      complete: ['MN-085'],
    }),
  },
  owner: 'moneyAccount',
  readExtras: madeFrom,
  async validate(ctx) {
    return [
      ...bankAccountErrors(ctx.header.recipientAccountNumber, 'recipientAccountNumber'),
      ...(await supportRequestLinkErrors(ctx, 'MONEY')),
    ];
  },
  effects: {
    // Two approvals over the last of an account's money queue on its balance row: the second finds
    // the money reserved and is refused (409 SHORTFALL naming the account, available and asked).
    async APPROVE(ctx) {
      await new LedgerService(ctx.tx).money.reserve(
        { accountId: accountOf(ctx), amount: String(ctx.document.amount) },
        postingSource(ctx),
      );
    },
    async CANCEL_APPROVE(ctx) {
      await new LedgerService(ctx.tx).reverse(sourceOf(ctx), ctx.principal.userId);
    },
    async DELIVER(ctx) {
      const errors = deliveryDateErrors(ctx.document.transferredOn, 'transferredOn');
      if (errors.length) throw validationError(errors);
      await new LedgerService(ctx.tx).money.debitReserved(
        { accountId: accountOf(ctx), amount: String(ctx.document.amount), type: 'DISBURSEMENT_OUT' },
        postingSource(ctx),
      );
    },
    // The transfer's date and reference entered again (MN-086): the amount paid does not change, so
    // nothing is posted.
    async EDIT_DELIVERY(ctx) {
      const errors = deliveryDateErrors(ctx.document.transferredOn, 'transferredOn');
      if (errors.length) throw validationError(errors);
    },
    async CANCEL_DELIVERY(ctx) {
      await new LedgerService(ctx.tx).reverse(
        { ...sourceOf(ctx), movementTypes: ['DISBURSEMENT_OUT'] },
        ctx.principal.userId,
      );
      Object.assign(ctx.document, { transferredOn: null, transferReference: null });
    },
    // Approved or delivered: everything it posted is reversed (the payment, then the reservation).
    async CANCEL(ctx) {
      if (ctx.document.status !== 'APPROVED' && ctx.document.status !== 'DELIVERED') return;
      await new LedgerService(ctx.tx).reverse(sourceOf(ctx), ctx.principal.userId);
    },
  },
});
