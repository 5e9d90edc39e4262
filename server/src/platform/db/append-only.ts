import type { TriggerDef } from '@mikro-orm/core';

const refusal = (table: string) =>
  `raise exception 'rows of ${table} are append-only: % refused', tg_op using errcode = 'P0001', hint = 'post a new row (a reversal) instead'; return null;`;

/**
 * Triggers that make a table append-only in the database itself: an UPDATE or DELETE raises an
 * error, whoever sends it. Declared on the entity, so migrations and the drift test see them. A
 * correction is a new row (a reversal), never an edit. TRUNCATE needs `truncateGuardSql` too.
 */
export function appendOnlyTriggers(table: string): TriggerDef[] {
  return [
    {
      name: `${table}_append_only`,
      timing: 'before',
      events: ['update', 'delete'],
      forEach: 'row',
      body: refusal(table),
    },
  ];
}

/**
 * The statement trigger that refuses TRUNCATE, for the table's migration: MikroORM's schema
 * introspection does not read TRUNCATE triggers, so declaring it on the entity would show as drift.
 */
export function truncateGuardSql(table: string): string[] {
  return [
    `create or replace function "${table}_no_truncate_fn"() returns trigger as $$ begin ${refusal(table)} end; $$ language plpgsql;`,
    `create trigger "${table}_no_truncate" before truncate on "${table}" for each statement execute function "${table}_no_truncate_fn"();`,
  ];
}
