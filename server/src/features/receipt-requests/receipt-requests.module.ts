import type { EntitySchema } from '@mikro-orm/core';
import { OrganisationUnit } from '../../kits/core/organisation.entity';
import { notePersonalDataRead } from '../../platform/audit/personal-data-reads';
import { inScope } from '../../platform/auth/data-scope';
import { registerAttachmentOwner } from '../../platform/files/attachment-owners';
import { describeAccess } from '../../platform/graphql/access';
import type { FeatureModule } from '../../platform/module';
import { ReceiptRequest, ReceiptRequestSchema } from './receipt-request.entity';
import { ReceiptRequestResolver } from './receipt-request.resolver';
import { receiptRequestRoutes } from './receipt-request.routes';
import { RECEIPT_REQUEST_FILES } from './receipt-request.service';
import {
  RECEIPT_REQUEST,
  RECEIPT_REQUEST_HISTORY_MENU,
  RECEIPT_REQUEST_WORK_MENU,
  receiptRequestWorkflow,
} from './receipt-request.workflow';

// The evidence a visitor sends is read by the staff who may read the request (MN-053 or MN-059, in
// the receiving unit's subtree); nobody changes it afterwards: it is what the visitor sent.
registerAttachmentOwner(RECEIPT_REQUEST_FILES, {
  canRead: async (em, principal, id) => {
    if (
      !principal.menuCodes.has(RECEIPT_REQUEST_WORK_MENU) &&
      !principal.menuCodes.has(RECEIPT_REQUEST_HISTORY_MENU)
    )
      return false;
    const request = await em.findOne(ReceiptRequest, { id });
    if (!request) return false;
    const unit = await em.findOne(OrganisationUnit, { id: request.receivingUnit.id });
    return inScope(principal, unit?.path);
  },
  canWrite: async () => false,
  // The evidence shows the requester's identity: a staff download is a personal-data read.
  noteRead: async (_em, principal, id) => notePersonalDataRead(principal, RECEIPT_REQUEST, [id], 'file'),
});

/**
 * Public receipt requests (docs/receipts.md, "Receipt requests"): the two public forms and the status
 * page, the staff queue (MN-053) and history (MN-059) on the workflow rule, and the e-mails.
 */
export const receiptRequestsModule: FeatureModule = {
  name: 'receipt-requests',
  entities: [ReceiptRequestSchema] as unknown as EntitySchema[],
  resolvers: [ReceiptRequestResolver],
  routes: (deps) => receiptRequestRoutes(deps),
  describeAccess: () => [
    'Query.receiptRequests, receiptRequest, receiptRequestCandidates: rows only of requests whose receiving unit is in the caller’s data scope; another unit’s request by id is NOT_FOUND (audited)',
    ...receiptRequestWorkflow.transitions.map(
      (x) =>
        `receipt request ${x.action} (${x.from.join('|')} > ${x.to}): ${describeAccess({ kind: 'menu', codes: [...x.menu] }).replace(/\.$/, '')}, with the receiving unit in the caller’s data scope`,
    ),
    'attachment kind receipt-request: read with MN-053 or MN-059 in the receiving unit’s scope; never changed',
  ],
};
