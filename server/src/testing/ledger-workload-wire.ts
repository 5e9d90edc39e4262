import type { Attempt, DocView } from './ledger-model';
import type { Random } from './seeded-random';

// The wire of the ledger test's clients (ledger-workload.ts): what a command holds, its idempotency
// key, and how it goes over HTTP to the GraphQL API as a create, an update or an action.

export type Command = Omit<
  Attempt,
  'seq' | 'ok' | 'http' | 'ms' | 'code' | 'status' | 'messageEn' | 'messageTh' | 'doc'
>;
export type NewCommand = Omit<Command, 'client' | 'group' | 'key' | 'retry'>;

export interface Client {
  index: number;
  headers: Record<string, string>;
  /** The storages in the client's data scope. */
  storages: number[];
  rng: Random;
  keys: number;
  /** Earlier commands with a key, to send again. */
  sentWithKey: Command[];
}

const DOC = 'id version status header lines { id values }';
const CREATE = `mutation ($type: DocumentTypeName!, $input: DocumentInput!, $key: String) { createDocument(type: $type, input: $input, idempotencyKey: $key) { ${DOC} } }`;
const UPDATE = `mutation ($type: DocumentTypeName!, $id: Int!, $version: Int!, $input: DocumentInput!) { updateDocument(type: $type, id: $id, version: $version, input: $input) { ${DOC} } }`;
const ACT = `mutation ($type: DocumentTypeName!, $id: Int!, $input: DocumentActionInput!, $key: String) { actOnDocument(type: $type, id: $id, input: $input, idempotencyKey: $key) { ${DOC} } }`;

async function post(url: string, client: Client, query: string, variables: Record<string, unknown>) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...client.headers },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as {
    data?: Record<string, DocView | null> | null;
    errors?: { message: string; extensions?: Record<string, unknown> }[];
  };
  return { http: res.status, data: body.data, error: body.errors?.[0] };
}

/** Sends one command; the HTTP status, the answer's data and its first error. */
export function postCommand(url: string, client: Client, command: Command) {
  const { key } = command;
  return command.op === 'create'
    ? post(url, client, CREATE, { type: command.kind, input: command.input, key })
    : command.op === 'update'
      ? post(url, client, UPDATE, {
          type: command.kind,
          id: command.docId,
          version: command.base,
          input: command.input,
        })
      : post(url, client, ACT, {
          type: command.kind,
          id: command.docId,
          input: { ...command.input, action: command.op, version: command.base },
          key,
        });
}

/** A command with an idempotency key of its own (creates and actions). */
export function keyed(seed: number, client: Client, fields: NewCommand): Command {
  const key = `jepsen-${seed}-${client.index}-${++client.keys}`;
  return { ...fields, client: client.index, key, group: `${client.index}:${key}`, retry: false };
}

/** An edit: it takes no key (its version guards it). */
export function unkeyed(client: Client, fields: NewCommand): Command {
  return {
    ...fields,
    client: client.index,
    key: null,
    group: `${client.index}:edit-${++client.keys}`,
    retry: false,
  };
}
