import { type Logger, pino } from 'pino';

/** Paths never written to the log: credentials, tokens and personal secrets. */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.xcode',
  'databaseUrl',
];

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: redactPaths, censor: '[redacted]' } });
}

export type { Logger };
