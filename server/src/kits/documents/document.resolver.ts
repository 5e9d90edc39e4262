import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, FieldResolver, Info, Int, Mutation, Query, Resolver } from 'type-graphql';
import { AttachmentLimitsType } from '../../platform/files/attachment.type';
import { Menu, Public } from '../../platform/graphql/access';
import type { GraphQLContext } from '../../platform/graphql/context';
import { MaxLength, Range } from '../../platform/graphql/input-limits';
import { PageArgs } from '../../platform/graphql/page-cursors';
import type { ResolverClass } from '../../platform/graphql/schema';
import type { CommandResult } from './document.service';
import {
  DocumentActionInputType,
  DocumentCreateActionInputType,
  DocumentInputType,
  DocumentPageType,
  DocumentType,
  DocumentTypeDescriptorType,
  DocumentTypeName,
} from './document.type';
import { commandAnswer, documentService, listDocuments, readDocument } from './document-read';
import { documentMenuCodes, documentTypes } from './document-types';
import { describeDocumentType } from './document-view';

async function answer(
  ctx: GraphQLContext,
  type: string,
  result: CommandResult,
  info: GraphQLResolveInfo,
): Promise<DocumentType> {
  const done = await commandAnswer(ctx, type, result, info);
  return 'answer' in done ? done.answer : done.read.view;
}

const service = documentService;

let made: ResolverClass | undefined;

/**
 * The kit's resolver, made once the features' document types are registered: its fields declare the
 * union of the types' codes (the service requires the type's own view, create and edit codes, and
 * the workflow rule decides each action).
 */
export function documentResolver(): ResolverClass {
  if (made) return made;
  const viewCodes = documentMenuCodes(documentTypes, 'view');
  const createCodes = documentMenuCodes(documentTypes, 'create');
  const editCodes = documentMenuCodes(documentTypes, 'edit');
  const actCodes = documentMenuCodes(documentTypes, 'act');
  const createAndActCodes = [
    ...new Set([...createCodes, ...documentMenuCodes(documentTypes, 'createAnd')]),
  ].sort();

  @Resolver(() => DocumentType)
  class DocumentResolver {
    @Query(() => [DocumentTypeDescriptorType], {
      description: 'The declared document types: fields, statuses, actions and menu codes, to build screens.',
    })
    @Public()
    documentTypes(): DocumentTypeDescriptorType[] {
      return documentTypes.map(describeDocumentType);
    }

    @Query(() => DocumentPageType, {
      description:
        'Documents of one type in the caller’s data scope; queue: waiting for an approval the caller may give; level: waiting at that approval level.',
    })
    @Menu(...viewCodes)
    async documents(
      @Arg('type', () => DocumentTypeName) type: string,
      @MaxLength(100) @Arg('search', () => String, { nullable: true }) search: string | null,
      @MaxLength(30) @Arg('status', () => String, { nullable: true }) status: string | null,
      @Arg('queue', () => Boolean, { nullable: true }) queue: boolean | null,
      @Range(1, 9) @Arg('level', () => Int, { nullable: true }) level: number | null,
      @Args(() => PageArgs) paging: PageArgs,
      @Ctx() ctx: GraphQLContext,
    ): Promise<DocumentPageType> {
      const { items, ...page } = await listDocuments(ctx, type, { search, status, queue, level, ...paging });
      return { items: items.map((r) => r.view), ...page, rows: paging.rows };
    }

    @Query(() => DocumentType, {
      description: 'One document with its lines, history and the caller’s allowed actions.',
    })
    @Menu(...viewCodes)
    async document(
      @Arg('type', () => DocumentTypeName) type: string,
      @Range(1) @Arg('id', () => Int) id: number,
      @Ctx() ctx: GraphQLContext,
    ): Promise<DocumentType> {
      return (await readDocument(ctx, type, id)).view;
    }

    @Mutation(() => DocumentType, {
      description:
        'Writes a new document (numbered in the creating transaction). A retry with the same idempotencyKey returns the first.',
    })
    @Menu(...createCodes)
    async createDocument(
      @Arg('type', () => DocumentTypeName) type: string,
      @Arg('input', () => DocumentInputType) input: DocumentInputType,
      @MaxLength(100) @Arg('idempotencyKey', () => String, { nullable: true }) idempotencyKey: string | null,
      @Ctx() ctx: GraphQLContext,
      @Info() info: GraphQLResolveInfo,
    ): Promise<DocumentType> {
      const result = await service(ctx, type).svc.create(input, idempotencyKey);
      return answer(ctx, type, result, info);
    }

    @Mutation(() => DocumentType, {
      description:
        'Writes a new document and takes one of its type’s createAnd actions (POST, …) in one transaction, as createDocument then actOnDocument would. A retry with the same idempotencyKey returns the first.',
    })
    @Menu(...createAndActCodes)
    async createAndActOnDocument(
      @Arg('type', () => DocumentTypeName) type: string,
      @Arg('input', () => DocumentInputType) input: DocumentInputType,
      @Arg('action', () => DocumentCreateActionInputType) action: DocumentCreateActionInputType,
      @MaxLength(100) @Arg('idempotencyKey', () => String, { nullable: true }) idempotencyKey: string | null,
      @Ctx() ctx: GraphQLContext,
      @Info() info: GraphQLResolveInfo,
    ): Promise<DocumentType> {
      const result = await service(ctx, type).svc.createAndAct(input, action, idempotencyKey);
      return answer(ctx, type, result, info);
    }

    @Mutation(() => DocumentType, {
      description: 'Edits a document while its status allows; version must be the current one.',
    })
    @Menu(...editCodes)
    async updateDocument(
      @Arg('type', () => DocumentTypeName) type: string,
      @Range(1) @Arg('id', () => Int) id: number,
      @Range(1) @Arg('version', () => Int) version: number,
      @Arg('input', () => DocumentInputType) input: DocumentInputType,
      @Ctx() ctx: GraphQLContext,
      @Info() info: GraphQLResolveInfo,
    ): Promise<DocumentType> {
      const result = await service(ctx, type).svc.update(id, version, input);
      return answer(ctx, type, result, info);
    }

    @Mutation(() => DocumentType, {
      description:
        'Takes an action (SEND, APPROVE_1, CANCEL, …) with its effects in one transaction. A retry with the same idempotencyKey returns the first result.',
    })
    @Menu(...actCodes)
    async actOnDocument(
      @Arg('type', () => DocumentTypeName) type: string,
      @Range(1) @Arg('id', () => Int) id: number,
      @Arg('input', () => DocumentActionInputType) input: DocumentActionInputType,
      @MaxLength(100) @Arg('idempotencyKey', () => String, { nullable: true }) idempotencyKey: string | null,
      @Ctx() ctx: GraphQLContext,
      @Info() info: GraphQLResolveInfo,
    ): Promise<DocumentType> {
      const result = await service(ctx, type).svc.transition(id, input, idempotencyKey);
      return answer(ctx, type, result, info);
    }

    @FieldResolver(() => AttachmentLimitsType, {
      description: 'How many files it may hold and how large each may be (the server’s configured limits).',
    })
    attachmentLimits(@Ctx() ctx: GraphQLContext): AttachmentLimitsType {
      const { maxFiles, maxBytes } = ctx.deps.config.attachments;
      return { maxFiles, maxBytes };
    }
  }
  made = DocumentResolver;
  return made;
}
