import type { EntityManager } from '@mikro-orm/postgresql';
import { enforceAccess, menuGranted } from '../auth/access-guard';
import {
  type Authenticator,
  type PendingSession,
  type Principal,
  passiveOperations,
  type SessionToken,
} from '../auth/principal';
import type { AccessGuard, FieldAccess } from './access';
import type { GraphQLContext } from './context';

// The access check of every GraphQL root field (and of each field below the root that states its
// own), made before its resolver runs: the request's session read once (by the first field that
// needs it: an operation of `__typename` only reads none), the field's declared access enforced
// (platform/auth/access-guard.ts), the session's activity touched.
//
// A field that declares `foldsSession` (the document kit's creates) gets a PendingSession instead,
// when its request carries a token with valid claims and nothing read the session before: its
// command reads the session in its own first round trip, behind BEGIN and with its opening
// statement (docs/architecture.md, "The session read in a command's first round trip"), and keeps
// what it did only for a live session granted the field's access. Every other case, and a command
// that ends without adopting the session, goes the ordinary way (`settle`): the check above, with
// its refusals worded and audited.

/** Root fields (`Mutation.<name>`) whose command reads the session itself (PendingSession). */
const folding = new Set<string>();

/** Declares that root field `target`'s resolver hands the session to a command that reads it. */
export function foldsSession(target: string): void {
  folding.add(target);
}

export function fieldGuard(authenticatorFor: (em: EntityManager) => Authenticator): AccessGuard {
  const touch = async (ctx: GraphQLContext, principal: Principal, target: string) => {
    const field = target.slice(target.indexOf('.') + 1);
    if (ctx.userActive || !passiveOperations.has(field)) await authenticatorFor(ctx.em).touch(principal);
  };
  /** The ordinary check: the request's session (read once), the field's access, the activity. */
  const check = async (access: FieldAccess, ctx: GraphQLContext, target: string) => {
    ctx.auth = await ctx.authenticate();
    const principal = await enforceAccess(access, ctx, target);
    if (principal) await touch(ctx, principal, target);
    return principal;
  };
  const pending = (
    access: Extract<FieldAccess, { kind: 'menu' }>,
    ctx: GraphQLContext,
    target: string,
    token: SessionToken,
  ): PendingSession => {
    let settled: Promise<Principal> | undefined;
    const session: PendingSession = {
      userId: token.userId,
      read: authenticatorFor(ctx.em).sessionRead(token),
      grants: (principal) => menuGranted(access.codes, principal),
      async adopt(principal) {
        if (ctx.session !== session) throw new Error(`${target}: a session adopted after it was settled`);
        ctx.session = null;
        ctx.auth = { principal, failure: null };
        ctx.adoptAuth(ctx.auth);
        await touch(ctx, principal, target);
      },
      settle() {
        settled ??= (async () => {
          if (ctx.session === session) ctx.session = null;
          // A menu field: enforceAccess answers its principal or refuses.
          return (await check(access, ctx, target)) as Principal;
        })();
        return settled;
      },
    };
    return session;
  };
  return async (access, context, target) => {
    const ctx = context as GraphQLContext;
    // A session an earlier field left pending is settled before anything else is checked.
    if (ctx.session) await ctx.session.settle();
    if (access.kind === 'menu' && folding.has(target) && !ctx.authStarted()) {
      const token = await authenticatorFor(ctx.em).pending(ctx.authorization);
      if (token) {
        const session = pending(access, ctx, target, token);
        ctx.session = session;
        // After the resolver, failed or not: a session it neither adopted nor settled is settled now,
        // and its refusal (if any) is the answer.
        return async () => {
          if (ctx.session === session) await session.settle();
        };
      }
    }
    await check(access, ctx, target);
  };
}
