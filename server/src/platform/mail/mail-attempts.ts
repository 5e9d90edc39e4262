/** Attempts at one mail before it is given up (it stays in the outbox with its last error). */
export const MAIL_MAX_ATTEMPTS = 10;
