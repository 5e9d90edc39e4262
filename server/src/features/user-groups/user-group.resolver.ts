import type { MenuCode } from '@namjai/common/menu-catalogue';
import { LIST_ROWS_DEFAULT, LIST_ROWS_MAX } from '@namjai/common/paging';
import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { MenuEntry } from '../../kits/core/menu.entity';
import type { UserGroup } from '../../kits/core/user-group.entity';
import { requirePrincipal } from '../../platform/auth/access-guard';
import { Menu } from '../../platform/graphql/access';
import type { GraphQLContext } from '../../platform/graphql/context';
import { MaxLength, Range } from '../../platform/graphql/input-limits';
import { MenuEntryType } from '../menus';
import { UserGroupService } from './user-group.service';
import { SaveUserGroupInputType, UserGroupPageType, UserGroupType } from './user-group.type';

const groupMenus: MenuCode[] = ['MN-027', 'MN-028', 'MN-029', 'MN-030'] as const;

@Resolver(() => UserGroupType)
export class UserGroupResolver {
  @Query(() => UserGroupPageType, {
    description: 'list-user-group; also for admin-edit-user, to pick a group.',
  })
  @Menu(...groupMenus, 'MN-003')
  async userGroups(
    @Range(1) @Arg('currentPage', () => Int, { defaultValue: 1 }) currentPage: number,
    @Range(1, LIST_ROWS_MAX) @Arg('rows', () => Int, { defaultValue: LIST_ROWS_DEFAULT }) rows: number,
    @MaxLength(20) @Arg('code', () => String, { nullable: true }) code: string | null,
    @Arg('name', () => String, { nullable: true }) name: string | null,
    @MaxLength(1) @Arg('statusCode', () => String, { nullable: true }) statusCode: string | null,
    @MaxLength(40) @Arg('sort', () => String, { nullable: true }) sort: string | null,
    @MaxLength(10) @Arg('direction', () => String, { nullable: true }) direction: string | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    const result = await new UserGroupService(ctx.em).list({
      currentPage,
      rows,
      code,
      name,
      statusCode,
      sort,
      direction,
    });
    return { ...result, currentPage, rows };
  }

  @Query(() => [UserGroupType], {
    description:
      'The active staff groups the caller may give someone (the grant rule: every menu of the group ' +
      'is one the caller holds; UG-A01 only by UG-A01): the group picker of admin-edit-user.',
  })
  @Menu('MN-001', 'MN-003', 'MN-004', 'MN-005')
  grantableUserGroups(@Ctx() ctx: GraphQLContext): Promise<UserGroup[]> {
    return new UserGroupService(ctx.em).grantable(requirePrincipal(ctx.auth));
  }

  @Query(() => UserGroupType, { nullable: true, description: 'load-user-group.' })
  @Menu(...groupMenus)
  userGroup(
    @MaxLength(20) @Arg('code', () => String) code: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<UserGroup> {
    return new UserGroupService(ctx.em).load(code);
  }

  @Query(() => [MenuEntryType], { description: 'list-menu: the whole catalogue, to grant menus to groups.' })
  @Menu('MN-027', 'MN-028', 'MN-030')
  menuCatalogue(@Ctx() ctx: GraphQLContext): Promise<MenuEntry[]> {
    return ctx.em.find(MenuEntry, {}, { orderBy: { sortOrder: 'asc' } });
  }

  @Mutation(() => UserGroupType, { description: 'save-user-group: status becomes A and remark the name.' })
  @Menu('MN-027', 'MN-028')
  saveUserGroup(
    @Arg('input', () => SaveUserGroupInputType) input: SaveUserGroupInputType,
    @Ctx() ctx: GraphQLContext,
  ) {
    return new UserGroupService(ctx.em).save(requirePrincipal(ctx.auth), input, {
      ip: ctx.ip,
      requestId: ctx.requestId,
    });
  }

  @Mutation(() => UserGroupType, { description: 'del-user-group: sets status I.' })
  @Menu('MN-029')
  deleteUserGroup(
    @MaxLength(20) @Arg('code', () => String) code: string,
    @MaxLength(64) @Arg('transactionCode', () => String, { nullable: true }) transactionCode: string | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return new UserGroupService(ctx.em).deactivate(code, transactionCode);
  }

  @FieldResolver(() => [String])
  async menuCodes(@Root() group: UserGroup): Promise<string[]> {
    const menus = await group.menus.load({ dataloader: true });
    return menus
      .getItems()
      .map((m) => m.code)
      .sort();
  }

  @FieldResolver(() => Int)
  memberCount(@Root() group: UserGroup, @Ctx() ctx: GraphQLContext): Promise<number> {
    return new UserGroupService(ctx.em).memberCount(group.code);
  }
}
