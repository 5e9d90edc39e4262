import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { OrganisationUnit } from '../../kits/core/organisation.entity';
import { RequestStatus, User, UserStatus } from '../../kits/core/user.entity';
import { historyOf, loadHistory, recordHistory } from '../../kits/workflow/history';
import {
  allowedActions,
  assertAllowed,
  type DocumentFacts,
  type TransitionDecl,
  type WorkflowDecl,
} from '../../kits/workflow/workflow';
import type { DocumentHistory } from '../../kits/workflow/workflow.entity';
import { audit } from '../../platform/audit/audit';
import { auditRefusal } from '../../platform/auth/access-guard';
import { inScope } from '../../platform/auth/data-scope';
import { grantToUserRefusal } from '../../platform/auth/grants';
import type { Principal } from '../../platform/auth/principal';
import type { AppDeps } from '../../platform/deps';
import { AppError, badInput, conflict, notFound } from '../../platform/errors';
import { SessionService, TransferRequest } from '../identity';
import { UserGroupService } from '../user-groups';
import { UserService } from './user.service';
import {
  REGISTRATION,
  registrationWorkflow,
  transferWorkflow,
  USER_TRANSFER,
} from './user-requests.workflow';

export interface RegistrationDecision {
  userId: number;
  /** A approves, R rejects (the specification's request_status_code). */
  requestStatusCode: string;
  transactionCode?: string | null;
  rejectReason?: string | null;
}

export interface RequestOrigin {
  ip: string | null;
  requestId: string | null;
}

/** Group menus read for the offered actions, per request (a fork lives as long as its request). */
const menusByRequest = new WeakMap<EntityManager, Map<string, Promise<Set<string>>>>();

/** The reasons the user and transfer-request columns hold (500 characters). */
const REASON_MAX = 500;

function transition(wf: WorkflowDecl, action: string): TransitionDecl {
  const t = wf.transitions.find((x) => x.action === action);
  if (!t) throw new Error(`No action ${action}`);
  return t;
}

/** The reason given with an action: required when the transition says so, at most 500 characters. */
function reasonFor(t: TransitionDecl | null, given: string | null | undefined): string | null {
  const reason = given?.trim() || null;
  if (!reason && t?.reason === 'required') {
    throw t.action === 'REJECT'
      ? badInput('กรุณาระบุเหตุผลที่ไม่อนุมัติ', 'A rejection reason is required')
      : badInput('กรุณาระบุเหตุผล', 'A reason is required');
  }
  if (reason && [...reason].length > REASON_MAX) {
    throw badInput(
      `เหตุผลยาวได้ไม่เกิน ${REASON_MAX} ตัวอักษร`,
      `The reason may be at most ${REASON_MAX} characters`,
    );
  }
  return reason;
}

/** Paths of a transfer request whose destination and person's unit are loaded. */
const lockedPaths = (request: TransferRequest) => ({
  toPath: request.toUnit.getEntity().path,
  makerPath: request.user.getEntity().organisationUnit?.getEntity().path ?? null,
});

const noTransfer = (id: number) => notFound('ไม่พบคำขอโอนย้าย', `No transfer request ${id}`);
const noUser = (id: number) => notFound('ไม่พบผู้ใช้งาน', `No user ${id}`);

/**
 * Registration approval and user transfer requests on the workflow rule: the same refusal answers
 * "which actions may I take" (allowedActions on User and TransferRequest) and guards each command.
 * A command locks its row first, so of two administrators deciding at once the second sees the
 * first's decision and is refused (409) instead of deciding again.
 */
export class UserRequestService {
  constructor(
    private readonly em: EntityManager,
    private readonly deps: AppDeps,
    private readonly origin: RequestOrigin = { ip: null, requestId: null },
  ) {}

  /** A registration as the rule sees it: owned by the chosen unit, made by the registering person. */
  registrationFacts(user: User, unitPath: string | null, history: readonly DocumentHistory[]): DocumentFacts {
    return {
      status: user.requestStatusCode,
      ownerPath: unitPath ?? '',
      createdBy: user.id,
      history: history.map((h) => ({ action: h.action, actorUserId: h.actorUserId })),
    };
  }

  /**
   * A transfer request as the rule sees it, per action: the destination's administrators decide it,
   * its maker withdraws it from where they are (`makerPath`, their unit now).
   */
  transferFacts(
    request: TransferRequest,
    paths: { toPath: string; makerPath: string | null },
    history: readonly DocumentHistory[],
  ) {
    return (action: string): DocumentFacts => ({
      status: request.statusCode,
      ownerPath: (action === 'CANCEL' ? paths.makerPath : paths.toPath) ?? '',
      createdBy: request.user.id,
      history: history.map((h) => ({ action: h.action, actorUserId: h.actorUserId })),
    });
  }

  /** The registration actions (APPROVE, REJECT) the principal may take on this user now. */
  async registrationActions(principal: Principal, user: User): Promise<string[]> {
    const unit = user.organisationUnit ? await user.organisationUnit.load({ dataloader: true }) : null;
    const history = await loadHistory(this.em, REGISTRATION, user.id);
    const actions = allowedActions(
      registrationWorkflow,
      this.registrationFacts(user, unit?.path ?? null, history),
      principal,
    );
    return this.withoutRefusedGrant(principal, actions, user, unit?.path ?? null);
  }

  /** APPROVE gives rights: it is offered only when the grant rule would let it through. */
  private async withoutRefusedGrant(
    principal: Principal,
    actions: string[],
    user: User,
    unitPath: string | null,
  ): Promise<string[]> {
    if (!actions.includes('APPROVE')) return actions;
    const groupCode = user.userGroup.code;
    const groupMenus = await this.groupMenus(groupCode);
    const refusal = grantToUserRefusal(principal, { userId: user.id, groupCode, groupMenus, unitPath });
    return refusal ? actions.filter((a) => a !== 'APPROVE') : actions;
  }

  /**
   * A group's active menus, read once per request (its EntityManager fork) however many rows of a
   * list ask: the rows of one list share a handful of groups.
   */
  private groupMenus(groupCode: string): Promise<Set<string>> {
    const groups = menusByRequest.get(this.em) ?? new Map<string, Promise<Set<string>>>();
    menusByRequest.set(this.em, groups);
    const menus = groups.get(groupCode) ?? new UserGroupService(this.em).activeMenuCodes(groupCode);
    groups.set(groupCode, menus);
    return menus;
  }

  /** The transfer actions (APPROVE, REJECT, CANCEL) the principal may take on this request now. */
  async transferActions(principal: Principal, request: TransferRequest): Promise<string[]> {
    const [to, maker] = await Promise.all([
      request.toUnit.load({ dataloader: true }),
      request.user.load({ dataloader: true }),
    ]);
    const makerUnit = maker?.organisationUnit
      ? await maker.organisationUnit.load({ dataloader: true })
      : null;
    const history = await loadHistory(this.em, USER_TRANSFER, request.id);
    const paths = { toPath: to?.path ?? '', makerPath: makerUnit?.path ?? null };
    const actions = allowedActions(transferWorkflow, this.transferFacts(request, paths, history), principal);
    return maker ? this.withoutRefusedGrant(principal, actions, maker, paths.toPath) : actions;
  }

  /**
   * Runs a command in one transaction. A refusal of the workflow rule goes to the audit trail once
   * the transaction has let go of its row lock and connection: concurrent deciders queue on the lock.
   */
  private async command<T>(
    principal: Principal,
    subject: string,
    run: (tx: EntityManager) => Promise<T>,
  ): Promise<T> {
    try {
      return await this.em.transactional(run);
    } catch (err) {
      if (err instanceof AppError && typeof err.details?.action === 'string') {
        await auditRefusal(
          this.em,
          principal,
          `${subject} ${err.details.action}`,
          { reason: err.details.reason },
          this.origin,
        );
      }
      throw err;
    }
  }

  /** A staff user in the principal's data scope, locked for a decision on their registration. */
  private async lockRegistration(tx: EntityManager, principal: Principal, userId: number): Promise<User> {
    const user = await tx.findOne(
      User,
      { id: userId, kind: 'STAFF' },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
    if (!user) throw noUser(userId);
    await tx.populate(user, ['organisationUnit']);
    if (!inScope(principal, user.organisationUnit?.getEntity().path)) throw noUser(userId);
    return user;
  }

  /** approve-user: A approves (activation e-mail), R rejects with a reason (e-mailed). */
  async decideRegistration(principal: Principal, input: RegistrationDecision): Promise<User> {
    const action =
      input.requestStatusCode === RequestStatus.Approved
        ? 'APPROVE'
        : input.requestStatusCode === RequestStatus.Rejected
          ? 'REJECT'
          : null;
    if (!action) throw badInput('สถานะคำขอต้องเป็น A หรือ R', 'request_status_code must be A or R');
    const t = transition(registrationWorkflow, action);
    return this.command(principal, `user:${input.userId} registration`, async (tx) => {
      const user = await this.lockRegistration(tx, principal, input.userId);
      const history = await historyOf(tx, REGISTRATION, user.id);
      const unitPath = user.organisationUnit?.getEntity().path ?? null;
      assertAllowed(registrationWorkflow, action, this.registrationFacts(user, unitPath, history), principal);
      const reason = reasonFor(t, input.rejectReason);
      const from = user.requestStatusCode;
      user.requestStatusCode = t.to;
      if (action === 'APPROVE') {
        // Approval gives the person their group's rights in their unit: the grant rule decides.
        await new UserService(tx, this.deps).assertMayGive(
          tx,
          principal,
          user,
          user.userGroup.code,
          `user:${user.id} registration APPROVE`,
          this.origin,
          unitPath,
        );
        // The account stays N until its owner activates it with the e-mailed code.
        user.userStatusCode = UserStatus.New;
        user.approvedBy = tx.getReference(User, principal.userId, { wrapped: true });
        user.approvedAt = new Date();
        new UserService(tx, this.deps).issueActivation(user);
      } else {
        user.rejectReason = reason;
        this.deps.mailer.enqueue(tx, {
          to: user.email,
          subject: 'ผลการพิจารณาคำขอลงทะเบียน / Your registration',
          text: `คำขอลงทะเบียนของท่านไม่ได้รับการอนุมัติ เหตุผล: ${reason}\n\nYour registration was not approved. Reason: ${reason}`,
        });
      }
      recordHistory(tx, {
        documentType: REGISTRATION,
        documentId: user.id,
        action,
        fromStatus: from,
        toStatus: t.to,
        reason,
        actorUserId: principal.userId,
      });
      audit(tx, {
        event: 'USER_REQUEST_DECIDED',
        actorUserId: principal.userId,
        subject: `user:${user.id}`,
        details: { request: user.requestStatusCode, transactionCode: input.transactionCode ?? null },
      });
      await tx.flush();
      return user;
    });
  }

  /** Asks to move the caller to another unit; one pending request a person at a time. */
  async requestTransfer(
    principal: Principal,
    toUnitCode: string,
    reason?: string | null,
  ): Promise<TransferRequest> {
    return this.em.transactional(async (tx) => {
      // The person's row is locked so that two requests sent at once cannot both be the pending one.
      const user = await tx.findOneOrFail(
        User,
        { id: principal.userId },
        { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
      );
      const to = await tx.findOne(OrganisationUnit, { code: toUnitCode, active: true });
      if (!to) throw badInput(`ไม่พบหน่วยงานรหัส ${toUnitCode}`, `No active organisation unit ${toUnitCode}`);
      if (user.organisationUnit?.id === to.id)
        throw badInput('ท่านอยู่ในหน่วยงานนี้แล้ว', 'You already belong to this unit');
      if (await tx.count(TransferRequest, { user: user.id, statusCode: RequestStatus.Pending })) {
        throw conflict('มีคำขอโอนย้ายที่รอพิจารณาอยู่แล้ว', 'A transfer request is already pending');
      }
      const request = tx.create(TransferRequest, {
        user,
        fromUnit: user.organisationUnit ?? null,
        toUnit: to,
        statusCode: transferWorkflow.initial,
        reason: reasonFor(null, reason),
        decidedBy: null,
        decidedAt: null,
      });
      await tx.flush();
      recordHistory(tx, {
        documentType: USER_TRANSFER,
        documentId: request.id,
        action: 'CREATE',
        fromStatus: null,
        toStatus: request.statusCode,
        actorUserId: principal.userId,
      });
      await tx.flush();
      return request;
    });
  }

  /**
   * A transfer request locked for a command, with its destination and person loaded. Hidden (404)
   * from anyone who reaches neither its destination nor its person; the rule decides the rest.
   */
  private async lockTransfer(
    tx: EntityManager,
    principal: Principal,
    requestId: number,
  ): Promise<TransferRequest> {
    const request = await tx.findOne(
      TransferRequest,
      { id: requestId },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
    if (!request) throw noTransfer(requestId);
    await tx.populate(request, ['toUnit', 'user.organisationUnit']);
    const person = request.user.getEntity();
    const visible =
      person.id === principal.userId ||
      inScope(principal, request.toUnit.getEntity().path) ||
      inScope(principal, person.organisationUnit?.getEntity().path);
    if (!visible) throw noTransfer(requestId);
    return request;
  }

  /** Approved by an administrator of the destination; the user's sessions end with TRANSFERD_USER. */
  async decideTransfer(
    principal: Principal,
    requestId: number,
    approve: boolean,
    reason?: string | null,
  ): Promise<User> {
    const action = approve ? 'APPROVE' : 'REJECT';
    const t = transition(transferWorkflow, action);
    return this.command(principal, `transfer:${requestId}`, async (tx) => {
      const request = await this.lockTransfer(tx, principal, requestId);
      const history = await historyOf(tx, USER_TRANSFER, request.id);
      assertAllowed(
        transferWorkflow,
        action,
        this.transferFacts(request, lockedPaths(request), history)(action),
        principal,
      );
      const given = reasonFor(t, reason);
      const user = request.user.getEntity();
      const to = request.toUnit.getEntity();
      const from = request.statusCode;
      request.statusCode = t.to;
      request.decidedBy = tx.getReference(User, principal.userId, { wrapped: true });
      request.decidedAt = new Date();
      if (approve) {
        // The person's group's rights move to the destination: the grant rule decides.
        await new UserService(tx, this.deps).assertMayGive(
          tx,
          principal,
          user,
          user.userGroup.code,
          `transfer:${request.id} APPROVE`,
          this.origin,
          to.path,
        );
        user.organisationUnit = tx.getReference(OrganisationUnit, to.id, { wrapped: true });
        await new SessionService(tx, this.deps.config.auth, this.deps.tokens).endAll(
          user.id,
          'TRANSFERD_USER',
        );
      }
      recordHistory(tx, {
        documentType: USER_TRANSFER,
        documentId: request.id,
        action,
        fromStatus: from,
        toStatus: t.to,
        reason: given,
        actorUserId: principal.userId,
      });
      audit(tx, {
        event: 'USER_TRANSFER_DECIDED',
        actorUserId: principal.userId,
        subject: `user:${user.id}`,
        details: { approve, to: to.code },
      });
      await tx.flush();
      return user;
    });
  }

  /** The maker withdraws their pending request. */
  async cancelTransfer(
    principal: Principal,
    requestId: number,
    reason?: string | null,
  ): Promise<TransferRequest> {
    const t = transition(transferWorkflow, 'CANCEL');
    return this.command(principal, `transfer:${requestId}`, async (tx) => {
      const request = await this.lockTransfer(tx, principal, requestId);
      const history = await historyOf(tx, USER_TRANSFER, request.id);
      assertAllowed(
        transferWorkflow,
        t.action,
        this.transferFacts(request, lockedPaths(request), history)(t.action),
        principal,
      );
      const from = request.statusCode;
      request.statusCode = t.to;
      recordHistory(tx, {
        documentType: USER_TRANSFER,
        documentId: request.id,
        action: t.action,
        fromStatus: from,
        toStatus: t.to,
        reason: reasonFor(t, reason),
        actorUserId: principal.userId,
      });
      audit(tx, {
        event: 'USER_TRANSFER_CANCELLED',
        actorUserId: principal.userId,
        subject: `user:${request.user.id}`,
        details: { request: request.id },
      });
      await tx.flush();
      return request;
    });
  }

  async pendingTransfer(userId: number): Promise<TransferRequest | null> {
    return this.em.findOne(TransferRequest, { user: userId, statusCode: RequestStatus.Pending });
  }

  /** The caller's own transfer requests, newest first. */
  async ownTransfers(principal: Principal): Promise<TransferRequest[]> {
    return this.em.find(
      TransferRequest,
      { user: principal.userId },
      { orderBy: { requestedAt: 'desc', id: 'desc' }, limit: 20 },
    );
  }
}
