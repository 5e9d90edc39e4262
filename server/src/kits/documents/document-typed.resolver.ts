import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, FieldResolver, Info, Int, Mutation, Query, Resolver } from 'type-graphql';
import { AttachmentLimitsType } from '../../platform/files/attachment.type';
import { Menu } from '../../platform/graphql/access';
import type { GraphQLContext } from '../../platform/graphql/context';
import { foldsSession } from '../../platform/graphql/field-guard';
import { MaxLength, Range } from '../../platform/graphql/input-limits';
import { PageArgs } from '../../platform/graphql/page-cursors';
import type { ResolverClass } from '../../platform/graphql/schema';
import type { CommandResult, TransitionInput } from './document.service';
import type { DocumentType as DocumentView } from './document.type';
import type { DocumentInput } from './document-input';
import { commandAnswer, documentService, listDocuments, readDocument } from './document-read';
import { type TypedDocumentSchema, toTypedDocument, typedDocumentSchema } from './document-typed.type';
import { documentTypes } from './document-types';

// The typed root fields of every document type (docs/typed-documents.md): stockTransferDocument,
// stockTransferDocuments, createStockTransferDocument, updateStockTransferDocument and one mutation
// per action (receiveStockTransferDocument). They call the same DocumentService through the same
// read path as the generic documents/createDocument/actOnDocument (document-read.ts), and declare the
// type's own menu codes: view, create, edit, and each action's.

type Values = Record<string, unknown>;

/** Typed input as the kit's JSON input: the fields given, none left undefined. */
const plain = (value: object | null | undefined): Values | null =>
  value ? Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) : null;

interface TypedInput {
  header?: object | null;
  lines?: object[] | null;
  remark?: string | null;
}

const toDocumentInput = (input: TypedInput): DocumentInput => ({
  header: plain(input.header),
  lines: input.lines ? input.lines.map((l) => plain(l) as Values) : null,
  remark: input.remark,
});

interface TypedActionInput {
  version: number;
  reason?: string | null;
  header?: object | null;
  lines?: ({ id: number } & object)[] | null;
}

const toTransitionInput = (action: string, input: TypedActionInput): TransitionInput => ({
  action,
  version: input.version,
  reason: input.reason ?? null,
  header: plain(input.header),
  lines: input.lines?.map(({ id, ...values }) => ({ id, values: plain(values) as Values })) ?? null,
});

async function typedAnswer(
  ctx: GraphQLContext,
  type: string,
  result: CommandResult,
  info: GraphQLResolveInfo,
): Promise<DocumentView> {
  const done = await commandAnswer(ctx, type, result, info);
  return 'answer' in done ? done.answer : toTypedDocument(done.read);
}

/** The resolver of one document type's typed root fields. */
function typedResolver(s: TypedDocumentSchema): ResolverClass {
  const { kind, name, document, page, input } = s;
  const type = kind.type;
  const field = name.charAt(0).toLowerCase() + name.slice(1);

  @Resolver(() => document)
  class TypedDocumentResolver {
    @Query(() => document, {
      name: field,
      description: `One ${type} document with its lines, history and the caller’s allowed actions.`,
    })
    @Menu(...kind.menus.view)
    async one(@Range(1) @Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<DocumentView> {
      return toTypedDocument(await readDocument(ctx, type, id));
    }

    @Query(() => page, {
      name: `${field}s`,
      description: `${type} documents in the caller’s data scope (as documents(type: ${type})); no lines.`,
    })
    @Menu(...kind.menus.view)
    async list(
      @MaxLength(100) @Arg('search', () => String, { nullable: true }) search: string | null,
      @MaxLength(30) @Arg('status', () => String, { nullable: true }) status: string | null,
      @Arg('queue', () => Boolean, { nullable: true }) queue: boolean | null,
      @Range(1, 9) @Arg('level', () => Int, { nullable: true }) level: number | null,
      @Args(() => PageArgs) paging: PageArgs,
      @Ctx() ctx: GraphQLContext,
    ): Promise<{ items: DocumentView[]; total: number; currentPage: number; rows: number }> {
      const { items, ...page } = await listDocuments(ctx, type, { search, status, queue, level, ...paging });
      return { items: items.map(toTypedDocument), ...page, rows: paging.rows };
    }

    @Mutation(() => document, {
      name: `create${name}`,
      description: `Writes a new ${type} document. A retry with the same idempotencyKey returns the first.`,
    })
    @Menu(...kind.menus.create)
    async create(
      @Arg('input', () => input) given: TypedInput,
      @MaxLength(100) @Arg('idempotencyKey', () => String, { nullable: true }) idempotencyKey: string | null,
      @Ctx() ctx: GraphQLContext,
      @Info() info: GraphQLResolveInfo,
    ): Promise<DocumentView> {
      const result = await documentService(ctx, type).svc.create(toDocumentInput(given), idempotencyKey);
      return typedAnswer(ctx, type, result, info);
    }

    @Mutation(() => document, {
      name: `update${name}`,
      description: `Edits a ${type} document while its status allows; version must be the current one.`,
    })
    @Menu(...kind.menus.edit)
    async update(
      @Range(1) @Arg('id', () => Int) id: number,
      @Range(1) @Arg('version', () => Int) version: number,
      @Arg('input', () => input) given: TypedInput,
      @Ctx() ctx: GraphQLContext,
      @Info() info: GraphQLResolveInfo,
    ): Promise<DocumentView> {
      const result = await documentService(ctx, type).svc.update(id, version, toDocumentInput(given));
      return typedAnswer(ctx, type, result, info);
    }

    @FieldResolver(() => AttachmentLimitsType, {
      description: 'How many files it may hold and how large each may be (the server’s configured limits).',
    })
    attachmentLimits(@Ctx() ctx: GraphQLContext): AttachmentLimitsType {
      const { maxFiles, maxBytes } = ctx.deps.config.attachments;
      return { maxFiles, maxBytes };
    }
  }

  // A create reads the request's session in its own first round trip (field-guard.ts, PendingSession).
  foldsSession(`Mutation.create${name}`);
  for (const a of s.createAnd) foldsSession(`Mutation.${a.field}`);

  // One mutation per action, with the action's own menu codes and input (decorators applied as the
  // @-syntax above would: parameters first, then the method's, bottom up).
  const proto = TypedDocumentResolver.prototype as unknown as Record<string, unknown>;
  for (const a of s.actions) {
    const method = `act_${a.action}`;
    proto[method] = async function act(
      id: number,
      given: TypedActionInput,
      idempotencyKey: string | null,
      ctx: GraphQLContext,
      info: GraphQLResolveInfo,
    ): Promise<DocumentView> {
      const svc = documentService(ctx, type).svc;
      const result = await svc.transition(id, toTransitionInput(a.action, given), idempotencyKey);
      return typedAnswer(ctx, type, result, info);
    };
    Info()(proto, method, 4);
    Ctx()(proto, method, 3);
    Arg('idempotencyKey', () => String, { nullable: true })(proto, method, 2);
    MaxLength(100)(proto, method, 2);
    Arg('input', () => a.input)(proto, method, 1);
    Arg('id', () => Int)(proto, method, 0);
    Range(1)(proto, method, 0);
    const descriptor = Object.getOwnPropertyDescriptor(proto, method) as PropertyDescriptor;
    Menu(...a.menu)(proto, method, descriptor);
    Mutation(() => document, {
      name: a.field,
      description: `${a.action} (${a.label}) on a ${type} document, with its effects in one transaction. A retry with the same idempotencyKey returns the first result.`,
    })(proto, method, descriptor);
  }
  for (const a of s.createAnd) {
    const method = `createAnd_${a.action}`;
    // The reason comes second when the action takes one: the parameters are the decorated ones.
    const r = a.reason ? 1 : 0;
    proto[method] = async function createAndAct(
      given: TypedInput,
      ...rest: unknown[]
    ): Promise<DocumentView> {
      const reason = (r ? rest[0] : null) as string | null;
      const [idempotencyKey, ctx, info] = rest.slice(r) as [
        string | null,
        GraphQLContext,
        GraphQLResolveInfo,
      ];
      const svc = documentService(ctx, type).svc;
      const result = await svc.createAndAct(
        toDocumentInput(given),
        { action: a.action, reason },
        idempotencyKey,
      );
      return typedAnswer(ctx, type, result, info);
    };
    Info()(proto, method, 3 + r);
    Ctx()(proto, method, 2 + r);
    Arg('idempotencyKey', () => String, { nullable: true })(proto, method, 1 + r);
    MaxLength(100)(proto, method, 1 + r);
    if (r) {
      Arg('reason', () => String, { nullable: true })(proto, method, 1);
      MaxLength(1000)(proto, method, 1);
    }
    Arg('input', () => input)(proto, method, 0);
    const descriptor = Object.getOwnPropertyDescriptor(proto, method) as PropertyDescriptor;
    Menu(...a.menu)(proto, method, descriptor);
    Mutation(() => document, {
      name: a.field,
      description: `Writes a new ${type} document and takes ${a.action} (${a.label}) on it, with its effects, in one transaction. A retry with the same idempotencyKey returns the first result.`,
    })(proto, method, descriptor);
  }
  return TypedDocumentResolver;
}

let made: ResolverClass[] | undefined;

/** The typed resolvers of every registered document type, made once the types are registered. */
export function typedDocumentResolvers(): ResolverClass[] {
  made ??= documentTypes.map((kind) => typedResolver(typedDocumentSchema(kind)));
  return made;
}
