import type { Language } from '../../platform/language';
import type { LoggedInUser } from '../../platform/session/session-types';

/** Title, first and last name as Thai official documents write them ("นางสาวสมหญิง ใจดี"). */
export function fullName(user: Pick<LoggedInUser, 'titleTh' | 'firstNameTh' | 'lastNameTh'>): string {
  return `${user.titleTh ?? ''}${user.firstNameTh} ${user.lastNameTh}`.trim();
}

/**
 * The organisation shown in the top bar, by office type (specification sec. 3): 1 ministry,
 * 2 department, 3 and 5 bureau, 4 and 6 division. Falls back to the unit's own name. In English,
 * the unit's English name where it has one (a session stored before these fields has none).
 */
export function organisationOf(user: LoggedInUser, language: Language = 'th'): string | null {
  const en = language === 'en';
  const ministry = (en && user.ministryEn) || user.ministry;
  const department = (en && user.departmentEn) || user.department;
  const bureau = (en && user.bureauEn) || user.bureau;
  const division = (en && user.divisionEn) || user.division;
  const byOfficeType: Record<number, string | null | undefined> = {
    1: ministry,
    2: department,
    3: bureau,
    4: division,
    5: bureau,
    6: division,
  };
  const name = user.officeTypeCode ? byOfficeType[user.officeTypeCode] : null;
  return name || (en && user.organisationNameEn) || user.organisationName || null;
}
