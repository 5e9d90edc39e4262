import type { EntityManager } from '@mikro-orm/postgresql';
import { OrganisationUnit } from '../../kits/core/organisation.entity';
import type { RegionType } from '../geography';

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

  /** Donation points: active units that accept donations, by code. */
  donationPoints(): Promise<OrganisationUnit[]> {
    return this.em.find(
      OrganisationUnit,
      { active: true, acceptsDonations: true },
      { orderBy: { code: 'asc' } },
    );
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

  /**
   * Recomputes the path of one unit from its parent's, and of everything below it when it moved: one
   * statement touching only that subtree (an import of thousands of units saves them one by one).
   * A new unit has no children and no path yet.
   */
  async recomputePathOf(id: number, isNew: boolean): Promise<void> {
    if (isNew) {
      await this.em.getConnection().execute(
        `update organisation_unit u
         set path = coalesce((select p.path from organisation_unit p where p.id = u.parent_id), '/') || u.id || '/'
         where u.id = ?`,
        [id],
        'run',
        this.em.getTransactionContext(),
      );
      return;
    }
    await this.em.getConnection().execute(
      `with unit as (
         select u.path as old,
                coalesce((select p.path from organisation_unit p where p.id = u.parent_id), '/') || u.id || '/' as new
         from organisation_unit u where u.id = ?
       )
       update organisation_unit o set path = unit.new || substr(o.path, length(unit.old) + 1)
       from unit
       where unit.new <> unit.old and unit.old <> '/' and left(o.path, length(unit.old)) = unit.old`,
      [id],
      'run',
      this.em.getTransactionContext(),
    );
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
