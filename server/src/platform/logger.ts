import { type DestinationStream, type Logger, pino } from 'pino';

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

/** The process's logger: JSON lines on stdout, or on `destination` (tests read what was written). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: redactPaths, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}

export type { Logger };
