import type { MenuCode } from '@namjai/common/menu-catalogue';
import { cancelAction, type DocumentField } from '../../kits/documents/document-kit';
import type { FieldError } from '../../kits/reference/reference-kit';
import { field } from '../../kits/reference/reference-kit';
import type { StatusDecl, TransitionDecl } from '../../kits/workflow/workflow';
import { bangkokToday } from '../../platform/dates';

// What the two disbursements (product-decisions sec. 6, docs/giving-out.md) share: their statuses and
// transitions, and the fields every disbursement has. DRAFT > PENDING_APPROVAL > APPROVED (the stock
// or money is reserved) > DELIVERED (posted out) > COMPLETED; CANCELLED undoes what was posted.

export const disbursementStatuses: readonly StatusDecl[] = [
  { code: 'DRAFT', label: { th: 'ร่าง', en: 'Draft' } },
  { code: 'PENDING_APPROVAL', label: { th: 'รออนุมัติ', en: 'Pending approval' } },
  { code: 'APPROVED', label: { th: 'อนุมัติแล้ว', en: 'Approved' } },
  { code: 'DELIVERED', label: { th: 'ส่งมอบแล้ว', en: 'Delivered' } },
  { code: 'COMPLETED', label: { th: 'เสร็จสิ้น', en: 'Completed' } },
  { code: 'CANCELLED', label: { th: 'ยกเลิก', en: 'Cancelled' } },
];

export interface DisbursementMenus {
  save: MenuCode[];
  edit: MenuCode[];
  cancel: MenuCode[];
  approve: MenuCode[];
  cancelApprove: MenuCode[];
  deliver: MenuCode[];
  cancelDelivery: MenuCode[];
  /** The delivery's details entered again (DELIVERED > DELIVERED): MN-082, MN-086. */
  editDelivery: MenuCode[];
  complete: MenuCode[];
  /** A recorded result edited (COMPLETED > COMPLETED) and cancelled (back to DELIVERED). */
  result?: { edit: MenuCode[]; cancel: MenuCode[] };
}

export function disbursementTransitions(m: DisbursementMenus): TransitionDecl[] {
  return [
    {
      action: 'SUBMIT',
      label: { th: 'ส่งขออนุมัติ', en: 'Submit for approval' },
      from: ['DRAFT'],
      to: 'PENDING_APPROVAL',
      menu: [...m.save, ...m.edit],
    },
    {
      action: 'APPROVE',
      label: { th: 'อนุมัติ', en: 'Approve' },
      from: ['PENDING_APPROVAL'],
      to: 'APPROVED',
      menu: m.approve,
      approval: 1,
    },
    {
      action: 'CANCEL_APPROVE',
      label: { th: 'ยกเลิกการอนุมัติ', en: 'Cancel approval' },
      from: ['APPROVED'],
      to: 'PENDING_APPROVAL',
      menu: m.cancelApprove,
      revokes: 1,
      reason: 'required',
    },
    {
      action: 'DELIVER',
      label: { th: 'บันทึกการส่งมอบ', en: 'Record the delivery' },
      from: ['APPROVED'],
      to: 'DELIVERED',
      menu: m.deliver,
    },
    {
      action: 'EDIT_DELIVERY',
      label: { th: 'แก้ไขการส่งมอบ', en: 'Edit the delivery' },
      from: ['DELIVERED'],
      to: 'DELIVERED',
      menu: m.editDelivery,
    },
    {
      action: 'CANCEL_DELIVERY',
      label: { th: 'ยกเลิกการส่งมอบ', en: 'Cancel the delivery' },
      from: ['DELIVERED'],
      to: 'APPROVED',
      menu: m.cancelDelivery,
      reason: 'required',
    },
    {
      action: 'COMPLETE',
      label: { th: 'ปิดรายการ', en: 'Complete' },
      from: ['DELIVERED'],
      to: 'COMPLETED',
      menu: m.complete,
    },
    ...(m.result
      ? [
          {
            action: 'EDIT_RESULT',
            label: { th: 'แก้ไขผลการเบิกจ่าย', en: 'Edit the result' },
            from: ['COMPLETED'],
            to: 'COMPLETED',
            menu: m.result.edit,
          },
          {
            action: 'CANCEL_RESULT',
            label: { th: 'ยกเลิกผลการเบิกจ่าย', en: 'Cancel the result' },
            from: ['COMPLETED'],
            to: 'DELIVERED',
            menu: m.result.cancel,
            reason: 'required' as const,
          },
        ]
      : []),
    // A completed one has its result: it is not cancelled any more, nor its delivery.
    cancelAction(['DRAFT', 'PENDING_APPROVAL', 'APPROVED', 'DELIVERED'], m.cancel),
  ];
}

export const recipientFields = [
  field.text('recipientName', { th: 'ผู้รับ', en: 'Recipient' }, { required: true, maxLength: 255, list: true }),
  field.text('recipientAddress', { th: 'ที่อยู่ผู้รับ', en: 'Recipient’s address' }, { maxLength: 500 }),
  field.text('purpose', { th: 'วัตถุประสงค์', en: 'Purpose' }, { maxLength: 1000 }),
];

/**
 * A field entered when the disbursement is delivered (DELIVER) and again when the delivery is edited
 * (EDIT_DELIVERY, the form starting from the recorded value); cleared if the delivery is cancelled.
 */
export const atDelivery = <F extends DocumentField>(f: F): F => ({
  ...f,
  enteredAt: 'DELIVER',
  reenteredAt: ['EDIT_DELIVERY'],
});

/** A header field entered with the result (COMPLETE) and again when it is edited; cleared if cancelled. */
export const atResult = <F extends DocumentField>(f: F): F => ({
  ...f,
  enteredAt: 'COMPLETE',
  reenteredAt: ['EDIT_RESULT'],
});

/** The result's date: not in the future, not before the delivery. */
export function resultDateErrors(value: unknown, deliveredOn: unknown): FieldError[] {
  const err = (messageTh: string, messageEn: string) => [{ field: 'resultDate', messageTh, messageEn }];
  if (String(value) > bangkokToday())
    return err('วันที่บันทึกผลต้องไม่เป็นวันในอนาคต', 'The result date may not be in the future');
  if (deliveredOn && String(value) < String(deliveredOn))
    return err('วันที่บันทึกผลต้องไม่ก่อนวันที่ส่งมอบ', 'The result date may not be before the delivery date');
  return [];
}

/** The delivery's date may not be in the future (Bangkok's today at the latest). */
export function deliveryDateErrors(value: unknown, name: string): FieldError[] {
  return String(value) > bangkokToday()
    ? [
        {
          field: name,
          messageTh: 'วันที่ส่งมอบต้องไม่เป็นวันในอนาคต',
          messageEn: 'The delivery date may not be in the future',
        },
      ]
    : [];
}

/** A bank account number: 10 to 15 digits (dashes and spaces as people type them are dropped). */
export function bankAccountErrors(value: unknown, name: string): FieldError[] {
  const digits = String(value ?? '').replace(/[-\s]/g, '');
  return /^\d{10,15}$/.test(digits)
    ? []
    : [
        {
          field: name,
          messageTh: 'เลขที่บัญชีต้องเป็นตัวเลข 10 ถึง 15 หลัก',
          messageEn: 'The account number must be 10 to 15 digits',
        },
      ];
}
