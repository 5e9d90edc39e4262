import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startSmtpSink } from '../server/src/testing/smtp-sink';
import { launchChromiumServer } from './chromium';
import { startBuiltServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's one built server and one Chromium (see shared.ts for the test side). */
    e2e: {
      url: string;
      /** The server's database as its owner role (fixture writes). */
      databaseUrl: string;
      /** A superuser's URL of the PostgreSQL server it runs on. */
      adminUrl: string;
      /** Everything the server printed so far. */
      logFile: string;
      /** One JSON line per e-mail the server sent (its SMTP_URL is the sink below). */
      mailFile: string;
      browserEndpoint: string;
    };
  }
}

const artifacts = join(import.meta.dirname, '..', 'test-results');

/**
 * Starts, once for all browser test files, the built server with the demo data (its own embedded
 * PostgreSQL in a temporary folder, or a fresh database on DATABASE_URL's server), an SMTP sink it
 * sends its mail to, and one Chromium; stops them after the last file.
 */
export default async function setup(project: TestProject) {
  mkdirSync(artifacts, { recursive: true });
  const dir = mkdtempSync(join(tmpdir(), 'namjai-e2e-run-'));
  const mailFile = join(dir, 'mail.jsonl');
  writeFileSync(mailFile, '');
  const smtp = await startSmtpSink({
    onMail: (mail) => appendFileSync(mailFile, `${JSON.stringify(mail)}\n`),
  });
  const logFile = join(artifacts, 'e2e-server.log');
  const [server, browser] = await Promise.allSettled([
    startBuiltServer({ SMTP_URL: smtp.url }, { logFile }),
    launchChromiumServer(),
  ]);
  const stop = async () => {
    if (browser.status === 'fulfilled') await browser.value.close();
    if (server.status === 'fulfilled') await server.value.stop();
    await smtp.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  if (server.status === 'rejected' || browser.status === 'rejected') {
    await stop();
    throw server.status === 'rejected' ? server.reason : (browser as PromiseRejectedResult).reason;
  }
  project.provide('e2e', {
    url: server.value.url,
    databaseUrl: server.value.databaseUrl(),
    adminUrl: server.value.adminUrl(),
    logFile,
    mailFile,
    browserEndpoint: browser.value.wsEndpoint(),
  });
  return stop;
}
