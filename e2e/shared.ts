import { readFileSync } from 'node:fs';
import pg from 'pg';
import { type Browser, chromium } from 'playwright-core';
import { inject } from 'vitest';
import type { ReceivedMail } from '../server/src/testing/smtp-sink';
import { postGraphql, type RunningServer } from './server';

// The test files' side of global-setup.ts: the run's one server and one Chromium. A file connects
// to the browser once and opens a fresh context per test; it creates the data it needs under names
// of its own, or reads demo data it leaves as it found it for the other files.

/** The run's server: started and stopped by the global setup, so a file cannot stop it. */
export type SharedServer = Omit<RunningServer, 'stop'>;

export function sharedServer(): SharedServer {
  const { url, databaseUrl, adminUrl, logFile } = inject('e2e');
  return {
    url,
    output: () => readFileSync(logFile, 'utf8'),
    graphql: (query, variables, token) => postGraphql(url, query, variables, token),
    databaseUrl: () => databaseUrl,
    adminUrl: () => adminUrl,
  };
}

/** A connection to the run's Chromium; closing it closes this file's contexts, not the browser. */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('e2e').browserEndpoint);
}

/** The e-mails the server sent during the run, read by recipient. */
export function sharedMailbox() {
  const { mailFile } = inject('e2e');
  const mails = (): ReceivedMail[] =>
    readFileSync(mailFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as ReceivedMail);
  return {
    async waitFor(to: string, count = 1): Promise<ReceivedMail[]> {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = mails().filter((mail) => mail.to.includes(to));
        if (found.length >= count) return found;
        if (Date.now() > deadline)
          throw new Error(`no mail to ${to} within 10 s (got ${mails().length} in all)`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

/** Runs SQL on the run's server's own database, for setup no screen offers and for checks. */
export async function serverSql<Row extends pg.QueryResultRow>(
  text: string,
  params: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: inject('e2e').databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(text, params)).rows;
  } finally {
    await client.end();
  }
}
