// Reading and checking one environment variable of the configuration (config.ts): numbers, times
// of day, switches, secrets and URLs, each problem named with its variable and its fix.

export function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

export function timeOfDay(value: string | undefined, fallback: string, name: string): string {
  if (value === undefined || value === '') return fallback;
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(value))
    throw new Error(`${name} must be a Bangkok time of day HH:MM (00:00 to 23:59), got "${value}"`);
  return value;
}

export function boolFrom(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

/**
 * Every problem of the configuration at once, found before anything starts (no database is touched
 * with a configuration that would be refused later): each names the variable and the fix.
 */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `the configuration has ${problems.length === 1 ? 'a problem' : `${problems.length} problems`} ` +
        `(nothing was started):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

const secretHint = 'generate one with `openssl rand -base64 48`';

/** JWT_SECRET's problem, if any: required in production, at least 32 characters when set. */
export function jwtSecretProblem(secret: string | undefined, production: boolean): string | null {
  if (secret === undefined) {
    return production
      ? `JWT_SECRET must be set when NODE_ENV=production: a random string of at least 32 characters, the ` +
          `same on every server of the site (${secretHint})`
      : null;
  }
  return secret.length < 32
    ? `JWT_SECRET must be at least 32 characters, it has ${secret.length} (${secretHint})`
    : null;
}

/** A URL as it may be shown in a log or an error: without its password. */
export function redactUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(not a URL)';
  }
}

export function postgresUrlProblem(name: string, value: string | undefined): string | null {
  if (value === undefined) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${name} must be a URL postgres://user:password@host:5432/database (a password with : / @ or # percent-encoded)`;
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
    return `${name} must start with postgres:// (postgres://user:password@host:5432/database), got ${redactUrl(value)}`;
  if (url.pathname.length < 2)
    return `${name} must name the database (postgres://user:password@host:5432/namjai), got ${redactUrl(value)}`;
  return null;
}

export function urlProblem(name: string, value: string | undefined, protocols: string[]): string | null {
  if (value === undefined) return null;
  try {
    const { protocol } = new URL(value);
    if (protocols.includes(protocol)) return null;
  } catch {}
  return `${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}, got "${redactUrl(value)}"`;
}
