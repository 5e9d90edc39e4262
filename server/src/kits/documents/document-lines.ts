import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput } from '../../platform/errors';
import { validationError } from '../reference/reference-check';
import type { FieldError } from '../reference/reference-kit';
import { idOf } from '../reference/reference-view';
import type { HistoryChange } from '../workflow/workflow.entity';
import { assignable, checkFields } from './document-input';
import {
  type DocumentField,
  type DocumentLineRow,
  type DocumentRow,
  type DocumentType,
  isEnteredAt,
} from './document-kit';

// A document's lines as the kit writes them: when it is saved, when an effect adds one, and the line
// fields entered at an action (received quantities at RECEIVE).

/** Writes checked lines, numbered from 1. */
export function writeLines(
  tx: EntityManager,
  type: DocumentType,
  document: DocumentRow,
  lines: Record<string, unknown>[],
): DocumentLineRow[] {
  return lines.map((values, i) =>
    tx.create(type.lineEntity, {
      ...assignable(tx, type.lines, values),
      document,
      lineNo: i + 1,
    } as DocumentLineRow),
  );
}

/** For effects: adds a line after the last one (e.g. one per lot when a line is split). */
export function lineAdder(
  tx: EntityManager,
  type: DocumentType,
  document: DocumentRow,
  lines: DocumentLineRow[],
) {
  return (values: Record<string, unknown>): DocumentLineRow => {
    const line = tx.create(type.lineEntity, {
      ...assignable(tx, type.lines, values),
      document,
      lineNo: lines.length + 1,
    } as DocumentLineRow);
    lines.push(line);
    return line;
  };
}

/** Header fields entered at this action (e.g. the delivery date): checked, then set on the document. */
export async function applyActionHeader(
  tx: EntityManager,
  type: DocumentType,
  action: string,
  document: DocumentRow,
  input: Record<string, unknown> | null | undefined,
): Promise<void> {
  const fields = type.header.filter((f) => isEnteredAt(f, action) && !f.derived);
  if (!fields.length) {
    if (input && Object.keys(input).length)
      throw badInput(`การดำเนินการ ${action} ไม่รับข้อมูลส่วนหัว`, `${action} takes no header values`);
    return;
  }
  const errors: FieldError[] = [];
  const values = await checkFields(tx, fields, input ?? {}, null, '', errors);
  if (errors.length) throw validationError(errors);
  Object.assign(document, assignable(tx, fields, values));
}

/** Line fields entered at this action (e.g. received quantities): checked, then set on the lines. */
export async function applyActionInputs(
  tx: EntityManager,
  type: DocumentType,
  action: string,
  lines: DocumentLineRow[],
  inputs: { id: number; values: Record<string, unknown> }[],
): Promise<void> {
  const fields = type.lines.filter((f) => isEnteredAt(f, action));
  if (!fields.length) {
    if (inputs.length)
      throw badInput(`การดำเนินการ ${action} ไม่รับข้อมูลรายบรรทัด`, `${action} takes no line values`);
    return;
  }
  const errors: FieldError[] = [];
  const byId = new Map(inputs.map((i) => [i.id, i.values ?? {}]));
  for (const id of byId.keys()) {
    if (!lines.some((l) => l.id === id))
      errors.push({
        field: `lines.${id}`,
        messageTh: `ไม่พบบรรทัด ${id} ในเอกสารนี้`,
        messageEn: `Line ${id} is not on this document`,
      });
  }
  for (const line of lines) {
    const values = await checkFields(
      tx,
      fields,
      byId.get(line.id) ?? {},
      null,
      `lines.${line.lineNo - 1}.`,
      errors,
    );
    Object.assign(line, assignable(tx, fields, values));
  }
  if (errors.length) throw validationError(errors);
}

/** How a value of a field reads in the history: decimals at their scale, references by id. */
function historyValue(f: DocumentField, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (f.kind === 'decimal') return Number(value).toFixed(f.scale ?? 0);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') return String(idOf(value));
  return String(value);
}

/**
 * For an action that enters fields again (an edited delivery or result): the values of those fields
 * now, and after the action what changed, field by field (lines by number), for the history.
 * Null when the action enters nothing again.
 */
export function reenteredChanges(
  type: DocumentType,
  action: string,
  document: DocumentRow,
  lines: DocumentLineRow[],
): (() => HistoryChange[]) | null {
  const again = (f: DocumentField) => (f.reenteredAt ?? []).includes(action) && !f.derived;
  const header = type.header.filter(again);
  const lineFields = type.lines.filter(again);
  if (!header.length && !lineFields.length) return null;
  const read = () => [
    ...header.map((f) => ({ field: f.name, line: null, value: historyValue(f, document[f.name]) })),
    ...lines.flatMap((line) =>
      lineFields.map((f) => ({ field: f.name, line: line.lineNo, value: historyValue(f, line[f.name]) })),
    ),
  ];
  const before = read();
  return () => {
    const after = read();
    return before.flatMap((b, i) =>
      b.value === after[i].value
        ? []
        : [{ field: b.field, line: b.line, before: b.value, after: after[i].value }],
    );
  };
}
