import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The vendored dataset (server/data/thai-geography, MIT, see its LICENSE and README).

export interface RegionRow {
  id: number;
  name_th: string;
}
export interface ProvinceRow {
  id: number;
  name_th: string;
  name_en: string;
  geography_id: number;
}
export interface DistrictRow {
  id: number;
  name_th: string;
  name_en: string;
  province_id: number;
}
export interface SubDistrictRow {
  id: number;
  zip_code: number;
  name_th: string;
  name_en: string;
  district_id: number;
  lat: number | null;
  long: number | null;
}

/** The dataset names regions in Thai only; these are the English names in common official use. */
export const regionNamesEn: Record<number, string> = {
  1: 'Northern',
  2: 'Central',
  3: 'Northeastern',
  4: 'Western',
  5: 'Eastern',
  6: 'Southern',
};

export interface GeographyData {
  regions: RegionRow[];
  provinces: ProvinceRow[];
  districts: DistrictRow[];
  subDistricts: SubDistrictRow[];
}

/** Where the vendored geography is (its files are the geography seed's input). */
export const geographyDir = (repoRoot: string) => join(repoRoot, 'server', 'data', 'thai-geography');

export function readGeography(repoRoot: string): GeographyData {
  const dir = geographyDir(repoRoot);
  const read = <T>(file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as T[];
  return {
    regions: read<RegionRow>('geographies.json'),
    provinces: read<ProvinceRow>('provinces.json'),
    districts: read<DistrictRow>('districts.json'),
    subDistricts: read<SubDistrictRow>('sub_districts.json'),
  };
}
