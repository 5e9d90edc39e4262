import type { User } from '../../kits/core/user.entity';

/**
 * A staff user as the legacy /api/admin calls return it (list-users, approve-user, get-userdata):
 * the same fields as the GraphQL User type, named as the specification's payloads name them, and
 * nothing else (no hashes, lockout or approval internals).
 */
export interface UserRecord {
  userId: number;
  username: string;
  email: string;
  titleTh: string | null;
  firstNameTh: string;
  lastNameTh: string;
  firstNameEn: string | null;
  lastNameEn: string | null;
  idc: string | null;
  phone: string | null;
  position: string | null;
  user_status_code: string;
  request_status_code: string;
  rejectReason: string | null;
  userGroupCode: string;
  organisationUnitCode: string | null;
  organisationUnitNameTh: string | null;
  officeTypeCode: number | null;
  createdAt: string;
  lastLoginAt: string | null;
}

/** Maps a user whose organisation unit is loaded (or absent) to its REST record. */
export function toUserRecord(user: User): UserRecord {
  const unit = user.organisationUnit?.isInitialized() ? user.organisationUnit.getEntity() : null;
  return {
    userId: user.id,
    username: user.username,
    email: user.email,
    titleTh: user.titleTh,
    firstNameTh: user.firstNameTh,
    lastNameTh: user.lastNameTh,
    firstNameEn: user.firstNameEn,
    lastNameEn: user.lastNameEn,
    idc: user.citizenId,
    phone: user.phone,
    position: user.position,
    user_status_code: user.userStatusCode,
    request_status_code: user.requestStatusCode,
    rejectReason: user.rejectReason,
    userGroupCode: user.userGroup.code,
    organisationUnitCode: unit?.code ?? null,
    organisationUnitNameTh: unit?.nameTh ?? null,
    officeTypeCode: unit?.officeType ?? null,
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
  };
}
