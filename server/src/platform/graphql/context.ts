import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';

/** What every resolver gets: its own EntityManager fork, the request id and a request-bound logger. */
export interface GraphQLContext {
  em: EntityManager;
  requestId: string;
  log: FastifyBaseLogger;
}
