import { createHash } from 'node:crypto';
import type { EntityManager, EntityMetadata } from '@mikro-orm/postgresql';
import type { CompiledQuery } from 'kysely';
import { closeWith, takeHeldWrite } from './command-transaction';

// Statements of the hot command path sent as named prepared statements (docs/benchmarks.md, "What a
// posting costs"): MikroORM's `execute` writes the parameters into the SQL text, so PostgreSQL parses
// and plans every statement each time. Here the text keeps its placeholders and goes to node-postgres
// as `{ name, text, values }` on the connection MikroORM uses (the command's transaction, or the
// pool): `pg` parses a name once per connection, and PostgreSQL reuses the plan (a generic one after
// five runs, when it costs no more than the custom ones). Errors are node-postgres's, as from any raw
// statement (db-errors.ts reads their SQLSTATE).
//
// A name stands for one text on every connection: the name given gets a hash of the text, so texts
// built per table or per set of fields (a document type's insert) are each their own statement.
// Texts must not vary with the number of rows (use arrays or JSON: `= any(?::int[])`,
// `json_to_recordset(?::json)`), or every count would be another statement kept by each connection.

/**
 * The columns an entity maps, as a select or returning list (`d."id", d."status", …`). A prepared
 * statement names its columns rather than `*`: PostgreSQL keeps a prepared statement's result type,
 * so a column added by a newer server's migration while this one runs (every start may run beside
 * another: docs/operations.md) would make `select *` fail with "cached plan must not change result
 * type" on each connection that prepared it. Named, the old columns stay what this server reads.
 */
export function entityColumns(meta: EntityMetadata, alias?: string): string {
  const prefix = alias ? `${alias}.` : '';
  return meta.props
    .filter(
      (p) =>
        p.persist !== false &&
        !p.formula &&
        p.fieldNames?.length &&
        (p.kind === 'scalar' || p.kind === 'm:1' || (p.kind === '1:1' && p.owner)),
    )
    .flatMap((p) => p.fieldNames)
    .map((c) => `${prefix}"${c.replaceAll('"', '""')}"`)
    .join(', ');
}

/** The name prefix of every statement sent prepared (the statement-count test looks for it). */
export const PREPARED_PREFIX = 'nj_';

/** A prepared statement: `rows` runs it in `em`'s transaction (or on the pool without one). */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
  rows<T>(em: EntityManager, values: readonly unknown[]): Promise<T[]>;
  /**
   * Sends it as the closing statement of `em`'s command transaction (command-transaction.ts,
   * closeWith): not waited for, the COMMIT right behind it. False when `em` is not in a command's own
   * transaction: then nothing was sent, and the caller runs it with `rows`. `lead`: a statement sent
   * just before it in the same round trip (closeWith's lead: the row locks it needs).
   */
  close(em: EntityManager, values: readonly unknown[], lead?: Lead): boolean;
}

/** A statement sent ahead of a closing one (closeWith), with its values. */
export interface Lead {
  readonly statement: PreparedStatement;
  readonly values: readonly unknown[];
}

/** `?` placeholders (as MikroORM's `execute` takes them; `\?` is a literal `?`) numbered `$1`, `$2`… */
function numbered(text: string): { text: string; count: number } {
  let count = 0;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && text[i + 1] === '?') {
      out += '?';
      i++;
    } else if (c === '?') {
      if (text[i + 1] === '?') throw new Error('prepared: `??` (an identifier parameter) is not supported');
      out += `$${++count}`;
    } else out += c;
  }
  return { text: out, count };
}

/**
 * `text` with `ctes` as its first CTEs. Data-modifying CTEs all run, referenced or not, on the
 * statement's one snapshot: the held write and the closing statement must not read each other's rows.
 */
function ledBy(ctes: string[], text: string): string {
  const head = /^\s*with\s+/i.exec(text);
  if (/^\s*with\s+recursive\s/i.test(text))
    throw new Error('prepared: a held write cannot lead a recursive with');
  return head ? `with ${ctes.join(', ')}, ${text.slice(head[0].length)}` : `with ${ctes.join(', ')} ${text}`;
}

/** A value as the statement takes it: a date as ISO 8601 in UTC (MikroORM's `forceUtcTimezone`). */
const bound = (value: unknown): unknown =>
  value === undefined ? null : value instanceof Date ? value.toISOString() : value;

/** Kysely's transaction or client, as far as a compiled query goes through it to node-postgres. */
interface Runner {
  executeQuery(query: unknown): Promise<{ rows: unknown[] }>;
}

/** The statements made so far, by name and then by text (a name's texts are the same few strings). */
const statements = new Map<string, Map<string, PreparedStatement>>();
let made = 0;
/** Each statement's compiled query for given values (a lead's, for closeWith). */
const compilers = new WeakMap<PreparedStatement, (values: readonly unknown[]) => unknown>();
/** Texts built at run time (per table or field set) are few; past this many something varies wrongly. */
const MAX_STATEMENTS = 2000;

/**
 * The statement `text` (with `?` placeholders) under `name` (a short label, e.g. `session_read`).
 * Cheap to call per command: the same name and text give the same statement.
 */
export function prepared(name: string, text: string): PreparedStatement {
  const texts = statements.get(name) ?? new Map<string, PreparedStatement>();
  const known = texts.get(text);
  if (known) return known;
  const { text: pgText, count } = numbered(text);
  const hash = createHash('sha1').update(pgText).digest('hex').slice(0, 12);
  const fullName = `${PREPARED_PREFIX}${name}_${hash}`;
  /**
   * The statement as Kysely's compiled query: Kysely hands `sql` to node-postgres's
   * `client.query(sql, parameters)` as it is, and an object with `name` and `text` is a named
   * prepared statement there. A fresh object each time: `pg` writes the values into it.
   */
  const compiled = (values: readonly unknown[]) => {
    if (values.length !== count)
      throw new Error(`prepared ${name}: ${values.length} values for ${count} placeholders`);
    return {
      sql: { name: fullName, text: pgText },
      parameters: values.map(bound),
      query: { kind: 'RawNode', sqlFragments: [pgText], parameters: [] },
      queryId: { queryId: fullName },
    };
  };
  const statement: PreparedStatement = {
    name: fullName,
    text: pgText,
    async rows<T>(em: EntityManager, values: readonly unknown[]): Promise<T[]> {
      const runner = (em.getTransactionContext() ?? em.getConnection().getClient()) as unknown as Runner;
      const result = await runner.executeQuery(compiled(values));
      return result.rows as T[];
    },
    close(em: EntityManager, values: readonly unknown[], lead?: Lead): boolean {
      const write = takeHeldWrite(em);
      if (!write)
        return (
          closeWith(
            em,
            compiled(values) as unknown as CompiledQuery,
            lead && (compilers.get(lead.statement)?.(lead.values) as CompiledQuery | undefined),
          ) !== null
        );
      // A write held for the closing statement (holdWrite) leads it as its first CTEs: one statement.
      // Held only while the command could close (holdWrite), so it can close now.
      if (
        !prepared(`${write.name}_${name}`, ledBy(write.ctes, text)).close(
          em,
          [...write.params, ...values],
          lead,
        )
      )
        throw new Error('prepared: a held write found no closing statement to lead');
      return true;
    },
  };
  compilers.set(statement, compiled);
  if (made < MAX_STATEMENTS) {
    made += 1;
    texts.set(text, statement);
    statements.set(name, texts);
  }
  return statement;
}
