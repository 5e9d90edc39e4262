import { RequestStatus } from '../../kits/core/user.entity';
import { checkWorkflow, type WorkflowDecl } from '../../kits/workflow/workflow';

// The two requests about a person that an administrator decides: a staff registration and a move to
// another unit. They go through the document kit's workflow rule (menu code, status, data scope,
// maker-checker) and history, but are not numbered documents: the user row and the transfer
// request row keep the status codes of the specification (P, A, R).

/** History key of a registration: (USER_REGISTRATION, the user's id). */
export const REGISTRATION = 'USER_REGISTRATION';
/** History key of a transfer request: (USER_TRANSFER, the request's id). */
export const USER_TRANSFER = 'USER_TRANSFER';

const pending = { code: RequestStatus.Pending, label: { th: 'รออนุมัติ', en: 'Pending' } };
const approved = { code: RequestStatus.Approved, label: { th: 'อนุมัติแล้ว', en: 'Approved' } };
const rejected = { code: RequestStatus.Rejected, label: { th: 'ไม่อนุมัติ', en: 'Rejected' } };
const approve = { th: 'อนุมัติ', en: 'Approve' };
const reject = { th: 'ไม่อนุมัติ', en: 'Reject' };

/**
 * A staff registration (approve-user, MN-001), decided by an administrator whose subtree holds the
 * chosen unit. Deciding either way is the level-1 check: the registering person is its maker.
 */
export const registrationWorkflow: WorkflowDecl = {
  noun: { th: 'คำขอลงทะเบียน', en: 'registration request' },
  statuses: [pending, approved, rejected],
  initial: RequestStatus.Pending,
  transitions: [
    { action: 'APPROVE', label: approve, from: ['P'], to: 'A', menu: ['MN-001'], approval: 1 },
    {
      action: 'REJECT',
      label: reject,
      from: ['P'],
      to: 'R',
      menu: ['MN-001'],
      approval: 1,
      reason: 'required',
    },
  ],
};

/**
 * A user's request to move to another unit (asked from edit-user, MN-006), decided by an
 * administrator of the destination (approve-tranfer-user, MN-005); its maker may withdraw it.
 */
export const transferWorkflow: WorkflowDecl = {
  noun: { th: 'คำขอโอนย้าย', en: 'transfer request' },
  statuses: [
    pending,
    approved,
    rejected,
    { code: RequestStatus.Cancelled, label: { th: 'ยกเลิกแล้ว', en: 'Cancelled' } },
  ],
  initial: RequestStatus.Pending,
  transitions: [
    { action: 'APPROVE', label: approve, from: ['P'], to: 'A', menu: ['MN-005'], approval: 1 },
    {
      action: 'REJECT',
      label: reject,
      from: ['P'],
      to: 'R',
      menu: ['MN-005'],
      approval: 1,
      reason: 'required',
    },
    {
      action: 'CANCEL',
      label: { th: 'ยกเลิกคำขอ', en: 'Cancel request' },
      from: ['P'],
      to: 'C',
      menu: ['MN-006'],
      by: 'maker',
      reason: 'optional',
    },
  ],
};

checkWorkflow(REGISTRATION, registrationWorkflow);
checkWorkflow(USER_TRANSFER, transferWorkflow);

/** The workflows by history key, for the client's labels and the history timeline. */
export const userRequestWorkflows = {
  [REGISTRATION]: registrationWorkflow,
  [USER_TRANSFER]: transferWorkflow,
};
