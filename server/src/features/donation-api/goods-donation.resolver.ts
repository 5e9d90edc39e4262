import { LIST_ROWS_DEFAULT, LIST_ROWS_MAX } from '@namjai/common/paging';
import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, Info, Int, Query, Resolver, Root } from 'type-graphql';
import type { DocumentRow } from '../../kits/documents/document-kit';
import { idOf } from '../../kits/reference/reference-view';
import { requirePrincipal } from '../../platform/auth/access-guard';
import { Menu } from '../../platform/graphql/access';
import type { GraphQLContext } from '../../platform/graphql/context';
import { MaxLength, Range } from '../../platform/graphql/input-limits';
import { selectedFields } from '../../platform/graphql/selection';
import { goodsDonation } from '../donations';
import { OrganisationUnitType } from '../organisation';
import { dayText, loadersOf } from './donation-loaders';
import { documentHeaderFields, donationCount, donationPage, donationWhere } from './donation-page';
import { CountingUnitType, DonorType, StorageType } from './donation-parts.type';
import {
  GoodsDonationItemType,
  GoodsDonationPageType,
  GoodsDonationStatus,
  GoodsDonationType,
} from './goods-donation.type';
import { prefetch, prefetched } from './prefetch';

const MAX_ID = 2_147_483_647;

// An instance of the type, not a plain object: type-graphql makes a field resolver's root one, per
// call, unless it already is (convertToType).
export const toGoodsDonation = (row: DocumentRow): GoodsDonationType =>
  Object.assign(new GoodsDonationType(), {
    ...documentHeaderFields(row),
    donationDate: dayText(row.donationDate) as string,
    objective: row.objective as string,
    donorId: idOf(row.donator) as number,
    storageId: idOf(row.storage) as number,
    receivingUnitId: idOf(row.ownerUnit) as number,
  });

/** The relations the caller selected below `items`, read ahead (prefetch.ts). */
function prefetchGoods(ctx: GraphQLContext, items: GoodsDonationType[], info: GraphQLResolveInfo) {
  const loaders = loadersOf(ctx.em);
  return prefetch(items, selectedFields(info, ['items']), {
    donor: (d) => loaders.donors.load(d.donorId),
    storage: (d) => loaders.storages.load(d.storageId),
    receivingUnit: (d) => loaders.units.load(d.receivingUnitId),
    items: (d) => loaders.goodsItems.load(d.id),
  });
}

@Resolver(() => GoodsDonationType)
export class GoodsDonationResolver {
  @Query(() => GoodsDonationPageType, {
    description:
      'Goods donations in the caller’s data scope, newest first, with their donor, storage, receiving ' +
      'unit and items as nested objects (each relation read once per request for the whole page). ' +
      'Filters: the donation date from and to (YYYY-MM-DD, inclusive), the status, a unit (it and the ' +
      'units below it) and a donor.',
  })
  @Menu(...goodsDonation.menus.view)
  async goodsDonations(
    @Range(1) @Arg('currentPage', () => Int, { defaultValue: 1 }) currentPage: number,
    @Range(1, LIST_ROWS_MAX) @Arg('rows', () => Int, { defaultValue: LIST_ROWS_DEFAULT }) rows: number,
    @MaxLength(10) @Arg('from', () => String, { nullable: true }) from: string | null,
    @MaxLength(10) @Arg('to', () => String, { nullable: true }) to: string | null,
    @Arg('status', () => GoodsDonationStatus, { nullable: true }) status: string | null,
    @Range(1, MAX_ID) @Arg('unitId', () => Int, { nullable: true }) unitId: number | null,
    @Range(1, MAX_ID) @Arg('donorId', () => Int, { nullable: true }) donorId: number | null,
    @Ctx() ctx: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<GoodsDonationPageType> {
    const where = donationWhere(
      goodsDonation,
      { date: 'donationDate', donor: 'donator' },
      requirePrincipal(ctx.auth),
      { from, to, status, unitId, donorId },
    );
    const items = (await donationPage(ctx.em, goodsDonation, where, currentPage, rows)).map(toGoodsDonation);
    await prefetchGoods(ctx, items, info);
    return {
      items,
      currentPage,
      rows,
      count: () => donationCount(ctx.em, goodsDonation, where),
    };
  }

  @FieldResolver(() => DonorType)
  donor(@Root() d: GoodsDonationType, @Ctx() ctx: GraphQLContext): DonorType | Promise<DonorType> {
    return prefetched(d, 'donor', () => loadersOf(ctx.em).donors.load(d.donorId));
  }

  @FieldResolver(() => StorageType, { description: 'The storage the goods were received into.' })
  storage(@Root() d: GoodsDonationType, @Ctx() ctx: GraphQLContext): StorageType | Promise<StorageType> {
    return prefetched(d, 'storage', () => loadersOf(ctx.em).storages.load(d.storageId));
  }

  @FieldResolver(() => OrganisationUnitType, {
    description: 'The division that received the donation (its owner: the data scope).',
  })
  receivingUnit(@Root() d: GoodsDonationType, @Ctx() ctx: GraphQLContext) {
    return prefetched(d, 'receivingUnit', () => loadersOf(ctx.em).units.load(d.receivingUnitId));
  }

  @FieldResolver(() => [GoodsDonationItemType], { description: 'Its items, in line order.' })
  items(
    @Root() d: GoodsDonationType,
    @Ctx() ctx: GraphQLContext,
  ): GoodsDonationItemType[] | Promise<GoodsDonationItemType[]> {
    return prefetched(d, 'items', () => loadersOf(ctx.em).goodsItems.load(d.id));
  }
}

@Resolver(() => GoodsDonationItemType)
export class GoodsDonationItemResolver {
  @FieldResolver(() => CountingUnitType, { nullable: true, description: 'The resource’s counting unit.' })
  async countingUnit(
    @Root() item: GoodsDonationItemType,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CountingUnitType | null> {
    return item.countingUnitId ? loadersOf(ctx.em).countingUnits.load(item.countingUnitId) : null;
  }
}

@Resolver(() => GoodsDonationPageType)
export class GoodsDonationPageResolver {
  @FieldResolver(() => Int, {
    description: 'How many donations match, over all pages (counted only when asked for).',
  })
  total(@Root() page: GoodsDonationPageType): Promise<number> {
    return page.count();
  }
}
