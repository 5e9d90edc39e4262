import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * A read an action's effect makes first, made inside the statement that opens a create and takes
 * the action (a type's `readAhead`; document-write.ts, openCreate): no statement or round trip of
 * its own.
 */
export interface OpeningRead {
  /** A select, `?` placeholders; a subquery of the opening statement. */
  readonly sql: string;
  readonly params: readonly unknown[];
  /** The order of its rows, by its columns (they come back aggregated as JSON). */
  readonly orderBy: string;
  /** Given its rows once the opening statement answered. */
  answer(rows: Record<string, unknown>[]): void;
}

/**
 * A type's `readAhead` for an action taken at creation (createAnd; docs/document-kit.md): given the
 * input as the caller sent it, not yet checked (ids may be anything), the read (the effect's
 * `ctx.readAhead`), or null.
 */
export type ReadAhead = (ctx: {
  tx: EntityManager;
  header: Record<string, unknown>;
  lines: Record<string, unknown>[];
}) => OpeningRead | null;
