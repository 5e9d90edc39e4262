import type { MenuCode } from '@namjai/common/menu-catalogue';
import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { OrganisationUnit } from '../../kits/core/organisation.entity';
import { peopleNames } from '../../kits/core/people-names';
import type { User } from '../../kits/core/user.entity';
import { loadHistory } from '../../kits/workflow/history';
import {
  DocumentHistoryEntryType,
  describeStatuses,
  describeTransitions,
  toHistoryEntries,
} from '../../kits/workflow/workflow.type';
import { requirePrincipal } from '../../platform/auth/access-guard';
import { Menu, Public, PublicForm } from '../../platform/graphql/access';
import type { GraphQLContext } from '../../platform/graphql/context';
import { MaxLength } from '../../platform/graphql/input-limits';
import type { TransferRequest } from '../identity';
import { type LoggedInUserData, LoggedInUserType, loggedInUser } from '../identity';
import { OrganisationUnitType } from '../organisation';
import { registerDonor } from './donor-signup';
import { anonymiseStaffUser } from './staff-anonymisation';
import { TransferRequestService } from './transfer-requests.service';
import { UserService } from './user.service';
import {
  AdminEditUserInputType,
  ApproveUserInputType,
  DonorRegisterInputType,
  EditOwnProfileInputType,
  RegisterInputType,
  TransferRequestType,
  UserPageType,
  UserRequestWorkflowType,
  UserSearchFilterInput,
  UserType,
} from './user.type';
import { activateAccount } from './user-activation';
import { UserRequestService } from './user-requests.service';
import { REGISTRATION, USER_TRANSFER, userRequestWorkflows } from './user-requests.workflow';
import { searchUsers } from './user-search';

/** Who may read users: any of the six user-management menus except edit-user (own profile). */
const userManagement: MenuCode[] = ['MN-001', 'MN-002', 'MN-003', 'MN-004', 'MN-005'] as const;

const requests = (ctx: GraphQLContext) =>
  new UserRequestService(ctx.em, ctx.deps, { ip: ctx.ip, requestId: ctx.requestId });
const transfers = (ctx: GraphQLContext) =>
  new TransferRequestService(ctx.em, ctx.deps, { ip: ctx.ip, requestId: ctx.requestId });

/** A history with its actors' names, as the document kit shows one. */
async function historyView(
  ctx: GraphQLContext,
  documentType: string,
  documentId: number,
): Promise<DocumentHistoryEntryType[]> {
  const history = await loadHistory(ctx.em, documentType, documentId);
  return toHistoryEntries(
    history,
    await peopleNames(
      ctx.em,
      history.map((h) => h.actorUserId),
    ),
  );
}

@Resolver(() => TransferRequestType)
export class TransferRequestResolver {
  @Query(() => [UserRequestWorkflowType], {
    description: 'The registration and transfer workflows: statuses and actions with their labels.',
  })
  @Public()
  userRequestWorkflows(): UserRequestWorkflowType[] {
    return Object.entries(userRequestWorkflows).map(([name, wf]) => ({
      name,
      statuses: describeStatuses(wf),
      transitions: describeTransitions(wf),
    }));
  }

  @Query(() => [TransferRequestType], { description: 'The caller’s own transfer requests, newest first.' })
  @Menu('MN-006')
  myTransferRequests(@Ctx() ctx: GraphQLContext): Promise<TransferRequest[]> {
    return transfers(ctx).ownTransfers(requirePrincipal(ctx.auth));
  }

  @Mutation(() => TransferRequestType, { description: 'The requester withdraws their pending transfer.' })
  @Menu('MN-006')
  cancelTransferRequest(
    @Arg('requestId', () => ID) requestId: string,
    @MaxLength(500) @Arg('reason', () => String, { nullable: true }) reason: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<TransferRequest> {
    return transfers(ctx).cancelTransfer(requirePrincipal(ctx.auth), Number(requestId), reason);
  }

  @FieldResolver(() => OrganisationUnitType, { nullable: true })
  async fromUnit(@Root() request: TransferRequest): Promise<OrganisationUnit | null> {
    return request.fromUnit ? request.fromUnit.load({ dataloader: true }) : null;
  }

  @FieldResolver(() => OrganisationUnitType)
  async toUnit(@Root() request: TransferRequest): Promise<OrganisationUnit> {
    return (await request.toUnit.load({ dataloader: true })) as OrganisationUnit;
  }

  @FieldResolver(() => [String], {
    description:
      'The actions the caller may take now (APPROVE, REJECT by the destination’s administrators; ' +
      'CANCEL by its maker): the rule that guards approveTransfer and cancelTransferRequest.',
  })
  allowedActions(@Root() request: TransferRequest, @Ctx() ctx: GraphQLContext): Promise<string[]> {
    return transfers(ctx).transferActions(requirePrincipal(ctx.auth), request);
  }

  @FieldResolver(() => [DocumentHistoryEntryType], { description: 'Who did what, when, oldest first.' })
  history(@Root() request: TransferRequest, @Ctx() ctx: GraphQLContext): Promise<DocumentHistoryEntryType[]> {
    return historyView(ctx, USER_TRANSFER, request.id);
  }
}

@Resolver(() => UserType)
export class UserResolver {
  @Query(() => UserPageType, { description: 'Users in the caller’s organisation subtree (list-users).' })
  @Menu(...userManagement)
  async users(
    @Arg('filter', () => UserSearchFilterInput) filter: UserSearchFilterInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    const { items, total } = await searchUsers(ctx.em, requirePrincipal(ctx.auth), filter);
    return { items, total, currentPage: Math.max(filter.currentPage, 1), rows: filter.rows };
  }

  @Query(() => UserType, { nullable: true, description: 'One user in the caller’s subtree (get-userdata).' })
  @Menu(...userManagement)
  user(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<User> {
    return new UserService(ctx.em, ctx.deps).manageable(requirePrincipal(ctx.auth), Number(id));
  }

  @Mutation(() => Boolean, { description: 'Staff registration; waits for an administrator’s approval.' })
  @PublicForm()
  async register(
    @Arg('input', () => RegisterInputType) input: RegisterInputType,
    @Ctx() ctx: GraphQLContext,
  ) {
    await new UserService(ctx.em, ctx.deps).register(input);
    return true;
  }

  @Mutation(() => Boolean, { description: 'Donor registration; an activation code is e-mailed.' })
  @PublicForm()
  async registerDonor(
    @Arg('input', () => DonorRegisterInputType) input: DonorRegisterInputType,
    @Ctx() ctx: GraphQLContext,
  ) {
    await registerDonor(ctx.em, ctx.deps, input, { ip: ctx.ip, userAgent: ctx.userAgent });
    return true;
  }

  @Mutation(() => Boolean, { description: 'activate-code: activates an account with its e-mailed xcode.' })
  @Public()
  async activateAccount(
    @MaxLength(200) @Arg('xcode', () => String) xcode: string,
    @Ctx() ctx: GraphQLContext,
  ) {
    await activateAccount(ctx.em, xcode);
    return true;
  }

  @Mutation(() => Boolean, { description: 'req-activate-mail: sends a new activation code.' })
  @Menu('MN-001')
  async requestActivationMail(@Arg('userId', () => ID) userId: string, @Ctx() ctx: GraphQLContext) {
    await new UserService(ctx.em, ctx.deps).resendActivation(requirePrincipal(ctx.auth), Number(userId));
    return true;
  }

  @Mutation(() => UserType, {
    description: 'approve-user: approves (activation mail) or rejects a registration.',
  })
  @Menu('MN-001')
  approveUser(
    @Arg('input', () => ApproveUserInputType) input: ApproveUserInputType,
    @Ctx() ctx: GraphQLContext,
  ) {
    return requests(ctx).decideRegistration(requirePrincipal(ctx.auth), {
      userId: Number(input.userId),
      requestStatusCode: input.request_status_code,
      transactionCode: input.transactionCode ?? null,
      rejectReason: input.rejectReason,
    });
  }

  @Mutation(() => UserType)
  @Menu('MN-003')
  adminEditUser(
    @Arg('input', () => AdminEditUserInputType) input: AdminEditUserInputType,
    @Ctx() ctx: GraphQLContext,
  ) {
    return new UserService(ctx.em, ctx.deps).adminEdit(
      requirePrincipal(ctx.auth),
      { ...input, userId: Number(input.userId) },
      { ip: ctx.ip, requestId: ctx.requestId },
    );
  }

  @Mutation(() => UserType, { description: 'A (active) or I (inactive: sessions end at once).' })
  @Menu('MN-004')
  changeUserStatus(
    @Arg('userId', () => ID) userId: string,
    @MaxLength(1) @Arg('userStatusCode', () => String) userStatusCode: string,
    @Ctx() ctx: GraphQLContext,
  ) {
    return new UserService(ctx.em, ctx.deps).changeStatus(
      requirePrincipal(ctx.auth),
      Number(userId),
      userStatusCode,
      { ip: ctx.ip, requestId: ctx.requestId },
    );
  }

  @Mutation(() => UserType, {
    description:
      'A staff member who has left: their contact and identity data go, their names stay ' +
      '(docs/staff-anonymisation.md). Only a deactivated account, not one’s own, not a donor’s.',
  })
  @Menu('MN-004')
  anonymiseStaffUser(@Arg('userId', () => ID) userId: string, @Ctx() ctx: GraphQLContext) {
    return anonymiseStaffUser(ctx.em, ctx.deps, requirePrincipal(ctx.auth), Number(userId), {
      ip: ctx.ip,
      requestId: ctx.requestId,
    });
  }

  @Mutation(() => TransferRequestType, { description: 'Asks to move the caller to another unit.' })
  @Menu('MN-006')
  requestTransfer(
    @MaxLength(32) @Arg('toUnitCode', () => String) toUnitCode: string,
    @MaxLength(500) @Arg('reason', () => String, { nullable: true }) reason: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<TransferRequest> {
    return transfers(ctx).requestTransfer(requirePrincipal(ctx.auth), toUnitCode, reason);
  }

  @Mutation(() => UserType, {
    description: 'By an administrator of the destination; the user’s sessions end (TRANSFERD_USER).',
  })
  @Menu('MN-005')
  approveTransfer(
    @Arg('requestId', () => ID) requestId: string,
    @Arg('approve', () => Boolean) approve: boolean,
    @MaxLength(500) @Arg('reason', () => String, { nullable: true }) reason: string | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return transfers(ctx).decideTransfer(requirePrincipal(ctx.auth), Number(requestId), approve, reason);
  }

  @Mutation(() => LoggedInUserType, { description: 'edit-user: the caller’s own profile.' })
  @Menu('MN-006')
  async editOwnProfile(
    @Arg('input', () => EditOwnProfileInputType) input: EditOwnProfileInputType,
    @Ctx() ctx: GraphQLContext,
  ): Promise<LoggedInUserData> {
    const principal = requirePrincipal(ctx.auth);
    await new UserService(ctx.em, ctx.deps).editOwn(principal, input);
    return loggedInUser(ctx.em, principal.userId);
  }

  @FieldResolver(() => OrganisationUnitType, { nullable: true })
  async organisationUnit(@Root() user: User): Promise<OrganisationUnit | null> {
    return user.organisationUnit ? user.organisationUnit.load({ dataloader: true }) : null;
  }

  @FieldResolver(() => String)
  userGroupCode(@Root() user: User): string {
    return user.userGroup.code;
  }

  @FieldResolver(() => String)
  async userGroupName(@Root() user: User): Promise<string> {
    return (await user.userGroup.load({ dataloader: true }))?.name ?? user.userGroup.code;
  }

  @FieldResolver(() => TransferRequestType, { nullable: true })
  pendingTransfer(@Root() user: User, @Ctx() ctx: GraphQLContext): Promise<TransferRequest | null> {
    return transfers(ctx).pendingTransfer(user.id);
  }

  @FieldResolver(() => [String], {
    description:
      'The registration actions (APPROVE, REJECT) the caller may take now: the rule that guards ' +
      'approveUser (menu, status, data scope; the registering person may not decide their own).',
  })
  allowedActions(@Root() user: User, @Ctx() ctx: GraphQLContext): Promise<string[]> {
    return requests(ctx).registrationActions(requirePrincipal(ctx.auth), user);
  }

  @FieldResolver(() => [DocumentHistoryEntryType], {
    description: 'The registration’s history (registered, approved or rejected), oldest first.',
  })
  history(@Root() user: User, @Ctx() ctx: GraphQLContext): Promise<DocumentHistoryEntryType[]> {
    return historyView(ctx, REGISTRATION, user.id);
  }
}
