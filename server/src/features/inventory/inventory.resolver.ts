import type { MenuCode } from '@namjai/common/menu-catalogue';
import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { expiringLots, moneyBalances, moneyCard, stockOnHand } from '../../kits/ledger/ledger.queries';
import { STOCK_CARD_MAX_PAGE, stockCard, stockCardPage } from '../../kits/ledger/stock-card';
import { requirePrincipal } from '../../platform/auth/access-guard';
import { Menu } from '../../platform/graphql/access';
import type { GraphQLContext } from '../../platform/graphql/context';
import { MaxLength, Range } from '../../platform/graphql/input-limits';
import { addThaiNames } from '../../platform/validation/input-names';
import {
  ExpiringLotType,
  MoneyBalanceType,
  MoneyCardEntryType,
  StockBalanceType,
  StockCardEntryType,
  StockCardPageType,
} from './inventory.type';

/** Stock views: the inventory screens' view codes (transfer, adjustment). */
const stockViews: MenuCode[] = ['MN-101', 'MN-103'];
// The stock card's page arguments, as a refusal names them in Thai (a name already known keeps its own).
addThaiNames({ first: 'จำนวนรายการต่อหน้า', after: 'ต่อจากรายการ' });

/** Money views: initial money's view code. */
const moneyViews: MenuCode[] = ['MN-105'];

// Every row is inside the caller's data scope (the ledger's reads filter by the storages' and
// accounts' owning units); the explicit output types carry nothing else.
@Resolver()
export class InventoryResolver {
  @Query(() => [StockBalanceType], { description: 'Stock on hand by storage, resource and lot.' })
  @Menu(...stockViews)
  stockOnHand(
    @Range(1, 2_147_483_647) @Arg('storageId', () => Int, { nullable: true }) storageId: number | null,
    @Range(1, 2_147_483_647) @Arg('resourceId', () => Int, { nullable: true }) resourceId: number | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<StockBalanceType[]> {
    return stockOnHand(ctx.em, requirePrincipal(ctx.auth), {
      ...(storageId ? { storageId } : {}),
      ...(resourceId ? { resourceId } : {}),
    });
  }

  @Query(() => [StockCardEntryType], {
    description:
      'The stock card of a resource in a storage: movements with running balances and their source.',
  })
  @Menu(...stockViews)
  stockCard(
    @Range(1, 2_147_483_647) @Arg('storageId', () => Int) storageId: number,
    @Range(1, 2_147_483_647) @Arg('resourceId', () => Int) resourceId: number,
    @Arg('from', () => Date, { nullable: true }) from: Date | null,
    @Arg('to', () => Date, { nullable: true }) to: Date | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<StockCardEntryType[]> {
    return stockCard(ctx.em, requirePrincipal(ctx.auth), {
      storageId,
      resourceId,
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    });
  }

  @Query(() => StockCardPageType, {
    description:
      'The stock card by pages: the opening balance at `from`, then the period’s movements by key (`first`, `after`) with running balances.',
  })
  @Menu(...stockViews)
  stockCardPage(
    @Range(1, 2_147_483_647) @Arg('storageId', () => Int) storageId: number,
    @Range(1, 2_147_483_647) @Arg('resourceId', () => Int) resourceId: number,
    @Arg('from', () => Date, { nullable: true }) from: Date | null,
    @Arg('to', () => Date, { nullable: true }) to: Date | null,
    @Range(1, STOCK_CARD_MAX_PAGE) @Arg('first', () => Int, { defaultValue: 100 }) first: number,
    @MaxLength(20) @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<StockCardPageType> {
    return stockCardPage(ctx.em, requirePrincipal(ctx.auth), {
      storageId,
      resourceId,
      first,
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      ...(after ? { after } : {}),
    });
  }

  @Query(() => [ExpiringLotType], {
    description: 'Lots on hand that expire within the given days (expired ones too).',
  })
  @Menu(...stockViews)
  expiringLots(
    @Range(0, 3660) @Arg('withinDays', () => Int) withinDays: number,
    @Range(1, 2_147_483_647) @Arg('storageId', () => Int, { nullable: true }) storageId: number | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ExpiringLotType[]> {
    return expiringLots(ctx.em, requirePrincipal(ctx.auth), {
      withinDays,
      ...(storageId ? { storageId } : {}),
    });
  }

  @Query(() => [MoneyBalanceType], { description: 'Balances of the money accounts in the caller’s scope.' })
  @Menu(...moneyViews)
  moneyBalances(@Ctx() ctx: GraphQLContext): Promise<MoneyBalanceType[]> {
    return moneyBalances(ctx.em, requirePrincipal(ctx.auth));
  }

  @Query(() => [MoneyCardEntryType], {
    description: 'The movements of a money account with the running balance.',
  })
  @Menu(...moneyViews)
  moneyCard(
    @Range(1, 2_147_483_647) @Arg('accountId', () => Int) accountId: number,
    @Arg('from', () => Date, { nullable: true }) from: Date | null,
    @Arg('to', () => Date, { nullable: true }) to: Date | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<MoneyCardEntryType[]> {
    return moneyCard(ctx.em, requirePrincipal(ctx.auth), {
      accountId,
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    });
  }
}
