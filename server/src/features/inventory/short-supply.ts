import type { EntityManager } from '@mikro-orm/postgresql';

// The public short-supply list (spec: /short-supply; product-decisions sec. 5): per province, the
// resources whose available stock (on hand less reserved) in that province's storages is below the
// minimum levels set for those storages, and the donation points there. Only what a donor needs:
// names, category, counting unit and how many are needed; no storage, stock or value.

export interface ShortSupplyItem {
  resourceCode: string;
  resourceNameTh: string;
  resourceNameEn: string | null;
  categoryTh: string;
  categoryEn: string | null;
  countingUnitTh: string | null;
  countingUnitEn: string | null;
  /** How many more would bring the province back to its minimum levels. */
  needed: string;
}

export interface DonationPoint {
  code: string;
  nameTh: string;
  nameEn: string;
  addressLine: string | null;
  /** The sub-district and district in Thai and English (geography data), and the postcode. */
  subDistrictNameTh: string | null;
  subDistrictNameEn: string | null;
  districtNameTh: string | null;
  districtNameEn: string | null;
  postcode: string | null;
  phone: string | null;
  openingHours: string | null;
}

export interface ShortSupplyProvince {
  provinceId: number;
  provinceNameTh: string;
  provinceNameEn: string;
  items: ShortSupplyItem[];
  donationPoints: DonationPoint[];
}

type Row = Record<string, string | number | null>;

/**
 * Per province and resource: the sum of the minimum levels of the province's storages and what is
 * available (on hand less reserved) there. With `oneProvince`, only the province given as the
 * statement's first parameter. The statement goes on from the `province` relation.
 */
function shortfallByProvince(oneProvince: boolean): string {
  return `with minimum as (
       select o.province_id, m.resource_id, m.storage_id, sum(m.minimum_quantity) as minimum_quantity
       from ref_resource_minimum m
       join ref_storage s on s.id = m.storage_id and s.status_code = 'A'
       join organisation_unit o on o.id = s.owner_unit_id and o.active
       where m.status_code = 'A' and o.province_id is not null ${oneProvince ? 'and o.province_id = ?' : ''}
       group by o.province_id, m.resource_id, m.storage_id
     ),
     available as (
       select b.storage_id, b.resource_id, sum(b.on_hand - b.reserved) as available
       from stock_balance b
       where (b.storage_id, b.resource_id) in (select storage_id, resource_id from minimum)
       group by b.storage_id, b.resource_id
     ),
     province as (
       select mi.province_id, mi.resource_id,
         sum(mi.minimum_quantity) as minimum, sum(coalesce(a.available, 0)) as available
       from minimum mi
       left join available a on a.storage_id = mi.storage_id and a.resource_id = mi.resource_id
       group by mi.province_id, mi.resource_id
     )`;
}

export async function shortSupply(
  em: EntityManager,
  provinceId: number | null,
): Promise<ShortSupplyProvince[]> {
  const conn = em.getConnection();
  const params: unknown[] = provinceId ? [provinceId] : [];
  const items = await conn.execute<Row[]>(
    `${shortfallByProvince(Boolean(provinceId))}
     select p.province_id, gp.name_th as province_name_th, gp.name_en as province_name_en,
       r.code, r.name_th, r.name_en, sub.name_th as category_th, sub.name_en as category_en,
       u.name_th as unit_th, u.name_en as unit_en, (p.minimum - p.available)::text as needed
     from province p
     join geo_province gp on gp.id = p.province_id
     join ref_resource r on r.id = p.resource_id and r.status_code = 'A'
     join ref_resource_sub sub on sub.id = r.resource_sub_id
     left join ref_counting_unit u on u.id = r.counting_unit_id
     where p.available < p.minimum
     order by gp.name_th, (p.minimum - p.available) desc, r.code`,
    params,
  );
  if (!items.length) return [];
  const provinces = [...new Set(items.map((i) => i.province_id as number))];
  const points = await conn.execute<Row[]>(
    `select o.province_id, o.code, o.name_th, o.name_en, o.address_line, o.phone, o.opening_hours,
       s.name_th as sub_th, s.name_en as sub_en, d.name_th as district_th, d.name_en as district_en, s.postcode
     from organisation_unit o
     left join geo_sub_district s on s.id = o.sub_district_id
     left join geo_district d on d.id = s.district_id
     where o.active and o.accepts_donations and o.province_id in (${provinces.map(() => '?').join(', ')})
     order by o.code`,
    provinces,
  );
  return provinces.map((id) => {
    const mine = items.filter((i) => i.province_id === id);
    return {
      provinceId: id,
      provinceNameTh: mine[0].province_name_th as string,
      provinceNameEn: mine[0].province_name_en as string,
      items: mine.map((i) => ({
        resourceCode: i.code as string,
        resourceNameTh: i.name_th as string,
        resourceNameEn: i.name_en as string | null,
        categoryTh: i.category_th as string,
        categoryEn: i.category_en as string | null,
        countingUnitTh: i.unit_th as string | null,
        countingUnitEn: i.unit_en as string | null,
        needed: i.needed as string,
      })),
      donationPoints: points
        .filter((p) => p.province_id === id)
        .map((p) => ({
          code: p.code as string,
          nameTh: p.name_th as string,
          nameEn: p.name_en as string,
          addressLine: p.address_line as string | null,
          subDistrictNameTh: p.sub_th as string | null,
          subDistrictNameEn: p.sub_en as string | null,
          districtNameTh: p.district_th as string | null,
          districtNameEn: p.district_en as string | null,
          postcode: p.postcode as string | null,
          phone: p.phone as string | null,
          openingHours: p.opening_hours as string | null,
        })),
    };
  });
}

/** One resource of the most-needed list: short in one or more provinces. */
export interface MostNeededItem {
  resourceCode: string;
  resourceNameTh: string;
  resourceNameEn: string | null;
  countingUnitTh: string | null;
  countingUnitEn: string | null;
  /** How many more would bring every province short of it back to its minimum levels. */
  needed: string;
  /** How many provinces are short of it. */
  provinces: number;
  /** The part of those provinces' minimum levels that is missing, 0 to 1. */
  shortfall: number;
}

/**
 * The resources most needed across the country, for the home page. Quantities are in each resource's
 * own unit (boxes, kilograms), so they are ranked by the part of the minimum levels that is missing
 * (an empty shelf first), then by how many provinces lack them, then by code.
 */
export async function mostNeeded(em: EntityManager, limit: number): Promise<MostNeededItem[]> {
  const rows = await em.getConnection().execute<Row[]>(
    `${shortfallByProvince(false)}
     select r.code, r.name_th, r.name_en, u.name_th as unit_th, u.name_en as unit_en,
       sum(p.minimum - p.available)::text as needed, count(*)::int as provinces,
       round(sum(p.minimum - p.available) / sum(p.minimum), 4)::float8 as shortfall
     from province p
     join ref_resource r on r.id = p.resource_id and r.status_code = 'A'
     left join ref_counting_unit u on u.id = r.counting_unit_id
     where p.available < p.minimum
     group by r.id, r.code, r.name_th, r.name_en, u.name_th, u.name_en
     order by shortfall desc, provinces desc, r.code
     limit ?`,
    [limit],
  );
  return rows.map((r) => ({
    resourceCode: r.code as string,
    resourceNameTh: r.name_th as string,
    resourceNameEn: r.name_en as string | null,
    countingUnitTh: r.unit_th as string | null,
    countingUnitEn: r.unit_en as string | null,
    needed: r.needed as string,
    provinces: r.provinces as number,
    shortfall: r.shortfall as number,
  }));
}
