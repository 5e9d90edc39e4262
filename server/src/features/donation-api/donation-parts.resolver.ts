import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../platform/graphql/context';
import { OrganisationUnitType } from '../organisation/organisation.type';
import { loadersOf, required } from './donation-loaders';
import { MoneyAccountType, StorageType } from './donation-parts.type';

/** Storage.organisation and MoneyAccount.organisation: the division that owns it. */
@Resolver(() => StorageType)
export class StorageOrganisationResolver {
  @FieldResolver(() => OrganisationUnitType, { description: 'The division that owns the storage.' })
  organisation(@Root() s: StorageType, @Ctx() ctx: GraphQLContext) {
    return required(loadersOf(ctx.em).units, s.ownerUnitId, 'unit');
  }
}

@Resolver(() => MoneyAccountType)
export class MoneyAccountOrganisationResolver {
  @FieldResolver(() => OrganisationUnitType, { description: 'The division that owns the account.' })
  organisation(@Root() a: MoneyAccountType, @Ctx() ctx: GraphQLContext) {
    return required(loadersOf(ctx.em).units, a.ownerUnitId, 'unit');
  }
}
