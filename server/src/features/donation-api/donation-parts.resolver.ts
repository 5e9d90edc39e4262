import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../platform/graphql/context';
import { OrganisationUnitType } from '../organisation';
import { loadersOf } from './donation-loaders';
import { MoneyAccountType, StorageType } from './donation-parts.type';
import { prefetched } from './prefetch';

/** Storage.organisation and MoneyAccount.organisation: the division that owns it. */
@Resolver(() => StorageType)
export class StorageOrganisationResolver {
  @FieldResolver(() => OrganisationUnitType, { description: 'The division that owns the storage.' })
  organisation(@Root() s: StorageType, @Ctx() ctx: GraphQLContext) {
    return prefetched(s, 'organisation', () => loadersOf(ctx.em).units.load(s.ownerUnitId));
  }
}

@Resolver(() => MoneyAccountType)
export class MoneyAccountOrganisationResolver {
  @FieldResolver(() => OrganisationUnitType, { description: 'The division that owns the account.' })
  organisation(@Root() a: MoneyAccountType, @Ctx() ctx: GraphQLContext) {
    return prefetched(a, 'organisation', () => loadersOf(ctx.em).units.load(a.ownerUnitId));
  }
}
