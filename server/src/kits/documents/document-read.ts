import type { GraphQLResolveInfo } from 'graphql';
import { requirePrincipal } from '../../platform/auth/access-guard';
import type { Principal } from '../../platform/auth/principal';
import { badInput } from '../../platform/errors';
import { AttachmentService } from '../../platform/files/attachment.service';
import type { GraphQLContext } from '../../platform/graphql/context';
import { selectedFields } from '../../platform/graphql/selection';
import { peopleNames } from '../core/people-names';
import { type CommandResult, DocumentService } from './document.service';
import type { DocumentType } from './document.type';
import { attachmentKindOf } from './document-attachments';
import type { DocumentType as DocumentKind, DocumentRow } from './document-kit';
import { notePersonalFields } from './document-personal-data';
import type { DocumentListPage, DocumentSearch, LoadedDocument } from './document-reads';
import { documentTypeOf } from './document-types';
import { commandAnswerFields, toCommandAnswer, toDocumentView } from './document-view';

// How the GraphQL API reads documents, for the generic `Document` fields (document.resolver.ts) and
// the typed ones (`stockTransferDocument`, …, document-typed.resolver.ts) alike: one path, one
// DocumentService, the same personal-data notes.

/** A document as read for GraphQL: the rows it came from and the generic view made of them. */
export interface ReadDocument {
  kind: DocumentKind;
  principal: Principal;
  /** The header row and (for one document, not in lists) its lines, in the view's order. */
  row: DocumentRow;
  lines: LoadedDocument['lines'];
  view: DocumentType;
}

export function documentService(
  ctx: GraphQLContext,
  type: string,
): { svc: DocumentService; kind: DocumentKind } {
  const kind = documentTypeOf(type);
  if (!kind) throw badInput(`ไม่รู้จักเอกสารประเภท ${type}`, `Unknown document type ${type}`);
  return {
    svc: new DocumentService(ctx.em, ctx.auth, kind, { ip: ctx.ip, requestId: ctx.requestId }, ctx.session),
    kind,
  };
}

/** One document with its lines, history, files and allowed actions (`document`). */
export async function readDocument(ctx: GraphQLContext, type: string, id: number): Promise<ReadDocument> {
  const fresh = ctx.em.fork();
  const { kind } = documentService(ctx, type);
  const doc = await new DocumentService(fresh, ctx.auth, kind).get(id);
  const names = await peopleNames(fresh, [doc.row.createdBy, ...doc.history.map((h) => h.actorUserId)]);
  const files = await new AttachmentService(fresh, ctx.deps.config.attachments).list({
    kind: attachmentKindOf(kind),
    id,
  });
  const principal = requirePrincipal(ctx.auth);
  notePersonalFields(kind, principal, [doc.row], 'document');
  return {
    kind,
    principal,
    row: doc.row,
    lines: doc.lines,
    view: toDocumentView(kind, principal, doc, names, files),
  };
}

/** A page of documents in the caller's data scope (`documents`): no lines, history or files. */
export async function listDocuments(
  ctx: GraphQLContext,
  type: string,
  search: DocumentSearch,
): Promise<Omit<DocumentListPage, 'items'> & { items: ReadDocument[] }> {
  const { svc, kind } = documentService(ctx, type);
  const { items, ...page } = await svc.list(search);
  const principal = requirePrincipal(ctx.auth);
  notePersonalFields(kind, principal, items, 'documents');
  const names = await peopleNames(
    ctx.em,
    items.map((r) => r.createdBy),
  );
  return {
    items: items.map((row) => ({
      kind,
      principal,
      row,
      lines: [],
      view: toDocumentView(kind, principal, { row, allowedActions: [] }, names),
    })),
    ...page,
  };
}

/**
 * A command's answer: from the row the command committed when the caller asks only for what that
 * row holds (id, version, status, …: `answer`), otherwise the document read again as `document`
 * reads it (`read`).
 */
export async function commandAnswer(
  ctx: GraphQLContext,
  type: string,
  result: CommandResult,
  info: GraphQLResolveInfo,
): Promise<{ answer: DocumentType } | { read: ReadDocument }> {
  const { svc, kind } = documentService(ctx, type);
  const fields = selectedFields(info);
  if ([...fields].every((f) => commandAnswerFields.has(f))) {
    const row = await svc.committed(result, fields.has('number'));
    if (row) return { answer: toCommandAnswer(kind, requirePrincipal(ctx.auth), row) };
  }
  return { read: await readDocument(ctx, type, result.id) };
}
