import type { EntityManager } from '@mikro-orm/postgresql';
import type { DocumentRow, DocumentType } from '../../kits/documents/document-kit';
import { documentScopeWhere } from '../../kits/documents/document-scope';
import { checkValue, validationError } from '../../kits/reference/reference-check';
import { type FieldError, field } from '../../kits/reference/reference-kit';
import type { Principal } from '../../platform/auth/principal';

// The donations a root field of the donations API answers: the document kit's data-scope rule
// (documentScopeWhere, the one every document list uses) and the caller's filters, one page newest
// first in one statement; the total only when asked for, in one more.

export interface DonationFilter {
  /** The donation's date from and to, inclusive (YYYY-MM-DD). */
  from: string | null;
  to: string | null;
  status: string | null;
  /** A unit: donations it or a unit below it owns. */
  unitId: number | null;
  donorId: number | null;
}

/** Which header fields of the type the filters read. */
export interface DonationFields {
  date: string;
  donor: string;
}

const periodFields = {
  from: field.date('from', { th: 'วันที่เริ่มต้น', en: 'from' }),
  to: field.date('to', { th: 'วันที่สิ้นสุด', en: 'to' }),
};

/** The period's days, checked: real dates (YYYY-MM-DD), `from` not after `to`. */
function period(filter: DonationFilter): { from: string | null; to: string | null } {
  const errors: FieldError[] = [];
  const day = (name: 'from' | 'to') => {
    const checked = checkValue(periodFields[name], filter[name]);
    if ('error' in checked) errors.push(checked.error);
    return 'value' in checked ? (checked.value as string | null) : null;
  };
  const from = day('from');
  const to = day('to');
  if (from && to && from > to)
    errors.push({
      field: 'to',
      messageTh: 'วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่มต้น',
      messageEn: 'to must not be before from',
    });
  if (errors.length) throw validationError(errors);
  return { from, to };
}

/** The where-condition of a page: the caller's data scope and the filters. */
export function donationWhere(
  type: DocumentType,
  fields: DonationFields,
  principal: Principal,
  filter: DonationFilter,
): Record<string, unknown> {
  const where: Record<string, unknown>[] = [documentScopeWhere(type, principal)];
  const { from, to } = period(filter);
  if (from || to)
    where.push({ [fields.date]: { ...(from ? { $gte: from } : {}), ...(to ? { $lte: to } : {}) } });
  if (filter.status) where.push({ status: filter.status });
  // A unit's path lists the ids from the root (/1/4/17/): the unit and those below it hold /<id>/.
  if (filter.unitId) where.push({ ownerUnit: { path: { $like: `%/${filter.unitId}/%` } } });
  if (filter.donorId) where.push({ [fields.donor]: filter.donorId });
  return { $and: where };
}

/**
 * One page of donations, newest first (the order of the document lists), as plain rows: the columns
 * by property name, a reference as its id. Nothing is hydrated into entities: a page is only read.
 */
export function donationPage(
  em: EntityManager,
  type: DocumentType,
  where: Record<string, unknown>,
  currentPage: number,
  rows: number,
): Promise<DocumentRow[]> {
  return em
    .createQueryBuilder(type.entity)
    .select('*')
    .where(where as never)
    .orderBy({ createdAt: 'desc', id: 'desc' } as never)
    .limit(rows)
    .offset((currentPage - 1) * rows)
    .execute('all', true) as Promise<DocumentRow[]>;
}

/**
 * The header every document of the integrator APIs shows, from a page row: id, number, fiscal year,
 * status, remark and times. One mapping for the donations' and the disbursements' types.
 */
export const documentHeaderFields = (row: DocumentRow) => ({
  id: row.id,
  number: row.number,
  fiscalYear: row.fiscalYear,
  status: row.status,
  remark: row.remark,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export function donationCount(
  em: EntityManager,
  type: DocumentType,
  where: Record<string, unknown>,
): Promise<number> {
  return em.count(type.entity, where);
}
