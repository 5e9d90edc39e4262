import type { EntityManager } from '@mikro-orm/postgresql';
import { readGeography, regionNamesEn } from './geography.data';
import { placeProvinceCentres } from './province-centre';

/**
 * Loads the vendored geography, inserting what is missing and correcting names that changed.
 * Idempotent and quick (one statement a table), so it runs on every start. Province centres follow
 * from the sub-districts (province-centre.ts), so a database migrated before they existed gets them.
 */
export async function seedGeography(em: EntityManager, repoRoot: string): Promise<{ subDistricts: number }> {
  const conn = em.getConnection();
  const [{ count }] = await conn.execute<{ count: number }[]>(
    'select count(*)::int as count from geo_sub_district',
  );
  const data = readGeography(repoRoot);
  if (count === data.subDistricts.length) {
    await placeProvinceCentres(em);
    return { subDistricts: count };
  }

  const regions = data.regions.map((r) => ({
    id: r.id,
    name_th: r.name_th,
    name_en: regionNamesEn[r.id] ?? '',
  }));
  const subDistricts = data.subDistricts.map((s) => ({
    ...s,
    zip_code: String(s.zip_code).padStart(5, '0'),
  }));
  await em.transactional(async (tx) => {
    const c = tx.getConnection();
    const ctx = tx.getTransactionContext();
    await c.execute(
      `insert into geo_region (id, name_th, name_en)
       select id, name_th, name_en from json_to_recordset(?::json) as x(id smallint, name_th text, name_en text)
       on conflict (id) do update set name_th = excluded.name_th, name_en = excluded.name_en`,
      [JSON.stringify(regions)],
      'run',
      ctx,
    );
    await c.execute(
      `insert into geo_province (id, name_th, name_en, region_id)
       select id, name_th, name_en, geography_id
       from json_to_recordset(?::json) as x(id smallint, name_th text, name_en text, geography_id smallint)
       on conflict (id) do update set name_th = excluded.name_th, name_en = excluded.name_en,
         region_id = excluded.region_id`,
      [JSON.stringify(data.provinces)],
      'run',
      ctx,
    );
    await c.execute(
      `insert into geo_district (id, name_th, name_en, province_id)
       select id, name_th, name_en, province_id
       from json_to_recordset(?::json) as x(id int, name_th text, name_en text, province_id smallint)
       on conflict (id) do update set name_th = excluded.name_th, name_en = excluded.name_en,
         province_id = excluded.province_id`,
      [JSON.stringify(data.districts)],
      'run',
      ctx,
    );
    await c.execute(
      `insert into geo_sub_district (id, name_th, name_en, postcode, latitude, longitude, district_id)
       select id, name_th, name_en, zip_code, lat, long, district_id
       from json_to_recordset(?::json)
         as x(id int, name_th text, name_en text, zip_code text, lat float8, long float8, district_id int)
       on conflict (id) do update set name_th = excluded.name_th, name_en = excluded.name_en,
         postcode = excluded.postcode, latitude = excluded.latitude, longitude = excluded.longitude,
         district_id = excluded.district_id`,
      [JSON.stringify(subDistricts)],
      'run',
      ctx,
    );
  });
  await placeProvinceCentres(em);
  return { subDistricts: subDistricts.length };
}
