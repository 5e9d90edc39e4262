import type { TriggerDef } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { fiscalYearBE } from '../../platform/dates';
import { prepared } from '../../platform/db/prepared';

/**
 * The next number of a series (a document type, or a receiving unit's receipts) in a Thai fiscal
 * year, taken in the caller's transaction: the counter row stays locked until that transaction ends,
 * so concurrent creators queue, a rollback gives its number back, and numbers have no gap and no
 * duplicate.
 */
const counterSql = `insert into document_counter (series, fiscal_year, last) values (?, ?, 1)
     on conflict (series, fiscal_year) do update set last = document_counter.last + 1
     returning last`;

const counterStatement = prepared('counter', counterSql);

export async function nextNumber(tx: EntityManager, series: string, fiscalYear: number): Promise<number> {
  if (!tx.isInTransaction()) throw new Error('nextNumber must run inside the creating transaction');
  const [row] = await counterStatement.rows<{ last: number }>(tx, [series, fiscalYear]);
  return row.last;
}

/**
 * The number taken inside a command's closing statement (docs/document-kit.md, "The number at
 * COMMIT"): the counter's statement as a CTE (`cte`, its values `params`) and the number as a value
 * the document's insert takes (`value`, its values `valueParams`), formatted as `formatDocumentNumber`
 * and the numbering trigger do. Only for an insert that no part of the statement reads (a held write
 * leading the closing statement: document-write.ts): PostgreSQL runs such a CTE after the statement's
 * main query, so the counter row is taken after the posting's balance rows, and the COMMIT right
 * behind the statement releases it. The row is then inserted with its number, once: the trigger,
 * which numbers only provisional rows, is not queued.
 */
export function numberInStatement(
  prefix: string,
  fiscalYear: number,
  name = 'wn',
): { cte: string; params: unknown[]; value: string; valueParams: unknown[] } {
  return {
    cte: `${name} as (${counterSql})`,
    params: [prefix, fiscalYear],
    value: `(select ?::text || case when length(${name}.last::text) >= 6 then ${name}.last::text else lpad(${name}.last::text, 6, '0') end from ${name})`,
    valueParams: [`${prefix}-${fiscalYear}-`],
  };
}

/** A document number such as TR-2569-000001: prefix, Buddhist-era fiscal year, six digits. */
export function formatDocumentNumber(prefix: string, fiscalYear: number, n: number): string {
  return `${prefix}-${fiscalYear}-${String(n).padStart(6, '0')}`;
}

/** Allocates and formats the next number of a document type for the fiscal year of `at`. */
export async function allocateDocumentNumber(
  tx: EntityManager,
  prefix: string,
  at: Date = new Date(),
): Promise<{ number: string; fiscalYear: number }> {
  const fiscalYear = fiscalYearBE(at);
  const n = await nextNumber(tx, prefix, fiscalYear);
  return { number: formatDocumentNumber(prefix, fiscalYear, n), fiscalYear };
}

/**
 * The trigger that numbers a document at COMMIT (docs/document-kit.md, "The number at COMMIT"): a
 * deferred constraint trigger after each insert of a row whose number is provisional, which takes the
 * counter and sets the number in its table's function (`<table>_document_number_fn`, created by the
 * migrations: Migration20261129120000_document_number_at_commit). PostgreSQL runs it while it commits,
 * so the counter row is held for the commit itself, not for a round trip to the server and back.
 * Same series (the type's prefix), fiscal year (the row's), format and guarantees as
 * `allocateDocumentNumber`: a rollback gives the number back, concurrent creators queue on the row.
 * Declared on every type's header entity, so the schema diff expects it.
 */
export const NUMBER_TRIGGER = 'document_number';

export function numberingTrigger(table: string): TriggerDef {
  return {
    name: NUMBER_TRIGGER,
    timing: 'after',
    events: ['insert'],
    expression: `create constraint trigger "${NUMBER_TRIGGER}" after insert on "${table}" deferrable initially deferred for each row when (new.number like '~%') execute function "${table}_${NUMBER_TRIGGER}_fn"();`,
  };
}

/**
 * The number of a document created in the caller's transaction (a public form's create, in a
 * savepoint of it), which the caller needs before it commits: the numbering triggers waiting for the
 * COMMIT are run now, then deferred again, and the number read. The counter row then stays locked
 * until the caller's transaction ends, as any number taken in a transaction.
 */
export async function numberNow(tx: EntityManager, table: string, id: number): Promise<string> {
  if (!tx.isInTransaction()) throw new Error('numberNow must run inside the creating transaction');
  await tx.execute(`set constraints "${NUMBER_TRIGGER}" immediate`, [], 'run');
  await tx.execute(`set constraints "${NUMBER_TRIGGER}" deferred`, [], 'run');
  return numberOf(tx, table, id);
}

/** A document's number as its row holds it (after the COMMIT that numbered it, or `numberNow`). */
export async function numberOf(em: EntityManager, table: string, id: number): Promise<string> {
  const [row] = await prepared('document_number', `select number from "${table}" where id = ?`).rows<{
    number: string;
  }>(em, [id]);
  return row.number;
}

/** Whether a number is still the provisional one a document holds until its COMMIT numbers it. */
export const isProvisionalNumber = (number: string): boolean => number.startsWith('~');

/** The number a document holds until its COMMIT numbers it (never seen outside its transaction). */
export const provisionalNumber = (id: number): string => `~${id}`;
