import { argon2id, hash, verify } from 'argon2';
import { badInput } from '../errors';
import { isCommonPassword } from './common-passwords';

// product-decisions sec. 2: argon2id with m 19 MiB, t 2, p 1 (OWASP's baseline).
const argonOptions = { type: argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export const passwordLength = { min: 8, max: 64 };

/** Refuses passwords outside 8..64 characters or on the bundled list of common passwords. */
export function assertAcceptablePassword(password: string): void {
  const length = [...password].length;
  if (length < passwordLength.min || length > passwordLength.max) {
    throw badInput(
      `รหัสผ่านต้องมีความยาว ${passwordLength.min} ถึง ${passwordLength.max} ตัวอักษร`,
      `The password must be ${passwordLength.min} to ${passwordLength.max} characters long`,
    );
  }
  if (isCommonPassword(password)) {
    throw badInput(
      'รหัสผ่านนี้ถูกใช้กันทั่วไปและคาดเดาได้ง่าย กรุณาตั้งรหัสผ่านอื่น',
      'This password is too common and easy to guess; please choose another',
    );
  }
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, argonOptions);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this when the user does not exist keeps the response time the same, so a
// login cannot tell whether a username exists.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-only-for-timing');
  return dummyHash;
}
