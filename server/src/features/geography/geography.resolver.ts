import { FieldResolver, Resolver, Root } from 'type-graphql';
import type { Province, Region } from './geography.entity';
import { ProvinceType, RegionType } from './geography.type';

@Resolver(() => ProvinceType)
export class ProvinceFieldsResolver {
  @FieldResolver(() => RegionType)
  region(@Root() province: Province): Promise<Region> {
    return province.region.load({ dataloader: true }) as Promise<Region>;
  }
}
