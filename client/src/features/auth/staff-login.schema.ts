import { USERNAME_MAX } from '../../ui/validation/schemas';
import { object, string } from '../../ui/validation/yup';

export interface StaffLoginValues {
  username: string;
  password: string;
}

export const STAFF_LOGIN_INITIAL_VALUES: StaffLoginValues = { username: '', password: '' };

/** Messages are translation keys, translated when shown, so a language switch also changes them. */
export type StaffLoginMessageKey = 'auth.staffLogin.usernameRequired' | 'auth.staffLogin.passwordRequired';

export function isStaffLoginMessageKey(value: unknown): value is StaffLoginMessageKey {
  return value === 'auth.staffLogin.usernameRequired' || value === 'auth.staffLogin.passwordRequired';
}

// Login only checks presence: password rules apply when a password is set, and repeating them here
// would tell an attacker the policy and lock out accounts whose password predates a rule change. The
// username's length is no secret: no account has a longer one (a donor's is their e-mail).
export const staffLoginSchema = object({
  username: string()
    .trim()
    .required('auth.staffLogin.usernameRequired' satisfies StaffLoginMessageKey)
    .max(USERNAME_MAX),
  password: string().required('auth.staffLogin.passwordRequired' satisfies StaffLoginMessageKey),
});

/** The login payload lower-cases the username (specification sec. 3). */
export function normaliseStaffLogin(values: StaffLoginValues): StaffLoginValues {
  return { username: values.username.trim().toLowerCase(), password: values.password };
}
