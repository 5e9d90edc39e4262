import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../errors';
import { auditRefusal } from './access-guard';
import { inScope, SYSTEM_ADMINISTRATOR_GROUP } from './data-scope';
import type { Principal } from './principal';

// The one grant rule (docs/security.md, "No one grants what they do not hold"). Every path that gives
// a person rights goes through it: admin edit of a user's group or unit, registration approval,
// transfer approval, a status change that activates an account, and the edit of a group's menus.
//
// - A person gets a group only from someone who holds every menu of that group, inside the
//   granter's data scope; the system administrators' group (UG-A01) only from a system administrator.
// - A group's menus are changed only by someone who holds every menu they add, and never by its own
//   members; UG-A01 (always every menu) is edited by no one.
// - No one changes their own group, status or unit.

/** Why a grant was refused: stable codes for the audit trail and the error's details. */
export type GrantRefusal =
  | 'SELF'
  | 'SYSTEM_ADMINISTRATOR_ONLY'
  | 'MENUS_NOT_HELD'
  | 'OUT_OF_SCOPE'
  | 'OWN_GROUP'
  | 'FIXED_GROUP';

/** A person receiving a group's rights (in the unit that becomes their data scope). */
export interface GrantToUser {
  /** The person given the rights; null for a group edit. */
  userId: number;
  /** The group they will hold and its active menu codes. */
  groupCode: string;
  groupMenus: Iterable<string>;
  /** The unit their rights will reach (its materialised path); null: a person without a unit. */
  unitPath: string | null;
}

const messages: Record<GrantRefusal, [string, string]> = {
  SELF: ['ไม่สามารถเปลี่ยนกลุ่ม สถานะ หรือหน่วยงานของตนเองได้', 'You cannot change your own group, status or unit'],
  SYSTEM_ADMINISTRATOR_ONLY: [
    'กลุ่มผู้ดูแลระบบให้ได้เฉพาะผู้ดูแลระบบ',
    'Only a system administrator can give the system administrators’ group',
  ],
  MENUS_NOT_HELD: [
    'ให้สิทธิ์ได้เฉพาะเมนูที่ท่านมีเอง กลุ่มนี้มีเมนูที่ท่านไม่มี',
    'You can only give rights you hold yourself: this group has menus you do not hold',
  ],
  OUT_OF_SCOPE: [
    'ให้สิทธิ์ได้เฉพาะผู้ใช้ในหน่วยงานของท่าน',
    'You can only give rights to people inside your own organisation',
  ],
  OWN_GROUP: ['ไม่สามารถแก้ไขกลุ่มผู้ใช้งานที่ตนเองสังกัดได้', 'You cannot edit the user group you belong to'],
  FIXED_GROUP: [
    'กลุ่มผู้ดูแลระบบมีทุกเมนูเสมอ แก้ไขไม่ได้',
    'The system administrators’ group always holds every menu and cannot be edited',
  ],
};

/** The error of a refused grant: 403, its reason in `details` (and the menus not held, if any). */
export function grantRefused(reason: GrantRefusal, missing: readonly string[] = []): AppError {
  const [th, en] = messages[reason];
  return new AppError('FORBIDDEN', 403, th, en, {
    reason: `GRANT_${reason}`,
    ...(missing.length ? { menusNotHeld: [...missing].sort() } : {}),
  });
}

const notHeld = (principal: Principal, codes: Iterable<string>) =>
  [...new Set(codes)].filter((c) => !principal.menuCodes.has(c));

/** Why the principal may not give anyone the group `groupCode` with these menus, or null. */
export function groupGrantRefusal(
  principal: Principal,
  groupCode: string,
  groupMenus: Iterable<string>,
): AppError | null {
  if (groupCode === SYSTEM_ADMINISTRATOR_GROUP && principal.groupCode !== SYSTEM_ADMINISTRATOR_GROUP)
    return grantRefused('SYSTEM_ADMINISTRATOR_ONLY');
  if (principal.kind !== 'STAFF') return grantRefused('MENUS_NOT_HELD');
  const missing = notHeld(principal, groupMenus);
  return missing.length ? grantRefused('MENUS_NOT_HELD', missing) : null;
}

/** Why the principal may not give `grant`, or null when they may. */
export function grantToUserRefusal(principal: Principal, grant: GrantToUser): AppError | null {
  if (grant.userId === principal.userId) return grantRefused('SELF');
  const refusal = groupGrantRefusal(principal, grant.groupCode, grant.groupMenus);
  if (refusal) return refusal;
  if (!inScope(principal, grant.unitPath)) return grantRefused('OUT_OF_SCOPE');
  return null;
}

/** Why the principal may not set group `groupCode`'s menus from `before` to `after`, or null. */
export function groupEditRefusal(
  principal: Principal,
  groupCode: string,
  before: Iterable<string>,
  after: Iterable<string>,
): AppError | null {
  if (groupCode === SYSTEM_ADMINISTRATOR_GROUP) return grantRefused('FIXED_GROUP');
  if (groupCode === principal.groupCode) return grantRefused('OWN_GROUP');
  if (principal.kind !== 'STAFF') return grantRefused('MENUS_NOT_HELD');
  const had = new Set(before);
  const missing = notHeld(
    principal,
    [...after].filter((c) => !had.has(c)),
  );
  return missing.length ? grantRefused('MENUS_NOT_HELD', missing) : null;
}

/** Where a refusal came from, for the audit trail. */
export interface GrantOrigin {
  ip: string | null;
  requestId: string | null;
}

/**
 * Throws the refusal when there is one, after writing it to the audit trail (PERMISSION_REFUSED, in
 * its own fork: the refused command's transaction rolls back, the audit does not).
 */
export async function assertGrant(
  em: EntityManager,
  principal: Principal,
  refusal: AppError | null,
  target: string,
  origin: GrantOrigin = { ip: null, requestId: null },
): Promise<void> {
  if (!refusal) return;
  await auditRefusal(em, principal, target, { ...refusal.details }, origin);
  throw refusal;
}
