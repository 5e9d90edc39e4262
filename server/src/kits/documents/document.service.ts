import type { EntityManager } from '@mikro-orm/postgresql';
import { requirePrincipal } from '../../platform/auth/access-guard';
import { inScope } from '../../platform/auth/data-scope';
import type { Principal } from '../../platform/auth/principal';
import { badInput, conflict, outOfScope } from '../../platform/errors';
import { OrganisationUnit } from '../core/organisation.entity';
import { historyOf, writeHistory } from '../workflow/history';
import { checkedKey, once } from '../workflow/idempotency';
import { isProvisionalNumber, numberOf } from '../workflow/numbering';
import { assertAllowed, needsHistory } from '../workflow/workflow';
import { type CommandResult, checkedReason, DocumentCreation } from './document-create';
import {
  assignable,
  type CheckedInput,
  checkDocumentFields,
  checkDocumentRules,
  type DocumentInput,
} from './document-input';
import type { DocumentRow, EffectContext } from './document-kit';
import {
  applyActionHeader,
  applyActionInputs,
  lineAdder,
  reenteredChanges,
  writeLines,
} from './document-lines';
import { nameDocuments } from './document-refs';
import { ownerOf } from './document-scope';
import { finishAction, readLines } from './document-write';

export type { CommandResult, CreateActionInput } from './document-create';

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
 * Every operation of every document type: the commands here (create, edit, act), the reads
 * (document-reads.ts) and the checks both share (document-access.ts). Menu codes per type (the GraphQL fields declare only the
 * union), data scope of the owning unit and the type's other scopes on every read and write, and the
 * workflow rule on every action; one transaction per command.
 */
export class DocumentService extends DocumentCreation {
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
    await this.settleSession();
    const principal = requirePrincipal(this.auth);
    checkedKey(idempotencyKey);
    let written: DocumentRow | null = null;
    let done: Record<string, unknown> | null = null;
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
          const reason = checkedReason(t, input.reason);
          // Effects take the lines' references by id (idOf): nothing is populated.
          const lines = await readLines(tx, this.type, id);
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
          // What the action's inputs and its effect changed (nothing is sent when they changed nothing),
          // then the status change and its history in one statement.
          await tx.flush();
          const moved = {
            status: t.to,
            version: row.version + 1,
            updatedBy: principal.userId,
            updatedAt: new Date(),
          };
          await finishAction(tx, this.type, id, moved, {
            documentType: this.type.type,
            documentId: id,
            action: t.action,
            fromStatus: row.status,
            toStatus: t.to,
            reason,
            changes: changes?.(),
            actorUserId: principal.userId,
          });
          written = row;
          done = moved;
          return { id };
        },
        { id },
      ),
    );
    // Set by SQL: the row says so too, outside the unit of work (which would write it again).
    if (written && done) Object.assign(written, done);
    return { id, row: written };
  }

  /**
   * A command's answer from the row it committed, when the caller asks only for what the row holds:
   * the same view permission as `get`; the scope was checked by the command itself.
   */
  async committed(result: CommandResult, withNumber = true): Promise<DocumentRow | null> {
    if (!result.row) return null;
    await this.require('view');
    // A create's number is taken at its COMMIT (numbering.ts): read once, when the caller asks for it.
    if (withNumber && isProvisionalNumber(result.row.number))
      result.row.number = await numberOf(this.em, this.em.getMetadata(this.type.entity).tableName, result.id);
    return result.row;
  }
}
