import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthState, PendingSession } from '../auth/principal';
import type { AppDeps } from '../deps';
import type { PublicFormGate } from '../public-forms/public-form-gate';

/** What every resolver gets: its own EntityManager fork, who is calling, and the shared parts. */
export interface GraphQLContext {
  em: EntityManager;
  requestId: string;
  log: FastifyBaseLogger;
  /**
   * Who is calling: set by the access check of the first field that needs it (field-guard.ts),
   * before that field's resolver runs; anonymous until then.
   */
  auth: AuthState;
  /** The request's session read (once per request) with the bearer token's live session. */
  authenticate(): Promise<AuthState>;
  /** Whether anything read the request's session yet. */
  authStarted(): boolean;
  /** Makes `auth` the request's, read by a command in its own round trip (PendingSession.adopt). */
  adoptAuth(auth: AuthState): void;
  /** The session a field's command reads itself, until it adopts or settles it (field-guard.ts). */
  session: PendingSession | null;
  deps: AppDeps;
  ip: string | null;
  /** The public form gate and this request's bot-check token. */
  forms: { gate: PublicFormGate; botToken: string | null };
  userAgent: string | null;
  authorization: string | undefined;
  /** The client saw a key, mouse or touch event since its last poll (header x-user-active: 1). */
  userActive: boolean;
}
