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
 * Numbers a document written with a provisional number (its id): the counter taken and the number
 * set in one statement, the command's last before COMMIT, so the counter row is locked only for the
 * commit (docs/document-kit.md, "The command path"). Same series, format and guarantees as
 * `allocateDocumentNumber`.
 */
export async function numberDocument(
  tx: EntityManager,
  table: string,
  id: number,
  prefix: string,
  at: Date = new Date(),
): Promise<{ number: string; fiscalYear: number }> {
  if (!tx.isInTransaction()) throw new Error('numberDocument must run inside the creating transaction');
  const fiscalYear = fiscalYearBE(at);
  // Sent prepared, one statement per document table (platform/db/prepared.ts).
  const [row] = await prepared(
    'number_document',
    `with c as (${counterSql})
     update "${table}" set number = ? || case when length(c.last::text) >= 6 then c.last::text
       else lpad(c.last::text, 6, '0') end
     from c where "${table}".id = ? returning number`,
  ).rows<{ number: string }>(tx, [prefix, fiscalYear, `${prefix}-${fiscalYear}-`, id]);
  return { number: row.number, fiscalYear };
}

/** The number a document holds until `numberDocument` gives it its own (never seen outside). */
export const provisionalNumber = (id: number): string => `~${id}`;
