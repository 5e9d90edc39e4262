import type { MenuCode } from '@namjai/common/menu-catalogue';
import { checkWorkflow, type WorkflowDecl } from '../../kits/workflow/workflow';

// A donor's deletion request, decided by staff who may edit donors (edit-donator, MN-020) and whose
// data scope is the whole organisation: the request concerns donator records every unit uses, so it is
// owned by the root of the organisation tree (the ministry's staff and system administrators decide
// it, not one division's). It is not a numbered document; it goes through the workflow rule and the
// document history as the registration and transfer requests do.

/** History key: (PERSONAL_DATA_DELETION, the request's id). */
export const PERSONAL_DATA_DELETION = 'PERSONAL_DATA_DELETION';

export const DELETION_MENU: MenuCode[] = ['MN-020'] as const;

export const deletionWorkflow: WorkflowDecl = {
  noun: { th: 'คำขอลบข้อมูลส่วนบุคคล', en: 'personal data deletion request' },
  statuses: [
    { code: 'REQUESTED', label: { th: 'รอดำเนินการ', en: 'Requested' } },
    { code: 'COMPLETED', label: { th: 'ลบข้อมูลที่ระบุตัวตนแล้ว', en: 'Anonymised' } },
    { code: 'REJECTED', label: { th: 'ไม่ดำเนินการตามคำขอ', en: 'Rejected' } },
  ],
  initial: 'REQUESTED',
  transitions: [
    {
      action: 'COMPLETE',
      label: { th: 'ลบข้อมูลที่ระบุตัวตน', en: 'Anonymise' },
      from: ['REQUESTED'],
      to: 'COMPLETED',
      menu: DELETION_MENU,
      reason: 'optional',
    },
    {
      action: 'REJECT',
      label: { th: 'ไม่ดำเนินการตามคำขอ', en: 'Reject' },
      from: ['REQUESTED'],
      to: 'REJECTED',
      menu: DELETION_MENU,
      reason: 'required',
    },
  ],
};

checkWorkflow(PERSONAL_DATA_DELETION, deletionWorkflow);
