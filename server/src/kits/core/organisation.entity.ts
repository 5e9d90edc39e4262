import { type Collection, defineEntity, type Opt, p, type Ref } from '@mikro-orm/core';
import { trigramIndex } from '../../platform/db/search-index';
import { Province, SubDistrict } from './geography.entity';

/**
 * Office types of product-decisions sec. 1: 1 ministry, 2 department, 3 central bureau,
 * 4 central division, 5 provincial office, 6 provincial unit.
 */
export const OfficeType = {
  Ministry: 1,
  Department: 2,
  CentralBureau: 3,
  CentralDivision: 4,
  ProvincialOffice: 5,
  ProvincialUnit: 6,
} as const;
export type OfficeTypeCode = (typeof OfficeType)[keyof typeof OfficeType];

/** The office types a child may have under a parent of the given type. */
export const allowedChildTypes: Record<OfficeTypeCode, readonly OfficeTypeCode[]> = {
  1: [OfficeType.Department],
  2: [OfficeType.CentralBureau, OfficeType.ProvincialOffice],
  3: [OfficeType.CentralDivision],
  5: [OfficeType.ProvincialUnit],
  4: [],
  6: [],
};

/** The partial unique index that lets the tree have only one unit without a parent. */
export const ORGANISATION_ONE_ROOT = 'organisation_unit_one_root';

export class OrganisationUnit {
  declare id: number;
  declare code: string;
  declare nameTh: string;
  declare nameEn: string;
  declare officeType: number;
  declare parent: Ref<OrganisationUnit> | null;
  declare children: Collection<OrganisationUnit>;
  /**
   * Materialised path of ids from the root, e.g. `/1/4/17/`: a subtree is `path LIKE '/1/4/%'`, which is
   * how the data scope of a user at any node is checked in one indexed predicate.
   */
  declare path: string & Opt;
  declare province: Ref<Province> | null;
  declare subDistrict: Ref<SubDistrict> | null;
  /** House number, building, road: the part of the address above the sub-district. */
  declare addressLine: string | null;
  declare latitude: number | null;
  declare longitude: number | null;
  declare phone: string | null;
  declare openingHours: string | null;
  declare acceptsDonations: boolean & Opt;
  /** The unit's 13-digit tax id, printed on the receipts it (or a unit below it) issues. */
  declare taxId: string | null;
  /** The tax-deduction statement its receipts print (docs/receipts.md); null: a unit above decides. */
  declare receiptStatement: string | null;
  /** Who signs its receipts, and their position; null: a unit above decides. */
  declare receiptSignerName: string | null;
  declare receiptSignerPosition: string | null;
  declare active: boolean & Opt;
  declare createdAt: Date & Opt;
  declare updatedAt: Date & Opt;
}

export const OrganisationUnitSchema = defineEntity({
  class: OrganisationUnit,
  tableName: 'organisation_unit',
  indexes: [
    trigramIndex('organisation_unit', 'name_th'),
    trigramIndex('organisation_unit', 'name_en'),
    // The tree has one root (the ministry): the database refuses a second, even from concurrent saves.
    {
      name: ORGANISATION_ONE_ROOT,
      expression: `create unique index "${ORGANISATION_ONE_ROOT}" on "organisation_unit" ((parent_id is null)) where parent_id is null`,
    },
  ],
  checks: [
    { name: 'organisation_unit_office_type_check', expression: 'office_type >= 1 and office_type <= 6' },
    { name: 'organisation_unit_latitude_check', expression: "abs(latitude) <= '90'" },
    { name: 'organisation_unit_longitude_check', expression: "abs(longitude) <= '180'" },
  ],
  properties: {
    id: p.integer().primary(),
    code: p.string().length(32).unique(),
    nameTh: p.string().length(255),
    nameEn: p.string().length(255),
    officeType: p.smallint(),
    parent: () => p.manyToOne(OrganisationUnit).ref().nullable().deleteRule('restrict').index(),
    children: () => p.oneToMany(OrganisationUnit).mappedBy('parent').orderBy({ code: 'asc' }),
    path: p.string().length(255).default('/').index(),
    province: () => p.manyToOne(Province).ref().nullable().deleteRule('restrict').index(),
    subDistrict: () => p.manyToOne(SubDistrict).ref().nullable().deleteRule('restrict'),
    addressLine: p.string().length(500).nullable(),
    latitude: p.double().nullable(),
    longitude: p.double().nullable(),
    phone: p.string().length(100).nullable(),
    openingHours: p.string().length(255).nullable(),
    acceptsDonations: p.boolean().default(false),
    taxId: p.string().length(13).nullable(),
    receiptStatement: p.string().length(1000).nullable(),
    receiptSignerName: p.string().length(255).nullable(),
    receiptSignerPosition: p.string().length(255).nullable(),
    active: p.boolean().default(true),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
