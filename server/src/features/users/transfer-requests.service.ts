import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { OrganisationUnit } from '../../kits/core/organisation.entity';
import { RequestStatus, User } from '../../kits/core/user.entity';
import { historyOf, loadHistory, recordHistory } from '../../kits/workflow/history';
import { allowedActions, assertAllowed, type DocumentFacts } from '../../kits/workflow/workflow';
import type { DocumentHistory } from '../../kits/workflow/workflow.entity';
import { audit } from '../../platform/audit/audit';
import { inScope } from '../../platform/auth/data-scope';
import type { Principal } from '../../platform/auth/principal';
import { badInput, conflict, notFound } from '../../platform/errors';
import { SessionService, TransferRequest } from '../identity';
import { UserService } from './user.service';
import { reasonFor, transition, UserRequestCommands } from './user-requests.base';
import { transferWorkflow, USER_TRANSFER } from './user-requests.workflow';

/** Paths of a transfer request whose destination and person's unit are loaded. */
const lockedPaths = (request: TransferRequest) => ({
  toPath: request.toUnit.getEntity().path,
  makerPath: request.user.getEntity().organisationUnit?.getEntity().path ?? null,
});

const noTransfer = (id: number) => notFound('ไม่พบคำขอโอนย้าย', `No transfer request ${id}`);

/**
 * User transfer requests on the workflow rule: asked by the person, decided by the destination's
 * administrators, withdrawn by the person (user-requests.service.ts tells the rule's commands).
 */
export class TransferRequestService extends UserRequestCommands {
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
