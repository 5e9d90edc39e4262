import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../auth/principal';
import { audit } from './audit';

// PDPA (product-decisions sec. 8): every staff read of a donor's personal data is in the audit log.
// A reader notes what it showed (`notePersonalDataRead`: the kind of record, the ids, how), keyed by
// the request's principal (one object per request); the HTTP layer then writes one
// PERSONAL_DATA_READ event for the whole request before the answer leaves (`flushPersonalDataReads`,
// platform/http/server.ts), listing every id read, whichever fields and routes read them.

export const PERSONAL_DATA_READ = 'PERSONAL_DATA_READ';

interface PendingReads {
  /** Record kind (DONATOR, DONOR_ACCOUNT) > ids read. */
  subjects: Map<string, Set<number>>;
  /** What read them: the GraphQL fields or REST routes, e.g. referenceItems, document. */
  via: Set<string>;
}

const pending = new WeakMap<Principal, PendingReads>();

/**
 * Notes that this request showed the personal data of these records to the principal. A read of no
 * record notes nothing. Donors reading their own data are not staff reads: their export is audited
 * on its own (PERSONAL_DATA_EXPORTED).
 */
export function notePersonalDataRead(
  principal: Principal,
  subjectType: string,
  ids: Iterable<number | null | undefined>,
  via: string,
): void {
  if (principal.kind !== 'STAFF') return;
  const found = [...ids].filter((id): id is number => typeof id === 'number');
  if (!found.length) return;
  let reads = pending.get(principal);
  if (!reads) {
    reads = { subjects: new Map(), via: new Set() };
    pending.set(principal, reads);
  }
  let set = reads.subjects.get(subjectType);
  if (!set) {
    set = new Set();
    reads.subjects.set(subjectType, set);
  }
  for (const id of found) set.add(id);
  reads.via.add(via);
}

/** What this principal's request has read so far, without writing it (for tests and logs). */
export function pendingPersonalDataReads(principal: Principal): Record<string, number[]> | null {
  const reads = pending.get(principal);
  if (!reads) return null;
  return Object.fromEntries(
    [...reads.subjects].map(([kind, ids]) => [kind, [...ids].sort((a, b) => a - b)] as const),
  );
}

/**
 * Writes the request's one PERSONAL_DATA_READ event (in a fork of its own, committed before the
 * answer is sent): details `{ DONATOR: [ids], via: [...], group }`, subject `DONATOR 3, 12, …`.
 */
export async function flushPersonalDataReads(
  em: EntityManager,
  principal: Principal,
  origin: { ip: string | null; requestId: string | null },
): Promise<void> {
  const subjects = pendingPersonalDataReads(principal);
  const reads = pending.get(principal);
  if (!subjects || !reads) return;
  pending.delete(principal);
  const subject = Object.entries(subjects)
    .map(([kind, ids]) => `${kind} ${ids.join(', ')}`)
    .join('; ');
  const fork = em.fork();
  audit(fork, {
    event: PERSONAL_DATA_READ,
    actorUserId: principal.userId,
    subject: subject.length > 255 ? `${subject.slice(0, 254)}…` : subject,
    details: { ...subjects, via: [...reads.via].sort(), group: principal.groupCode },
    ip: origin.ip,
    requestId: origin.requestId,
  });
  await fork.flush();
}
