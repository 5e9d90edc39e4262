import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../kits/core/user.entity';
import type { ReferenceRow } from '../../kits/reference/reference-kit';
import { audit } from '../../platform/audit/audit';
import type { Principal } from '../../platform/auth/principal';
import type { AppDeps } from '../../platform/deps';
import { AppError, badInput } from '../../platform/errors';
import { isValidCitizenId } from '../../platform/validation/citizen-id';
import { donator } from '../reference';
import { DonorLink, DonorLinkCode, type DonorLinkMethod } from './donor-link.entity';
import { linkCodeMail } from './donor-link.mail';

// Linking a donor account to donator records (docs/public-site.md, "Linking an account to a donor
// record"). Never on a claim alone: the donor types a citizen or tax id, and the account is linked to
// the donator with that id only when the account proves it holds the e-mail on that donator's record:
// - the account's own e-mail is that e-mail (it was proved when the account was activated), or
// - the donor types the one-time code mailed to that e-mail.
// The answer to a request never tells whether an id is on record: without a match it is always
// "check that e-mail", whether a code went out or not.

/** How long a code works, how many wrong tries end it, how many codes an account may ask for a day. */
export const LINK_CODE = { minutes: 30, attempts: 5, perDay: 5 } as const;

export interface LinkedDonor {
  id: number;
  code: string;
  donorType: string;
  nameTh: string;
  nameEn: string | null;
  taxId: string | null;
  linkedAt: Date;
  method: DonorLinkMethod;
}

export type LinkRequestStatus = 'LINKED' | 'CHECK_EMAIL';

export interface RequestOrigin {
  ip: string | null;
  requestId: string | null;
}

const lower = (email: string | null | undefined) => email?.trim().toLowerCase() ?? null;
const codeHash = (userId: number, donatorId: number, code: string) =>
  createHash('sha256').update(`${userId}:${donatorId}:${code}`).digest('hex');

/** The id as typed (dashes and spaces allowed), checked: 13 digits with the mod-11 check digit. */
export function cleanTaxId(typed: string): string {
  const digits = typed.replace(/[\s-]/g, '');
  if (!isValidCitizenId(digits))
    throw badInput(
      'เลขประจำตัวประชาชนหรือเลขประจำตัวผู้เสียภาษีไม่ถูกต้อง (13 หลักพร้อมเลขตรวจสอบ)',
      'Invalid citizen or tax id (13 digits with the check digit)',
      { fields: [{ field: 'taxId', messageTh: 'เลขประจำตัวไม่ถูกต้อง', messageEn: 'Invalid id' }] },
    );
  return digits;
}

const wrongCode = () =>
  badInput(
    'รหัสยืนยันไม่ถูกต้องหรือหมดอายุ กรุณาตรวจสอบอีกครั้งหรือขอรหัสใหม่',
    'The code is wrong or has expired; check it or ask for a new one',
    { fields: [{ field: 'code', messageTh: 'รหัสไม่ถูกต้อง', messageEn: 'Wrong code' }] },
  );

const tooManyCodes = () =>
  new AppError(
    'RATE_LIMITED',
    429,
    `ขอรหัสยืนยันได้ไม่เกิน ${LINK_CODE.perDay} ครั้งต่อวัน กรุณาลองใหม่พรุ่งนี้`,
    `At most ${LINK_CODE.perDay} codes a day; please try again tomorrow`,
  );

/**
 * The ids of the donators an account is linked to now: its links whose verified e-mail is still the
 * donator's e-mail on record. Every read of a donor's own data starts here.
 */
export async function linkedDonatorIds(em: EntityManager, userId: number): Promise<number[]> {
  const rows = await em.getConnection().execute<{ id: number }[]>(
    `select d.id from donor_link l join ref_donator d on d.id = l.donator_id
      where l.user_id = ? and lower(d.email) = l.verified_email order by d.id`,
    [userId],
    'all',
    em.getTransactionContext(),
  );
  return rows.map((r) => r.id);
}

export class DonorLinkService {
  constructor(
    private readonly em: EntityManager,
    private readonly deps: AppDeps,
    private readonly origin: RequestOrigin,
  ) {}

  /** The donators the account is linked to now, oldest link first. */
  async linked(userId: number): Promise<LinkedDonor[]> {
    const rows = await this.em.getConnection().execute<Record<string, unknown>[]>(
      `select d.id, d.code, d.donor_type, d.name_th, d.name_en, d.tax_id, l.linked_at, l.method
         from donor_link l join ref_donator d on d.id = l.donator_id
        where l.user_id = ? and lower(d.email) = l.verified_email order by l.linked_at, l.id`,
      [userId],
    );
    return rows.map((r) => ({
      id: r.id as number,
      code: r.code as string,
      donorType: r.donor_type as string,
      nameTh: r.name_th as string,
      nameEn: (r.name_en as string | null) ?? null,
      taxId: (r.tax_id as string | null) ?? null,
      linkedAt: new Date(r.linked_at as string),
      method: r.method as DonorLinkMethod,
    }));
  }

  /**
   * Asks to link the donator with this id. LINKED when the account's own e-mail is the one on the
   * donator's record (or it is linked already); otherwise CHECK_EMAIL, and a code goes to the
   * donator's e-mail on record when there is such a donator with an e-mail.
   */
  async request(
    principal: Principal,
    typedTaxId: string,
  ): Promise<{ status: LinkRequestStatus; donor: LinkedDonor | null }> {
    const taxId = cleanTaxId(typedTaxId);
    const linked = await this.em.transactional(async (tx) => {
      const user = await tx.findOneOrFail(User, { id: principal.userId });
      const holder = await tx.findOne(donator.entity, { taxId });
      const onRecord = lower(holder?.email as string | null);
      if (!holder || !onRecord || holder.donorType === 'ANONYMOUS') return false;
      if (onRecord === lower(user.email)) {
        await linkIn(tx, user, holder, onRecord, 'EMAIL_MATCH', this.origin);
        return true;
      }
      if (await this.alreadyLinked(tx, user.id, holder.id, onRecord)) return true;
      const since = new Date(Date.now() - 86_400_000);
      if ((await tx.count(DonorLinkCode, { user: user.id, createdAt: { $gte: since } })) >= LINK_CODE.perDay)
        throw tooManyCodes();
      // A new code ends the earlier ones for this donator.
      await tx.nativeUpdate(
        DonorLinkCode,
        { user: user.id, donator: holder.id, usedAt: null },
        { expiresAt: new Date() },
      );
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      tx.create(DonorLinkCode, {
        user: user.id,
        donator: holder.id,
        sentTo: onRecord,
        codeHash: codeHash(user.id, holder.id, code),
        expiresAt: new Date(Date.now() + LINK_CODE.minutes * 60_000),
        usedAt: null,
      });
      this.deps.mailer.enqueue(
        tx,
        linkCodeMail(onRecord, { code, minutes: LINK_CODE.minutes, publicUrl: this.deps.config.publicUrl }),
      );
      audit(tx, {
        event: 'DONOR_LINK_CODE_SENT',
        actorUserId: user.id,
        subject: `donator:${holder.id}`,
        ip: this.origin.ip,
        requestId: this.origin.requestId,
      });
      await tx.flush();
      return false;
    });
    if (!linked) return { status: 'CHECK_EMAIL', donor: null };
    const donor = (await this.linked(principal.userId)).find((d) => d.taxId === taxId) ?? null;
    return { status: 'LINKED', donor };
  }

  /** Links the donator with this id when the code is the one last mailed to its e-mail for this account. */
  async confirm(principal: Principal, typedTaxId: string, typedCode: string): Promise<LinkedDonor> {
    const taxId = cleanTaxId(typedTaxId);
    const code = typedCode.trim();
    if (!/^\d{6}$/.test(code)) throw wrongCode();
    const outcome = await this.em.transactional(async (tx) => {
      const user = await tx.findOneOrFail(User, { id: principal.userId });
      const holder = await tx.findOne(donator.entity, { taxId });
      if (!holder) return 'wrong';
      const pending = await tx.findOne(
        DonorLinkCode,
        { user: user.id, donator: holder.id, usedAt: null, expiresAt: { $gt: new Date() } },
        { orderBy: { id: 'desc' } },
      );
      if (!pending || pending.attempts >= LINK_CODE.attempts) return 'wrong';
      const expected = Buffer.from(pending.codeHash, 'hex');
      const given = Buffer.from(codeHash(user.id, holder.id, code), 'hex');
      // The e-mail must still be the one the code went to.
      if (!timingSafeEqual(expected, given) || lower(holder.email as string | null) !== pending.sentTo) {
        pending.attempts += 1;
        await tx.flush();
        return 'wrong';
      }
      pending.usedAt = new Date();
      await linkIn(tx, user, holder, pending.sentTo, 'EMAIL_CODE', this.origin);
      return 'linked';
    });
    // The wrong try was counted (committed) before the refusal.
    if (outcome === 'wrong') throw wrongCode();
    const donor = (await this.linked(principal.userId)).find((d) => d.taxId === taxId);
    if (!donor) throw wrongCode();
    return donor;
  }

  /** Ends the account's link to a donator (the donator's record is not changed). */
  async unlink(principal: Principal, donatorId: number): Promise<boolean> {
    return this.em.transactional(async (tx) => {
      const removed = await tx.nativeDelete(DonorLink, { user: principal.userId, donator: donatorId });
      if (removed)
        audit(tx, {
          event: 'DONOR_UNLINKED',
          actorUserId: principal.userId,
          subject: `donator:${donatorId}`,
          ip: this.origin.ip,
          requestId: this.origin.requestId,
        });
      await tx.flush();
      return removed > 0;
    });
  }

  private async alreadyLinked(tx: EntityManager, userId: number, donatorId: number, email: string) {
    return (await tx.count(DonorLink, { user: userId, donator: donatorId, verifiedEmail: email })) > 0;
  }
}

/** Writes (or renews) the link in the caller's transaction and audits it. */
async function linkIn(
  tx: EntityManager,
  user: User,
  holder: ReferenceRow,
  email: string,
  method: DonorLinkMethod,
  origin: RequestOrigin,
): Promise<void> {
  const existing = await tx.findOne(DonorLink, { user: user.id, donator: holder.id });
  if (existing?.verifiedEmail === email) return;
  if (existing) Object.assign(existing, { verifiedEmail: email, method, linkedAt: new Date() });
  else tx.create(DonorLink, { user: user.id, donator: holder.id, verifiedEmail: email, method });
  audit(tx, {
    event: 'DONOR_LINKED',
    actorUserId: user.id,
    subject: `donator:${holder.id}`,
    details: { method },
    ip: origin.ip,
    requestId: origin.requestId,
  });
  await tx.flush();
}

/**
 * At activation (the account's e-mail is proved then): a donor account that gave a citizen id is
 * linked to the donator with that id whose e-mail on record is the account's, in the caller's
 * transaction. Nothing else is linked without the donor asking.
 */
export async function linkOnActivation(tx: EntityManager, user: User): Promise<void> {
  if (user.kind !== 'DONOR' || !user.citizenId) return;
  const holder = await tx.findOne(donator.entity, { taxId: user.citizenId });
  const onRecord = lower(holder?.email as string | null);
  if (!holder || !onRecord || onRecord !== lower(user.email)) return;
  await linkIn(tx, user, holder, onRecord, 'EMAIL_MATCH', { ip: null, requestId: null });
}
