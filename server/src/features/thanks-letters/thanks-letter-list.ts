import type { EntityManager } from '@mikro-orm/postgresql';
import { checkedPeriod, scopedPeriodSql } from '../../platform/auth/period-scope';
import type { Principal } from '../../platform/auth/principal';
import { containsPattern } from '../../platform/db/like';
import { badInput } from '../../platform/errors';
import { approvedDonationsSql } from '../donation-history';

// The thanks-letter list (view-thanks-letter-list, MN-148): approved donations (money and goods) in
// the caller's data scope, newest first, each with how often its letter was printed.

export interface ThanksLetterFilter {
  from?: string | null;
  to?: string | null;
  /** Text in the donor's code or name, or the donation's number. */
  search?: string | null;
  documentType?: string | null;
  currentPage: number;
  rows: number;
}

export interface ThanksLetterRow {
  documentType: string;
  id: number;
  number: string;
  donatedOn: string;
  donorId: number;
  donorName: string;
  /** The donor's English name; the Thai one where the record has none. */
  donorNameEn: string;
  unitName: string;
  /** The unit's English name; the Thai one where it has none. */
  unitNameEn: string;
  value: string;
  printCount: number;
}

export async function thanksLetterList(
  em: EntityManager,
  principal: Principal,
  f: ThanksLetterFilter,
): Promise<{ items: ThanksLetterRow[]; total: number }> {
  const scope = scopedPeriodSql(principal, { path: 'o.path', day: 'a.donated_on' }, checkedPeriod(f));
  const parts = [scope.sql];
  const params: unknown[] = [...scope.params];
  if (f.documentType) {
    if (f.documentType !== 'MONEY_DONATION' && f.documentType !== 'GOODS_DONATION')
      throw badInput(
        'ประเภทเอกสารต้องเป็น MONEY_DONATION หรือ GOODS_DONATION',
        'documentType must be MONEY_DONATION or GOODS_DONATION',
        { field: 'documentType' },
      );
    parts.push('a.document_type = ?');
    params.push(f.documentType);
  }
  const search = f.search?.trim();
  if (search) {
    const text = containsPattern(search);
    parts.push('(d.code ilike ? or d.name_th ilike ? or d.name_en ilike ? or a.number ilike ?)');
    params.push(text, text, text, text);
  }
  const from_ = `${approvedDonationsSql} a
      join organisation_unit o on o.id = a.unit_id
      join ref_donator d on d.id = a.donor_id
      left join thanks_letter_print t on t.document_type = a.document_type and t.document_id = a.id
     where ${parts.join(' and ')}`;
  const conn = em.getConnection();
  const [{ total }] = await conn.execute<{ total: number }[]>(
    `select count(*)::int as total from ${from_}`,
    params,
  );
  const rows = await conn.execute<Record<string, unknown>[]>(
    `select a.document_type, a.id, a.number, a.donated_on::text as donated_on, a.donor_id,
            case when d.donor_type = 'ANONYMOUS' then 'ผู้ไม่ประสงค์ออกนาม' else d.name_th end as donor_name,
            case when d.donor_type = 'ANONYMOUS' then 'Anonymous donor'
                 else coalesce(nullif(d.name_en, ''), d.name_th) end as donor_name_en,
            o.name_th as unit_name, coalesce(nullif(o.name_en, ''), o.name_th) as unit_name_en, a.value::numeric(20, 2)::text as value, coalesce(t.print_count, 0) as print_count
       from ${from_}
      order by a.donated_on desc, a.document_type, a.id desc
      limit ?::int offset ?::bigint`,
    [...params, f.rows, (f.currentPage - 1) * f.rows],
  );
  return {
    total,
    items: rows.map((r) => ({
      documentType: r.document_type as string,
      id: r.id as number,
      number: r.number as string,
      donatedOn: r.donated_on as string,
      donorId: r.donor_id as number,
      donorName: r.donor_name as string,
      donorNameEn: r.donor_name_en as string,
      unitName: r.unit_name as string,
      unitNameEn: r.unit_name_en as string,
      value: r.value as string,
      printCount: r.print_count as number,
    })),
  };
}
