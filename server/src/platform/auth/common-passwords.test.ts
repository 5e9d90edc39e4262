import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commonPasswordFile, isCommonPassword } from './common-passwords';

describe('common passwords', () => {
  it('ships 10,000 lower-case entries of 8 to 64 characters', () => {
    const lines = readFileSync(commonPasswordFile(), 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(10_000);
    expect(new Set(lines).size).toBe(lines.length);
    for (const line of lines) {
      expect(line).toBe(line.toLowerCase());
      expect(line.length).toBeGreaterThanOrEqual(8);
      expect(line.length).toBeLessThanOrEqual(64);
    }
  });

  it('knows the usual suspects', () => {
    for (const password of [
      'password',
      '12345678',
      'qwertyuiop',
      'iloveyou',
      'sunshine',
      'password1',
      'p@ssw0rd',
    ]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('compares case-insensitively', () => {
    expect(isCommonPassword('PassWord')).toBe(true);
    expect(isCommonPassword('QWERTYUIOP')).toBe(true);
    expect(isCommonPassword('Password1')).toBe(true);
  });

  it('treats repeats and straight runs as common', () => {
    for (const password of [
      '88888888',
      '00000000',
      'aaaaaaaa',
      '12341234',
      '123123123',
      '87654321',
      'abcdefgh',
    ]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('lets an uncommon password through', () => {
    expect(isCommonPassword('Xq7#vLm2pR9!tK4w')).toBe(false);
    expect(isCommonPassword(randomBytes(12).toString('base64'))).toBe(false);
    expect(isCommonPassword('ช้างเผือกบินได้2567')).toBe(false);
    expect(isCommonPassword('namjai-donor-2567-blue')).toBe(false);
  });
});
