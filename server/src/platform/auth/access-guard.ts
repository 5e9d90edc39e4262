import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import { audit } from '../audit/audit';
import { forbidden, unauthenticated } from '../errors';
import type { FieldAccess } from '../graphql/access';
import { type PublicFormGate } from '../public-forms/public-form-gate';
import type { AuthState, Principal } from './principal';

export interface GuardContext {
  auth: AuthState;
  em: EntityManager;
  log: FastifyBaseLogger;
  requestId: string;
  ip: string | null;
  /** The public form gate and the request's bot-check token, for `@public(form: true)` fields. */
  forms?: { gate: PublicFormGate; botToken: string | null };
}

/** Whether the principal's group holds one of the codes (any one grants). */
export const menuGranted = (codes: readonly string[], principal: Principal): boolean =>
  codes.some((code) => principal.menuCodes.has(code));

/**
 * The one access check for GraphQL root fields and REST routes: public passes (a public form after
 * its bot check and write limit); a menu requirement needs a principal whose group holds one of the
 * codes; a donor's field needs a logged-in donor (staff are refused). Refusals are logged and audited.
 */
export async function enforceAccess(
  access: FieldAccess,
  ctx: GuardContext,
  target: string,
): Promise<Principal | null> {
  if (access.kind === 'public') {
    if (access.form) {
      // A form without its gate would be an unguarded public write: a programming error.
      if (!ctx.forms) throw new Error(`${target} is a public form but the request has no form gate`);
      await ctx.forms.gate.admit({
        em: ctx.em,
        log: ctx.log,
        ip: ctx.ip,
        botToken: ctx.forms.botToken,
        target,
      });
    }
    return ctx.auth.principal;
  }
  const principal = ctx.auth.principal;
  if (access.kind === 'donor') {
    if (!principal) throw ctx.auth.failure ?? unauthenticated();
    if (principal.kind !== 'DONOR') {
      ctx.log.warn({ target, userId: principal.userId }, 'access refused: not a donor');
      await auditRefusal(ctx.em, principal, target, { required: 'DONOR' }, ctx);
      throw forbidden();
    }
    return principal;
  }
  if (!principal) {
    ctx.log.warn(
      { target, reason: ctx.auth.failure?.code ?? 'NO_TOKEN' },
      'access refused: not authenticated',
    );
    throw ctx.auth.failure ?? unauthenticated();
  }
  if (!menuGranted(access.codes, principal)) {
    ctx.log.warn(
      { target, userId: principal.userId, required: access.codes },
      'access refused: menu not granted',
    );
    await auditRefusal(ctx.em, principal, target, { required: access.codes }, ctx);
    throw forbidden();
  }
  return principal;
}

/**
 * Writes a PERMISSION_REFUSED audit event in its own fork (the refused command's transaction rolls
 * back; the audit trail must not).
 */
export async function auditRefusal(
  em: EntityManager,
  principal: Principal,
  target: string,
  details: Record<string, unknown>,
  origin: { ip: string | null; requestId: string | null },
): Promise<void> {
  const fork = em.fork();
  audit(fork, {
    event: 'PERMISSION_REFUSED',
    actorUserId: principal.userId,
    subject: target,
    details: { ...details, group: principal.groupCode },
    ip: origin.ip,
    requestId: origin.requestId,
  });
  await fork.flush();
}

/** For services: the caller must be logged in (e.g. logout, refresh). */
export function requirePrincipal(auth: AuthState): Principal {
  if (!auth.principal) throw auth.failure ?? unauthenticated();
  return auth.principal;
}
