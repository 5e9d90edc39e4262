import type { EntityManager } from '@mikro-orm/postgresql';
import { RequestStatus, User, UserStatus } from '../../kits/core/user.entity';
import { audit } from '../../platform/audit/audit';
import { assertAcceptablePassword, hashPassword } from '../../platform/auth/passwords';
import { recordConsent } from '../../platform/consent/consent';
import type { AppDeps } from '../../platform/deps';
import { badInput } from '../../platform/errors';
import { donorGroupCode, newUser } from './user.service';
import { issueActivation } from './user-activation';
import { assertCitizenId, assertEmail, clean, requireText } from './user-input';

// A donor's own sign-up (the public site's /signup): the account, its consent and its activation mail.

/** A donor account's consents: consent_record (USER, the user's id). */
export const DONOR_ACCOUNT_CONSENT_SUBJECT = 'USER';
export const DONOR_SIGNUP_CHANNEL = 'signup';
/** What the sign-up form's consent says (client: auth.signup.consent). */
export const DONOR_SIGNUP_CONSENT_PURPOSE =
  'ข้าพเจ้ายินยอมให้กระทรวงเก็บ ใช้ และเปิดเผยข้อมูลส่วนบุคคลของข้าพเจ้าตามนโยบายการคุ้มครองข้อมูลส่วนบุคคล';

export interface DonorRegisterInput {
  email: string;
  password: string;
  /** The sign-up form's required consent to the personal data protection policy (PDPA). */
  pdpaConsent: boolean;
  firstNameTh: string;
  lastNameTh: string;
  citizenId?: string | null;
  phone?: string | null;
}

/** A donor's e-mail is their username (app_user.username, 100 characters). */
const DONOR_EMAIL_MAX = 100;

/**
 * Donor self-registration: the e-mail is the username; activation by e-mailed code, no approval.
 * The consent to the data protection policy is required and recorded (consent_record: notice
 * version, time, channel `signup`).
 *
 * An e-mail that already has an account is answered exactly as a new one (docs/sign-in.md), so the
 * form cannot tell anyone who is registered: no account is made, and the owner of the address is
 * mailed instead ("you already have an account", with the login and forgotten-password links; a
 * fresh activation link when that account was never activated). The password is hashed either way,
 * so the answer takes as long.
 */
export async function registerDonor(
  em: EntityManager,
  deps: AppDeps,
  input: DonorRegisterInput,
  origin: { ip: string | null; userAgent: string | null } = { ip: null, userAgent: null },
): Promise<void> {
  if (input.pdpaConsent !== true) {
    throw badInput(
      'กรุณายอมรับนโยบายการคุ้มครองข้อมูลส่วนบุคคลก่อนสมัครสมาชิก',
      'Please accept the personal data protection policy to sign up',
    );
  }
  const email = input.email.trim().toLowerCase();
  assertEmail(email);
  // The e-mail becomes the username, whose column holds 100 characters.
  if (email.length > DONOR_EMAIL_MAX) {
    throw badInput(
      `อีเมลยาวได้ไม่เกิน ${DONOR_EMAIL_MAX} ตัวอักษร`,
      `The e-mail address can be at most ${DONOR_EMAIL_MAX} characters`,
    );
  }
  const citizenId = clean(input.citizenId);
  assertCitizenId(citizenId);
  assertAcceptablePassword(input.password);
  const firstNameTh = requireText(input.firstNameTh, 'ชื่อ', 'First name');
  const lastNameTh = requireText(input.lastNameTh, 'นามสกุล', 'Last name');
  await em.transactional(async (tx) => {
    const passwordHash = await hashPassword(input.password);
    // Any account whose username is this address: a donor's, or (rarely) a staff username.
    const existing = await tx.findOne(User, { username: email });
    if (existing) {
      mailExistingAccount(tx, deps, email, existing);
      audit(tx, {
        event: 'DONOR_SIGNUP_EXISTING_EMAIL',
        actorUserId: existing.id,
        subject: `user:${existing.id}`,
        ip: origin.ip,
      });
      await tx.flush();
      return;
    }
    const user = newUser(tx, {
      kind: 'DONOR',
      username: email,
      email,
      passwordHash,
      firstNameTh,
      lastNameTh,
      citizenId,
      phone: clean(input.phone),
      userGroupCode: donorGroupCode,
      userStatusCode: UserStatus.New,
      requestStatusCode: RequestStatus.Approved,
    });
    await tx.flush();
    audit(tx, {
      event: 'DONOR_REGISTERED',
      actorUserId: user.id,
      subject: `user:${user.id}`,
      details: { pdpaConsent: true },
    });
    recordConsent(tx, {
      subjectType: DONOR_ACCOUNT_CONSENT_SUBJECT,
      subjectId: user.id,
      email,
      channel: DONOR_SIGNUP_CHANNEL,
      purpose: DONOR_SIGNUP_CONSENT_PURPOSE,
      ip: origin.ip,
      userAgent: origin.userAgent,
    });
    issueActivation(tx, deps, user);
    await tx.flush();
  });
}

/**
 * A sign-up with an address that already has an account: the owner of the address hears of it
 * (Thai and English) through the outbox. A donor account never activated gets a fresh activation
 * link instead, which is what its owner is missing.
 */
function mailExistingAccount(em: EntityManager, deps: AppDeps, address: string, existing: User): void {
  if (existing.kind === 'DONOR' && existing.userStatusCode === UserStatus.New) {
    issueActivation(em, deps, existing);
    return;
  }
  const base = deps.config.publicUrl;
  const [login, forgot] =
    existing.kind === 'DONOR'
      ? [`${base}/login`, `${base}/forgot-password`]
      : [`${base}/backoffice/login`, `${base}/backoffice/forgot-password`];
  deps.mailer.enqueue(em, {
    to: address,
    subject: 'ท่านมีบัญชีน้ำใจอยู่แล้ว / You already have a Namjai account',
    text: [
      'มีผู้สมัครสมาชิกน้ำใจด้วยอีเมลนี้ แต่อีเมลนี้มีบัญชีอยู่แล้ว จึงไม่ได้สร้างบัญชีใหม่',
      `เข้าสู่ระบบ: ${login}`,
      `หากจำรหัสผ่านไม่ได้ ตั้งรหัสผ่านใหม่ได้ที่: ${forgot}`,
      'หากท่านไม่ได้สมัครสมาชิก ไม่ต้องดำเนินการใด ๆ บัญชีของท่านยังคงเดิม',
      '',
      'Someone signed up to Namjai with this e-mail address, which already has an account, so no new account was made.',
      `Log in: ${login}`,
      `Forgotten your password? Set a new one: ${forgot}`,
      'If it was not you, there is nothing to do: your account stays as it is.',
    ].join('\n'),
  });
}
