import { documentTypes } from '../../kits/documents/document-types';
import { documentWorkSource } from './document-work.source';
import type { PendingWorkSource } from './pending-work.source';
import {
  eDonationWorkSource,
  personalDataWorkSource,
  receiptRequestWorkSource,
} from './request-work.sources';

/**
 * Every source of pending work (docs/pending-work.md). The kit's documents come from the declared
 * types (a new type is here without a line); another kind of work is one more entry.
 */
let sources: readonly PendingWorkSource[] | undefined;
/** Read when work is counted, once the registry has handed the kit its document types. */
export const pendingWorkSources = (): readonly PendingWorkSource[] =>
  (sources ??= [
    ...documentTypes.map(documentWorkSource),
    receiptRequestWorkSource,
    personalDataWorkSource,
    eDonationWorkSource,
  ]);
