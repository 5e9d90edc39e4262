import type { EntityManager } from '@mikro-orm/postgresql';
import { allowedChildTypes, OrganisationUnit } from '../../kits/core/organisation.entity';
import { demoOrganisation } from './organisation.demo-data';
import { type DemoUnit } from './organisation.demo-provinces';
import { OrganisationService } from './organisation.service';

/** Inserts the sample organisation when the tree is empty; returns how many units were added. */
export async function seedDemoOrganisation(
  em: EntityManager,
  tree: DemoUnit = demoOrganisation,
): Promise<number> {
  return em.transactional(async (tx) => {
    if ((await tx.count(OrganisationUnit, {})) > 0) return 0;
    let added = 0;
    // Saved a level at a time: a batch insert of a unit and its parent together first writes the
    // child without its parent, which the one-root index (organisation_unit_one_root) refuses.
    let level: { unit: DemoUnit; parent: OrganisationUnit | null }[] = [{ unit: tree, parent: null }];
    const create = (unit: DemoUnit, parent: OrganisationUnit | null) => {
      if (parent && !allowedChildTypes[parent.officeType as 1].includes(unit.officeType)) {
        throw new Error(`${unit.code}: office type ${unit.officeType} cannot be under ${parent.officeType}`);
      }
      const entity = tx.create(OrganisationUnit, {
        code: unit.code,
        nameTh: unit.nameTh,
        nameEn: unit.nameEn,
        officeType: unit.officeType,
        parent,
        province: unit.provinceId ?? null,
        subDistrict: unit.subDistrictId ?? null,
        addressLine: unit.addressLine ?? null,
        latitude: unit.latitude ?? null,
        longitude: unit.longitude ?? null,
        phone: unit.phone ?? null,
        openingHours: unit.openingHours ?? null,
        acceptsDonations: unit.acceptsDonations ?? false,
        taxId: unit.taxId ?? null,
        receiptStatement: unit.receiptStatement ?? null,
        receiptSignerName: unit.receiptSignerName ?? null,
        receiptSignerPosition: unit.receiptSignerPosition ?? null,
      });
      added++;
      return entity;
    };
    while (level.length) {
      const created = level.map(({ unit, parent }) => ({ unit, entity: create(unit, parent) }));
      await tx.flush();
      level = created.flatMap(({ unit, entity }) =>
        (unit.children ?? []).map((child) => ({ unit: child, parent: entity })),
      );
    }
    await new OrganisationService(tx).recomputePaths();
    return added;
  });
}
