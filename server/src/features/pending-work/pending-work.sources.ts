import { documentTypes } from '../documents/document-types';
import { documentWorkSource } from './document-work.source';
import type { PendingWorkSource } from './pending-work.source';
import { personalDataWorkSource, receiptRequestWorkSource } from './request-work.sources';

/**
 * Every source of pending work (docs/pending-work.md). The kit's documents come from the declared
 * types (a new type is here without a line); another kind of work is one more entry.
 *
 * Registration point for overdue e-Donation rows (MN-111/MN-112, the e-Donation feature): when it
 * exposes `overdueEDonationRows(em, user)`, add a source of kind E_DONATION that counts and lists
 * them (see receiptRequestWorkSource for the shape).
 */
export const pendingWorkSources: readonly PendingWorkSource[] = [
  ...documentTypes.map(documentWorkSource),
  receiptRequestWorkSource,
  personalDataWorkSource,
];
