import type { EntityManager } from '@mikro-orm/postgresql';
import { countingUnit } from './types/counting-unit.reference';

/** Common counting units for the demo database; adds the codes that are missing. */
export const demoCountingUnits = [
  { code: 'PIECE', nameTh: 'ชิ้น', nameEn: 'piece', abbreviation: 'ชิ้น' },
  { code: 'BOX', nameTh: 'กล่อง', nameEn: 'box', abbreviation: 'กล.' },
  { code: 'PACK', nameTh: 'แพ็ค', nameEn: 'pack', abbreviation: 'แพ็ค' },
  { code: 'BOTTLE', nameTh: 'ขวด', nameEn: 'bottle', abbreviation: 'ขวด' },
  { code: 'KG', nameTh: 'กิโลกรัม', nameEn: 'kilogram', abbreviation: 'กก.' },
  { code: 'LITRE', nameTh: 'ลิตร', nameEn: 'litre', abbreviation: 'ล.' },
  { code: 'SET', nameTh: 'ชุด', nameEn: 'set', abbreviation: 'ชุด' },
  { code: 'BAG', nameTh: 'ถุง', nameEn: 'bag', abbreviation: 'ถุง' },
];

export async function seedDemoCountingUnits(em: EntityManager): Promise<number> {
  const rows = await em.getConnection().execute<unknown[]>(
    `insert into ${countingUnit.table} (code, name_th, name_en, abbreviation, status_code, created_at, updated_at)
     select code, name_th, name_en, abbreviation, 'A', now(), now()
     from json_to_recordset(?::json) as x(code text, name_th text, name_en text, abbreviation text)
     on conflict (code) do nothing
     returning id`,
    [
      JSON.stringify(
        demoCountingUnits.map((u) => ({
          code: u.code,
          name_th: u.nameTh,
          name_en: u.nameEn,
          abbreviation: u.abbreviation,
        })),
      ),
    ],
  );
  return rows.length;
}
