import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { EntityManager } from '@mikro-orm/postgresql';
import { byThaiName } from './geography.service';

const gzipAsync = promisify(gzip);

export interface ProvinceTreeSubDistrict {
  id: number;
  nameTh: string;
  nameEn: string;
  postcode: string;
}

export interface ProvinceTreeDistrict {
  id: number;
  nameTh: string;
  nameEn: string;
  subDistricts: ProvinceTreeSubDistrict[];
}

export interface ProvinceTreeProvince {
  id: number;
  nameTh: string;
  nameEn: string;
  regionId: number;
  districts: ProvinceTreeDistrict[];
}

interface Row {
  id: number;
  nameTh: string;
  nameEn: string;
  parentId: number;
}

function groupByParent<T extends { nameTh: string }>(rows: { parentId: number; item: T }[]) {
  const groups = new Map<number, T[]>();
  for (const { parentId, item } of rows) {
    const group = groups.get(parentId);
    if (group) group.push(item);
    else groups.set(parentId, [item]);
  }
  for (const group of groups.values()) group.sort(byThaiName);
  return groups;
}

/**
 * Province > district > sub-district with postcodes, in three queries (one a level) joined in
 * memory: 8,500 rows, where a query a node would be 1,000 round trips.
 */
export async function buildProvinceTree(em: EntityManager): Promise<ProvinceTreeProvince[]> {
  const conn = em.getConnection();
  const [provinces, districts, subDistricts] = await Promise.all([
    conn.execute<Row[]>(
      'select id, name_th as "nameTh", name_en as "nameEn", region_id as "parentId" from geo_province',
    ),
    conn.execute<Row[]>(
      'select id, name_th as "nameTh", name_en as "nameEn", province_id as "parentId" from geo_district',
    ),
    conn.execute<(Row & { postcode: string })[]>(
      `select id, name_th as "nameTh", name_en as "nameEn", postcode, district_id as "parentId"
       from geo_sub_district`,
    ),
  ]);
  const subsByDistrict = groupByParent(subDistricts.map(({ parentId, ...item }) => ({ parentId, item })));
  const districtsByProvince = groupByParent(
    districts.map(({ parentId, ...d }) => ({
      parentId,
      item: { ...d, subDistricts: subsByDistrict.get(d.id) ?? [] },
    })),
  );
  return provinces
    .map(({ parentId, ...p }) => ({
      ...p,
      regionId: parentId,
      districts: districtsByProvince.get(p.id) ?? [],
    }))
    .sort(byThaiName);
}

export interface SerialisedTree {
  json: string;
  etag: string;
  /** The JSON gzipped once, at the highest level: sent as it is to every client that accepts gzip. */
  gzip: Buffer;
}

/**
 * Builds the tree once and keeps its JSON, plain and gzipped: geography changes only when the server
 * restarts with new data, and serialising 8,500 rows per request would cost more than the query
 * (compressing its 745 kB again for every client was 21 ms of the server's CPU). A failed build is
 * forgotten so the next request tries again.
 */
export function provinceTreeCache(): (em: EntityManager) => Promise<SerialisedTree> {
  let cached: Promise<SerialisedTree> | null = null;
  return (em) => {
    cached ??= buildProvinceTree(em).then(
      async (tree) => {
        const json = JSON.stringify(tree);
        return {
          json,
          etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`,
          gzip: await gzipAsync(json, { level: 9 }),
        };
      },
      (err: unknown) => {
        cached = null;
        throw err;
      },
    );
    return cached;
  };
}
