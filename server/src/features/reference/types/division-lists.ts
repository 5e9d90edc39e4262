import type { EntityManager } from '@mikro-orm/postgresql';
import type { MenuCode } from '@namjai/common/menu-catalogue';
import { OfficeType, OrganisationUnit } from '../../../kits/core/organisation.entity';
import {
  type FieldError,
  field,
  type Label,
  type ReferenceRow,
  type ReferenceScope,
  type ReferenceScreen,
  type ReferenceType,
  type SaveHookContext,
} from '../../../kits/reference/reference-kit';
import { activeRows } from '../../../kits/reference/reference-rows';
import { idOf, toView } from '../../../kits/reference/reference-view';
import { notFound } from '../../../platform/errors';
import { governmentInfo } from './government-info.reference';

const plain = (type: ReferenceType, row: ReferenceRow) => {
  const view = toView(type, row);
  return { id: view.id, code: view.code, nameTh: view.nameTh, nameEn: view.nameEn, ...view.values };
};

/**
 * What every division-owned type declares: the government-info menus and screens (a tab beside the
 * units), the DIVISION scope, and its owning unit.
 */
export const divisionOwned = (ownerLabel: Label) => ({
  declaration: {
    menus: { view: ['MN-009'], save: ['MN-008'] } as { view: MenuCode[]; save: MenuCode[] },
    screens: [
      { key: 'save-goverment-info', mode: 'SAVE' },
      { key: 'view-goverment-info', mode: 'VIEW' },
    ] as ReferenceScreen[],
    scope: 'DIVISION' as ReferenceScope,
  },
  ownerUnit: field.reference('ownerUnit', ownerLabel, () => governmentInfo, { required: true, list: true }),
});

/** POST division-storage / div-banknote: a unit's active items of a division-scoped type. */
export async function divisionRows(em: EntityManager, type: ReferenceType, divisionCode: string) {
  const unit = await em.findOne(OrganisationUnit, { code: divisionCode });
  if (!unit) throw notFound(`ไม่พบหน่วยงานรหัส ${divisionCode}`, `No unit with code ${divisionCode}`);
  return (await activeRows(em, type, { ownerUnit: unit.id })).map((r) => plain(type, r));
}

interface UnitNode {
  code: string;
  nameTh: string;
  nameEn: string;
  officeTypeCode: number;
  children: UnitNode[];
  [items: string]: unknown;
}

/** office-type-tree3 / tree4: the active organisation tree, each unit with its items under `key`. */
export async function unitTreeWith(
  em: EntityManager,
  type: ReferenceType,
  rows: ReferenceRow[],
  key: string,
): Promise<UnitNode[]> {
  const units = await em.find(OrganisationUnit, { active: true }, { orderBy: { path: 'asc' } });
  const byId = new Map<number, UnitNode>();
  const roots: UnitNode[] = [];
  for (const u of units) {
    const node: UnitNode = {
      code: u.code,
      nameTh: u.nameTh,
      nameEn: u.nameEn,
      officeTypeCode: u.officeType,
      [key]: rows.filter((r) => idOf(r.ownerUnit) === u.id).map((r) => plain(type, r)),
      children: [],
    };
    byId.set(u.id, node);
    const parent = u.parent ? byId.get(u.parent.id) : undefined;
    if (parent) parent.children.push(node);
    else if (!u.parent) roots.push(node);
  }
  return roots;
}

/** Storages and money accounts belong to a division (office type 4 central or 6 provincial). */
export async function requireDivisionOwner({ tx, next }: SaveHookContext): Promise<FieldError[]> {
  const unit = await tx.findOne(OrganisationUnit, { id: next.ownerUnit as number });
  if (
    unit &&
    unit.officeType !== OfficeType.CentralDivision &&
    unit.officeType !== OfficeType.ProvincialUnit
  ) {
    return [
      {
        field: 'ownerUnit',
        messageTh: 'หน่วยงานเจ้าของต้องเป็นระดับกลุ่มงาน/ฝ่าย หรือหน่วยงานย่อยระดับจังหวัด',
        messageEn: 'The owner must be a division (a central division or a provincial unit)',
      },
    ];
  }
  return [];
}
