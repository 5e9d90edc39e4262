import type { EntityManager } from '@mikro-orm/postgresql';
import { auditRefusal, requirePrincipal } from '../../platform/auth/access-guard';
import { inScope } from '../../platform/auth/data-scope';
import type { Principal } from '../../platform/auth/principal';
import { badInput, conflict, outOfScope } from '../../platform/errors';
import { OrganisationUnit } from '../core/organisation.entity';
import { validationError } from '../reference/reference-check';
import { historyOf, writeHistory } from '../workflow/history';
import { once } from '../workflow/idempotency';
import { allocateDocumentNumber } from '../workflow/numbering';
import { assertAllowed, needsHistory } from '../workflow/workflow';
import {
  assignable,
  type CheckedInput,
  checkDocumentFields,
  checkDocumentRules,
  checkSystemValues,
  type DocumentInput,
} from './document-input';
import { type DocumentLineRow, type DocumentRow, type EffectContext, type SaveContext } from './document-kit';
import {
  applyActionHeader,
  applyActionInputs,
  lineAdder,
  reenteredChanges,
  writeLines,
} from './document-lines';
import { referenceFieldRule } from './document-pick';
import { DocumentReads } from './document-reads';
import { nameDocuments } from './document-refs';
import { ownerOf } from './document-scope';

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

/**
 * What a command did: the document's id, and the row as the command committed it (null when an
 * idempotent retry answered with the first run's id and nothing ran now).
 */
export interface CommandResult {
  id: number;
  row: DocumentRow | null;
}

/**
 * Every operation of every document type: the commands here (create, edit, act), the reads
 * (document-reads.ts) and the checks both share (document-access.ts). Menu codes per type (the GraphQL fields declare only the
 * union), data scope of the owning unit and the type's other scopes on every read and write, and the
 * workflow rule on every action; one transaction per command.
 */
export class DocumentService extends DocumentReads {
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

  /**
   * Writes a new document. `system`: values of the header fields only server code sets (`setBy:
   * 'system'`, e.g. the public form's channel), checked like any field; never a client's input.
   */
  async create(
    input: DocumentInput,
    idempotencyKey?: string | null,
    system: Record<string, unknown> = {},
  ): Promise<CommandResult> {
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
          const systemValues = await checkSystemValues(tx, this.type, system);
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
            ...assignable(tx, this.type.header, systemValues),
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
