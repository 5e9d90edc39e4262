import { inScope } from '../../platform/auth/data-scope';
import type { Principal } from '../../platform/auth/principal';
import { type Attachment } from '../../platform/files/attachment.entity';
import { toAttachmentType } from '../../platform/files/attachment.type';
import { describeField } from '../reference/reference.resolver';
import { valuesOf } from '../reference/reference-view';
import { describeStatuses, describeTransitions, toHistoryEntries } from '../workflow/workflow.type';
import type { DocumentType, DocumentTypeDescriptorType } from './document.type';
import { attachmentKindOf, attachmentsWritable } from './document-attachments';
import { type DocumentType as DocumentKind, type DocumentRow, shown } from './document-kit';
import type { LoadedDocument } from './document-reads';

/** A document type as clients read it, to build its list, form, details and actions. */
export function describeDocumentType(t: DocumentKind): DocumentTypeDescriptorType {
  const field = (f: DocumentKind['header'][number]) => ({
    ...describeField(f),
    enteredAt: f.enteredAt ?? null,
    reenteredAt: f.reenteredAt ?? [],
    refDocumentType: f.refChoices?.type ?? null,
    refDocumentStatus: f.refChoices?.status ?? null,
    refLineOf: f.refChoices?.lineOf ?? null,
    refChoicesQuery: f.refChoices?.query ?? null,
  });
  return {
    type: t.type,
    prefix: t.prefix,
    labelTh: t.label.th,
    labelEn: t.label.en,
    header: t.header.filter(shown).map(field),
    lines: t.lines.filter(shown).map(field),
    statuses: describeStatuses(t.workflow),
    transitions: describeTransitions(t.workflow),
    createAnd: t.createAnd ?? [],
    editableIn: t.editableIn,
    viewMenuCodes: t.menus.view,
    createMenuCodes: t.menus.create,
    editMenuCodes: t.menus.edit,
    attachMenuCodes: t.menus.attach ?? [],
    screens: t.screens,
  };
}

/** As DocumentService.update decides: an editable status, an edit menu, and the owner's data scope. */
function editable(type: DocumentKind, row: DocumentRow, principal: Principal): boolean {
  return (
    type.editableIn.includes(row.status) &&
    type.menus.edit.some((c) => principal.menuCodes.has(c)) &&
    inScope(principal, row.ownerUnit.path)
  );
}

/** A document as GraphQL shows it; a list row carries no lines or history. */
export function toDocumentView(
  type: DocumentKind,
  principal: Principal,
  doc:
    | LoadedDocument
    | {
        row: DocumentRow;
        lines?: undefined;
        history?: undefined;
        extras?: undefined;
        allowedActions: string[];
      },
  names: Map<number, string>,
  attachments: Attachment[] = [],
): DocumentType {
  const { row } = doc;
  const { values, display, displayEn } = valuesOf(type.header.filter(shown), row);
  return {
    id: row.id,
    type: type.type,
    number: row.number,
    fiscalYear: row.fiscalYear,
    status: row.status,
    version: row.version,
    ownerUnitCode: row.ownerUnit.code,
    ownerUnitName: row.ownerUnit.nameTh,
    ownerUnitNameEn: row.ownerUnit.nameEn || row.ownerUnit.nameTh,
    remark: row.remark,
    header: values,
    display,
    displayEn,
    lines: (doc.lines ?? []).map((l) => {
      const view = valuesOf(type.lines.filter(shown), l);
      const extra = doc.extras?.lines.get(l.id) ?? {};
      for (const f of type.lines.filter((x) => x.computed)) {
        const v = extra[f.name] ?? null;
        view.values[f.name] = v === null || f.kind !== 'decimal' ? v : Number(v).toFixed(f.scale ?? 2);
      }
      return { id: l.id, lineNo: l.lineNo, ...view };
    }),
    history: toHistoryEntries(doc.history ?? [], names),
    allowedActions: doc.allowedActions,
    editable: editable(type, row, principal),
    attachmentKind: attachmentKindOf(type),
    attachments: attachments.map(toAttachmentType),
    attachmentsEditable: attachmentsWritable(type, row, principal),
    related: (doc.extras?.related ?? []).map((d) => ({
      type: d.documentType,
      id: d.documentId,
      number: d.number,
      labelTh: d.label.th,
      labelEn: d.label.en,
    })),
    createdByName: names.get(row.createdBy) ?? `#${row.createdBy}`,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The fields a command's answer can give from the row it committed, without reading it again. */
export const commandAnswerFields: ReadonlySet<string> = new Set([
  '__typename',
  'id',
  'type',
  'number',
  'fiscalYear',
  'status',
  'version',
  'ownerUnitCode',
  'ownerUnitName',
  'remark',
  'editable',
  'attachmentKind',
  'attachmentsEditable',
  'attachmentLimits',
  'createdAt',
  'updatedAt',
]);

/**
 * A command's answer from the row it committed: only the fields of `commandAnswerFields` are set,
 * and it is given only to a caller who asked for no other.
 */
export function toCommandAnswer(type: DocumentKind, principal: Principal, row: DocumentRow): DocumentType {
  const answer: Partial<DocumentType> = {
    id: row.id,
    type: type.type,
    number: row.number,
    fiscalYear: row.fiscalYear,
    status: row.status,
    version: row.version,
    ownerUnitCode: row.ownerUnit.code,
    ownerUnitName: row.ownerUnit.nameTh,
    remark: row.remark,
    editable: editable(type, row, principal),
    attachmentKind: attachmentKindOf(type),
    attachmentsEditable: attachmentsWritable(type, row, principal),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
  return answer as DocumentType;
}
