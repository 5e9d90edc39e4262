import type { EntityManager } from '@mikro-orm/postgresql';
import { auditRefusal } from '../../platform/auth/access-guard';
import { inScope } from '../../platform/auth/data-scope';
import type { Principal } from '../../platform/auth/principal';
import { fiscalYearBE } from '../../platform/dates';
import { commandTransaction, isClosingRefusal } from '../../platform/db/command-transaction';
import { badInput, outOfScope } from '../../platform/errors';
import { OrganisationUnit } from '../core/organisation.entity';
import { validationError } from '../reference/reference-check';
import type { HistoryEntry } from '../workflow/history';
import { checkedKey } from '../workflow/idempotency';
import { numberNow, provisionalNumber } from '../workflow/numbering';
import { assertAllowed, type TransitionDecl } from '../workflow/workflow';
import {
  type CheckedInput,
  checkDocumentFields,
  checkDocumentRules,
  checkSystemValues,
  type DocumentInput,
} from './document-input';
import type { DocumentLineRow, DocumentRow, EffectContext, SaveContext } from './document-kit';
import { lineAdder } from './document-lines';
import { referenceFieldRule } from './document-pick';
import { DocumentReads } from './document-reads';
import { nameDocuments } from './document-refs';
import { ownerOf } from './document-scope';
import { AnsweredBefore, insertDocument, openCreate } from './document-write';
import type { OpeningRead } from './opening-read';

/**
 * What a command did: the document's id, and the row as the command committed it (null when an
 * idempotent retry answered with the first run's id and nothing ran now).
 */
export interface CommandResult {
  id: number;
  row: DocumentRow | null;
}

/** The request's session, read by the command itself, was not live or not granted: nothing is kept. */
class SessionNotTaken extends Error {}

/** The action taken in the create's own request (createAndAct): no version, the document is new. */
export interface CreateActionInput {
  action: string;
  reason?: string | null;
}

/** An action's reason, trimmed, as its declaration asks (required, at most 1,000 characters). */
export function checkedReason(t: TransitionDecl, given: string | null | undefined): string | null {
  const reason = given?.trim() || null;
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
  return reason;
}

/**
 * The kit's creates (docs/document-kit.md, "The command path"): `create`, and `createAndAct`, a create
 * and an action of the type's `createAnd` list in one transaction (a stock adjustment created and
 * posted in one request). One path for both, in plain SQL: the opening statement (id, idempotency
 * claim, references), the document with its lines and history, the effects; the number at COMMIT.
 */
export class DocumentCreation extends DocumentReads {
  /** The type's onSave (a transfer's reservation), with the lines just written (they have ids). */
  protected async onSave(
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
   * Runs a command in its transaction (commandTransaction: the command flushes what it changes
   * itself, the fork is not merged back). A refusal the command notes with `audited` is recorded
   * after the rollback: audited inside, it would need a second connection while the first holds its
   * locks, and under load every connection of the pool can end up waiting for another.
   */
  protected async command<T>(
    principal: Principal | (() => Principal | null),
    run: (
      tx: EntityManager,
      audited: (target: string, details: Record<string, unknown>) => void,
    ) => Promise<T>,
  ): Promise<T> {
    const refusal: { target?: string; details?: Record<string, unknown> } = {};
    try {
      return await commandTransaction(this.em, (tx) =>
        run(tx, (target, details) => Object.assign(refusal, { target, details })),
      );
    } catch (err) {
      const who = typeof principal === 'function' ? principal() : principal;
      if (refusal.target && who)
        await auditRefusal(this.em, who, refusal.target, refusal.details ?? {}, this.origin);
      throw err;
    }
  }

  /**
   * Writes a new document. `system`: values of the header fields only server code sets (`setBy:
   * 'system'`, e.g. the public form's channel), checked like any field; never a client's input.
   */
  create(
    input: DocumentInput,
    idempotencyKey?: string | null,
    system: Record<string, unknown> = {},
  ): Promise<CommandResult> {
    return this.write(input, null, idempotencyKey, system);
  }

  /**
   * Writes a new document and takes one of the type's `createAnd` actions on it, in one transaction:
   * the create's checks, then the action's (its menu, the workflow rule with the creator as maker,
   * its reason), history for both, the action's effect; the number at COMMIT. A retry with the same
   * key answers the first run's document.
   */
  createAndAct(
    input: DocumentInput,
    action: CreateActionInput,
    idempotencyKey?: string | null,
    system: Record<string, unknown> = {},
  ): Promise<CommandResult> {
    return this.write(input, action, idempotencyKey, system);
  }

  private async write(
    input: DocumentInput,
    act: CreateActionInput | null,
    idempotencyKey: string | null | undefined,
    system: Record<string, unknown>,
    closable = true,
  ): Promise<CommandResult> {
    const { type } = this;
    const initial = type.workflow.initial;
    let t: TransitionDecl | null = null;
    if (act) {
      t = type.workflow.transitions.find((x) => x.action === act.action) ?? null;
      if (!t || !(type.createAnd ?? []).includes(t.action))
        throw badInput(
          `ไม่มีการดำเนินการ ${act.action} พร้อมการสร้าง${type.label.th}`,
          `${act.action} cannot be taken as a ${type.label.en} is created`,
        );
    }
    checkedKey(idempotencyKey);
    // The request's session, when its field left it to this command (PendingSession): read behind
    // BEGIN with the opening statement, one round trip for both, and the command kept only for a live
    // session granted the field and the type's create. Otherwise (or if the command fails before the
    // session is taken) the command runs again the ordinary way, which reads the session by itself
    // and words any refusal (docs/architecture.md, "The session read in a command's first round trip").
    const fold = this.session && !this.em.isInTransaction() ? this.session : null;
    const principalBefore: Principal | null = fold ? null : await this.require('create');
    let adopted: Principal | null = null;
    const reason = t ? checkedReason(t, act?.reason) : null;
    const effect = t ? type.effects?.[t.action] : undefined;
    // The rows go to the unit of work only when an onSave or an effect may change them: a type's
    // onSave, or an effect not declared to write in SQL only (sqlEffects). Then they are flushed after
    // it; otherwise nothing can have changed, and no flush is made (commandTransaction still checks
    // that nothing was left unflushed).
    const managed = !!type.onSave || (!!effect && !(type.sqlEffects ?? []).includes(t?.action ?? ''));
    let written: DocumentRow | null = null;
    let number: string | null = null;
    // Inside a caller's transaction the create runs in a savepoint of it (commandTransaction).
    const nested = this.em.isInTransaction();
    // Only the COMMIT follows an effect that writes in SQL only, without an onSave, in the command's
    // own transaction: it may close the command (EffectContext.closing), and the document's write,
    // which nothing reads before, is held to lead that closing statement (holdWrite). Its lines' ids
    // are taken when the create opens.
    const closing = !!t && closable && !nested && !type.onSave && (type.sqlEffects ?? []).includes(t.action);
    const lineCount = closing && Array.isArray(input.lines) ? input.lines.length : 0;
    try {
      const id = await this.command(
        () => adopted ?? principalBefore,
        async (tx, audited) => {
          // The effect's first read, made in the opening statement: from the input as given (unchecked:
          // the type's readAhead reads nothing for values that are not ids).
          const ahead = t ? this.readAhead(tx, t.action, input) : null;
          // The request's session, read in the opening statement too.
          let sessionRow: Record<string, unknown> | undefined;
          const session: OpeningRead | null = fold
            ? {
                ...fold.read,
                orderBy: 'user_id',
                answer: (rows) => {
                  sessionRow = rows[0];
                },
              }
            : null;
          const opened = openCreate(
            tx,
            type,
            fold ? fold.userId : (principalBefore as Principal).userId,
            {
              key: idempotencyKey,
              operation: t ? `create ${t.action} ${type.type}` : `create ${type.type}`,
              request: t ? { input, action: t.action, reason } : input,
            },
            { managed, lineIds: lineCount, reads: [ahead, session].filter((r) => r !== null) },
          );
          let failed: { err: unknown } | null = null;
          let checked: CheckedInput | null = null;
          try {
            checked = await checkDocumentFields(tx, type, input, null, opened.run);
          } catch (err) {
            if (!fold) throw err;
            failed = { err };
          }
          if (fold) {
            // Taken before anything the opening answered is used or refused (a retry's first answer, a
            // field's refusal): the claim was made for the token's user, whom the session's row must name.
            const live = fold.read.live(sessionRow);
            if (!live || !fold.grants(live) || !this.grants(live, 'create')) throw new SessionNotTaken();
            adopted = live;
          }
          if (failed) throw (failed as { err: unknown }).err;
          if (!checked) throw new Error('checkDocumentFields answered nothing');
          const principal = (adopted ?? principalBefore) as Principal;
          const id = opened.id();
          const refused = this.referenceOutOfScope(principal, checked);
          if (refused) {
            audited(`document ${type.type} create`, { field: refused });
            throw outOfScope();
          }
          const ownerId = await ownerOf(type, {
            tx,
            principal,
            documentId: null,
            header: checked.header,
            lines: checked.lines,
            ownerUnits: checked.ownerUnits,
          });
          const owner = opened.unit(ownerId) ?? (await tx.findOneOrFail(OrganisationUnit, { id: ownerId }));
          if (!inScope(principal, owner.path)) {
            audited(`document ${type.type} create`, { scope: owner.id });
            throw outOfScope();
          }
          await checkDocumentRules(tx, type, principal, null, checked);
          const systemValues = await checkSystemValues(tx, type, system);
          const history: HistoryEntry[] = [
            {
              documentType: type.type,
              documentId: id,
              action: 'CREATE',
              fromStatus: null,
              toStatus: initial,
              actorUserId: principal.userId,
            },
          ];
          if (t) {
            const facts = { status: initial, ownerPath: owner.path, createdBy: principal.userId, history };
            try {
              assertAllowed(type.workflow, t.action, facts, principal);
            } catch (err) {
              audited(`document ${type.type} ${t.action}`, { id });
              throw err;
            }
            history.push({
              documentType: type.type,
              documentId: id,
              action: t.action,
              fromStatus: initial,
              toStatus: t.to,
              reason,
              actorUserId: principal.userId,
            });
          }
          const lineIds = opened.lineIds();
          const at = new Date();
          const { row, lines } = await insertDocument(
            tx,
            type,
            {
              ...checked.header,
              ...systemValues,
              id,
              number: provisionalNumber(id),
              fiscalYear: fiscalYearBE(at),
              status: t ? t.to : initial,
              version: t ? 2 : 1,
              ownerUnit: owner,
              remark: checked.remark,
              createdBy: principal.userId,
              createdAt: at,
              updatedBy: principal.userId,
              updatedAt: at,
            },
            checked.lines.map((values, i) => ({
              ...values,
              ...(lineIds.length === checked.lines.length ? { id: lineIds[i] } : {}),
              lineNo: i + 1,
            })),
            history,
            { managed, hold: closing },
          );
          await this.onSave(tx, principal, row, lines, null);
          if (t && effect) {
            const ctx: EffectContext = {
              tx,
              principal,
              type,
              document: row,
              lines,
              action: t.action,
              reason,
              addLine: lineAdder(tx, type, row, lines),
              nameDocuments: (refs) => nameDocuments(tx, refs),
              closing,
              readAhead: ahead,
            };
            await effect(ctx);
          }
          // What the type's onSave or effect changed (nothing is sent when they changed nothing).
          if (managed) await tx.flush();
          // The number: taken at COMMIT by the type's numbering trigger (numbering.ts, numberingTrigger),
          // or by the closing statement the write leads (numberInStatement), so the counter row is held
          // for the commit only. In a caller's transaction (a public form), which needs the number
          // before it commits, the trigger is run now (numberNow).
          if (nested) number = await numberNow(tx, tx.getMetadata(type.entity).tableName, id);
          written = row;
          return id;
        },
      );
      if (adopted) await this.adoptSession(adopted);
      // A number set by SQL: the row says so too (outside the unit of work, flushed already). Otherwise
      // the row keeps its provisional number, and an answer that asks for it reads it (`committed`).
      const row = written as DocumentRow | null;
      if (row && number) row.number = number;
      return { id, row };
    } catch (err) {
      if (fold && !adopted) {
        // Nothing of the command was kept: the session is read the ordinary way (a refusal thrown
        // here), and the command runs again.
        await this.settleSession();
        return this.write(input, act, idempotencyKey, system, closable);
      }
      if (adopted) await this.adoptSession(adopted);
      if (err instanceof AnsweredBefore) return { id: err.answer.id, row: null };
      // The effect's closing statement refused (a guard: someone took the stock meanwhile), and nothing
      // of the command was kept: run it again the ordinary way, which plans anew or words the refusal.
      if (closable && isClosingRefusal(err)) return this.write(input, act, idempotencyKey, system, false);
      throw err;
    }
  }

  /**
   * The read the type's `readAhead` for `action` makes in the create's opening statement, given the
   * input as the caller sent it; null when there is none or it fails (a hint: the effect reads what
   * it lacks itself).
   */
  private readAhead(tx: EntityManager, action: string, input: DocumentInput): OpeningRead | null {
    const read = this.type.readAhead?.[action];
    if (!read) return null;
    const header = input.header && typeof input.header === 'object' ? input.header : {};
    const lines = Array.isArray(input.lines) ? input.lines.filter((l) => l && typeof l === 'object') : [];
    try {
      return read({ tx, header, lines });
    } catch {
      return null;
    }
  }

  /**
   * The first reference the caller may not name (document-pick.ts, the rule its pick list applies
   * too): an owner or other caller-scoped field whose item lies outside the caller's data scope.
   */
  protected referenceOutOfScope(principal: Principal, checked: CheckedInput): string | undefined {
    return checked.references.find((r) => !referenceFieldRule(this.type, r.f, principal).allows(r.ownerPath))
      ?.field;
  }
}
