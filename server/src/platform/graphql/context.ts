import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthState } from '../auth/principal';
import type { AppDeps } from '../deps';
import type { PublicFormGate } from '../public-forms/public-form-gate';

/** What every resolver gets: its own EntityManager fork, who is calling, and the shared parts. */
export interface GraphQLContext {
  em: EntityManager;
  requestId: string;
  log: FastifyBaseLogger;
  auth: AuthState;
  deps: AppDeps;
  ip: string | null;
  /** The public form gate and this request's bot-check token. */
  forms: { gate: PublicFormGate; botToken: string | null };
  userAgent: string | null;
  authorization: string | undefined;
  /** The client saw a key, mouse or touch event since its last poll (header x-user-active: 1). */
  userActive: boolean;
}
