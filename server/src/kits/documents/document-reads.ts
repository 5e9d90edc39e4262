import type { EntityManager } from '@mikro-orm/postgresql';
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

export interface DocumentSearch {
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

/** Lists and reads documents of one type, within the caller's menus and data scope. */
export class DocumentReads extends DocumentAccess {
  async list(q: DocumentSearch): Promise<{ items: DocumentRow[]; total: number }> {
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
    const [items, total] = await this.em.findAndCount(
      this.type.entity,
      { $and: where },
      {
        orderBy: { [sort]: direction, id: direction },
        limit: q.rows,
        offset: (q.currentPage - 1) * q.rows,
        populate: [...this.scopePopulate(), ...populateFor(this.type.header)] as never[],
      },
    );
    return { items, total };
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
