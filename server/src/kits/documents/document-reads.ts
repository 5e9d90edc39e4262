import { type EntityManager, raw } from '@mikro-orm/postgresql';
import {
  afterKeySql,
  cursorsOf,
  encodeCursor,
  flip,
  type KeysetArgs,
  type KeyValue,
  keysetPage,
  keysetRequest,
  nearerEnd,
  type PageCursors,
  type SortDirection,
} from '../../platform/db/keyset';
import { containsPattern } from '../../platform/db/like';
import { badInput } from '../../platform/errors';
import { populateFor } from '../reference/reference-view';
import { historyOf } from '../workflow/history';
import type { DocumentHistory } from '../workflow/workflow.entity';
import { DocumentAccess } from './document-access';
import { type DocumentLineRow, type DocumentRow, type NamedDocument } from './document-kit';
import { nameDocuments } from './document-refs';
import { documentScopeWhere } from './document-scope';

// The document kit's reads: a type's list (paged, filtered, searched, sorted) and one document
// with its lines, history, the actions the caller may take and the type's read extras.

export interface DocumentSearch extends KeysetArgs {
  search?: string | null;
  status?: string | null;
  /** Only documents waiting for an approval the caller may give. */
  queue?: boolean | null;
  /** Only documents waiting at this approval level, whoever may give it (with queue: the caller). */
  level?: number | null;
  currentPage: number;
  rows: number;
  sort?: string | null;
  direction?: string | null;
}

export interface LoadedDocument {
  row: DocumentRow;
  lines: DocumentLineRow[];
  history: DocumentHistory[];
  allowedActions: string[];
  /** The type's computed line values and the documents before and after it (`readExtras`). */
  extras?: { lines: Map<number, Record<string, unknown>>; related: NamedDocument[] };
}

const sortable = ['number', 'status', 'createdAt', 'updatedAt'];

/** A page of a type's list: its rows, the list's total, the page's number and its cursors. */
export interface DocumentListPage extends PageCursors {
  items: DocumentRow[];
  total: number;
  currentPage: number;
}

const keyColumns = (alias: string, column: string, direction: SortDirection) => [
  { sql: `${alias}."${column}"`, direction },
  { sql: `${alias}."id"`, direction },
];

/** Lists and reads documents of one type, within the caller's menus and data scope. */
export class DocumentReads extends DocumentAccess {
  async list(q: DocumentSearch): Promise<DocumentListPage> {
    const principal = await this.require('view');
    if (!Number.isInteger(q.currentPage) || q.currentPage < 1)
      throw badInput('หน้าต้องเป็นจำนวนเต็มตั้งแต่ 1', 'currentPage must be a whole number from 1');
    if (!Number.isInteger(q.rows) || q.rows < 1 || q.rows > 200)
      throw badInput('จำนวนแถวต่อหน้าต้องอยู่ระหว่าง 1 ถึง 200', 'rows must be between 1 and 200');
    const sort = q.sort || 'createdAt';
    if (!sortable.includes(sort))
      throw badInput(
        `เรียงตาม ${sort} ไม่ได้ (ได้: ${sortable.join(', ')})`,
        `Cannot sort by ${sort} (sortable: ${sortable.join(', ')})`,
      );
    const direction = (q.direction ?? (q.sort ? 'asc' : 'desc')).toLowerCase();
    if (direction !== 'asc' && direction !== 'desc')
      throw badInput('ทิศทางการเรียงต้องเป็น asc หรือ desc', 'direction must be asc or desc');
    const request = keysetRequest(q, { sort, direction, kinds: ['text', 'int'], rows: q.rows, maxRows: 200 });
    const where: Record<string, unknown>[] = [documentScopeWhere(this.type, principal)];
    const statuses = this.type.workflow.statuses.map((s) => s.code);
    if (q.status) {
      if (!statuses.includes(q.status))
        throw badInput(
          `ไม่มีสถานะ ${q.status} (มี: ${statuses.join(', ')})`,
          `No status ${q.status} (statuses: ${statuses.join(', ')})`,
        );
      where.push({ status: q.status });
    }
    if (q.queue) {
      const waiting = this.type.workflow.transitions
        .filter((t) => t.approval !== undefined && t.menu.some((c) => principal.menuCodes.has(c)))
        .flatMap((t) => [...t.from]);
      where.push({ status: { $in: waiting } }, { createdBy: { $ne: principal.userId } });
    }
    if (q.level != null) {
      const atLevel = this.type.workflow.transitions.filter((t) => t.approval === q.level);
      if (!atLevel.length)
        throw badInput(
          `${this.type.label.th}ไม่มีการอนุมัติระดับที่ ${q.level}`,
          `${this.type.label.en} has no approval level ${q.level}`,
        );
      where.push({ status: { $in: atLevel.flatMap((t) => [...t.from]) } });
    }
    const text = q.search?.trim();
    if (text) {
      if ([...text].length > 100)
        throw badInput('คำค้นยาวได้ไม่เกิน 100 ตัวอักษร', 'Search text: at most 100 characters');
      where.push({
        // The number, the remark and the header's text fields declared `search` (a requester's name).
        $or: [
          { number: { $ilike: containsPattern(text) } },
          { remark: { $ilike: containsPattern(text) } },
          ...this.type.header
            .filter((f) => f.search && !f.computed)
            .map((f) => ({ [f.name]: { $ilike: containsPattern(text) } })),
        ],
      });
    }
    return this.page(q, request, where, sort, direction);
  }

  /**
   * The page itself (docs/document-kit.md "Paging by key"): by key from either end, or by number
   * from the nearer end; the total always (the pager shows "page x of y").
   */
  private async page(
    q: DocumentSearch,
    request: ReturnType<typeof keysetRequest>,
    where: Record<string, unknown>[],
    sort: string,
    direction: SortDirection,
  ): Promise<DocumentListPage> {
    const meta = this.em.getMetadata().get(this.type.entity);
    const column = meta.properties[sort as never].fieldNames[0];
    const total = await this.em.count(this.type.entity, { $and: where });
    const read = (order: SortDirection, limit: number, offset: number, key: KeyValue[] | null) => {
      const after = key && ((alias: string) => afterKeySql(keyColumns(alias, column, order), key));
      return this.em.find(
        this.type.entity,
        {
          $and: after ? [...where, { [raw((a: string) => after(a).sql, after('x').params)]: [] }] : where,
        },
        {
          orderBy: { [sort]: order, id: order },
          limit,
          offset,
          populate: [...this.scopePopulate(), ...populateFor(this.type.header)] as never[],
        },
      );
    };
    if (request.by === 'key') {
      const fromEnd = request.from === 'end';
      // The last page is the one the page numbers have: what is left after the full pages.
      const rows = fromEnd && !request.key ? total % request.rows || request.rows : request.rows;
      const found = await read(fromEnd ? flip(direction) : direction, rows + 1, 0, request.key);
      const keys = await this.keysOf(meta.tableName, column, found.slice(0, rows));
      const page = keysetPage(request, rows, found, (r) => encodeCursor(sort, direction, keys(r)));
      const last = Math.max(1, Math.ceil(total / request.rows));
      return { ...page, total, currentPage: fromEnd && !request.key ? last : q.currentPage };
    }
    const at = nearerEnd(total, q.currentPage, q.rows);
    const found = await read(at.reverse ? flip(direction) : direction, at.limit, at.offset, null);
    if (at.reverse) found.reverse();
    const keys = await this.keysOf(meta.tableName, column, found);
    return {
      items: found,
      total,
      currentPage: q.currentPage,
      ...cursorsOf(found, (r) => encodeCursor(sort, direction, keys(r)), {
        hasPreviousPage: q.currentPage > 1,
        hasNextPage: q.currentPage * q.rows < total,
      }),
    };
  }

  /**
   * The sort keys of a page's first and last rows as the database holds them (a timestamp to the
   * microsecond, which a JavaScript Date would round): one statement by primary key.
   */
  private async keysOf(
    table: string,
    column: string,
    rows: DocumentRow[],
  ): Promise<(row: DocumentRow) => KeyValue[]> {
    const ends = [...new Set([rows[0]?.id, rows[rows.length - 1]?.id].filter((id) => id != null))];
    const found = ends.length
      ? ((await this.em.execute(`select id, "${column}"::text as k from "${table}" where id in (?, ?)`, [
          ends[0],
          ends[ends.length - 1],
        ])) as { id: number; k: string }[])
      : [];
    const byId = new Map(found.map((r) => [r.id, r.k]));
    return (row) => [byId.get(row.id) ?? null, row.id];
  }

  /** One document with its lines, history and the actions the caller may take now. */
  async get(id: number, em: EntityManager = this.em): Promise<LoadedDocument> {
    const principal = await this.require('view');
    // The same scope rule as the lists (documentScopeWhere): the owner, the type's other scopes, its lines'.
    const row = await em.findOne(
      this.type.entity,
      { $and: [{ id }, documentScopeWhere(this.type, principal)] },
      { populate: [...this.scopePopulate(), ...populateFor(this.type.header)] as never[] },
    );
    if (!row) throw this.notFound(id);
    const lines = await em.find(
      this.type.lineEntity,
      { document: id },
      { orderBy: { lineNo: 'asc' }, populate: populateFor(this.type.lines) },
    );
    const history = await historyOf(em, this.type.type, id);
    const extras = this.type.readExtras ? await this.type.readExtras(em, row) : undefined;
    return {
      row,
      lines,
      history,
      allowedActions: this.allowedActions(principal, row, history),
      extras: extras && {
        lines: extras.lines ?? new Map(),
        related: await nameDocuments(em, extras.related ?? []),
      },
    };
  }
}
