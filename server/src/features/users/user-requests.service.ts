import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { RequestStatus, User, UserStatus } from '../../kits/core/user.entity';
import { historyOf, loadHistory, recordHistory } from '../../kits/workflow/history';
import { allowedActions, assertAllowed, type DocumentFacts } from '../../kits/workflow/workflow';
import type { DocumentHistory } from '../../kits/workflow/workflow.entity';
import { audit } from '../../platform/audit/audit';
import { inScope } from '../../platform/auth/data-scope';
import type { Principal } from '../../platform/auth/principal';
import { badInput } from '../../platform/errors';
import { UserService } from './user.service';
import { issueActivation } from './user-activation';
import { noUser, reasonFor, transition, UserRequestCommands } from './user-requests.base';
import { REGISTRATION, registrationWorkflow } from './user-requests.workflow';

export interface RegistrationDecision {
  userId: number;
  /** A approves, R rejects (the specification's request_status_code). */
  requestStatusCode: string;
  transactionCode?: string | null;
  rejectReason?: string | null;
}

/**
 * Registration approval on the workflow rule (transfer requests: transfer-requests.service.ts): the same refusal answers
 * "which actions may I take" (allowedActions on User and TransferRequest) and guards each command.
 * A command locks its row first, so of two administrators deciding at once the second sees the
 * first's decision and is refused (409) instead of deciding again.
 */
export class UserRequestService extends UserRequestCommands {
  /** A registration as the rule sees it: owned by the chosen unit, made by the registering person. */
  registrationFacts(user: User, unitPath: string | null, history: readonly DocumentHistory[]): DocumentFacts {
    return {
      status: user.requestStatusCode,
      ownerPath: unitPath ?? '',
      createdBy: user.id,
      history: history.map((h) => ({ action: h.action, actorUserId: h.actorUserId })),
    };
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
        issueActivation(tx, this.deps, user);
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
}
