import type { MenuCode } from '@namjai/common/menu-catalogue';
import { checkWorkflow, type Label, type WorkflowDecl } from '../../kits/workflow/workflow';

// A visitor's request for a receipt (money) or an evidence of receipt (goods), worked by the staff of
// the receiving unit's subtree on reqs-receipt-donation-resouce (MN-053). It goes through the one
// workflow rule (menu code, status, data scope) and history, keyed in document_history as
// (RECEIPT_REQUEST, request id), like the user requests: it is not a document of the kit, because a
// visitor writes it through a public form and staff never edit what the visitor wrote
// (docs/receipts.md, "Receipt requests").

/** History key of a receipt request: (RECEIPT_REQUEST, the request's id). */
export const RECEIPT_REQUEST = 'RECEIPT_REQUEST';

/** The menu that works the queue (take in, link, issue, reject). */
export const RECEIPT_REQUEST_WORK_MENU: MenuCode = 'MN-053';
/** The menu that reads the history of requests. */
export const RECEIPT_REQUEST_HISTORY_MENU: MenuCode = 'MN-059';

export const ReceiptRequestStatus = {
  Requested: 'REQUESTED',
  InProgress: 'IN_PROGRESS',
  Issued: 'ISSUED',
  Rejected: 'REJECTED',
} as const;

const { Requested, InProgress, Issued, Rejected } = ReceiptRequestStatus;
const work = [RECEIPT_REQUEST_WORK_MENU];

export const receiptRequestNoun: Label = { th: 'คำขอหลักฐานการบริจาค', en: 'receipt request' };

/**
 * REQUESTED > IN_PROGRESS > ISSUED, or REJECTED with a reason from either open status. LINK stays in
 * IN_PROGRESS: it names the donation the receipt belongs to and is kept in the history (the
 * donation's number as its note), so who matched which donation is on record. There is no
 * maker-checker here: the request is the visitor's, and the legal act (approving the donation, which
 * issues the receipt) already had its own maker and checker.
 */
export const receiptRequestWorkflow: WorkflowDecl = {
  noun: receiptRequestNoun,
  statuses: [
    { code: Requested, label: { th: 'ยื่นคำขอแล้ว', en: 'Requested' } },
    { code: InProgress, label: { th: 'กำลังดำเนินการ', en: 'In progress' } },
    { code: Issued, label: { th: 'ออกหลักฐานแล้ว', en: 'Issued' } },
    { code: Rejected, label: { th: 'ไม่อนุมัติ', en: 'Rejected' } },
  ],
  initial: Requested,
  transitions: [
    {
      action: 'TAKE',
      label: { th: 'รับเรื่อง', en: 'Take in' },
      from: [Requested],
      to: InProgress,
      menu: work,
    },
    {
      action: 'LINK',
      label: { th: 'เชื่อมกับรายการรับบริจาค', en: 'Link to a donation' },
      from: [InProgress],
      to: InProgress,
      menu: work,
    },
    {
      action: 'ISSUE',
      label: { th: 'ออกหลักฐาน', en: 'Issue' },
      from: [InProgress],
      to: Issued,
      menu: work,
    },
    {
      action: 'REJECT',
      label: { th: 'ไม่อนุมัติ', en: 'Reject' },
      from: [Requested, InProgress],
      to: Rejected,
      menu: work,
      reason: 'required',
    },
  ],
};

checkWorkflow(RECEIPT_REQUEST, receiptRequestWorkflow);
