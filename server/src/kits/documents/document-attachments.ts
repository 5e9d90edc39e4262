import type { EntityManager } from '@mikro-orm/postgresql';
import { inScope } from '../../platform/auth/data-scope';
import type { Principal } from '../../platform/auth/principal';
import { registerAttachmentOwner } from '../../platform/files/attachment-owners';
import { DocumentService } from './document.service';
import { documentScopePaths } from './document-access';
import type { DocumentRow, DocumentType } from './document-kit';
import { notePersonalFields } from './document-personal-data';

// Every document type's attachments (POST /api/files/<kind>/<id>, GET /api/files/<id>): read by
// whoever may read the document; added or removed by whoever may edit documents of its type and
// acts for the document's owner or one of its header scopes (a transfer's destination), while the
// document is not cancelled (a cancelled document keeps its files as they were). Staff who only see
// a document through its lines (a distribution's destination storages) read its files, no more.

/** The attachment owner kind of a document type, e.g. stock-transfer. */
export const attachmentKindOf = (type: DocumentType): string => type.type.toLowerCase().replaceAll('_', '-');

async function readable(em: EntityManager, principal: Principal, type: DocumentType, id: number) {
  try {
    return await new DocumentService(em, { principal, failure: null }, type).get(id);
  } catch {
    return null;
  }
}

/**
 * Whether a principal who may read the document may add and remove its files now: the rule of
 * POST and DELETE /api/files, also sent as `Document.attachmentsEditable` so clients do not repeat it.
 */
export function attachmentsWritable(type: DocumentType, row: DocumentRow, principal: Principal): boolean {
  const statuses = type.workflow.statuses.map((s) => s.code);
  return (
    row.status !== 'CANCELLED' &&
    statuses.includes(row.status) &&
    Object.values(documentScopePaths(type, row)).some((path) => inScope(principal, path)) &&
    [...type.menus.create, ...type.menus.edit, ...(type.menus.attach ?? [])].some((code) =>
      principal.menuCodes.has(code),
    )
  );
}

export function registerDocumentAttachments(types: readonly DocumentType[]): void {
  for (const type of types) {
    registerAttachmentOwner(attachmentKindOf(type), {
      canRead: async (em, principal, id) => (await readable(em, principal, type, id)) !== null,
      canWrite: async (em, principal, id) => {
        const doc = await readable(em, principal, type, id);
        return doc !== null && attachmentsWritable(type, doc.row, principal);
      },
      // A donation's slip or evidence shows its donor: downloading it reads the donor's data.
      noteRead: async (em, principal, id) => {
        if (!type.header.some((f) => f.kind === 'reference' && f.refType?.().personalData)) return;
        const doc = await readable(em, principal, type, id);
        if (doc) notePersonalFields(type, principal, [doc.row], 'file');
      },
    });
  }
}
