import type { EntityManager } from '@mikro-orm/postgresql';
import type { RegionType } from '../geography/geography.type';
import { OrganisationUnit } from './organisation.entity';

export interface RegionCount {
  region: RegionType;
  count: number;
}

/** Reads of the organisation tree, shared by the GraphQL resolvers and the REST layer. */
export class OrganisationService {
  constructor(private readonly em: EntityManager) {}

  roots(includeInactive = false): Promise<OrganisationUnit[]> {
    return this.em.find(
      OrganisationUnit,
      includeInactive ? { parent: null } : { parent: null, active: true },
      { orderBy: { code: 'asc' } },
    );
  }

  byCode(code: string): Promise<OrganisationUnit | null> {
    return this.em.findOne(OrganisationUnit, { code });
  }

  /** Children through the request's dataloader: one query per tree level, not per node. */
  async children(unit: OrganisationUnit, includeInactive = false): Promise<OrganisationUnit[]> {
    const all = await unit.children.load({ dataloader: true });
    const list = all.getItems();
    return includeInactive ? list : list.filter((c) => c.active);
  }

  /** Donation points (active units that accept donations) counted per region, every region listed. */
  async donationPointsByRegion(): Promise<RegionCount[]> {
    const rows = await this.em
      .getConnection()
      .execute<{ id: number; name_th: string; name_en: string; count: number }[]>(
        `select r.id, r.name_th, r.name_en, count(o.id)::int as count
       from geo_region r
       left join geo_province p on p.region_id = r.id
       left join organisation_unit o on o.province_id = p.id and o.accepts_donations and o.active
       group by r.id, r.name_th, r.name_en
       order by r.id`,
      );
    return rows.map((r) => ({ region: { id: r.id, nameTh: r.name_th, nameEn: r.name_en }, count: r.count }));
  }

  /** Recomputes every materialised path from the parent links, in one statement. */
  async recomputePaths(): Promise<void> {
    await this.em.getConnection().execute(
      `with recursive t(id, path) as (
         select id, '/' || id || '/' from organisation_unit where parent_id is null
         union all
         select o.id, t.path || o.id || '/' from organisation_unit o join t on o.parent_id = t.id
       )
       update organisation_unit u set path = t.path from t where u.id = t.id and u.path <> t.path`,
      [],
      'run',
      this.em.getTransactionContext(),
    );
  }
}
