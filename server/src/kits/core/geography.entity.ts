import { type Collection, defineEntity, p, type Ref } from '@mikro-orm/core';
import { trigramIndex } from '../../platform/db/search-index';

// Ids are the vendored dataset's own (province 1..77, district 4 digits, sub-district 6 digits), so
// addresses stay stable across reloads of the data.

export class Region {
  declare id: number;
  declare nameTh: string;
  declare nameEn: string;
}

export class Province {
  declare id: number;
  declare nameTh: string;
  declare nameEn: string;
  /** The province's centre (province-centre.ts): where "near me" measures from when no location is shared. */
  declare latitude: number | null;
  declare longitude: number | null;
  declare region: Ref<Region>;
  declare districts: Collection<District>;
}

export class District {
  declare id: number;
  declare nameTh: string;
  declare nameEn: string;
  declare province: Ref<Province>;
  declare subDistricts: Collection<SubDistrict>;
}

export class SubDistrict {
  declare id: number;
  declare nameTh: string;
  declare nameEn: string;
  declare postcode: string;
  declare latitude: number | null;
  declare longitude: number | null;
  declare district: Ref<District>;
}

export const RegionSchema = defineEntity({
  class: Region,
  tableName: 'geo_region',
  properties: {
    id: p.smallint().primary().autoincrement(false),
    nameTh: p.string().length(100),
    nameEn: p.string().length(100),
  },
});

export const ProvinceSchema = defineEntity({
  class: Province,
  tableName: 'geo_province',
  indexes: [trigramIndex('geo_province', 'name_th')],
  properties: {
    id: p.smallint().primary().autoincrement(false),
    nameTh: p.string().length(100),
    nameEn: p.string().length(100),
    latitude: p.double().nullable(),
    longitude: p.double().nullable(),
    region: () => p.manyToOne(Region).ref(),
    districts: () => p.oneToMany(District).mappedBy('province'),
  },
});

export const DistrictSchema = defineEntity({
  class: District,
  tableName: 'geo_district',
  indexes: [trigramIndex('geo_district', 'name_th')],
  properties: {
    id: p.integer().primary().autoincrement(false),
    nameTh: p.string().length(100),
    nameEn: p.string().length(100),
    province: () => p.manyToOne(Province).ref(),
    subDistricts: () => p.oneToMany(SubDistrict).mappedBy('district'),
  },
});

export const SubDistrictSchema = defineEntity({
  class: SubDistrict,
  tableName: 'geo_sub_district',
  indexes: [trigramIndex('geo_sub_district', 'name_th')],
  properties: {
    id: p.integer().primary().autoincrement(false),
    nameTh: p.string().length(100),
    nameEn: p.string().length(100),
    postcode: p.string().length(5).index(),
    latitude: p.double().nullable(),
    longitude: p.double().nullable(),
    district: () => p.manyToOne(District).ref(),
  },
});

export const geographyEntities = [RegionSchema, ProvinceSchema, DistrictSchema, SubDistrictSchema];
