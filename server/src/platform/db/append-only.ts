import type { TriggerDef } from '@mikro-orm/core';

// Append-only tables (ledger movements, document history): the database itself refuses to change or
// remove a row, whoever asks. A correction is a new row (a reversal), never an edit. Before the
// trigger, privileges: the server's role has no UPDATE, DELETE or TRUNCATE on a table carrying the
// `append_only` trigger (namjai_app_privileges() finds them by its name; docs/database-roles.md).

/** SQLSTATE raised when anything tries to change or remove a row of an append-only table. */
export const APPEND_ONLY_SQLSTATE = 'NJ001';

/**
 * The row trigger that refuses UPDATE and DELETE, declared on the entity so migrations and the drift
 * test see it. TRUNCATE is refused by `append_only_no_truncate_fn` (created by the workflow
 * migration), which each such table's migration attaches by hand: the schema diff cannot see
 * TRUNCATE triggers.
 */
export function appendOnlyTriggers(table: string): TriggerDef[] {
  return [
    {
      name: 'append_only',
      timing: 'before',
      events: ['update', 'delete'],
      forEach: 'row',
      body: `raise exception using errcode = '${APPEND_ONLY_SQLSTATE}', message = '${table} is append-only: post a reversal instead of changing or deleting a row (แก้ไขหรือลบรายการไม่ได้ ให้บันทึกรายการกลับแทน)'; return null;`,
    },
  ];
}
