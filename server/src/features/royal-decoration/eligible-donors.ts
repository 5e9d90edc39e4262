import type { EntityManager } from '@mikro-orm/postgresql';
import { scopePathSql } from '../../platform/auth/data-scope';
import { periodSql } from '../../platform/auth/period-scope';
import type { Principal } from '../../platform/auth/principal';
import { checkListedYearBE, fiscalYearBE } from '../../platform/dates';
import { approvedDonationsSql } from '../donation-history';
import { decorationClasses } from './decoration-classes';
import { fiscalYearEnd } from './proposal-donations';

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

/** The current fiscal year when none is given; else a year of the year list (platform/dates.ts). */
export function checkedFiscalYear(fiscalYear: number | null | undefined): number {
  return fiscalYear == null ? fiscalYearBE() : checkListedYearBE(fiscalYear, 'fiscalYear');
}

/**
 * The eligible donors as SQL, for `eligibleDonors` and report 4.5 (one rule, written once): one row
 * per donor, not anonymous, whose approved donations valued above zero and not yet counted in a live
 * proposal add up to at least the lowest class (royal_decoration_class). `conditions` is SQL over
 * `a` (the donation: approvedDonationsSql's columns), `o` (its owner unit) and `d` (the donor): the
 * caller's data scope and the days counted; its parameters are the caller's, and the statement has
 * none of its own. Columns: donor_id, code, name_th, name_en, donor_type, donation_count, total
 * (numeric), class_code (the highest class the total reaches) and, with `donations`, the donations
 * as JSON (EligibleDonation[], oldest first).
 */
export const eligibleDonorsSql = (conditions: string, options: { donations?: boolean } = {}) => `
  select d.id as donor_id, d.code, d.name_th, d.name_en, d.donor_type, count(*)::int as donation_count,
         sum(a.value) as total,
         (select c.code from royal_decoration_class c where c.min_value <= sum(a.value)
           order by c.min_value desc limit 1) as class_code${
             options.donations
               ? `,
         json_agg(json_build_object('documentType', a.document_type, 'id', a.id, 'number', a.number,
                    'donatedOn', a.donated_on::text, 'value', a.value::numeric(20, 2)::text)
                  order by a.donated_on, a.number) as donations`
               : ''
           }
    from ${approvedDonationsSql} a
    join organisation_unit o on o.id = a.unit_id
    join ref_donator d on d.id = a.donor_id
   where a.value > 0
     and d.donor_type <> 'ANONYMOUS'
     and not exists (
       select 1 from doc_royal_decoration_line l
        where l.counted
          and (case a.document_type when 'MONEY_DONATION' then l.money_donation else l.goods_donation end) = a.id)
     and ${conditions}
   group by d.id
  having sum(a.value) >= (select min(c.min_value) from royal_decoration_class c)`;

/** The eligible donors of a fiscal year (every donation dated up to its end), highest total first, with the donations not yet counted. */
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
  const period = periodSql('a.donated_on', { from: null, to: fiscalYearEnd(year) });
  const rows = await em.getConnection().execute<
    {
      donor_id: number;
      code: string;
      name_th: string;
      name_en: string | null;
      donor_type: string;
      total: string;
      class_code: string;
      donations: EligibleDonation[];
    }[]
  >(
    `select e.donor_id, e.code, e.name_th, e.name_en, e.donor_type, e.total::numeric(20, 2)::text as total,
            e.class_code, e.donations
       from (${eligibleDonorsSql(`${scope.sql} and ${period.sql}`, { donations: true })}) e
      order by e.total desc, e.code`,
    [...scope.params, ...period.params],
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
      classCode: r.class_code,
      donations: r.donations,
    })),
  };
}
