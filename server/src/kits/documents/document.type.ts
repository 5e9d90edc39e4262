import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { AttachmentType } from '../../platform/files/attachment.type';
import { Identity } from '../../platform/graphql/identity';
import { MaxLength, Range } from '../../platform/graphql/input-limits';
import { declarePageCursors } from '../../platform/graphql/page-cursors';
import { JSONObjectScalar, ReferenceFieldDescriptorType } from '../reference/reference.type';
import {
  DocumentHistoryEntryType,
  DocumentStatusType,
  DocumentTransitionType,
} from '../workflow/workflow.type';
import { DOCUMENT_TEXT_MAX } from './document-kit';
import { documentTypeNames } from './document-types';

/** One enum value per declared document type (STOCK_TRANSFER, …): read when the schema is built. */
export const DocumentTypeName = documentTypeNames;
registerEnumType(DocumentTypeName, {
  name: 'DocumentTypeName',
  description: 'A document type declared with the document kit.',
});

@ObjectType('DocumentFieldDescriptor')
export class DocumentFieldDescriptorType extends ReferenceFieldDescriptorType {
  @Field(() => String, {
    nullable: true,
    description: 'Entered at this action (e.g. RECEIVE), not when the document is written.',
  })
  enteredAt!: string | null;

  @Field(() => [String], { description: 'Later actions that enter it again (an edit of a result).' })
  reenteredAt!: string[];

  @Field(() => DocumentTypeName, {
    nullable: true,
    description: 'A documentRef: the form offers documents of this type (documents(type:, status:)).',
  })
  refDocumentType!: string | null;

  @Field(() => String, { nullable: true, description: 'A documentRef: only documents in this status.' })
  refDocumentStatus!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'A documentRef to a line: the header field naming the document whose lines are offered.',
  })
  refLineOf!: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "A documentRef whose choices come from this query of the type's own (its rule, given the header), not from documents(type:, status:).",
  })
  refChoicesQuery!: string | null;
}

@ObjectType('DocumentScreen')
export class DocumentScreenType {
  @Field(() => String) key!: string;
  @Field(() => String, { description: 'WORK, VIEW or APPROVE.' }) mode!: string;
  @Field(() => Int, {
    nullable: true,
    description: 'The approval level whose waiting documents the screen lists (documents(level:)).',
  })
  level?: number | null;
}

@ObjectType('DocumentTypeDescriptor')
export class DocumentTypeDescriptorType {
  @Field(() => DocumentTypeName) type!: string;
  @Field(() => String) prefix!: string;
  @Field(() => String) labelTh!: string;
  @Field(() => String) labelEn!: string;
  @Field(() => [DocumentFieldDescriptorType]) header!: DocumentFieldDescriptorType[];
  @Field(() => [DocumentFieldDescriptorType]) lines!: DocumentFieldDescriptorType[];
  @Field(() => [DocumentStatusType]) statuses!: DocumentStatusType[];
  @Field(() => [DocumentTransitionType]) transitions!: DocumentTransitionType[];
  @Field(() => [String], {
    description:
      'Actions that may be taken as a document is created, in one request (createAndActOnDocument).',
  })
  createAnd!: string[];
  @Field(() => [String]) editableIn!: string[];
  @Field(() => [String]) viewMenuCodes!: string[];
  @Field(() => [String]) createMenuCodes!: string[];
  @Field(() => [String]) editMenuCodes!: string[];
  @Field(() => [String], { description: 'Further codes whose holders add and remove the files.' })
  attachMenuCodes!: string[];
  @Field(() => [DocumentScreenType]) screens!: DocumentScreenType[];
}

@Identity()
@ObjectType('DocumentLine')
export class DocumentLineType {
  @Field(() => Int) id!: number;
  @Field(() => Int) lineNo!: number;
  @Field(() => JSONObjectScalar) values!: Record<string, unknown>;
  @Field(() => JSONObjectScalar) display!: Record<string, unknown>;
  @Field(() => JSONObjectScalar, {
    description: 'The display texts in English (Thai where the data has none).',
  })
  displayEn!: Record<string, unknown>;
}

@Identity('type', 'id')
@ObjectType('DocumentLink', { description: 'A document this one was made from or made into.' })
export class DocumentLinkType {
  @Field(() => DocumentTypeName) type!: string;
  @Field(() => Int) id!: number;
  @Field(() => String) number!: string;
  @Field(() => String) labelTh!: string;
  @Field(() => String) labelEn!: string;
}

/**
 * What every document shows besides its header and lines: the generic `Document` adds them as JSON,
 * each typed document (`StockTransferDocument`, document-typed.ts) as its own object types.
 */
@ObjectType('DocumentCommon')
export abstract class DocumentCommonType {
  @Field(() => Int) id!: number;
  @Field(() => DocumentTypeName) type!: string;
  @Field(() => String, { description: 'e.g. TR-2569-000001 (prefix, Buddhist-era fiscal year, number).' })
  number!: string;
  @Field(() => Int) fiscalYear!: number;
  @Field(() => String) status!: string;
  @Field(() => Int, { description: 'Send it back with an edit or an action: a stale one is refused.' })
  version!: number;
  @Field(() => String) ownerUnitCode!: string;
  @Field(() => String) ownerUnitName!: string;
  @Field(() => String, { nullable: true }) remark!: string | null;
  @Field(() => String, { description: 'The owner unit’s English name (its Thai name where it has none).' })
  ownerUnitNameEn!: string;
  @Field(() => [DocumentHistoryEntryType]) history!: DocumentHistoryEntryType[];
  @Field(() => [String], {
    description: 'The actions the caller may take now (menu, status, scope, maker-checker).',
  })
  allowedActions!: string[];
  @Field(() => Boolean, { description: 'The caller may edit the header and lines now.' }) editable!: boolean;
  @Field(() => String, { description: 'Owner kind of its attachments: POST /api/files/<kind>/<id>.' })
  attachmentKind!: string;
  @Field(() => [AttachmentType], { description: 'Files attached to the document (empty in lists).' })
  attachments!: AttachmentType[];
  @Field(() => Boolean, {
    description:
      'The caller may add and remove its attachments now (the rule POST and DELETE /api/files apply).',
  })
  attachmentsEditable!: boolean;
  @Field(() => [DocumentLinkType], {
    description:
      'Documents it was made from and made into (a request and its disbursements; empty in lists).',
  })
  related!: DocumentLinkType[];
  @Field(() => String) createdByName!: string;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
}

@Identity('type', 'id')
@ObjectType('Document')
export class DocumentType extends DocumentCommonType {
  @Field(() => JSONObjectScalar) header!: Record<string, unknown>;
  @Field(() => JSONObjectScalar) display!: Record<string, unknown>;
  @Field(() => JSONObjectScalar, {
    description: 'The display texts in English (Thai where the data has none).',
  })
  displayEn!: Record<string, unknown>;
  @Field(() => [DocumentLineType]) lines!: DocumentLineType[];
}

@ObjectType('DocumentPage')
export class DocumentPageType {
  @Field(() => [DocumentType]) items!: DocumentType[];
  @Field(() => Int) total!: number;
  @Field(() => Int) currentPage!: number;
  @Field(() => Int) rows!: number;
  startCursor!: string | null;
  endCursor!: string | null;
  hasNextPage!: boolean;
  hasPreviousPage!: boolean;
}
declarePageCursors(DocumentPageType);

@InputType('DocumentInput')
export class DocumentInputType {
  // Each text at most the longest a declared field takes (DOCUMENT_TEXT_MAX); the kit then checks
  // every field against its own maxLength (a purpose 1,000), naming it in Thai and English.
  @MaxLength(DOCUMENT_TEXT_MAX)
  @Field(() => JSONObjectScalar, { nullable: true, description: 'Header fields by name; references by id.' })
  header?: Record<string, unknown> | null;
  @MaxLength(DOCUMENT_TEXT_MAX)
  @Field(() => [JSONObjectScalar], {
    nullable: true,
    description: 'Lines in order (an edit replaces them all).',
  })
  lines?: Record<string, unknown>[] | null;
  @MaxLength(1000) @Field(() => String, { nullable: true }) remark?: string | null;
}

@InputType('DocumentLineValuesInput')
export class DocumentLineValuesInputType {
  @Range(1) @Field(() => Int) id!: number;
  @MaxLength(DOCUMENT_TEXT_MAX) @Field(() => JSONObjectScalar) values!: Record<string, unknown>;
}

@InputType('DocumentCreateActionInput', {
  description: 'The action taken as the document is created (one of its type’s createAnd actions).',
})
export class DocumentCreateActionInputType {
  @MaxLength(40) @Field(() => String) action!: string;
  @MaxLength(1000) @Field(() => String, { nullable: true }) reason?: string | null;
}

@InputType('DocumentActionInput')
export class DocumentActionInputType {
  @MaxLength(40) @Field(() => String) action!: string;
  @Range(1) @Field(() => Int) version!: number;
  @MaxLength(1000) @Field(() => String, { nullable: true }) reason?: string | null;
  // The longest text entered at an action is a result's outcome (2,000 characters).
  @MaxLength(DOCUMENT_TEXT_MAX)
  @Field(() => JSONObjectScalar, {
    nullable: true,
    description: 'Header fields entered at this action, by name (the delivery date at DELIVER).',
  })
  header?: Record<string, unknown> | null;
  @Field(() => [DocumentLineValuesInputType], {
    nullable: true,
    description: 'Line fields entered at this action.',
  })
  lines?: DocumentLineValuesInputType[] | null;
}
