import type { EntityManager } from '@mikro-orm/postgresql';
import { District, Province, SubDistrict } from '../../kits/core/geography.entity';
import { containsPattern, prefixPattern } from '../../platform/db/like';
import { badInput } from '../../platform/errors';

// Thai dictionary order (leading vowels such as เ and แ are skipped when sorting), which neither
// the database's C collation nor a plain code-point sort gives.
const thaiCollator = new Intl.Collator('th');
export const byThaiName = (a: { nameTh: string }, b: { nameTh: string }) =>
  thaiCollator.compare(a.nameTh, b.nameTh);

export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 100;
const SEARCH_TEXT_MAX = 100;

/** Escapes LIKE wildcards so what a user types is matched literally. */

/** Reads of the Thai geography for GraphQL and REST; the data is reference data, read-only here. */
export class GeographyService {
  constructor(private readonly em: EntityManager) {}

  async provinces(): Promise<Province[]> {
    return (await this.em.find(Province, {})).sort(byThaiName);
  }

  async districts(provinceId: number): Promise<District[]> {
    return (await this.em.find(District, { province: provinceId })).sort(byThaiName);
  }

  subDistrict(id: number): Promise<SubDistrict | null> {
    return this.em.findOne(SubDistrict, { id });
  }

  async subDistricts(districtId: number): Promise<SubDistrict[]> {
    return (await this.em.find(SubDistrict, { district: districtId })).sort(byThaiName);
  }

  /**
   * Sub-districts whose Thai name contains the text (ILIKE on the trigram index), or, when the text
   * is digits, whose postcode starts with it. Exact and prefix name matches come first, so typing a
   * whole name finds that place even when many others contain it.
   */
  async searchSubDistricts(text: string, limit = SEARCH_LIMIT_DEFAULT): Promise<SubDistrict[]> {
    const term = text.trim();
    if (term.length === 0 || term.length > SEARCH_TEXT_MAX) {
      throw badInput(
        `กรุณาระบุคำค้นหา 1 ถึง ${SEARCH_TEXT_MAX} ตัวอักษร`,
        `Give 1 to ${SEARCH_TEXT_MAX} characters to search for`,
      );
    }
    if (!Number.isInteger(limit) || limit < 1 || limit > SEARCH_LIMIT_MAX) {
      throw badInput(
        `จำนวนผลลัพธ์ต้องอยู่ระหว่าง 1 ถึง ${SEARCH_LIMIT_MAX}`,
        `The limit must be between 1 and ${SEARCH_LIMIT_MAX}`,
      );
    }
    const postcodePrefix = /^\d{1,5}$/.test(term) ? `${term}%` : null;
    const rows = await this.em.getConnection().execute<Record<string, unknown>[]>(
      `select * from geo_sub_district
       where name_th ilike ? or postcode like ?
       order by case when name_th = ? then 0 when name_th ilike ? then 1 else 2 end, postcode, name_th, id
       limit ?`,
      [containsPattern(term), postcodePrefix ?? '', term, prefixPattern(term), limit],
      'all',
      this.em.getTransactionContext(),
    );
    return rows.map((row) => this.em.map(SubDistrict, row));
  }
}
