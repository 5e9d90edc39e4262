import { defineEntity, type Opt, p, type ScalarRef } from '@mikro-orm/core';

/**
 * A file attached to an owner the platform does not know: `ownerKind` names the kind (a document
 * type) and `ownerId` the row. The bytes live in the row (PostgreSQL), so every app server behind a
 * load balancer sees them and a database backup holds them.
 */
export class Attachment {
  declare id: number;
  declare ownerKind: string;
  declare ownerId: number;
  /** Sanitised; Thai allowed; its extension follows the content. */
  declare fileName: string;
  /** Sniffed from the content, never the client's claim. */
  declare mediaType: string;
  declare size: number;
  declare sha256: string;
  /** Lazy: finds never read the bytes; `await attachment.content.load()` does. */
  declare content: ScalarRef<Buffer>;
  /** The uploader's user id. Not a foreign key: the platform does not know the user table. */
  declare createdBy: number;
  declare createdAt: Date & Opt;
}

export const AttachmentSchema = defineEntity({
  class: Attachment,
  tableName: 'attachment',
  indexes: [{ properties: ['ownerKind', 'ownerId'] }],
  properties: {
    id: p.integer().primary(),
    ownerKind: p.string().length(60),
    ownerId: p.integer(),
    fileName: p.string().length(255),
    mediaType: p.string().length(100),
    size: p.integer(),
    sha256: p.string().length(64),
    content: p.blob().lazy().ref(),
    createdBy: p.integer(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
