import { commonLists } from '../../../kits/core/common-lists.data';
import { defineReferenceType } from '../../../kits/reference/reference-define';
import { field, optionsOf, type ReferenceRow } from '../../../kits/reference/reference-kit';
import { activeRows } from '../../../kits/reference/reference-rows';
import { countingUnit } from './counting-unit.reference';
import { resourceMain } from './resource-main.reference';
import { resourceSub } from './resource-sub.reference';
import { sizeWeight } from './size-weight.reference';

const idOf = (ref: unknown) => (ref as { id: number } | null)?.id ?? null;

export const resource = defineReferenceType({
  type: 'RESOURCE',
  key: 'resource',
  table: 'ref_resource',
  label: { th: 'สิ่งของ', en: 'Resource' },
  menus: { view: ['MN-011'], save: ['MN-010'] },
  fields: [
    field.code({ maxLength: 20 }),
    field.nameTh(),
    field.nameEn(),
    field.reference('resourceSub', { th: 'หมวดหมู่ย่อย', en: 'Sub-category' }, () => resourceSub, {
      required: true,
      list: true,
    }),
    field.reference('countingUnit', { th: 'หน่วยนับ', en: 'Counting unit' }, () => countingUnit, {
      required: true,
      list: true,
    }),
    field.reference('sizeWeight', { th: 'ขนาดและน้ำหนัก', en: 'Size and weight' }, () => sizeWeight),
    field.enum(
      'character',
      { th: 'ลักษณะสิ่งของ', en: 'Character' },
      optionsOf(commonLists['resource-character']),
      {
        list: true,
      },
    ),
    field.text('description', { th: 'รายละเอียด', en: 'Description' }, { maxLength: 1000 }),
  ],
  legacyLists: [
    {
      // Main categories with their sub-categories and active resources, nested.
      method: 'GET',
      url: '/common/resource-tree',
      handler: async ({ em, type }) => {
        const [mains, subs, items] = await Promise.all([
          activeRows(em, resourceMain),
          activeRows(em.fork(), resourceSub),
          activeRows(em.fork(), type, {}, ['countingUnit']),
        ]);
        const node = (r: ReferenceRow) => ({ id: r.id, code: r.code, nameTh: r.nameTh, nameEn: r.nameEn });
        return mains.map((m) => ({
          ...node(m),
          children: subs
            .filter((s) => idOf(s.resourceMain) === m.id)
            .map((s) => ({
              ...node(s),
              children: items
                .filter((i) => idOf(i.resourceSub) === s.id)
                .map((i) => ({
                  ...node(i),
                  countingUnitCode: (i.countingUnit as ReferenceRow | null)?.code ?? null,
                  countingUnitName: (i.countingUnit as ReferenceRow | null)?.nameTh ?? null,
                })),
            })),
        }));
      },
    },
    {
      // Every active resource in one flat list with its categories and counting unit.
      method: 'GET',
      url: '/common/resource-tree2',
      handler: async ({ em, type }) =>
        (await activeRows(em, type, {}, ['resourceSub.resourceMain', 'countingUnit'])).map((i) => {
          const sub = i.resourceSub as ReferenceRow;
          const main = sub.resourceMain as ReferenceRow;
          const unit = i.countingUnit as ReferenceRow;
          return {
            id: i.id,
            code: i.code,
            nameTh: i.nameTh,
            nameEn: i.nameEn,
            character: i.character,
            resourceMainCode: main.code,
            resourceMainName: main.nameTh,
            resourceSubCode: sub.code,
            resourceSubName: sub.nameTh,
            countingUnitCode: unit.code,
            countingUnitName: unit.nameTh,
          };
        }),
    },
  ],
});
