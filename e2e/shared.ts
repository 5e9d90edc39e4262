import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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
    // A deadline, not a speed check: on a loaded machine (two cores, the server tests beside) a mail
    // sent after the response can take more than 10 s to reach the sink.
    async waitFor(to: string, count = 1): Promise<ReceivedMail[]> {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const found = mails().filter((mail) => mail.to.includes(to));
        if (found.length >= count) return found;
        if (Date.now() > deadline)
          throw new Error(`no mail to ${to} within 30 s (got ${mails().length} in all)`);
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

/** The folder the browser tests write their screenshots and downloaded files to. */
export const artifacts = join(import.meta.dirname, '..', 'test-results');

/** Logs a demo account in over GraphQL (this ends its browser session, if any); returns its token. */
export async function demoLogin(username: string): Promise<string> {
  const server = sharedServer();
  const { demoAccounts } = await server.graphql<{ demoAccounts: { username: string; password: string }[] }>(
    '{ demoAccounts { username password } }',
  );
  const account = demoAccounts.find((candidate) => candidate.username === username);
  if (!account) throw new Error(`no demo account ${username}`);
  const { login } = await server.graphql<{ login: { token: string } }>(
    'mutation ($u: String!, $p: String!) { login(username: $u, password: $p) { token } }',
    { u: username, p: account.password },
  );
  return login.token;
}

/** The id of a reference item (a unit, storage, donor, resource, account…) by its code. */
export async function idOf(token: string, type: string, code: string): Promise<number> {
  const { referenceItems } = await sharedServer().graphql<{
    referenceItems: { items: { id: number; code: string }[] };
  }>(
    'query ($type: ReferenceTypeName!, $code: String) { referenceItems(type: $type, search: $code, rows: 50) { items { id code } } }',
    { type, code },
    token,
  );
  const item = referenceItems.items.find((candidate) => candidate.code === code);
  if (!item) throw new Error(`${type} ${code} missing`);
  return item.id;
}

/** Creates (or updates) a reference item of the given code; returns its id. */
export async function saveItem(
  token: string,
  type: string,
  code: string,
  values: Record<string, unknown>,
): Promise<number> {
  const { saveReferenceItem } = await sharedServer().graphql<{ saveReferenceItem: { id: number } }>(
    'mutation ($type: ReferenceTypeName!, $input: SaveReferenceItemInput!) { saveReferenceItem(type: $type, input: $input) { id } }',
    { type, input: { code, values } },
    token,
  );
  return saveReferenceItem.id;
}

/** A document as the GraphQL document commands answer. */
export interface Doc {
  id: number;
  number: string;
  version: number;
  status: string;
  lines: { id: number; values: Record<string, unknown> }[];
}
const DOC = 'id number version status lines { id values }';

/** Creates a document of a type (MONEY_DONATION, GOODS_DONATION…) as the token's user. */
export async function createDocument(token: string, type: string, input: Record<string, unknown>) {
  const { createDocument: doc } = await sharedServer().graphql<{ createDocument: Doc }>(
    `mutation ($input: DocumentInput!) { createDocument(type: ${type}, input: $input) { ${DOC} } }`,
    { input },
    token,
  );
  return doc;
}

/** Takes an action (SUBMIT, APPROVE…) on a document as the token's user. */
export async function actOnDocument(token: string, type: string, doc: Doc, input: Record<string, unknown>) {
  const { actOnDocument: next } = await sharedServer().graphql<{ actOnDocument: Doc }>(
    `mutation ($id: Int!, $input: DocumentActionInput!) { actOnDocument(type: ${type}, id: $id, input: $input) { ${DOC} } }`,
    { id: doc.id, input: { version: doc.version, ...input } },
    token,
  );
  return next;
}
