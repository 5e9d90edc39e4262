import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { audit } from '../audit/audit';
import { auditRefusal } from '../auth/access-guard';
import type { Principal } from '../auth/principal';
import type { AttachmentLimits } from '../config';
import { notFound } from '../errors';
import { Attachment } from './attachment.entity';
import {
  type AttachmentOwner,
  mayReadAttachments,
  mayWriteAttachments,
  noteAttachmentRead,
} from './attachment-owners';
import { type FileKind, sniffFileKind } from './content-type';
import {
  attachmentsReadOnly,
  fileEmpty,
  fileTooLarge,
  fileTypeNotAllowed,
  pdfActiveContent,
  pdfUncheckable,
  tooManyFiles,
} from './file-errors';
import { sanitiseFileName } from './file-name';
import { checkPdfContent } from './pdf-active-content';

/** A file as received: the client's name and the bytes (its claimed type is ignored). */
export interface IncomingFile {
  fileName: string;
  content: Buffer;
}

/** A file whose content passed the checks: its kind from its bytes and the name it is stored under. */
export interface CheckedFile {
  file: IncomingFile;
  kind: FileKind;
  fileName: string;
}

/**
 * The checks every attachment passes before it is stored: not empty, within the size limit, of an
 * allowed kind judged by its bytes (an executable renamed .png is refused) and, for a PDF, plain (no
 * script, launch action, embedded file, additional actions, rich media or XFA form, and nothing
 * hidden that could not be checked: pdf-active-content.ts); 400 or 413, in Thai and English.
 */
export function checkIncomingFile(file: IncomingFile, limits: AttachmentLimits): CheckedFile {
  if (file.content.length === 0) throw fileEmpty(file.fileName);
  if (file.content.length > limits.maxBytes) throw fileTooLarge(file.fileName, limits.maxBytes);
  const kind = sniffFileKind(file.content);
  if (!kind) throw fileTypeNotAllowed(file.fileName);
  if (kind.mediaType === 'application/pdf') {
    const pdf = checkPdfContent(file.content);
    if (!pdf.ok)
      throw pdf.reason === 'ACTIVE_CONTENT'
        ? pdfActiveContent(file.fileName, pdf.names)
        : pdfUncheckable(file.fileName);
  }
  return { file, kind, fileName: sanitiseFileName(file.fileName, kind) };
}

export interface RequestOrigin {
  ip: string | null;
  requestId: string | null;
}

/**
 * Attachments of any owner, on the request's EntityManager. Adding and removing follow the owner
 * kind's `canWrite` rule; reading through `readable` follows `canRead`. `list` and `get` check
 * nothing: they are for a feature that has already decided the caller may read the owner (a
 * document's `attachments` field).
 */
export class AttachmentService {
  constructor(
    private readonly em: EntityManager,
    private readonly limits: AttachmentLimits,
    private readonly origin: RequestOrigin = { ip: null, requestId: null },
  ) {}

  /**
   * Checks the content (type from its bytes, size), then in one transaction: the owner's write rule,
   * the owner's count under a lock held to the end of the transaction (two concurrent uploads
   * cannot both take the last place), the row and its audit event.
   */
  async add(owner: AttachmentOwner, file: IncomingFile, principal: Principal): Promise<Attachment> {
    const checked = checkIncomingFile(file, this.limits);
    return this.em.transactional(async (tx) => {
      await this.assertMayWrite(tx, principal, owner, 'add');
      return this.insert(tx, owner, checked, principal.userId);
    });
  }

  /**
   * Attaches a file to an owner the caller has just created in the same transaction `tx` (a public
   * form's document and the slip sent with it): there is no principal whose write rule could be
   * asked, the owner is the caller's own new row. The content is checked as for `add` (check it
   * with `checkIncomingFile` before opening the transaction to refuse it before anything is written);
   * `createdBy` is the user id the feature records its writes under.
   */
  addToNewOwner(tx: EntityManager, owner: AttachmentOwner, file: IncomingFile, createdBy: number) {
    return this.insert(tx, owner, checkIncomingFile(file, this.limits), createdBy);
  }

  private async insert(
    tx: EntityManager,
    owner: AttachmentOwner,
    { file, kind, fileName }: CheckedFile,
    createdBy: number,
  ): Promise<Attachment> {
    await lockOwner(tx, owner);
    const count = await tx.count(Attachment, { ownerKind: owner.kind, ownerId: owner.id });
    if (count >= this.limits.maxFiles) throw tooManyFiles(file.fileName, this.limits.maxFiles);
    const attachment = tx.create(Attachment, {
      ownerKind: owner.kind,
      ownerId: owner.id,
      fileName,
      mediaType: kind.mediaType,
      size: file.content.length,
      sha256: createHash('sha256').update(file.content).digest('hex'),
      content: file.content,
      createdBy,
    });
    await tx.flush();
    this.audit(tx, 'ATTACHMENT_ADDED', createdBy, attachment);
    return attachment;
  }

  /** The owner's write rule alone: lets an upload be refused before its body is read. */
  assertCanAdd(owner: AttachmentOwner, principal: Principal): Promise<void> {
    return this.assertMayWrite(this.em, principal, owner, 'add');
  }

  /** The owner's attachments in upload order, without their bytes. */
  list(owner: AttachmentOwner): Promise<Attachment[]> {
    return this.em.find(Attachment, { ownerKind: owner.kind, ownerId: owner.id }, { orderBy: { id: 'asc' } });
  }

  /** Attachments of many owners of one kind at once (for a dataloader), without their bytes. */
  async listByOwner(kind: string, ownerIds: readonly number[]): Promise<Map<number, Attachment[]>> {
    const byOwner = new Map<number, Attachment[]>(ownerIds.map((id) => [id, []]));
    if (ownerIds.length === 0) return byOwner;
    const rows = await this.em.find(
      Attachment,
      { ownerKind: kind, ownerId: { $in: [...ownerIds] } },
      { orderBy: { id: 'asc' } },
    );
    for (const row of rows) byOwner.get(row.ownerId)?.push(row);
    return byOwner;
  }

  /** One attachment without its bytes (`content` is a lazy reference: `await a.content.load()`), or null. */
  get(id: number): Promise<Attachment | null> {
    return this.em.findOne(Attachment, { id });
  }

  /**
   * An attachment with its bytes, when the owner kind lets the principal read it. Otherwise 404, the
   * same as for an id that does not exist: a refusal reveals nothing. The owner notes the read when
   * its files show a person's data (PDPA audit).
   */
  async readable(id: number, principal: Principal): Promise<{ attachment: Attachment; content: Buffer }> {
    const found = await this.get(id);
    if (!found) throw notFound();
    const owner = { kind: found.ownerKind, id: found.ownerId };
    if (!(await mayReadAttachments(this.em, principal, owner))) {
      await auditRefusal(this.em, principal, `attachment ${id} read`, { owner }, this.origin);
      throw notFound();
    }
    const content = await found.content.load();
    if (!content) throw notFound();
    await noteAttachmentRead(this.em, principal, owner);
    return { attachment: found, content };
  }

  /** Removes an attachment when the owner kind's write rule allows it now; audited. */
  async remove(id: number, principal: Principal): Promise<void> {
    await this.em.transactional(async (tx) => {
      const found = await tx.findOne(Attachment, { id });
      if (!found) throw notFound();
      const owner = { kind: found.ownerKind, id: found.ownerId };
      await this.assertMayWrite(tx, principal, owner, 'remove');
      this.audit(tx, 'ATTACHMENT_REMOVED', principal.userId, found);
      await tx.nativeDelete(Attachment, { id });
    });
  }

  /**
   * Refused writers are told apart only if they may read the owner: 403 for a reader (the document
   * is no longer a draft, say), 404 for anyone else. The refusal is audited either way.
   */
  private async assertMayWrite(
    tx: EntityManager,
    principal: Principal,
    owner: AttachmentOwner,
    action: 'add' | 'remove',
  ): Promise<void> {
    if (await mayWriteAttachments(tx, principal, owner)) return;
    await auditRefusal(this.em, principal, `attachment ${action}`, { owner }, this.origin);
    if (await mayReadAttachments(tx, principal, owner)) throw attachmentsReadOnly();
    throw notFound();
  }

  private audit(tx: EntityManager, event: string, actorUserId: number, a: Attachment): void {
    audit(tx, {
      event,
      actorUserId,
      subject: `attachment ${a.id}`,
      details: {
        ownerKind: a.ownerKind,
        ownerId: a.ownerId,
        fileName: a.fileName,
        mediaType: a.mediaType,
        size: a.size,
        sha256: a.sha256,
      },
      ip: this.origin.ip,
      requestId: this.origin.requestId,
    });
  }
}

/** A transaction-long lock on one owner's attachments: the count and the insert cannot interleave. */
async function lockOwner(tx: EntityManager, owner: AttachmentOwner): Promise<void> {
  await tx.execute('select pg_advisory_xact_lock(hashtext(?), ?)', [`attachment:${owner.kind}`, owner.id]);
}
