import { ref } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { anonymisedName } from '../../kits/core/anonymised-account';
import { OrganisationUnit } from '../../kits/core/organisation.entity';
import { RequestStatus, User, UserStatus } from '../../kits/core/user.entity';
import { UserGroup } from '../../kits/core/user-group.entity';
import { recordHistory } from '../../kits/workflow/history';
import { audit } from '../../platform/audit/audit';
import { inScope } from '../../platform/auth/data-scope';
import { assertGrant, type GrantOrigin, grantRefused, grantToUserRefusal } from '../../platform/auth/grants';
import { assertAcceptablePassword, hashPassword } from '../../platform/auth/passwords';
import type { Principal } from '../../platform/auth/principal';
import type { AppDeps } from '../../platform/deps';
import { AppError, badInput, conflict, notFound } from '../../platform/errors';
import { SessionService } from '../identity';
import { UserGroupService } from '../user-groups';
import { issueActivation } from './user-activation';
import { assertCitizenId, assertEmail, clean, requireText } from './user-input';
import { REGISTRATION } from './user-requests.workflow';

export const donorGroupCode = 'UG-I01';
/**
 * New staff registrations wait in this group (own profile and password only) until someone who holds
 * an operational group's menus assigns it (docs/security.md, the grant rule): approving a
 * registration gives no more than what an organisation administrator holds.
 */
export const defaultStaffGroupCode = 'UG-S00';

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
    assertEmail(email);
    const citizenId = requireText(input.citizenId, 'เลขประจำตัวประชาชน', 'Citizen id');
    assertCitizenId(citizenId);
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
      issueActivation(tx, this.deps, user);
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
      assertEmail(email);
      const citizenId = clean(input.citizenId);
      assertCitizenId(citizenId);
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
      assertEmail(email);
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
}

export function assertAppError(err: unknown): asserts err is AppError {
  if (!(err instanceof AppError)) throw err;
}
