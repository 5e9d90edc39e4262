import type { EntityManager } from '@mikro-orm/postgresql';
import { OrganisationUnit } from '../../kits/core/organisation.entity';
import { RequestStatus, User } from '../../kits/core/user.entity';
import { scopePathCondition } from '../../platform/auth/data-scope';
import type { Principal } from '../../platform/auth/principal';
import { parseBEDate } from '../../platform/dates';
import { containsPattern, prefixPattern } from '../../platform/db/like';
import { TransferRequest } from '../identity';

export interface UserSearch {
  currentPage: number;
  rows: number;
  office_type_code?: number | null;
  ministry_code?: string | null;
  department_code?: string | null;
  bureau_code?: string | null;
  division_code?: string | null;
  idc?: string | null;
  firstname_th?: string | null;
  lastname_th?: string | null;
  from_dt?: string | null;
  to_dt?: string | null;
  user_status_code?: string | null;
  request_status_code?: string | null;
  pending_transfer?: boolean | null;
  sort?: string | null;
  direction?: string | null;
}

const sortable: Record<string, string> = {
  username: 'username',
  firstname_th: 'firstNameTh',
  lastname_th: 'lastNameTh',
  created_at: 'createdAt',
  createdAt: 'createdAt',
  user_status_code: 'userStatusCode',
};

/** The user search of spec sec. 3, always inside the principal's subtree. */
export async function searchUsers(
  em: EntityManager,
  principal: Principal,
  f: UserSearch,
): Promise<{ items: User[]; total: number }> {
  const where: Record<string, unknown> = { kind: 'STAFF' };
  const unitWhere: Record<string, unknown> = {};
  const scopeCode = f.division_code || f.bureau_code || f.department_code || f.ministry_code;
  if (scopeCode) {
    const unit = await em.findOne(OrganisationUnit, { code: scopeCode });
    if (!unit) return { items: [], total: 0 };
    unitWhere.path = { $like: prefixPattern(unit.path) };
  }
  const scope = scopePathCondition(principal);
  // Pending transfers are decided by the destination's administrators: they see the people asking
  // to come in, wherever those work now; the administrators of where they work see them too.
  if (scope && !f.pending_transfer) unitWhere.$and = [{ path: scope }];
  if (f.office_type_code) unitWhere.officeType = f.office_type_code;
  if (Object.keys(unitWhere).length) where.organisationUnit = unitWhere;
  if (f.idc) where.citizenId = { $like: prefixPattern(f.idc.trim()) };
  if (f.firstname_th) where.firstNameTh = { $ilike: containsPattern(f.firstname_th.trim()) };
  if (f.lastname_th) where.lastNameTh = { $ilike: containsPattern(f.lastname_th.trim()) };
  const created: Record<string, Date> = {};
  if (f.from_dt) created.$gte = parseBEDate(f.from_dt);
  if (f.to_dt) created.$lte = parseBEDate(f.to_dt, 'end');
  if (Object.keys(created).length) where.createdAt = created;
  if (f.user_status_code) where.userStatusCode = f.user_status_code;
  if (f.request_status_code) where.requestStatusCode = f.request_status_code;
  if (f.pending_transfer) {
    const rows = await em.find(
      TransferRequest,
      {
        statusCode: RequestStatus.Pending,
        ...(scope
          ? { $or: [{ toUnit: { path: scope } }, { user: { organisationUnit: { path: scope } } }] }
          : {}),
      },
      { fields: ['user'] },
    );
    where.id = { $in: rows.map((r) => r.user.id) };
  }
  const field = sortable[f.sort ?? ''] ?? 'createdAt';
  const direction =
    f.direction?.toLowerCase() === 'asc'
      ? 'asc'
      : f.sort
        ? f.direction?.toLowerCase() === 'desc'
          ? 'desc'
          : 'asc'
        : 'desc';
  const rows = Math.min(Math.max(f.rows || 20, 1), 200);
  const page = Math.max(f.currentPage || 1, 1);
  const [items, total] = await em.findAndCount(User, where, {
    orderBy: { [field]: direction, id: 'asc' },
    limit: rows,
    offset: (page - 1) * rows,
    populate: ['organisationUnit', 'userGroup'],
  });
  return { items, total };
}
