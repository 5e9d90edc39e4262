import { inScope, scopePathCondition } from '../../platform/auth/data-scope';
import { menuByCode } from '../../platform/auth/menu-catalogue';
import { E_DONATION_EXPORT_MENU, overdueEDonationRows } from '../e-donation';
import { DELETION_MENU, deletionWorkflow, PersonalDataRequest } from '../personal-data';
import { ReceiptRequest, receiptRequestWorkflow } from '../receipt-requests';
import {
  forwardTransitionsFor,
  type PendingWorkGroup,
  type PendingWorkSource,
  statusLabelOf,
} from './pending-work.source';

// Requests that are not documents of the kit but go through the same workflow rule: a visitor's
// receipt request (worked by the receiving unit's subtree, MN-053) and a donor's personal-data
// deletion request (owned by the organisation's root, MN-020). Their forward transitions come from
// their workflow declarations, as the documents' do. Neither lists personal data: the number (or the
// request's id) and the unit are enough to open it, and reading it there is audited as usual.

export const receiptRequestWorkSource: PendingWorkSource = {
  key: 'receipt-request',
  applies: (principal) => forwardTransitionsFor(receiptRequestWorkflow, principal).length > 0,
  async collect({ em, principal, limit }) {
    const path = scopePathCondition(principal);
    const groups: PendingWorkGroup[] = [];
    for (const { transition: t, menuCode } of forwardTransitionsFor(receiptRequestWorkflow, principal)) {
      for (const status of t.from) {
        const where = { status, ...(path ? { receivingUnit: { path } } : {}) };
        const count = await em.count(ReceiptRequest, where);
        if (!count) continue;
        const rows = limit
          ? await em.find(ReceiptRequest, where, {
              orderBy: { updatedAt: 'desc', id: 'desc' },
              limit,
              populate: ['receivingUnit'],
            })
          : [];
        groups.push({
          source: 'receipt-request',
          kind: 'REQUEST',
          documentType: 'RECEIPT_REQUEST',
          label: { th: 'คำขอหลักฐานการบริจาค', en: 'Receipt request' },
          status,
          statusLabel: statusLabelOf(receiptRequestWorkflow, status),
          action: t.action,
          actionLabel: t.label,
          menuCode,
          link: menuByCode(menuCode)?.route ?? '/backoffice',
          count,
          items: rows.map((r) => ({
            documentType: 'RECEIPT_REQUEST',
            id: r.id,
            number: r.number,
            status: r.status,
            unit: { th: r.receivingUnit.getEntity().nameTh, en: r.receivingUnit.getEntity().nameEn },
            date: r.updatedAt,
          })),
        });
      }
    }
    return groups;
  },
};

export const personalDataWorkSource: PendingWorkSource = {
  key: 'personal-data-deletion',
  applies: (principal) => DELETION_MENU.some((c) => principal.menuCodes.has(c)),
  async collect({ em, principal, limit }) {
    const [root] = await em
      .getConnection()
      .execute<{ path: string }[]>(
        'select path from organisation_unit where parent_id is null order by id limit 1',
      );
    // The requests belong to the root: only those whose scope is the whole organisation decide them.
    if (!inScope(principal, root?.path ?? '/')) return [];
    const groups: PendingWorkGroup[] = [];
    for (const { transition: t, menuCode } of forwardTransitionsFor(deletionWorkflow, principal)) {
      for (const status of t.from) {
        const count = await em.count(PersonalDataRequest, { status });
        if (!count) continue;
        const rows = limit
          ? await em.find(
              PersonalDataRequest,
              { status },
              { orderBy: { requestedAt: 'desc', id: 'desc' }, limit },
            )
          : [];
        groups.push({
          source: 'personal-data-deletion',
          kind: 'REQUEST',
          documentType: 'PERSONAL_DATA_DELETION',
          label: { th: 'คำขอลบข้อมูลส่วนบุคคล', en: 'Personal data deletion request' },
          status,
          statusLabel: statusLabelOf(deletionWorkflow, status),
          action: t.action,
          actionLabel: t.label,
          menuCode,
          link: menuByCode(menuCode)?.route ?? '/backoffice',
          count,
          items: rows.map((r) => ({
            documentType: 'PERSONAL_DATA_DELETION',
            id: r.id,
            number: `PD-${r.id}`,
            status: r.status,
            unit: null,
            date: r.requestedAt,
          })),
        });
      }
    }
    return groups;
  },
};

/**
 * Overdue e-Donation rows (MN-111, docs/e-donation.md): approved donations not keyed in at the
 * Revenue Department by the 5th of the following month, in the person's scope, oldest first. The
 * action waiting is keying them in and marking them on the export screen.
 */
export const eDonationWorkSource: PendingWorkSource = {
  key: 'e-donation-overdue',
  applies: (principal) => principal.menuCodes.has(E_DONATION_EXPORT_MENU),
  async collect({ em, principal, limit }) {
    const { count, rows } = await overdueEDonationRows(em, principal, { limit: Math.max(limit, 1) });
    if (!count) return [];
    return [
      {
        source: 'e-donation-overdue',
        kind: 'E_DONATION',
        documentType: 'E_DONATION',
        label: { th: 'รายการ e-Donation', en: 'e-Donation rows' },
        status: 'OVERDUE',
        statusLabel: { th: 'เลยกำหนดบันทึก', en: 'Overdue' },
        action: 'MARK_KEYED',
        actionLabel: { th: 'บันทึกเข้าระบบกรมสรรพากร', en: 'Key in at the Revenue Department' },
        menuCode: E_DONATION_EXPORT_MENU,
        link: menuByCode(E_DONATION_EXPORT_MENU)?.route ?? '/backoffice',
        count,
        items: (limit ? rows : []).map((r) => ({
          documentType: r.documentType,
          id: r.id,
          number: r.number,
          status: 'OVERDUE',
          unit: { th: r.unitNameTh, en: r.unitNameEn },
          // Overdue since the day after its due day.
          date: new Date(`${r.dueOn}T00:00:00+07:00`),
        })),
      },
    ];
  },
};
