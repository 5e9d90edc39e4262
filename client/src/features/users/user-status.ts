/** Product decisions sec. 2: user N registered, A active, I inactive, L locked; request P, A, R. */
export const USER_STATUS_CODES = ['N', 'A', 'I', 'L'] as const;
export const REQUEST_STATUS_CODES = ['P', 'A', 'R'] as const;

export type UserStatusCode = (typeof USER_STATUS_CODES)[number];
export type RequestStatusCode = (typeof REQUEST_STATUS_CODES)[number];

export const USER_STATUS_LABEL = {
  N: 'user.status.N',
  A: 'user.status.A',
  I: 'user.status.I',
  L: 'user.status.L',
} as const satisfies Record<UserStatusCode, string>;

export const REQUEST_STATUS_LABEL = {
  P: 'user.request.P',
  A: 'user.request.A',
  R: 'user.request.R',
} as const satisfies Record<RequestStatusCode, string>;

export const USER_STATUS_COLOR: Record<UserStatusCode, string> = {
  N: 'gray',
  A: 'green',
  I: 'red',
  L: 'orange',
};
export const REQUEST_STATUS_COLOR: Record<RequestStatusCode, string> = { P: 'yellow', A: 'green', R: 'red' };

export function isUserStatus(code: string): code is UserStatusCode {
  return (USER_STATUS_CODES as readonly string[]).includes(code);
}

export function isRequestStatus(code: string): code is RequestStatusCode {
  return (REQUEST_STATUS_CODES as readonly string[]).includes(code);
}

/** A staff account whose personal data has been removed (docs/staff-anonymisation.md). */
export const isAnonymised = (user: { id: string; username: string }) =>
  user.username === `deleted-user-${user.id}`;
