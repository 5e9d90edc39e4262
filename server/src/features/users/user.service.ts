import { randomBytes } from 'node:crypto';
import { ref } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { anonymisedName } from '../../kits/core/anonymised-account';
import { OrganisationUnit } from '../../kits/core/organisation.entity';
import { DONOR_ACCOUNT_CONSENT_SUBJECT, RequestStatus, User, UserStatus } from '../../kits/core/user.entity';
import { UserGroup } from '../../kits/core/user-group.entity';
import { recordHistory } from '../../kits/workflow/history';
import { audit } from '../../platform/audit/audit';
import { inScope, scopePathCondition } from '../../platform/auth/data-scope';
import { assertGrant, type GrantOrigin, grantRefused, grantToUserRefusal } from '../../platform/auth/grants';
import { assertAcceptablePassword, hashPassword } from '../../platform/auth/passwords';
import type { Principal } from '../../platform/auth/principal';
import { sha256 } from '../../platform/auth/sha256';
import { recordConsent } from '../../platform/consent/consent';
import { parseBEDate } from '../../platform/dates';
import { containsPattern, prefixPattern } from '../../platform/db/like';
import type { AppDeps } from '../../platform/deps';
import { AppError, badInput, conflict, notFound } from '../../platform/errors';
import { isValidCitizenId } from '../../platform/validation/citizen-id';
import { isEmail } from '../../platform/validation/email';
import { linkOnActivation } from '../donor-account';
import { SessionService, TransferRequest } from '../identity';
import { UserGroupService } from '../user-groups';
import { REGISTRATION } from './user-requests.workflow';

export const donorGroupCode = 'UG-I01';
export const DONOR_SIGNUP_CHANNEL = 'signup';
/** What the sign-up form's consent says (client: auth.signup.consent). */
export const DONOR_SIGNUP_CONSENT_PURPOSE =
  'ข้าพเจ้ายินยอมให้กระทรวงเก็บ ใช้ และเปิดเผยข้อมูลส่วนบุคคลของข้าพเจ้าตามนโยบายการคุ้มครองข้อมูลส่วนบุคคล';
/**
 * New staff registrations wait in this group (own profile and password only) until someone who holds
 * an operational group's menus assigns it (docs/security.md, the grant rule): approving a
 * registration gives no more than what an organisation administrator holds.
 */
export const defaultStaffGroupCode = 'UG-S00';

export interface UserSearch {
  currentPage: number;
  rows: number;
  office_type_code?: number | null;
  ministry_code?: string | null;
  department_code?: string | null;
  bureau_code?: string | null;
  division_code?: string | null;
  idc?: string | null;
  firstname_th?: string | null;
  lastname_th?: string | null;
  from_dt?: string | null;
  to_dt?: string | null;
  user_status_code?: string | null;
  request_status_code?: string | null;
  pending_transfer?: boolean | null;
  sort?: string | null;
  direction?: string | null;
}

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  titleTh?: string | null;
  firstNameTh: string;
  lastNameTh: string;
  citizenId: string;
  phone?: string | null;
  position?: string | null;
  organisationUnitCode: string;
}

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

export interface AdminEditInput {
  userId: number;
  titleTh?: string | null;
  firstNameTh: string;
  lastNameTh: string;
  email: string;
  phone?: string | null;
  position?: string | null;
  citizenId?: string | null;
  userGroupCode: string;
  organisationUnitCode?: string | null;
}

const usernamePattern = /^[a-z0-9._@-]{4,100}$/;
/** A donor's e-mail is their username (app_user.username, 100 characters). */
const DONOR_EMAIL_MAX = 100;
const sortable: Record<string, string> = {
  username: 'username',
  firstname_th: 'firstNameTh',
  lastname_th: 'lastNameTh',
  created_at: 'createdAt',
  createdAt: 'createdAt',
  user_status_code: 'userStatusCode',
};

function clean(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v ? v : null;
}

function requireText(value: string | null | undefined, th: string, en: string): string {
  const v = clean(value);
  if (!v) throw badInput(`กรุณาระบุ${th}`, `${en} is required`);
  return v;
}

/** A new user with every optional field empty; callers give what they know. */
export function newUser(
  em: EntityManager,
  fields: Pick<
    User,
    | 'kind'
    | 'username'
    | 'email'
    | 'passwordHash'
    | 'firstNameTh'
    | 'lastNameTh'
    | 'userStatusCode'
    | 'requestStatusCode'
  > &
    Partial<Pick<User, 'titleTh' | 'citizenId' | 'phone' | 'position' | 'organisationUnit'>> & {
      userGroupCode: string;
    },
): User {
  const { userGroupCode, ...rest } = fields;
  return em.create(User, {
    titleTh: null,
    firstNameEn: null,
    lastNameEn: null,
    citizenId: null,
    phone: null,
    position: null,
    organisationUnit: null,
    rejectReason: null,
    activationCodeHash: null,
    activationExpiresAt: null,
    lastLoginAt: null,
    approvedBy: null,
    approvedAt: null,
    ...rest,
    userGroup: em.getReference(UserGroup, userGroupCode, { wrapped: true }),
  });
}

export class UserService {
  constructor(
    private readonly em: EntityManager,
    private readonly deps: AppDeps,
  ) {}

  private async unitByCode(code: string): Promise<OrganisationUnit> {
    const unit = await this.em.findOne(OrganisationUnit, { code, active: true });
    if (!unit) throw badInput(`ไม่พบหน่วยงานรหัส ${code}`, `No active organisation unit ${code}`);
    return unit;
  }

  private assertCitizenId(id: string | null): void {
    if (id !== null && !isValidCitizenId(id)) {
      throw badInput(
        'เลขประจำตัวประชาชนไม่ถูกต้อง (13 หลักพร้อมเลขตรวจสอบ)',
        'Invalid citizen id (13 digits with checksum)',
      );
    }
  }

  private assertEmail(email: string): void {
    if (!isEmail(email)) throw badInput('รูปแบบอีเมลไม่ถูกต้อง', 'Invalid e-mail address');
  }

  /**
   * Staff registration only: the person chooses the username and the form must say when it is taken.
   * A username is not personal data (the e-mail, which is, is not checked here); donor sign-up, whose
   * username is the e-mail, never answers "taken" (registerDonor).
   */
  private async assertUsernameFree(username: string): Promise<void> {
    if (await this.em.count(User, { username })) {
      throw conflict('ชื่อผู้ใช้นี้ถูกใช้แล้ว', 'This username is already taken');
    }
  }

  /** Staff registration (spec sec. 3): waits as N/P for an administrator of the chosen unit. */
  async register(input: RegisterInput): Promise<User> {
    const username = input.username.trim().toLowerCase();
    if (!usernamePattern.test(username)) {
      throw badInput('ชื่อผู้ใช้ 4–100 ตัว: a-z 0-9 . _ @ -', 'Username: 4–100 of a-z 0-9 . _ @ -');
    }
    const email = input.email.trim().toLowerCase();
    this.assertEmail(email);
    const citizenId = requireText(input.citizenId, 'เลขประจำตัวประชาชน', 'Citizen id');
    this.assertCitizenId(citizenId);
    assertAcceptablePassword(input.password);
    return this.em.transactional(async (tx) => {
      await new UserService(tx, this.deps).assertUsernameFree(username);
      const unit = await new UserService(tx, this.deps).unitByCode(input.organisationUnitCode);
      const user = newUser(tx, {
        kind: 'STAFF',
        username,
        email,
        passwordHash: await hashPassword(input.password),
        titleTh: clean(input.titleTh),
        firstNameTh: requireText(input.firstNameTh, 'ชื่อ', 'First name'),
        lastNameTh: requireText(input.lastNameTh, 'นามสกุล', 'Last name'),
        citizenId,
        phone: clean(input.phone),
        position: clean(input.position),
        organisationUnit: ref(unit),
        userGroupCode: defaultStaffGroupCode,
        userStatusCode: UserStatus.New,
        requestStatusCode: RequestStatus.Pending,
      });
      audit(tx, { event: 'USER_REGISTERED', subject: `user:${username}` });
      await tx.flush();
      // The registering person is the request's maker: they may never approve it themselves.
      recordHistory(tx, {
        documentType: REGISTRATION,
        documentId: user.id,
        action: 'CREATE',
        fromStatus: null,
        toStatus: user.requestStatusCode,
        actorUserId: user.id,
      });
      await tx.flush();
      return user;
    });
  }

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
  async registerDonor(
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
    this.assertEmail(email);
    // The e-mail becomes the username, whose column holds 100 characters.
    if (email.length > DONOR_EMAIL_MAX) {
      throw badInput(
        `อีเมลยาวได้ไม่เกิน ${DONOR_EMAIL_MAX} ตัวอักษร`,
        `The e-mail address can be at most ${DONOR_EMAIL_MAX} characters`,
      );
    }
    const citizenId = clean(input.citizenId);
    this.assertCitizenId(citizenId);
    assertAcceptablePassword(input.password);
    const firstNameTh = requireText(input.firstNameTh, 'ชื่อ', 'First name');
    const lastNameTh = requireText(input.lastNameTh, 'นามสกุล', 'Last name');
    await this.em.transactional(async (tx) => {
      const passwordHash = await hashPassword(input.password);
      // Any account whose username is this address: a donor's, or (rarely) a staff username.
      const existing = await tx.findOne(User, { username: email });
      if (existing) {
        new UserService(tx, this.deps).mailExistingAccount(email, existing);
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
      new UserService(tx, this.deps).issueActivation(user);
      await tx.flush();
    });
  }

  /**
   * A sign-up with an address that already has an account: the owner of the address hears of it
   * (Thai and English) through the outbox. A donor account never activated gets a fresh activation
   * link instead, which is what its owner is missing.
   */
  private mailExistingAccount(address: string, existing: User): void {
    if (existing.kind === 'DONOR' && existing.userStatusCode === UserStatus.New) {
      this.issueActivation(existing);
      return;
    }
    const base = this.deps.config.publicUrl;
    const [login, forgot] =
      existing.kind === 'DONOR'
        ? [`${base}/login`, `${base}/forgot-password`]
        : [`${base}/backoffice/login`, `${base}/backoffice/forgot-password`];
    this.deps.mailer.enqueue(this.em, {
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

  /** A new one-time activation code (72 h), mailed; only its hash is stored. */
  issueActivation(user: User): void {
    const xcode = randomBytes(24).toString('base64url');
    user.activationCodeHash = sha256(xcode);
    user.activationExpiresAt = new Date(Date.now() + this.deps.config.auth.activationHours * 3_600_000);
    // Donors are sent on to the donor login after activating, staff to the staff login.
    const account = user.kind === 'DONOR' ? '&account=donor' : '';
    const link = `${this.deps.config.publicUrl}/activate?xcode=${xcode}${account}`;
    this.deps.mailer.enqueue(this.em, {
      to: user.email,
      subject: 'เปิดใช้งานบัญชีน้ำใจ / Activate your Namjai account',
      text: [
        `เรียน คุณ${user.firstNameTh} ${user.lastNameTh}`,
        '',
        'บัญชีของท่านพร้อมเปิดใช้งานแล้ว กรุณากดลิงก์ด้านล่างภายใน 72 ชั่วโมง',
        link,
        '',
        `รหัสเปิดใช้งาน (xcode): ${xcode}`,
        '',
        'Your account is ready. Open the link above within 72 hours to activate it.',
      ].join('\n'),
    });
  }

  async activate(xcode: string): Promise<User> {
    return this.em.transactional(async (tx) => {
      const user = await tx.findOne(User, { activationCodeHash: sha256(xcode.trim()) });
      if (!user?.activationExpiresAt || user.activationExpiresAt.getTime() < Date.now()) {
        throw badInput(
          'รหัสเปิดใช้งานไม่ถูกต้องหรือหมดอายุ กรุณาขอรหัสใหม่',
          'The activation code is invalid or has expired; ask for a new one',
        );
      }
      user.userStatusCode = UserStatus.Active;
      user.activationCodeHash = null;
      user.activationExpiresAt = null;
      audit(tx, { event: 'USER_ACTIVATED', actorUserId: user.id, subject: `user:${user.id}` });
      await tx.flush();
      // The e-mail is proved now: a donor who gave their citizen id gets the donator with that id
      // and this e-mail on record (donor-account/donor-links.ts).
      await linkOnActivation(tx, user);
      return user;
    });
  }

  /** Loads a user the principal may manage: inside their data scope (platform/auth/data-scope.ts). */
  async manageable(principal: Principal, userId: number, tx: EntityManager = this.em): Promise<User> {
    const user = await tx.findOne(User, { id: userId, kind: 'STAFF' }, { populate: ['organisationUnit'] });
    if (!user) throw notFound('ไม่พบผู้ใช้งาน', `No user ${userId}`);
    const unit = user.organisationUnit?.getEntity();
    if (!inScope(principal, unit?.path)) {
      throw notFound('ไม่พบผู้ใช้งาน', `No user ${userId}`);
    }
    return user;
  }

  async resendActivation(principal: Principal, userId: number): Promise<void> {
    await this.em.transactional(async (tx) => {
      const user = await this.manageable(principal, userId, tx);
      if (user.requestStatusCode !== RequestStatus.Approved || user.userStatusCode !== UserStatus.New) {
        throw conflict(
          'ส่งอีเมลเปิดใช้งานได้เฉพาะบัญชีที่อนุมัติแล้วแต่ยังไม่เปิดใช้งาน',
          'Only approved, not yet activated accounts get an activation mail',
        );
      }
      new UserService(tx, this.deps).issueActivation(user);
      await tx.flush();
    });
  }

  async changeStatus(
    principal: Principal,
    userId: number,
    status: string,
    origin?: GrantOrigin,
  ): Promise<User> {
    if (![UserStatus.Active, UserStatus.Inactive].includes(status as 'A' | 'I')) {
      throw badInput('สถานะต้องเป็น A หรือ I', 'The status must be A or I');
    }
    return this.em.transactional(async (tx) => {
      const user = await this.manageable(principal, userId, tx);
      const subject = `user:${user.id} status`;
      if (user.id === principal.userId)
        await assertGrant(tx, principal, grantRefused('SELF'), subject, origin);
      // Activating gives the person their group's rights again: the grant rule decides.
      if (status === UserStatus.Active && user.username === anonymisedName(user.id)) {
        throw conflict(
          'บัญชีที่ลบข้อมูลส่วนบุคคลแล้วเปิดใช้งานอีกไม่ได้',
          'An anonymised account cannot be activated again',
        );
      }
      if (status === UserStatus.Active)
        await this.assertMayGive(tx, principal, user, user.userGroup.code, subject, origin);
      user.userStatusCode = status;
      if (status === UserStatus.Inactive)
        await new SessionService(tx, this.deps.config.auth, this.deps.tokens).endAll(user.id, 'DEACTIVATED');
      audit(tx, {
        event: 'USER_STATUS_CHANGED',
        actorUserId: principal.userId,
        subject: `user:${user.id}`,
        details: { status },
      });
      await tx.flush();
      return user;
    });
  }

  /**
   * The grant rule (platform/auth/grants.ts) for giving `user` the group `groupCode` in the unit
   * `unitPath` (their current one when not given); refusals are audited and answer 403.
   */
  async assertMayGive(
    tx: EntityManager,
    principal: Principal,
    user: User,
    groupCode: string,
    subject: string,
    origin?: GrantOrigin,
    unitPath?: string | null,
  ): Promise<void> {
    const path =
      unitPath !== undefined
        ? unitPath
        : user.organisationUnit
          ? ((await user.organisationUnit.load({ dataloader: false }))?.path ?? null)
          : null;
    const groupMenus = await new UserGroupService(tx).activeMenuCodes(groupCode);
    const refusal = grantToUserRefusal(principal, { userId: user.id, groupCode, groupMenus, unitPath: path });
    await assertGrant(tx, principal, refusal, subject, origin);
  }

  async adminEdit(principal: Principal, input: AdminEditInput, origin?: GrantOrigin): Promise<User> {
    return this.em.transactional(async (tx) => {
      const user = await this.manageable(principal, input.userId, tx);
      const email = input.email.trim().toLowerCase();
      this.assertEmail(email);
      const citizenId = clean(input.citizenId);
      this.assertCitizenId(citizenId);
      const group = await tx.findOne(UserGroup, { code: input.userGroupCode, statusCode: 'A' });
      if (!group || group.code === donorGroupCode) throw badInput('กลุ่มผู้ใช้งานไม่ถูกต้อง', 'Invalid user group');
      let unit = user.organisationUnit?.getEntity() ?? null;
      if (input.organisationUnitCode) {
        unit = await new UserService(tx, this.deps).unitByCode(input.organisationUnitCode);
        if (!inScope(principal, unit.path)) {
          throw badInput(
            'ย้ายผู้ใช้ได้เฉพาะภายในหน่วยงานของท่าน',
            'Users can only be placed inside your organisation',
          );
        }
      }
      // A new group, or the same rights moved to another unit, is a grant: the grant rule decides.
      if (group.code !== user.userGroup.code || (unit?.id ?? null) !== (user.organisationUnit?.id ?? null)) {
        await this.assertMayGive(
          tx,
          principal,
          user,
          group.code,
          `user:${user.id} group`,
          origin,
          unit?.path ?? null,
        );
      }
      if (unit) user.organisationUnit = tx.getReference(OrganisationUnit, unit.id, { wrapped: true });
      Object.assign(user, {
        titleTh: clean(input.titleTh),
        firstNameTh: requireText(input.firstNameTh, 'ชื่อ', 'First name'),
        lastNameTh: requireText(input.lastNameTh, 'นามสกุล', 'Last name'),
        email,
        phone: clean(input.phone),
        position: clean(input.position),
        citizenId,
        userGroup: group,
      });
      audit(tx, {
        event: 'USER_EDITED',
        actorUserId: principal.userId,
        subject: `user:${user.id}`,
        details: { group: group.code, unit: unit?.code ?? null },
      });
      await tx.flush();
      return user;
    });
  }

  async editOwn(
    principal: Principal,
    input: Omit<AdminEditInput, 'userId' | 'userGroupCode' | 'organisationUnitCode' | 'citizenId'>,
  ): Promise<User> {
    return this.em.transactional(async (tx) => {
      const user = await tx.findOneOrFail(User, { id: principal.userId });
      const email = input.email.trim().toLowerCase();
      this.assertEmail(email);
      Object.assign(user, {
        titleTh: clean(input.titleTh),
        firstNameTh: requireText(input.firstNameTh, 'ชื่อ', 'First name'),
        lastNameTh: requireText(input.lastNameTh, 'นามสกุล', 'Last name'),
        email,
        phone: clean(input.phone),
        position: clean(input.position),
      });
      await tx.flush();
      return user;
    });
  }

  /** The user search of spec sec. 3, always inside the principal's subtree. */
  async search(principal: Principal, f: UserSearch): Promise<{ items: User[]; total: number }> {
    const where: Record<string, unknown> = { kind: 'STAFF' };
    const unitWhere: Record<string, unknown> = {};
    const scopeCode = f.division_code || f.bureau_code || f.department_code || f.ministry_code;
    if (scopeCode) {
      const unit = await this.em.findOne(OrganisationUnit, { code: scopeCode });
      if (!unit) return { items: [], total: 0 };
      unitWhere.path = { $like: prefixPattern(unit.path) };
    }
    const scope = scopePathCondition(principal);
    // Pending transfers are decided by the destination's administrators: they see the people asking
    // to come in, wherever those work now; the administrators of where they work see them too.
    if (scope && !f.pending_transfer) unitWhere.$and = [{ path: scope }];
    if (f.office_type_code) unitWhere.officeType = f.office_type_code;
    if (Object.keys(unitWhere).length) where.organisationUnit = unitWhere;
    if (f.idc) where.citizenId = { $like: prefixPattern(f.idc.trim()) };
    if (f.firstname_th) where.firstNameTh = { $ilike: containsPattern(f.firstname_th.trim()) };
    if (f.lastname_th) where.lastNameTh = { $ilike: containsPattern(f.lastname_th.trim()) };
    const created: Record<string, Date> = {};
    if (f.from_dt) created.$gte = parseBEDate(f.from_dt);
    if (f.to_dt) created.$lte = parseBEDate(f.to_dt, 'end');
    if (Object.keys(created).length) where.createdAt = created;
    if (f.user_status_code) where.userStatusCode = f.user_status_code;
    if (f.request_status_code) where.requestStatusCode = f.request_status_code;
    if (f.pending_transfer) {
      const rows = await this.em.find(
        TransferRequest,
        {
          statusCode: RequestStatus.Pending,
          ...(scope
            ? { $or: [{ toUnit: { path: scope } }, { user: { organisationUnit: { path: scope } } }] }
            : {}),
        },
        { fields: ['user'] },
      );
      where.id = { $in: rows.map((r) => r.user.id) };
    }
    const field = sortable[f.sort ?? ''] ?? 'createdAt';
    const direction =
      f.direction?.toLowerCase() === 'asc'
        ? 'asc'
        : f.sort
          ? f.direction?.toLowerCase() === 'desc'
            ? 'desc'
            : 'asc'
          : 'desc';
    const rows = Math.min(Math.max(f.rows || 20, 1), 200);
    const page = Math.max(f.currentPage || 1, 1);
    const [items, total] = await this.em.findAndCount(User, where, {
      orderBy: { [field]: direction, id: 'asc' },
      limit: rows,
      offset: (page - 1) * rows,
      populate: ['organisationUnit', 'userGroup'],
    });
    return { items, total };
  }
}

export function assertAppError(err: unknown): asserts err is AppError {
  if (!(err instanceof AppError)) throw err;
}
