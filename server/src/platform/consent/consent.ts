import type { EntityManager } from '@mikro-orm/postgresql';
import { PRIVACY_NOTICE_VERSION } from '@namjai/common/privacy-notice';
import { ConsentRecord } from './consent-record.entity';

/**
 * The version of the privacy notice (/pdpa) a form's consent refers to, from common/data/
 * privacy-notice.json, which the /pdpa page shows too. Change it when the notice changes: consents
 * given before keep the version they were given under.
 */
export { PRIVACY_NOTICE_VERSION };

export interface ConsentEntry {
  subjectType: string;
  subjectId: number;
  email?: string | null;
  /** The form or screen the consent was given on. */
  channel: string;
  /** What the person agreed to, as the form words it. */
  purpose: string;
  /** Defaults to the current notice. */
  noticeVersion?: string;
  ip?: string | null;
  userAgent?: string | null;
}

/**
 * Records a consent in the caller's transaction (written with its flush): every public form that
 * takes personal data calls this with what it is about, so one table answers "who agreed to what,
 * when, where".
 */
export function recordConsent(em: EntityManager, entry: ConsentEntry): ConsentRecord {
  const record = em.create(ConsentRecord, {
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    email: entry.email ?? null,
    noticeVersion: entry.noticeVersion ?? PRIVACY_NOTICE_VERSION,
    channel: entry.channel,
    purpose: entry.purpose.slice(0, 1000),
    ip: entry.ip?.slice(0, 64) ?? null,
    userAgent: entry.userAgent?.slice(0, 255) ?? null,
  });
  em.persist(record);
  return record;
}
