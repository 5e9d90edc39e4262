import { createHash } from 'node:crypto';

/** Hex SHA-256 of a one-time code (activation, reset): stored instead of the code itself. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
