import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { requirePrincipal } from '../../platform/auth/access-guard';
import { Donor, Menu } from '../../platform/graphql/access';
import type { GraphQLContext } from '../../platform/graphql/context';
import { MaxLength } from '../../platform/graphql/input-limits';
import { PersonalDataService, type StaffRequestView } from './personal-data.service';
import {
  PersonalDataExportType,
  PersonalDataRequestCaseType,
  PersonalDataRequestType,
} from './personal-data.type';
import { DELETION_MENU, deletionWorkflow } from './personal-data.workflow';
import type { PersonalDataRequest } from './personal-data-request.entity';

const service = (ctx: GraphQLContext) =>
  new PersonalDataService(ctx.em, ctx.deps, { ip: ctx.ip, requestId: ctx.requestId });

const statusLabel = (code: string) =>
  deletionWorkflow.statuses.find((s) => s.code === code)?.label.th ?? code;

const toRequest = (r: PersonalDataRequest): PersonalDataRequestType => ({
  id: r.id,
  kind: r.kind,
  status: r.status,
  statusLabelTh: statusLabel(r.status),
  reason: r.reason,
  requestedAt: r.requestedAt,
  decidedAt: r.decidedAt,
  decisionNote: r.decisionNote,
});

const toCase = (v: StaffRequestView): PersonalDataRequestCaseType => ({
  ...toRequest(v.request),
  decidedByName: v.decidedByName,
  ...v.account,
  donors: v.donors,
  allowedActions: v.allowedActions,
  outcome: v.request.outcome ? JSON.stringify(v.request.outcome) : null,
});

/** The donor's rights from their account, and deletion requests for staff (edit-donator, MN-020). */
@Resolver()
export class PersonalDataResolver {
  @Query(() => PersonalDataExportType, {
    description: 'Everything held about the logged-in donor that the account reaches (audited).',
  })
  @Donor()
  myPersonalData(@Ctx() ctx: GraphQLContext) {
    return service(ctx).exportFor(requirePrincipal(ctx.auth), 'page');
  }

  @Mutation(() => PersonalDataRequestType, {
    description: 'The donor asks for their personal data to be deleted; one open request at a time.',
  })
  @Donor()
  async requestPersonalDataDeletion(
    @MaxLength(1000) @Arg('reason', () => String, { nullable: true }) reason: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PersonalDataRequestType> {
    return toRequest(await service(ctx).requestDeletion(requirePrincipal(ctx.auth), reason));
  }

  @Query(() => [PersonalDataRequestCaseType], {
    description: 'Deletion requests, open ones first (at most 200); every read is audited.',
  })
  @Menu(...DELETION_MENU)
  async personalDataRequests(
    @MaxLength(20) @Arg('status', () => String, { nullable: true }) status: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PersonalDataRequestCaseType[]> {
    return (await service(ctx).list(requirePrincipal(ctx.auth), status)).map(toCase);
  }

  @Mutation(() => PersonalDataRequestCaseType, {
    description:
      'COMPLETE anonymises the donor (docs/public-site.md lists what goes and what stays); REJECT needs a note, mailed to the donor.',
  })
  @Menu(...DELETION_MENU)
  async decidePersonalDataRequest(
    @Arg('requestId', () => ID) requestId: string,
    @MaxLength(20) @Arg('action', () => String) action: string,
    @MaxLength(1000) @Arg('note', () => String, { nullable: true }) note: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PersonalDataRequestCaseType> {
    return toCase(await service(ctx).decide(requirePrincipal(ctx.auth), Number(requestId), action, note));
  }
}
