import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import { audit } from '../audit/audit';
import { forbidden, unauthenticated } from '../errors';
import type { FieldAccess } from '../graphql/access';
import type { AuthState, Principal } from './principal';

export interface GuardContext {
  auth: AuthState;
  em: EntityManager;
  log: FastifyBaseLogger;
  requestId: string;
  ip: string | null;
}

/**
 * The one access check for GraphQL root fields and REST routes: public passes; a menu requirement
 * needs a principal whose group holds one of the codes. Refusals are logged and audited.
 */
export async function enforceAccess(
  access: FieldAccess,
  ctx: GuardContext,
  target: string,
): Promise<Principal | null> {
  if (access.kind === 'public') return ctx.auth.principal;
  const principal = ctx.auth.principal;
  if (!principal) {
    ctx.log.warn(
      { target, reason: ctx.auth.failure?.code ?? 'NO_TOKEN' },
      'access refused: not authenticated',
    );
    throw ctx.auth.failure ?? unauthenticated();
  }
  if (!access.codes.some((code) => principal.menuCodes.has(code))) {
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
