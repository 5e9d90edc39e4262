import type { EntityManager } from '@mikro-orm/postgresql';

// A province's centre is where "near me" measures from when a visitor does not share their location
// and picks their province instead. It is the mean of the centroids of the province's sub-districts
// in the vendored dataset (server/data/thai-geography, MIT): sub-districts are smaller where people
// live closer together, so the mean leans towards where people are rather than the middle of the
// map. The dataset has no sub-district coordinates for Bangkok; its centre is Natural Earth's label
// point for "Bangkok Metropolis" (ne_10m_admin_1_label_points, public domain), rounded to 4 places.

/** Centres of provinces whose sub-districts carry no coordinates in the dataset, by province id. */
export const PROVINCE_CENTRE_FALLBACK: Readonly<Record<number, { latitude: number; longitude: number }>> = {
  1: { latitude: 13.793, longitude: 100.6256 },
};

/** Sets every province's centre from its sub-districts (or the fallback); idempotent, one statement. */
export async function placeProvinceCentres(em: EntityManager): Promise<void> {
  const fallback = Object.entries(PROVINCE_CENTRE_FALLBACK).map(([id, c]) => ({ id: Number(id), ...c }));
  await em.getConnection().execute(
    `with measured as (
       select d.province_id as id, avg(s.latitude) as latitude, avg(s.longitude) as longitude
       from geo_sub_district s join geo_district d on d.id = s.district_id
       where s.latitude is not null and s.longitude is not null
       group by d.province_id
     ),
     fallback as (
       select id, latitude, longitude
       from json_to_recordset(?::json) as x(id smallint, latitude float8, longitude float8)
     ),
     centre as (
       select p.id, coalesce(m.latitude, f.latitude) as latitude, coalesce(m.longitude, f.longitude) as longitude
       from geo_province p left join measured m on m.id = p.id left join fallback f on f.id = p.id
     )
     update geo_province p set latitude = round(c.latitude::numeric, 4)::float8,
       longitude = round(c.longitude::numeric, 4)::float8
     from centre c
     where c.id = p.id and c.latitude is not null
       and (p.latitude is distinct from round(c.latitude::numeric, 4)::float8
         or p.longitude is distinct from round(c.longitude::numeric, 4)::float8)`,
    [JSON.stringify(fallback)],
  );
}
