import type { EntityManager } from '@mikro-orm/postgresql';
import { scopePathSql } from '../../platform/auth/data-scope';
import type { Principal } from '../../platform/auth/principal';
import { fiscalYearBE } from '../../platform/dates';
import { badInput } from '../../platform/errors';
import { approvedDonationsSql } from '../donation-history/donation-values';
import { classFor, decorationClasses } from './decoration-classes';
import { fiscalYearEnd } from './royal-decoration.document';

// Donors who may be proposed for a royal decoration (report 4.5, docs/royal-decoration.md): the
// cumulative value of their approved donations in the caller's data scope, dated up to the end of
// the fiscal year and not yet counted in a live proposal, reaches the lowest class. Anonymous donors
// are left out: nobody can be proposed for them. Each donor comes with those donations, which a new
// proposal counts when a person starts one from the list.

export interface EligibleDonation {
  documentType: string;
  id: number;
  number: string;
  donatedOn: string;
  value: string;
}

export interface EligibleDonor {
  donorId: number;
  donorCode: string;
  donorNameTh: string;
  donorNameEn: string | null;
  donorType: string;
  donationCount: number;
  totalValue: string;
  /** The class the total reaches now. */
  classCode: string;
  donations: EligibleDonation[];
}

/** The current fiscal year when none is given; a year from 2540 to next year's. */
export function checkedFiscalYear(fiscalYear: number | null | undefined): number {
  const current = fiscalYearBE();
  const year = fiscalYear ?? current;
  if (!Number.isInteger(year) || year < 2540 || year > current + 1)
    throw badInput(
      `ปีงบประมาณต้องเป็นปี พ.ศ. ตั้งแต่ 2540 ถึง ${current + 1}`,
      `The fiscal year must be a Buddhist-era year from 2540 to ${current + 1}`,
      { field: 'fiscalYear' },
    );
  return year;
}

/** The eligible donors of a fiscal year, highest total first, with the donations not yet counted. */
export async function eligibleDonors(
  em: EntityManager,
  principal: Principal,
  fiscalYear: number | null | undefined,
): Promise<{ fiscalYear: number; donors: EligibleDonor[] }> {
  const year = checkedFiscalYear(fiscalYear);
  const classes = await decorationClasses(em);
  const lowest = classes[0];
  if (!lowest) return { fiscalYear: year, donors: [] };
  const scope = scopePathSql(principal, 'o.path');
  const rows = await em.getConnection().execute<
    {
      donor_id: number;
      code: string;
      name_th: string;
      name_en: string | null;
      donor_type: string;
      total: string;
      donations: EligibleDonation[];
    }[]
  >(
    `select d.id as donor_id, d.code, d.name_th, d.name_en, d.donor_type,
            sum(a.value)::numeric(20, 2)::text as total,
            json_agg(json_build_object('documentType', a.document_type, 'id', a.id, 'number', a.number,
                       'donatedOn', a.donated_on::text, 'value', a.value::numeric(20, 2)::text)
                     order by a.donated_on, a.number) as donations
       from ${approvedDonationsSql} a
       join organisation_unit o on o.id = a.unit_id
       join ref_donator d on d.id = a.donor_id
      where ${scope.sql}
        and a.donated_on <= ?::date
        and a.value > 0
        and d.donor_type <> 'ANONYMOUS'
        and not exists (
          select 1 from doc_royal_decoration_line l
           where l.counted
             and (case a.document_type when 'MONEY_DONATION' then l.money_donation else l.goods_donation end) = a.id)
      group by d.id
     having sum(a.value) >= ?::numeric
      order by sum(a.value) desc, d.code`,
    [...scope.params, fiscalYearEnd(year), lowest.minValue],
    'all',
    // Inside a command (startRoyalDecorationProposal): on its connection, not a second one.
    em.isInTransaction() ? em.getTransactionContext() : undefined,
  );
  return {
    fiscalYear: year,
    donors: rows.map((r) => ({
      donorId: r.donor_id,
      donorCode: r.code,
      donorNameTh: r.name_th,
      donorNameEn: r.name_en,
      donorType: r.donor_type,
      donationCount: r.donations.length,
      totalValue: r.total,
      classCode: classFor(classes, Number(r.total))?.code ?? lowest.code,
      donations: r.donations,
    })),
  };
}
