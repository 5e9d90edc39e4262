import type { LoggedInUser } from '../../platform/session/session-types';

/** Title, first and last name as Thai official documents write them ("นางสาวสมหญิง ใจดี"). */
export function fullName(user: Pick<LoggedInUser, 'titleTh' | 'firstNameTh' | 'lastNameTh'>): string {
  return `${user.titleTh ?? ''}${user.firstNameTh} ${user.lastNameTh}`.trim();
}

/**
 * The organisation shown in the top bar, by office type (specification sec. 3): 1 ministry,
 * 2 department, 3 and 5 bureau, 4 and 6 division. Falls back to the unit's own name.
 */
export function organisationOf(user: LoggedInUser): string | null {
  const byOfficeType: Record<number, string | null | undefined> = {
    1: user.ministry,
    2: user.department,
    3: user.bureau,
    4: user.division,
    5: user.bureau,
    6: user.division,
  };
  const name = user.officeTypeCode ? byOfficeType[user.officeTypeCode] : null;
  return name || user.organisationName || null;
}
