import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { auditRefusal, requirePrincipal } from '../../platform/auth/access-guard';
import { inScope } from '../../platform/auth/data-scope';
import type { AuthState, Principal } from '../../platform/auth/principal';
import { containsPattern } from '../../platform/db/like';
import { type AppError, badInput, conflict, forbidden, notFound, outOfScope } from '../../platform/errors';
import { OrganisationUnit } from '../core/organisation.entity';
import { validationError } from '../reference/reference-check';
import { populateFor } from '../reference/reference-view';
import { historyOf, writeHistory } from '../workflow/history';
import { once } from '../workflow/idempotency';
import { allocateDocumentNumber } from '../workflow/numbering';
import { allowedActions, assertAllowed, type DocumentFacts, needsHistory } from '../workflow/workflow';
import type { DocumentHistory } from '../workflow/workflow.entity';
import {
  assignable,
  type CheckedInput,
  checkDocumentFields,
  checkDocumentRules,
  type DocumentInput,
} from './document-input';
import {
  type DocumentLineRow,
  type DocumentRow,
  type DocumentType,
  documentScopeWhere,
  type EffectContext,
  type NamedDocument,
  ownerOf,
  type SaveContext,
} from './document-kit';
import {
  applyActionHeader,
  applyActionInputs,
  lineAdder,
  reenteredChanges,
  writeLines,
} from './document-lines';
import { referenceFieldRule } from './document-pick';
import { nameDocuments } from './document-refs';

export interface TransitionInput {
  action: string;
  /** The version the person saw: a stale one is refused. */
  version: number;
  reason?: string | null;
  /** Values of line fields entered at this action, by line id. */
  lines?: { id: number; values: Record<string, unknown> }[] | null;
  /** Values of header fields entered at this action, by name. */
  header?: Record<string, unknown> | null;
}

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

/**
 * What a command did: the document's id, and the row as the command committed it (null when an
 * idempotent retry answered with the first run's id and nothing ran now).
 */
export interface CommandResult {
  id: number;
  row: DocumentRow | null;
}

export interface RequestOrigin {
  ip: string | null;
  requestId: string | null;
}

const sortable = ['number', 'status', 'createdAt', 'updatedAt'];

/**
 * Unit paths a document concerns and whose staff may act on it: its owner and each declared header
 * scope (`destination`, …). Line scopes only let their staff read (documentScopeWhere).
 */
export function documentScopePaths(type: DocumentType, row: DocumentRow): Record<string, string | null> {
  const paths: Record<string, string | null> = { owner: row.ownerUnit.path };
  for (const [name, path] of Object.entries(type.scopes ?? {})) {
    let node: unknown = row;
    for (const part of path.split('.')) node = node ? (node as Record<string, unknown>)[part] : null;
    paths[name] = (node as OrganisationUnit | null)?.path ?? null;
  }
  return paths;
}

/**
 * Every operation of every document type. Menu codes per type (the GraphQL fields declare only the
 * union), data scope of the owning unit and the type's other scopes on every read and write, and the
 * workflow rule on every action; one transaction per command.
 */
export class DocumentService {
  constructor(
    private readonly em: EntityManager,
    private readonly auth: AuthState,
    private readonly type: DocumentType,
    private readonly origin: RequestOrigin = { ip: null, requestId: null },
  ) {}

  private async require(kind: 'view' | 'create' | 'edit'): Promise<Principal> {
    const principal = requirePrincipal(this.auth);
    const codes = this.type.menus[kind];
    if (!codes.some((c) => principal.menuCodes.has(c))) {
      await auditRefusal(
        this.em,
        principal,
        `document ${this.type.type} ${kind}`,
        { required: codes },
        this.origin,
      );
      throw forbidden();
    }
    return principal;
  }

  private notFound(id: number): AppError {
    return notFound(
      `ไม่พบ${this.type.label.th} รหัสอ้างอิง ${id}`,
      `No ${this.type.label.en.toLowerCase()} ${id}`,
    );
  }

  private scopePaths(row: DocumentRow): Record<string, string | null> {
    return documentScopePaths(this.type, row);
  }

  private scopePopulate(): never[] {
    return ['ownerUnit', ...Object.values(this.type.scopes ?? {})] as never[];
  }

  private visible(principal: Principal, row: DocumentRow): boolean {
    return Object.values(this.scopePaths(row)).some((p) => inScope(principal, p));
  }

  private facts(row: DocumentRow, history: DocumentHistory[], action: string): DocumentFacts {
    const scope = this.type.actionScope?.[action] ?? 'owner';
    return {
      status: row.status,
      ownerPath: this.scopePaths(row)[scope] ?? '',
      createdBy: row.createdBy,
      history: history.map((h) => ({ action: h.action, actorUserId: h.actorUserId })),
    };
  }

  allowedActions(principal: Principal, row: DocumentRow, history: DocumentHistory[]): string[] {
    return allowedActions(this.type.workflow, (action) => this.facts(row, history, action), principal);
  }

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

  /** The type's onSave (a transfer's reservation), with the lines just written (they have ids). */
  private async onSave(
    tx: EntityManager,
    principal: Principal,
    document: DocumentRow,
    lines: DocumentLineRow[],
    previous: SaveContext['previous'],
  ): Promise<void> {
    if (!this.type.onSave) return;
    await tx.flush();
    await this.type.onSave({
      tx,
      principal,
      type: this.type,
      document,
      lines,
      action: previous ? 'EDIT' : 'CREATE',
      reason: null,
      previous,
      addLine: lineAdder(tx, this.type, document, lines),
      nameDocuments: (refs) => nameDocuments(tx, refs),
    });
  }

  /**
   * Runs a command in its transaction. A refusal the command notes with `audited` is recorded after
   * the rollback: audited inside, it would need a second connection while the first holds its locks,
   * and under load every connection of the pool can end up waiting for another.
   */
  private async command<T>(
    principal: Principal,
    run: (
      tx: EntityManager,
      audited: (target: string, details: Record<string, unknown>) => void,
    ) => Promise<T>,
  ): Promise<T> {
    const refusal: { target?: string; details?: Record<string, unknown> } = {};
    try {
      return await this.em.transactional((tx) =>
        run(tx, (target, details) => Object.assign(refusal, { target, details })),
      );
    } catch (err) {
      if (refusal.target)
        await auditRefusal(this.em, principal, refusal.target, refusal.details ?? {}, this.origin);
      throw err;
    }
  }

  async create(input: DocumentInput, idempotencyKey?: string | null): Promise<CommandResult> {
    const principal = await this.require('create');
    let written: DocumentRow | null = null;
    const { id } = await this.command(principal, async (tx, audited) => {
      // The id is taken first, so the idempotency answer is written with its claim and the history
      // before the number: the number's counter row stays locked until the commit (creators of the
      // type queue on it), and then covers only the document's own rows.
      const id = await this.nextId(tx);
      return once(
        tx,
        principal.userId,
        idempotencyKey,
        `create ${this.type.type}`,
        input,
        async () => {
          const checked = await checkDocumentFields(tx, this.type, input, null);
          const refused = this.referenceOutOfScope(principal, checked);
          if (refused) {
            audited(`document ${this.type.type} create`, { field: refused });
            throw outOfScope();
          }
          const owner = await this.ownerOf(tx, principal, null, checked);
          if (!inScope(principal, owner.path)) {
            audited(`document ${this.type.type} create`, { scope: owner.id });
            throw outOfScope();
          }
          await checkDocumentRules(tx, this.type, principal, null, checked);
          await writeHistory(tx, {
            documentType: this.type.type,
            documentId: id,
            action: 'CREATE',
            fromStatus: null,
            toStatus: this.type.workflow.initial,
            actorUserId: principal.userId,
          });
          const { number, fiscalYear } = await allocateDocumentNumber(tx, this.type.prefix);
          const row = tx.create(this.type.entity, {
            ...assignable(tx, this.type.header, checked.header),
            id,
            number,
            fiscalYear,
            status: this.type.workflow.initial,
            version: 1,
            ownerUnit: owner,
            remark: checked.remark,
            createdBy: principal.userId,
            updatedBy: principal.userId,
          } as DocumentRow);
          const lines = writeLines(tx, this.type, row, checked.lines);
          await tx.flush();
          await this.onSave(tx, principal, row, lines, null);
          // What the type's onSave changed (the document and its lines are written above).
          if (this.type.onSave) await tx.flush();
          written = row;
          return { id };
        },
        { id },
      );
    });
    return { id, row: written };
  }

  /** A new document's id, from its table's sequence (ids may have gaps; numbers have none). */
  private async nextId(tx: EntityManager): Promise<number> {
    const table = tx.getMetadata(this.type.entity).tableName;
    const [row] = await tx
      .getConnection()
      .execute<{ id: number }[]>(
        `select nextval(pg_get_serial_sequence(?, 'id'))::int as id`,
        [table],
        'all',
        tx.getTransactionContext(),
      );
    return row.id;
  }

  /**
   * The first reference the caller may not name (document-pick.ts, the rule its pick list applies
   * too): an owner or other caller-scoped field whose item lies outside the caller's data scope.
   */
  private referenceOutOfScope(principal: Principal, checked: CheckedInput): string | undefined {
    return checked.references.find((r) => !referenceFieldRule(this.type, r.f, principal).allows(r.ownerPath))
      ?.field;
  }

  /** The unit that will own the document as the checked input describes it. */
  private async ownerOf(
    tx: EntityManager,
    principal: Principal,
    documentId: number | null,
    checked: CheckedInput,
  ): Promise<OrganisationUnit> {
    const id = await ownerOf(this.type, {
      tx,
      principal,
      documentId,
      header: checked.header,
      lines: checked.lines,
      ownerUnits: checked.ownerUnits,
    });
    return tx.findOneOrFail(OrganisationUnit, { id });
  }

  /** Locks a document for a command and refuses a stale version. */
  private async lockForCommand(
    tx: EntityManager,
    principal: Principal,
    id: number,
    version: number,
  ): Promise<DocumentRow> {
    // One statement: the document locked (FOR UPDATE OF its own row only) with its scope's units
    // joined, unlocked: locking a unit would queue every command on that unit's documents.
    const root = tx.config.getNamingStrategy().aliasName(tx.getMetadata(this.type.entity).className, 0);
    const row = await tx.findOne(
      this.type.entity,
      { id },
      {
        lockMode: LockMode.PESSIMISTIC_WRITE,
        lockTableAliases: [root],
        populate: this.scopePopulate(),
        strategy: 'joined',
      },
    );
    if (!row || !this.visible(principal, row)) {
      // A lock that waited for a concurrent command is re-checked by PostgreSQL on the row's new
      // version with the joined rows as they were (EvalPlanQual): rarely, that check answers no row
      // or a row without its scope's units (ledger-jepsen saw 1 SEND in 2,000 refused as not found).
      // Before calling a document not found, read it again plainly: it is locked by now.
      const again = await tx.findOne(this.type.entity, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!again) throw this.notFound(id);
      await tx.populate(again, this.scopePopulate(), { refresh: true });
      if (!this.visible(principal, again)) throw this.notFound(id);
      return this.checkVersion(again, version);
    }
    return this.checkVersion(row, version);
  }

  private checkVersion(row: DocumentRow, version: number): DocumentRow {
    if (row.version !== version) {
      throw conflict(
        `${this.type.label.th} ${row.number} ถูกแก้ไขโดยผู้อื่นแล้ว (ฉบับที่ ${row.version}) กรุณาโหลดใหม่แล้วทำรายการอีกครั้ง`,
        `${this.type.label.en} ${row.number} was changed by someone else (version ${row.version}); reload it and try again`,
      );
    }
    return row;
  }

  async update(id: number, version: number, input: DocumentInput): Promise<CommandResult> {
    const principal = await this.require('edit');
    const row = await this.em.transactional(async (tx) => {
      const row = await this.lockForCommand(tx, principal, id, version);
      if (!inScope(principal, row.ownerUnit.path)) throw this.notFound(id);
      if (!this.type.editableIn.includes(row.status)) {
        throw conflict(
          `${this.type.label.th} ${row.number} แก้ไขไม่ได้ในสถานะนี้`,
          `${this.type.label.en} ${row.number} can no longer be edited`,
        );
      }
      const checked = await checkDocumentFields(tx, this.type, input, row);
      if (this.referenceOutOfScope(principal, checked)) throw outOfScope();
      const owner = await this.ownerOf(tx, principal, id, checked);
      if (!inScope(principal, owner.path)) throw outOfScope();
      await checkDocumentRules(tx, this.type, principal, id, checked);
      // What the document was, for onSave to undo (a transfer releases what it reserved).
      const previous = this.type.onSave
        ? {
            header: Object.fromEntries(this.type.header.map((f) => [f.name, row[f.name]])),
            lines: await tx.find(this.type.lineEntity, { document: id }, { orderBy: { lineNo: 'asc' } }),
          }
        : null;
      Object.assign(row, assignable(tx, this.type.header, checked.header), {
        ownerUnit: owner,
        remark: checked.remark,
        version: row.version + 1,
        updatedBy: principal.userId,
      });
      let lines = previous?.lines ?? [];
      if (input.lines) {
        await tx.nativeDelete(this.type.lineEntity, { document: id });
        lines = writeLines(tx, this.type, row, checked.lines);
      }
      if (previous) await this.onSave(tx, principal, row, [...lines], previous);
      await writeHistory(tx, {
        documentType: this.type.type,
        documentId: id,
        action: 'EDIT',
        fromStatus: row.status,
        toStatus: row.status,
        actorUserId: principal.userId,
      });
      await tx.flush();
      return row;
    });
    return { id, row };
  }

  async transition(
    id: number,
    input: TransitionInput,
    idempotencyKey?: string | null,
  ): Promise<CommandResult> {
    const principal = requirePrincipal(this.auth);
    let written: DocumentRow | null = null;
    const t = this.type.workflow.transitions.find((x) => x.action === input.action);
    if (!t) throw badInput(`ไม่มีการดำเนินการ ${input.action}`, `No action ${input.action}`);
    await this.command(principal, (tx, audited) =>
      once(
        tx,
        principal.userId,
        idempotencyKey,
        `${input.action} ${this.type.type} ${id}`,
        input,
        async () => {
          const row = await this.lockForCommand(tx, principal, id, input.version);
          const history = needsHistory(this.type.workflow, t.action)
            ? await historyOf(tx, this.type.type, id)
            : [];
          try {
            assertAllowed(this.type.workflow, t.action, this.facts(row, history, t.action), principal);
          } catch (err) {
            audited(`document ${this.type.type} ${t.action}`, { id });
            throw err;
          }
          const reason = input.reason?.trim() || null;
          if (t.reason === 'required' && !reason)
            throw validationError([
              { field: 'reason', messageTh: 'กรุณาระบุเหตุผล', messageEn: 'A reason is required' },
            ]);
          if (reason && [...reason].length > 1000)
            throw validationError([
              {
                field: 'reason',
                messageTh: 'เหตุผลยาวได้ไม่เกิน 1000 ตัวอักษร',
                messageEn: 'The reason may be at most 1000 characters',
              },
            ]);
          // Effects take the lines' references by id (idOf): nothing is populated.
          const lines = await tx.find(this.type.lineEntity, { document: id }, { orderBy: { lineNo: 'asc' } });
          // An action entering fields again (an edited delivery) records what it changed.
          const changes = reenteredChanges(this.type, t.action, row, lines);
          await applyActionHeader(tx, this.type, t.action, row, input.header);
          await applyActionInputs(tx, this.type, t.action, lines, input.lines ?? []);
          const effect = this.type.effects?.[t.action];
          if (effect) {
            const ctx: EffectContext = {
              tx,
              principal,
              type: this.type,
              document: row,
              lines,
              action: t.action,
              reason,
              addLine: lineAdder(tx, this.type, row, lines),
              nameDocuments: (refs) => nameDocuments(tx, refs),
            };
            await effect(ctx);
          }
          const from = row.status;
          Object.assign(row, { status: t.to, version: row.version + 1, updatedBy: principal.userId });
          await writeHistory(tx, {
            documentType: this.type.type,
            documentId: id,
            action: t.action,
            fromStatus: from,
            toStatus: t.to,
            reason,
            changes: changes?.(),
            actorUserId: principal.userId,
          });
          await tx.flush();
          written = row;
          return { id };
        },
        { id },
      ),
    );
    return { id, row: written };
  }

  /**
   * A command's answer from the row it committed, when the caller asks only for what the row holds:
   * the same view permission as `get`; the scope was checked by the command itself.
   */
  async committed(result: CommandResult): Promise<DocumentRow | null> {
    if (!result.row) return null;
    await this.require('view');
    return result.row;
  }
}
