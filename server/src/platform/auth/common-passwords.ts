import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findRepoRoot } from '../config';

// The bundled list (server/data/common-passwords, MIT, see its LICENSE and README): 10,000 common
// passwords of 8 to 64 characters, lower-case. Read once, on first use.

let commonPasswords: ReadonlySet<string> | undefined;

export function commonPasswordFile(repoRoot = findRepoRoot()): string {
  return join(repoRoot, 'server', 'data', 'common-passwords', 'passwords.txt');
}

function loadCommonPasswords(): ReadonlySet<string> {
  if (!commonPasswords) {
    const lines = readFileSync(commonPasswordFile(), 'utf8').split('\n');
    commonPasswords = new Set(lines.map((line) => line.trim().toLowerCase()).filter((line) => line !== ''));
  }
  return commonPasswords;
}

/** One block of 1 to 4 characters repeated to fill the whole password: `aaaaaaaa`, `12341234`. */
function isRepeatedBlock(password: string): boolean {
  for (let size = 1; size <= 4 && size * 2 <= password.length; size += 1) {
    if (password.length % size === 0 && password.slice(0, size).repeat(password.length / size) === password) {
      return true;
    }
  }
  return false;
}

/** A straight run of digits or of letters, up or down: `23456789`, `87654321`, `abcdefgh`. */
function isStraightRun(password: string): boolean {
  if (!/^(?:[0-9]+|[a-z]+)$/.test(password) || password.length < 2) return false;
  const step = password.charCodeAt(1) - password.charCodeAt(0);
  if (step !== 1 && step !== -1) return false;
  for (let i = 2; i < password.length; i += 1) {
    if (password.charCodeAt(i) - password.charCodeAt(i - 1) !== step) return false;
  }
  return true;
}

/**
 * True when the password is on the bundled common-password list (compared case-insensitively), or
 * is a pattern the list leaves out because password crackers try it first anyway: one short block
 * repeated, or a straight run of digits or letters.
 */
export function isCommonPassword(password: string): boolean {
  const normalized = password.trim().toLowerCase();
  if (normalized === '') return true;
  return loadCommonPasswords().has(normalized) || isRepeatedBlock(normalized) || isStraightRun(normalized);
}
