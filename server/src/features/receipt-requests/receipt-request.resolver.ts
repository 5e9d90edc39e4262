import { LIST_ROWS_DEFAULT, LIST_ROWS_MAX } from '@namjai/common/paging';
import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { peopleNames } from '../../kits/core/people-names';
import { loadHistory } from '../../kits/workflow/history';
import {
  DocumentHistoryEntryType,
  describeStatuses,
  describeTransitions,
  toHistoryEntries,
} from '../../kits/workflow/workflow.type';
import { requirePrincipal } from '../../platform/auth/access-guard';
import { ConsentRecord } from '../../platform/consent/consent-record.entity';
import { AttachmentService } from '../../platform/files/attachment.service';
import { AttachmentLimitsType, AttachmentType, toAttachmentType } from '../../platform/files/attachment.type';
import { Menu, Public, PublicForm } from '../../platform/graphql/access';
import type { GraphQLContext } from '../../platform/graphql/context';
import { MaxLength, Range } from '../../platform/graphql/input-limits';
import { receivingUnitOptions } from '../donate-transfer';
import type { ReceiptRequest } from './receipt-request.entity';
import {
  PublicReceiptRequestService,
  postalAddressOf,
  RECEIPT_REQUEST_FILES,
} from './receipt-request.service';
import {
  ReceiptRequestActionInput,
  ReceiptRequestConsentType,
  ReceiptRequestDonationType,
  ReceiptRequestKindEnum,
  ReceiptRequestPageType,
  ReceiptRequestStatusType,
  ReceiptRequestType,
  ReceiptRequestWorkflowType,
  ReceivingUnitOptionType,
} from './receipt-request.type';
import {
  RECEIPT_REQUEST,
  RECEIPT_REQUEST_HISTORY_MENU,
  RECEIPT_REQUEST_WORK_MENU,
  receiptRequestWorkflow,
} from './receipt-request.workflow';
import { type LinkedDonation, linkedDonation, notReadyToIssue } from './receipt-request-donations';
import { ReceiptRequestWorkService, requestActions } from './receipt-request-work.service';

const READ = [RECEIPT_REQUEST_WORK_MENU, RECEIPT_REQUEST_HISTORY_MENU];

/** The view of a request; the entity rides along (not a field) for the field resolvers. */
type RequestView = ReceiptRequestType & { entity: ReceiptRequest };

function toView(request: ReceiptRequest): RequestView {
  const unit = request.receivingUnit.getEntity();
  return Object.assign(new ReceiptRequestType(), {
    id: request.id,
    number: request.number,
    kind: request.kind as ReceiptRequestKindEnum,
    status: request.status,
    requesterType: request.requesterType,
    requesterName: request.requesterName,
    taxId: request.taxId,
    email: request.email,
    phone: request.phone,
    donatedOn: request.donatedOn,
    amount: request.amount,
    items: request.items ?? [],
    delivery: request.delivery,
    note: request.note,
    unitId: unit.id,
    unitCode: unit.code,
    unitNameTh: unit.nameTh,
    unitNameEn: unit.nameEn,
    linkedNumber: request.linkedNumber,
    createdAt: request.createdAt,
    updatedAt: request.updatedAt,
    entity: request,
  });
}

function toDonationView(d: LinkedDonation, request: ReceiptRequest): ReceiptRequestDonationType {
  const why = notReadyToIssue(d);
  return Object.assign(new ReceiptRequestDonationType(), {
    documentType: d.documentType,
    id: d.id,
    number: d.number,
    status: d.status,
    donatedOn: d.donatedOn,
    amount: d.amount,
    unitNameTh: d.unitNameTh,
    unitNameEn: d.unitNameEn,
    donorName: d.donorName,
    donorTaxId: d.donorTaxId,
    sameTaxId: d.donorTaxId === request.taxId,
    receiptNumber: d.receiptNumber,
    receiptVoid: d.receiptVoid,
    linkedRequestNumber: d.linkedRequestNumber,
    notReadyTh: why?.th ?? null,
    notReadyEn: why?.en ?? null,
  });
}

const work = (ctx: GraphQLContext) =>
  new ReceiptRequestWorkService(ctx.em, ctx.deps, { ip: ctx.ip, requestId: ctx.requestId });

@Resolver(() => ReceiptRequestType)
export class ReceiptRequestResolver {
  @Query(() => ReceiptRequestWorkflowType, {
    description: 'The statuses and actions of receipt requests with their labels.',
  })
  @Public()
  receiptRequestWorkflow(): ReceiptRequestWorkflowType {
    return {
      statuses: describeStatuses(receiptRequestWorkflow),
      transitions: describeTransitions(receiptRequestWorkflow),
    };
  }

  @Query(() => [ReceivingUnitOptionType], {
    description:
      'Units a visitor may name as the receiver: for MONEY those with an active money account, for GOODS those that accept donations or keep a storage; by province.',
  })
  @Public()
  receiptRequestUnits(
    @Arg('kind', () => ReceiptRequestKindEnum) kind: ReceiptRequestKindEnum,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ReceivingUnitOptionType[]> {
    return receivingUnitOptions(ctx.em, kind);
  }

  @Query(() => AttachmentLimitsType, {
    description: 'What the evidence file of a receipt request may be: one file of at most maxBytes.',
  })
  @Public()
  receiptRequestEvidenceLimits(@Ctx() ctx: GraphQLContext): AttachmentLimitsType {
    return { maxFiles: 1, maxBytes: ctx.deps.config.attachments.maxBytes };
  }

  @Query(() => ReceiptRequestStatusType, {
    description:
      'The public status page: a request by its tracking number and the e-mail it was sent with. A wrong e-mail is the same NOT_FOUND as an unknown number. A public form: the e-mail is what proves the asker, so guesses are counted and bot-checked like writes.',
  })
  @PublicForm()
  receiptRequestStatus(
    @MaxLength(30) @Arg('trackingNumber', () => String) trackingNumber: string,
    @MaxLength(254) @Arg('email', () => String) email: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ReceiptRequestStatusType> {
    return new PublicReceiptRequestService(ctx.em, ctx.deps, {
      ip: ctx.ip,
      requestId: ctx.requestId,
      userAgent: ctx.userAgent,
    }).status(trackingNumber, email) as Promise<ReceiptRequestStatusType>;
  }

  @Query(() => ReceiptRequestPageType, {
    description:
      'Receipt requests in the caller’s data scope (the receiving unit’s subtree). open: only REQUESTED and IN_PROGRESS (the queue); from/to: days sent, yyyy-mm-dd inclusive; unitCode: that unit’s subtree (within the caller’s scope, else 403); search: tracking number, name, e-mail, citizen/tax id or the linked donation’s number.',
  })
  @Menu(...READ)
  async receiptRequests(
    @Arg('open', () => Boolean, { nullable: true }) open: boolean | null,
    @MaxLength(30) @Arg('status', () => String, { nullable: true }) status: string | null,
    @Arg('kind', () => ReceiptRequestKindEnum, { nullable: true }) kind: ReceiptRequestKindEnum | null,
    @MaxLength(10) @Arg('from', () => String, { nullable: true }) from: string | null,
    @MaxLength(10) @Arg('to', () => String, { nullable: true }) to: string | null,
    @MaxLength(32) @Arg('unitCode', () => String, { nullable: true }) unitCode: string | null,
    @MaxLength(100) @Arg('search', () => String, { nullable: true }) search: string | null,
    @Range(1) @Arg('currentPage', () => Int, { defaultValue: 1 }) currentPage: number,
    @Range(1, LIST_ROWS_MAX) @Arg('rows', () => Int, { defaultValue: LIST_ROWS_DEFAULT }) rows: number,
    @MaxLength(40) @Arg('sort', () => String, { nullable: true }) sort: string | null,
    @MaxLength(4) @Arg('direction', () => String, { nullable: true }) direction: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ReceiptRequestPageType> {
    const page = await work(ctx).list(requirePrincipal(ctx.auth), {
      open,
      status,
      kind,
      from,
      to,
      unitCode,
      search,
      currentPage,
      rows,
      sort,
      direction,
    });
    return { items: page.items.map(toView), total: page.total, currentPage, rows };
  }

  @Query(() => ReceiptRequestType, {
    description: 'One receipt request in the caller’s data scope (else NOT_FOUND); the read is audited.',
  })
  @Menu(...READ)
  async receiptRequest(
    @Range(1, 2_147_483_647) @Arg('id', () => Int) id: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ReceiptRequestType> {
    return toView(await work(ctx).get(requirePrincipal(ctx.auth), id));
  }

  @Query(() => [ReceiptRequestDonationType], {
    description:
      'Donations the request may be linked to: its kind, in the caller’s scope, not cancelled, given by the same citizen or tax id or on the same day (same id first).',
  })
  @Menu(RECEIPT_REQUEST_WORK_MENU)
  async receiptRequestCandidates(
    @Range(1, 2_147_483_647) @Arg('id', () => Int) id: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ReceiptRequestDonationType[]> {
    const principal = requirePrincipal(ctx.auth);
    const service = work(ctx);
    const request = await service.get(principal, id);
    return (await service.candidates(principal, id)).map((d) => toDonationView(d, request));
  }

  @Mutation(() => ReceiptRequestType, {
    description:
      'TAKE (REQUESTED > IN_PROGRESS), LINK (names the donation by its number), ISSUE (needs the linked donation’s receipt; goods: received at level 2), REJECT (reason required). Every change of status e-mails the requester.',
  })
  @Menu(RECEIPT_REQUEST_WORK_MENU)
  async actOnReceiptRequest(
    @Range(1, 2_147_483_647) @Arg('id', () => Int) id: number,
    @Arg('input', () => ReceiptRequestActionInput) input: ReceiptRequestActionInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ReceiptRequestType> {
    return toView(await work(ctx).act(requirePrincipal(ctx.auth), id, input));
  }

  @FieldResolver(() => [String], { description: 'The actions the caller may take now (workflow rule).' })
  allowedActions(@Root() view: RequestView, @Ctx() ctx: GraphQLContext): string[] {
    const unit = view.entity.receivingUnit.getEntity();
    return requestActions(requirePrincipal(ctx.auth), view.entity, unit.path);
  }

  @FieldResolver(() => [DocumentHistoryEntryType], {
    description: 'Oldest first; LINK’s note is the donation.',
  })
  async history(@Root() view: RequestView, @Ctx() ctx: GraphQLContext): Promise<DocumentHistoryEntryType[]> {
    const history = await loadHistory(ctx.em, RECEIPT_REQUEST, view.id);
    return toHistoryEntries(
      history,
      await peopleNames(
        ctx.em,
        history.map((h) => h.actorUserId),
      ),
    );
  }

  @FieldResolver(() => [AttachmentType], { description: 'The evidence the visitor sent.' })
  async attachments(@Root() view: RequestView, @Ctx() ctx: GraphQLContext): Promise<AttachmentType[]> {
    const files = await new AttachmentService(ctx.em, ctx.deps.config.attachments).list({
      kind: RECEIPT_REQUEST_FILES,
      id: view.id,
    });
    return files.map(toAttachmentType);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      'Delivery by post: the address as printed (line, sub-district, district, province, postcode).',
  })
  postalAddress(@Root() view: RequestView, @Ctx() ctx: GraphQLContext): Promise<string | null> {
    return postalAddressOf(ctx.em, view.entity);
  }

  @FieldResolver(() => ReceiptRequestConsentType, {
    nullable: true,
    description: 'The consent given with the form.',
  })
  async consent(
    @Root() view: RequestView,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ReceiptRequestConsentType | null> {
    const record = await ctx.em.findOne(
      ConsentRecord,
      { subjectType: RECEIPT_REQUEST, subjectId: view.id },
      { orderBy: { id: 'desc' } },
    );
    return record
      ? {
          noticeVersion: record.noticeVersion,
          givenAt: record.givenAt,
          channel: record.channel,
          purpose: record.purpose,
        }
      : null;
  }

  @FieldResolver(() => ReceiptRequestDonationType, { nullable: true, description: 'The linked donation.' })
  async linkedDonation(
    @Root() view: RequestView,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ReceiptRequestDonationType | null> {
    const found = await linkedDonation(ctx.em, view.entity);
    return found ? toDonationView(found, view.entity) : null;
  }
}
