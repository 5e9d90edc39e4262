import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../auth/principal';

/** What an attachment belongs to: a kind the owning feature registered (a document type) and a row. */
export interface AttachmentOwner {
  kind: string;
  id: number;
}

/**
 * The owner's rules, given by the feature that owns the kind: who may read its attachments (list,
 * download) and who may change them now (add, remove; e.g. only while a document is a draft).
 * Both answer false for an owner that does not exist.
 */
export interface AttachmentOwnerRules {
  canRead(em: EntityManager, principal: Principal, ownerId: number): Promise<boolean>;
  canWrite(em: EntityManager, principal: Principal, ownerId: number): Promise<boolean>;
  /**
   * Called after a file of the owner was downloaded: an owner whose files show a person's data (a
   * receipt request's evidence, a donation's slip) notes the read for the PDPA audit
   * (platform/audit/personal-data-reads).
   */
  noteRead?(em: EntityManager, principal: Principal, ownerId: number): Promise<void>;
}

/** Also the URL segment of POST /api/files/:ownerKind/:ownerId. */
export const ownerKindPattern = /^[a-z][a-z0-9-]{0,59}$/;

const owners = new Map<string, AttachmentOwnerRules>();

/**
 * Registers a kind of owner (once, e.g. in the feature's module file). The platform knows no
 * document: attachments of an unregistered kind are refused to everyone. Returns the undo, for tests.
 */
export function registerAttachmentOwner(kind: string, rules: AttachmentOwnerRules): () => void {
  if (!ownerKindPattern.test(kind))
    throw new Error(`Attachment owner kind "${kind}" must match ${ownerKindPattern}`);
  if (owners.has(kind)) throw new Error(`Attachment owner kind "${kind}" is registered twice`);
  owners.set(kind, rules);
  return () => {
    if (owners.get(kind) === rules) owners.delete(kind);
  };
}

export async function mayReadAttachments(
  em: EntityManager,
  principal: Principal,
  owner: AttachmentOwner,
): Promise<boolean> {
  const rules = owners.get(owner.kind);
  return rules ? rules.canRead(em, principal, owner.id) : false;
}

/** Lets the owner note a download of one of its files (the PDPA audit of personal data read). */
export async function noteAttachmentRead(
  em: EntityManager,
  principal: Principal,
  owner: AttachmentOwner,
): Promise<void> {
  await owners.get(owner.kind)?.noteRead?.(em, principal, owner.id);
}

export async function mayWriteAttachments(
  em: EntityManager,
  principal: Principal,
  owner: AttachmentOwner,
): Promise<boolean> {
  const rules = owners.get(owner.kind);
  return rules ? rules.canWrite(em, principal, owner.id) : false;
}

/** The registered kinds, sorted (for the access snapshot). */
export function attachmentOwnerKinds(): string[] {
  return [...owners.keys()].sort();
}
