import type { EntityManager, EntityMetadata, EntityName, EntityProperty } from '@mikro-orm/postgresql';
import { holdWrite } from '../../platform/db/command-transaction';
import { entityColumns, prepared } from '../../platform/db/prepared';
import { OrganisationUnit } from '../core/organisation.entity';
import type { FoundRow, ReferenceStatement } from '../reference/reference-check';
import { idOf } from '../reference/reference-view';
import { type HistoryEntry, historyInsert } from '../workflow/history';
import { type FirstClaim, type FoldedClaim, foldedClaim } from '../workflow/idempotency';
import { numberInStatement } from '../workflow/numbering';
import type { DocumentLineRow, DocumentRow, DocumentType } from './document-kit';
import type { OpeningRead } from './opening-read';

// The document kit's command path in plain SQL through MikroORM's connection (docs/document-kit.md,
// "The command path"): a create opens with one statement (its id, its idempotency claim with the
// first run's answer, every reference it names and the units that own them, the effect's first read,
// the request's session), writes the document, its lines and its history in one more (or as the
// first CTEs of the effect's closing statement, numbered there: insertDocument's `hold`), and is
// otherwise numbered at COMMIT (numbering.ts). The rows written are handed to the unit of work as
// loaded entities (`em.map`) when an effect or an onSave may change them, so what they change is
// flushed as before; otherwise they stay plain rows.

/** A retry's answer: the first run's, found by the statement that opened the create. */
export class AnsweredBefore {
  constructor(readonly answer: { id: number }) {}
}

export interface OpenedCreate {
  /** Runs the opening statement (the references' part given by checkDocumentFields). */
  run: ReferenceStatement;
  /** The new document's id, once `run` ran. */
  id(): number;
  /** Ids taken for its lines (`lineIds` of openCreate), in line order, once `run` ran. */
  lineIds(): number[];
  /** An organisation unit the references named (as owner or owned by), loaded, by id. */
  unit(id: number): OrganisationUnit | undefined;
}

/**
 * The sequence of `table`'s serial id, as a regclass literal: PostgreSQL resolves it once, when the
 * statement is parsed (each connection's first run), where `pg_get_serial_sequence` searched the
 * catalog's dependencies at every run (1.5 % of PostgreSQL's CPU on the posting bench). Every serial id
 * is named so (migrations.test.ts checks each table's).
 */
export const idSequence = (table: string): string => `'${table.replaceAll("'", "''")}_id_seq'::regclass`;

/**
 * The create's first statement: the id from the table's sequence, the key claimed (with the id as
 * its answer), the references and their owning units. A retry of a key makes `run` throw
 * `AnsweredBefore` (or the refusal of a key reused with another request).
 */
export function openCreate(
  tx: EntityManager,
  type: DocumentType,
  userId: number,
  idempotency: { key: string | null | undefined; operation: string; request: unknown },
  {
    managed = true,
    lineIds = 0,
    reads = [],
  }: {
    /** The units as loaded entities (insertDocument's `managed`), else as plain rows. */
    managed?: boolean;
    /** How many line ids to take from the line sequence (insertDocument's `hold`). */
    lineIds?: number;
    /** The effect's first reads (the type's readAhead), made in this statement. */
    reads?: OpeningRead[];
  } = {},
): OpenedCreate {
  const table = tx.getMetadata(type.entity).tableName;
  const lineTable = tx.getMetadata(type.lineEntity).tableName;
  const unitMeta = tx.getMetadata(OrganisationUnit);
  const unitTable = unitMeta.tableName;
  const claim: FoldedClaim | null = foldedClaim(
    userId,
    idempotency.key,
    idempotency.operation,
    idempotency.request,
    { from: 'n', json: "json_build_object('id', n.id)" },
  );
  let id = 0;
  let lines: number[] = [];
  const units = new Map<number, OrganisationUnit>();
  const run: ReferenceStatement = async (refs, refParams) => {
    const ctes = [`n as (select nextval(${idSequence(table)})::int as id)`];
    const params: unknown[] = [];
    const columns = ['n.id'];
    const columnParams: unknown[] = [];
    if (claim) {
      ctes.push(claim.cte);
      params.push(...claim.cteParams);
      columns.push(claim.columns);
      columnParams.push(...claim.columnParams);
    }
    if (refs) {
      ctes.push(`r as (${refs})`);
      params.push(...refParams);
      columns.push(
        `(select coalesce(json_agg(r), '[]') from r) as refs`,
        `(select json_agg(o) from "${unitTable}" o where o.id in
           (select owner_unit_id from r union all select id from r where t = '${unitTable}')) as units`,
      );
    }
    // The lines' ids, from their sequence, when the write must name them before it is sent (a write
    // held for the closing statement: insertDocument's `hold`).
    if (lineIds > 0) {
      columns.push(
        `array(select nextval(${idSequence(lineTable)})::int from generate_series(1, ?::int)) as line_ids`,
      );
      columnParams.push(lineIds);
    }
    // The effect's first reads (the type's readAhead), each as JSON rows in their order.
    for (const [i, read] of reads.entries()) {
      columns.push(
        `(select coalesce(json_agg(a order by ${read.orderBy.replace(/(^|,\s*)/g, '$1a.')}), '[]') from (${read.sql}) a) as read${i}`,
      );
      columnParams.push(...read.params);
    }
    // Sent prepared: its text is fixed for a type and the tables its references name.
    const [row] = await prepared(
      'document_open',
      `with ${ctes.join(', ')} select ${columns.join(', ')} from n`,
    ).rows<{
      id: number;
      claimed?: number;
      first?: FirstClaim<{ id: number }> | null;
      refs?: FoundRow[];
      units?: Record<string, unknown>[] | null;
      line_ids?: number[];
    }>(tx, [...params, ...columnParams]);
    // The reads first: a retry's answer (AnsweredBefore) or a refusal below still gets them (the
    // request's session among them: document-create.ts).
    for (const [i, read] of reads.entries())
      read.answer(((row as Record<string, unknown>)[`read${i}`] ?? []) as Record<string, unknown>[]);
    if (claim) {
      const answer = await claim.settle(tx, row.claimed ?? 0, row.first ?? null);
      if (answer) throw new AnsweredBefore(answer);
    }
    id = row.id;
    lines = row.line_ids ?? [];
    // As loaded entities when the document goes to the unit of work (insertDocument's `managed`: its
    // owner unit must be loaded there), else as plain rows.
    for (const raw of row.units ?? [])
      units.set(
        raw.id as number,
        managed
          ? tx.map(OrganisationUnit, raw as never)
          : (plainRow(unitMeta, raw) as unknown as OrganisationUnit),
      );
    return row.refs ?? [];
  };
  return {
    run,
    id: () => id,
    lineIds: () => lines,
    unit: (unitId) => units.get(unitId),
  };
}

/**
 * A row as its entity's properties, read only: scalars as the database gave them (in JSON), a
 * reference as its id.
 */
function plainRow(meta: EntityMetadata, raw: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const prop of meta.props) {
    const column = prop.fieldNames?.[0];
    if (column && column in raw) row[prop.name] = raw[column];
  }
  return row;
}

/** A value as its column takes it: a referenced entity by its id. */
const columnValue = (value: unknown): unknown =>
  value !== null && typeof value === 'object' && !(value instanceof Date) ? idOf(value) : value;

/** Columns and values of an entity's properties (those given). */
function columnsOf(tx: EntityManager, entity: DocumentType['entity'], values: Record<string, unknown>) {
  const meta = tx.getMetadata(entity);
  const entries = Object.entries(values).filter(([, v]) => v !== undefined);
  return entries.map(([name, value]) => ({
    column: meta.properties[name as never].fieldNames[0],
    value: columnValue(value),
  }));
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Writes a new document, its lines and its history rows in one statement. `header`: the header's
 * properties (references as entities or ids; `ownerUnit` the unit, loaded, `OpenedCreate.unit`);
 * `lines`: each line's, with its `lineNo`.
 *
 * `managed`: the rows are handed to the unit of work as loaded (`em.map`), so that what an onSave or
 * an effect changes on them is flushed. Without it (a type with no onSave, taking no action or one
 * whose effect writes in SQL only: `sqlEffects`), nothing will change them, and they come back as
 * plain rows: the values given, the lines' ids from the statement. Mapping them (and the units)
 * cost the server about 0.9 ms of a 3.7 ms posting (docs/benchmarks.md, "Plain rows and generic
 * plans").
 *
 * `hold` (plain rows only, each line given its `id`, taken when the create opened): the write is held
 * to lead the command's closing statement (command-transaction.ts, holdWrite) instead of being sent
 * now; it goes out alone before the COMMIT if no closing statement comes.
 */
export async function insertDocument(
  tx: EntityManager,
  type: DocumentType,
  header: Record<string, unknown>,
  lines: Record<string, unknown>[],
  history: HistoryEntry[],
  { managed = true, hold = false }: { managed?: boolean; hold?: boolean } = {},
): Promise<{ row: DocumentRow; lines: DocumentLineRow[] }> {
  const docMeta = tx.getMetadata(type.entity);
  const lineMeta = tx.getMetadata(type.lineEntity);
  const doc = columnsOf(tx, type.entity, header);
  /** The document's insert, a column's value given as SQL with its values (the number's, when held). */
  const documentInsert = (given: Map<string, { sql: string; params: unknown[] }> = new Map()) => ({
    sql: `insert into ${quoted(docMeta.tableName)} (${doc.map((c) => quoted(c.column)).join(', ')}) values (${doc.map((c) => given.get(c.column)?.sql ?? '?').join(', ')})`,
    params: doc.flatMap((c) => given.get(c.column)?.params ?? [c.value]),
  });
  const parts: { sql: string; params: unknown[] }[] = [documentInsert()];
  if (history.length) parts.push(historyInsert(history));
  if (lines.length) {
    const rows = lines.map((l) =>
      columnsOf(tx, type.lineEntity as unknown as DocumentType['entity'], {
        ...l,
        document: header.id,
      }),
    );
    const columns = [...new Set(rows.flatMap((r) => r.map((c) => c.column)))];
    // The lines as one JSON array of rows, so that the text does not vary with their number (and is
    // sent prepared). A column that some lines leave out takes its default there: those few use a
    // multi-row VALUES instead.
    const table = quoted(lineMeta.tableName);
    const list = columns.map(quoted).join(', ');
    if (rows.every((r) => r.length === columns.length)) {
      parts.push({
        sql: `insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ?::json) returning ${entityColumns(lineMeta)}`,
        params: [JSON.stringify(rows.map((r) => Object.fromEntries(r.map((c) => [c.column, c.value]))))],
      });
    } else {
      const params: unknown[] = [];
      const values = rows.map((r) => {
        const byColumn = new Map(r.map((c) => [c.column, c.value]));
        return `(${columns
          .map((c) => {
            if (!byColumn.has(c)) return 'default';
            params.push(byColumn.get(c));
            return '?';
          })
          .join(', ')})`;
      });
      parts.push({
        sql: `insert into ${table} (${list}) values ${values.join(', ')} returning ${entityColumns(lineMeta)}`,
        params,
      });
    }
  }
  const params = parts.flatMap((p) => p.params);
  const last = parts.at(-1) as { sql: string; params: unknown[] };
  const ctes = parts.map((p, i) => `w${i} as (${p.sql})`);
  const statement = prepared(
    'document_insert',
    `${ctes.length > 1 ? `with ${ctes.slice(0, -1).join(', ')} ` : ''}${last.sql}`,
  );
  // Held for the command's closing statement (the lines name their ids, taken when the create
  // opened): it leads that statement, and is sent alone only if none comes (command-transaction.ts).
  // Leading it, the document takes its number there, after the posting's locks (numberInStatement);
  // sent alone, it keeps its provisional number for the trigger at COMMIT.
  const holdable = hold && !managed && lines.every((l) => typeof l.id === 'number');
  const number = holdable ? numberInStatement(type.prefix, header.fiscalYear as number) : null;
  let held = false;
  if (number) {
    const column = docMeta.properties['number' as never].fieldNames[0];
    const numbered = documentInsert(new Map([[column, { sql: number.value, params: number.valueParams }]]));
    held = holdWrite(tx, {
      name: 'document_insert',
      ctes: [number.cte, `w0 as (${numbered.sql})`, ...ctes.slice(1)],
      params: [...number.params, ...numbered.params, ...parts.slice(1).flatMap((p) => p.params)],
      send: () => statement.rows(tx, params),
    });
  }
  const written = held ? [] : await statement.rows<Record<string, unknown>>(tx, params);
  if (!managed) {
    const row = { ...header } as DocumentRow;
    const lineNo = lineMeta.properties['lineNo' as never].fieldNames[0];
    const ids = new Map(
      held
        ? lines.map((l) => [l.lineNo as number, l.id as number])
        : (lines.length ? written : []).map((l) => [l[lineNo] as number, l.id as number]),
    );
    const lineRows = lines.map((l) => {
      const id = ids.get(l.lineNo as number);
      if (id === undefined) throw new Error(`insertDocument: line ${String(l.lineNo)} was not written`);
      return { ...l, id, document: row } as DocumentLineRow;
    });
    return { row, lines: lineRows };
  }
  const raw = Object.fromEntries(doc.map((c) => [c.column, c.value]));
  const row = tx.map(type.entity, raw as never);
  const lineRows = (lines.length ? written : [])
    .map((l) => tx.map(type.lineEntity, l as never))
    .sort((a, b) => a.lineNo - b.lineNo);
  return { row, lines: lineRows };
}

/**
 * A document's lines for an action, in line order, in plain SQL sent prepared (no entity load): the
 * rows go to the unit of work as loaded (`em.map`), so what an action's inputs or effect change on
 * them is flushed as before, and nothing when they change nothing.
 */
export async function readLines(
  tx: EntityManager,
  type: DocumentType,
  id: number,
): Promise<DocumentLineRow[]> {
  const meta = tx.getMetadata(type.lineEntity);
  const column = (property: string) => quoted(meta.properties[property as never].fieldNames[0]);
  const rows = await prepared(
    'document_lines',
    `select ${entityColumns(meta)} from ${quoted(meta.tableName)} where ${column('document')} = ? order by ${column('lineNo')}, id`,
  ).rows<Record<string, unknown>>(tx, [id]);
  return rows.map((l) => tx.map(type.lineEntity, l as never));
}

/**
 * An action's lock, in plain SQL sent prepared (no entity load): the document `FOR UPDATE OF` its own
 * row only, with the entities its scopes go through (its owner unit; a transfer's destination
 * storage and that storage's unit) joined unlocked, as JSON like the create's units. The rows go to
 * the unit of work as loaded (`em.map`), the joined ones first, so the document's references are
 * them. Null when there is no such document.
 */
export async function lockDocument(
  tx: EntityManager,
  type: DocumentType,
  id: number,
): Promise<DocumentRow | null> {
  const meta = tx.getMetadata(type.entity);
  const joined: { alias: string; entity: EntityName<object> }[] = [];
  const joins: string[] = [];
  const aliases = new Map<string, string>();
  for (const path of ['ownerUnit', ...Object.values(type.scopes ?? {})]) {
    let from = 'd';
    let at: EntityMetadata = meta as EntityMetadata;
    let walked = '';
    for (const part of path.split('.')) {
      walked = walked ? `${walked}.${part}` : part;
      const prop = at.properties[part as never] as EntityProperty;
      const target = prop.targetMeta as EntityMetadata;
      let alias = aliases.get(walked);
      if (!alias) {
        alias = `j${aliases.size}`;
        aliases.set(walked, alias);
        joins.push(
          `left join ${quoted(target.tableName)} ${alias} on ${alias}.id = ${from}.${quoted(prop.fieldNames[0])}`,
        );
        joined.push({ alias, entity: target.class as EntityName<object> });
      }
      from = alias;
      at = target;
    }
  }
  const [row] = await prepared(
    'document_lock',
    `select ${entityColumns(meta as EntityMetadata, 'd')}, ${joined.map((j) => `to_json(${j.alias}) as "${j.alias}"`).join(', ')}
     from ${quoted(meta.tableName)} d ${joins.join(' ')} where d.id = ? for update of d`,
  ).rows<Record<string, unknown>>(tx, [id]);
  if (!row) return null;
  for (const { alias, entity } of joined) {
    const raw = row[alias];
    delete row[alias];
    if (raw) tx.map(entity, raw as never);
  }
  return tx.map(type.entity, row as never);
}

/**
 * An action's last write: the document's status, version and updater set and its history row
 * appended, in one statement (what the action's inputs and effect changed is flushed before).
 */
export async function finishAction(
  tx: EntityManager,
  type: DocumentType,
  id: number,
  moved: { status: string; version: number; updatedBy: number; updatedAt: Date },
  entry: HistoryEntry,
): Promise<void> {
  const set = columnsOf(tx, type.entity, moved);
  const history = historyInsert([entry]);
  await prepared(
    'document_action',
    `with h as (${history.sql}) update ${quoted(tx.getMetadata(type.entity).tableName)}
       set ${set.map((c) => `${quoted(c.column)} = ?`).join(', ')} where id = ?`,
  ).rows(tx, [...history.params, ...set.map((c) => c.value), id]);
}
