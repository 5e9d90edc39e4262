import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: the nearest folder upwards whose package.json is the workspace root. */
export function findRepoRoot(start = dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).workspaces) return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error(`No workspace root above ${start}`);
    dir = up;
  }
}

export interface AppConfig {
  nodeEnv: string;
  production: boolean;
  port: number;
  host: string;
  /** Set: an external PostgreSQL. Unset: the embedded one under dataDir/postgres. */
  databaseUrl: string | undefined;
  dataDir: string;
  repoRoot: string;
  clientDist: string;
  logLevel: string;
  /** Demo data (sample organisation, later demo accounts): embedded database outside production only. */
  seedDemo: boolean;
  graphqlSandbox: boolean;
  trustProxy: boolean;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function boolFrom(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const repoRoot = findRepoRoot();
  const nodeEnv = env.NODE_ENV || 'development';
  const production = nodeEnv === 'production';
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    nodeEnv,
    production,
    port: intFrom(env.PORT, 3000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    dataDir: resolve(repoRoot, env.DATA_DIR || '.data'),
    repoRoot,
    clientDist: resolve(repoRoot, env.CLIENT_DIST || 'client/dist'),
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'warn' : 'info'),
    seedDemo: boolFrom(env.SEED_DEMO, !production && !databaseUrl),
    graphqlSandbox: !production && boolFrom(env.GRAPHQL_SANDBOX, true),
    trustProxy: boolFrom(env.TRUST_PROXY, false),
  };
}
