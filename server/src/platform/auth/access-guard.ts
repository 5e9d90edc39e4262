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
    const em = ctx.em.fork();
    audit(em, {
      event: 'PERMISSION_REFUSED',
      actorUserId: principal.userId,
      subject: target,
      details: { required: access.codes, group: principal.groupCode },
      ip: ctx.ip,
      requestId: ctx.requestId,
    });
    await em.flush();
    throw forbidden();
  }
  return principal;
}

/** For services: the caller must be logged in (e.g. logout, refresh). */
export function requirePrincipal(auth: AuthState): Principal {
  if (!auth.principal) throw auth.failure ?? unauthenticated();
  return auth.principal;
}

/** Data scope: may a principal reach an object owned by the unit with this path? */
export function inScope(principal: Principal, ownerPath: string | null | undefined): boolean {
  if (!principal.unitPath || !ownerPath) return false;
  return ownerPath.startsWith(principal.unitPath);
}
