import { defineEntity, LockMode, p } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { audit } from '../../platform/audit/audit';
import type { Principal } from '../../platform/auth/principal';
import { badInput, notFound } from '../../platform/errors';

// The classes of the Order of Direkgunabhorn a donor can be proposed for, lowest first, and the
// cumulative donation value (baht) each asks for (docs/royal-decoration.md). The values are a small
// settings table staff change with edit-royal-decoration (MN-108); a proposal's requested class is the
// highest class whose value its total reaches. The seeded values are demo values to be confirmed with
// the ministry.

export class RoyalDecorationClass {
  declare code: string;
  /** 1 = the lowest class (the silver medal). */
  declare rank: number;
  declare nameTh: string;
  declare nameEn: string;
  /** The Thai abbreviation, e.g. บ.ภ. */
  declare abbreviation: string;
  /** The cumulative donation value a donor must reach, baht, "100000.00". */
  declare minValue: string;
  declare updatedBy: number | null;
  declare updatedAt: Date;
}

export const RoyalDecorationClassSchema = defineEntity({
  class: RoyalDecorationClass,
  tableName: 'royal_decoration_class',
  uniques: [{ name: 'royal_decoration_class_rank_key', properties: ['rank'] }],
  checks: [{ name: 'royal_decoration_class_min_value_check', expression: 'min_value > 0' }],
  properties: {
    code: p.string().length(20).primary(),
    rank: p.smallint(),
    nameTh: p.string().length(255),
    nameEn: p.string().length(255),
    abbreviation: p.string().length(20),
    minValue: p.decimal('string').precision(14).scale(2),
    updatedBy: p.integer().nullable(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

/** The classes and their demo values (docs/royal-decoration.md), lowest first. */
export const DECORATION_CLASSES = [
  {
    code: 'SILVER_MEDAL',
    nameTh: 'เหรียญเงินดิเรกคุณาภรณ์',
    nameEn: 'Silver Medal of the Order of Direkgunabhorn',
    abbreviation: 'ร.ง.ภ.',
    minValue: '100000.00',
  },
  {
    code: 'GOLD_MEDAL',
    nameTh: 'เหรียญทองดิเรกคุณาภรณ์',
    nameEn: 'Gold Medal of the Order of Direkgunabhorn',
    abbreviation: 'ร.ท.ภ.',
    minValue: '200000.00',
  },
  {
    code: 'FIFTH',
    nameTh: 'เบญจมดิเรกคุณาภรณ์',
    nameEn: 'Member (Fifth Class) of the Order of Direkgunabhorn',
    abbreviation: 'บ.ภ.',
    minValue: '500000.00',
  },
  {
    code: 'FOURTH',
    nameTh: 'จตุตถดิเรกคุณาภรณ์',
    nameEn: 'Member (Fourth Class) of the Order of Direkgunabhorn',
    abbreviation: 'จ.ภ.',
    minValue: '1000000.00',
  },
  {
    code: 'THIRD',
    nameTh: 'ตติยดิเรกคุณาภรณ์',
    nameEn: 'Companion (Third Class) of the Order of Direkgunabhorn',
    abbreviation: 'ต.ภ.',
    minValue: '3000000.00',
  },
  {
    code: 'SECOND',
    nameTh: 'ทวีติยดิเรกคุณาภรณ์',
    nameEn: 'Knight Commander (Second Class) of the Order of Direkgunabhorn',
    abbreviation: 'ท.ภ.',
    minValue: '6000000.00',
  },
  {
    code: 'FIRST',
    nameTh: 'ปฐมดิเรกคุณาภรณ์',
    nameEn: 'Knight Grand Cross (First Class) of the Order of Direkgunabhorn',
    abbreviation: 'ป.ภ.',
    minValue: '10000000.00',
  },
] as const;

/** The classes for the proposal's enum field, by code. */
export const decorationClassOptions = DECORATION_CLASSES.map((c) => ({
  value: c.code,
  label: { th: `${c.nameTh} (${c.abbreviation})`, en: c.nameEn },
}));

/** Adds the classes that are missing with their demo values; never changes a value staff set. */
export async function seedDecorationClasses(em: EntityManager): Promise<void> {
  await em.getConnection().execute(
    `insert into royal_decoration_class (code, rank, name_th, name_en, abbreviation, min_value, updated_at)
     values ${DECORATION_CLASSES.map(() => '(?, ?, ?, ?, ?, ?, now())').join(', ')}
     on conflict (code) do nothing`,
    DECORATION_CLASSES.flatMap((c, i) => [c.code, i + 1, c.nameTh, c.nameEn, c.abbreviation, c.minValue]),
  );
}

export async function decorationClasses(em: EntityManager): Promise<RoyalDecorationClass[]> {
  return em.find(RoyalDecorationClass, {}, { orderBy: { rank: 'asc' } });
}

/** The highest class whose value `total` reaches; null below the lowest. */
export function classFor(classes: RoyalDecorationClass[], total: number): RoyalDecorationClass | null {
  let found: RoyalDecorationClass | null = null;
  for (const c of classes) if (total >= Number(c.minValue)) found = c;
  return found;
}

const MONEY = /^\d{1,12}(\.\d{1,2})?$/;

/**
 * Sets the value a class asks for (edit-royal-decoration): a positive amount in baht with at most two
 * decimals, above the class below and below the class above, so a higher total never gets a lower
 * class. The classes are locked for the change, so two staff changing neighbours cannot cross them.
 */
export async function setDecorationClassValue(
  em: EntityManager,
  principal: Principal,
  code: string,
  minValue: string,
  origin: { ip: string | null; requestId: string | null },
): Promise<RoyalDecorationClass> {
  const value = minValue.trim().replace(/,/g, '');
  if (!MONEY.test(value) || Number(value) <= 0)
    throw badInput(
      'มูลค่าขั้นต่ำต้องเป็นจำนวนเงินบาทที่มากกว่าศูนย์ ทศนิยมไม่เกิน 2 ตำแหน่ง',
      'The minimum value must be an amount in baht above zero with at most two decimals',
      { field: 'minValue' },
    );
  return em.transactional(async (tx) => {
    const classes = await tx.find(
      RoyalDecorationClass,
      {},
      { orderBy: { rank: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    const at = classes.findIndex((c) => c.code === code);
    const target = classes[at];
    if (!target) throw notFound(`ไม่พบชั้นเครื่องราชอิสริยาภรณ์ ${code}`, `No decoration class ${code}`);
    const below = classes[at - 1];
    const above = classes[at + 1];
    if (below && Number(value) <= Number(below.minValue))
      throw badInput(
        `มูลค่าขั้นต่ำของ${target.nameTh}ต้องมากกว่าของ${below.nameTh} (${below.minValue} บาท)`,
        `The minimum value of the ${target.nameEn} must be above that of the ${below.nameEn} (${below.minValue} baht)`,
        { field: 'minValue' },
      );
    if (above && Number(value) >= Number(above.minValue))
      throw badInput(
        `มูลค่าขั้นต่ำของ${target.nameTh}ต้องน้อยกว่าของ${above.nameTh} (${above.minValue} บาท)`,
        `The minimum value of the ${target.nameEn} must be below that of the ${above.nameEn} (${above.minValue} baht)`,
        { field: 'minValue' },
      );
    const before = target.minValue;
    target.minValue = Number(value).toFixed(2);
    target.updatedBy = principal.userId;
    audit(tx, {
      event: 'DECORATION_CLASS_CHANGED',
      actorUserId: principal.userId,
      subject: `royal decoration class ${code}`,
      details: { code, from: before, to: target.minValue },
      ip: origin.ip,
      requestId: origin.requestId,
    });
    await tx.flush();
    return target;
  });
}
