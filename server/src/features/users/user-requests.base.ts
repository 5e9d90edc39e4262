import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../kits/core/user.entity';
import { type TransitionDecl, type WorkflowDecl } from '../../kits/workflow/workflow';
import { auditRefusal } from '../../platform/auth/access-guard';
import { grantToUserRefusal } from '../../platform/auth/grants';
import type { Principal } from '../../platform/auth/principal';
import type { AppDeps } from '../../platform/deps';
import { AppError, badInput, notFound } from '../../platform/errors';
import { UserGroupService } from '../user-groups';

export interface RequestOrigin {
  ip: string | null;
  requestId: string | null;
}

/** Group menus read for the offered actions, per request (a fork lives as long as its request). */
const menusByRequest = new WeakMap<EntityManager, Map<string, Promise<Set<string>>>>();

/** The reasons the user and transfer-request columns hold (500 characters). */
export const REASON_MAX = 500;

export function transition(wf: WorkflowDecl, action: string): TransitionDecl {
  const t = wf.transitions.find((x) => x.action === action);
  if (!t) throw new Error(`No action ${action}`);
  return t;
}

/** The reason given with an action: required when the transition says so, at most 500 characters. */
export function reasonFor(t: TransitionDecl | null, given: string | null | undefined): string | null {
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

export const noUser = (id: number) => notFound('ไม่พบผู้ใช้งาน', `No user ${id}`);

/**
 * What registration and transfer requests share: a command's transaction with its audited refusal,
 * and APPROVE offered only when the grant rule would let it through.
 */
export abstract class UserRequestCommands {
  constructor(
    protected readonly em: EntityManager,
    protected readonly deps: AppDeps,
    protected readonly origin: RequestOrigin = { ip: null, requestId: null },
  ) {}

  /** APPROVE gives rights: it is offered only when the grant rule would let it through. */
  protected async withoutRefusedGrant(
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
  protected groupMenus(groupCode: string): Promise<Set<string>> {
    const groups = menusByRequest.get(this.em) ?? new Map<string, Promise<Set<string>>>();
    menusByRequest.set(this.em, groups);
    const menus = groups.get(groupCode) ?? new UserGroupService(this.em).activeMenuCodes(groupCode);
    groups.set(groupCode, menus);
    return menus;
  }

  /**
   * Runs a command in one transaction. A refusal of the workflow rule goes to the audit trail once
   * the transaction has let go of its row lock and connection: concurrent deciders queue on the lock.
   */
  protected async command<T>(
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
}
