import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../../../platform/errors';
import { OrganisationUnit } from '../../organisation/organisation.entity';
import { activeRows, type ReferenceRow, type ReferenceType } from '../reference-kit';
import { idOf, toView } from '../reference-view';

const plain = (type: ReferenceType, row: ReferenceRow) => {
  const view = toView(type, row);
  return { id: view.id, code: view.code, nameTh: view.nameTh, nameEn: view.nameEn, ...view.values };
};

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
