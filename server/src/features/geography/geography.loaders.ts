import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { District, SubDistrict } from '../../kits/core/geography.entity';
import { byThaiName } from './geography.service';

// Children of many parents in one query a level. MikroORM's own collection dataloader matches each
// collection against the whole batch (929 districts × 7,451 sub-districts: seconds per request),
// so these group the rows by parent id once instead.

export interface GeographyLoaders {
  districtsByProvince: DataLoader<number, District[]>;
  subDistrictsByDistrict: DataLoader<number, SubDistrict[]>;
}

function childrenLoader<T extends { nameTh: string }>(
  load: (parentIds: readonly number[]) => Promise<T[]>,
  parentOf: (child: T) => number,
): DataLoader<number, T[]> {
  return new DataLoader(async (parentIds) => {
    const groups = new Map<number, T[]>(parentIds.map((id) => [id, []]));
    for (const child of await load(parentIds)) groups.get(parentOf(child))?.push(child);
    return parentIds.map((id) => (groups.get(id) ?? []).sort(byThaiName));
  });
}

// One set a request: the request's EntityManager fork is the key, so nothing outlives the request.
const perRequest = new WeakMap<EntityManager, GeographyLoaders>();

export function geographyLoaders(em: EntityManager): GeographyLoaders {
  let loaders = perRequest.get(em);
  if (!loaders) {
    loaders = {
      districtsByProvince: childrenLoader(
        (ids) => em.find(District, { province: { $in: [...ids] } }),
        (d) => d.province.id,
      ),
      subDistrictsByDistrict: childrenLoader(
        (ids) => em.find(SubDistrict, { district: { $in: [...ids] } }),
        (s) => s.district.id,
      ),
    };
    perRequest.set(em, loaders);
  }
  return loaders;
}
