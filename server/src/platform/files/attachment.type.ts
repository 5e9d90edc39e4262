import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Identity } from '../graphql/identity';
import { restPrefix } from '../http/rest';
import type { Attachment } from './attachment.entity';

/** Where an attachment is downloaded (GET with the caller's bearer token). */
export const attachmentUrl = (id: number) => `${restPrefix}/files/${id}`;

@Identity('id')
@ObjectType('Attachment', {
  description:
    'A file attached to a document: JPEG, PNG, WebP or PDF, judged by its content. Uploaded with ' +
    'POST /api/files/{ownerKind}/{ownerId} (multipart, field "file"); downloaded from `url`.',
})
export class AttachmentType {
  @Field(() => ID)
  id!: number;

  @Field(() => String, { description: 'As stored: cleaned, with an extension that matches the content.' })
  fileName!: string;

  @Field(() => String, {
    description: 'Found from the content: image/jpeg, image/png, image/webp or application/pdf.',
  })
  mediaType!: string;

  @Field(() => Int, { description: 'Bytes.' })
  size!: number;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => String, {
    description: 'GET with the bearer token; answered to those who may read the document, else 404.',
  })
  url!: string;
}

/** The answer for GraphQL and REST alike: no owner, digest or uploader, and never the bytes. */
export function toAttachmentType(a: Attachment): AttachmentType {
  return Object.assign(new AttachmentType(), {
    id: a.id,
    fileName: a.fileName,
    mediaType: a.mediaType,
    size: a.size,
    createdAt: a.createdAt,
    url: attachmentUrl(a.id),
  });
}

@ObjectType('AttachmentLimits', {
  description: 'What one owner may hold: checked by POST /api/files, shown so a client can say so first.',
})
export class AttachmentLimitsType {
  @Field(() => Int, { description: 'Files per owner (a document).' })
  maxFiles!: number;

  @Field(() => Int, { description: 'Bytes per file.' })
  maxBytes!: number;
}
