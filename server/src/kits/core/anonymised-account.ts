// How an account reads once its personal data is removed (a donor's deletion request, a staff
// member's anonymisation: features/personal-data/anonymise.ts). Here, beside the accounts, so that
// the user service can recognise one without importing the personal-data feature (which imports it).

/** The username (and, with `@invalid`, the e-mail) of an anonymised account. */
export const anonymisedName = (userId: number) => `deleted-user-${userId}`;
/** A donor account's first name once anonymised; a staff member keeps their names. */
export const ANONYMISED_FIRST_NAME = 'ผู้ใช้ที่ลบข้อมูลแล้ว';
