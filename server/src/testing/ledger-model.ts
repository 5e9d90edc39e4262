// The Jepsen-style ledger test's history and model (app-tests/ledger-jepsen.test.ts): every command a
// client sends is recorded with its outcome; afterwards the acknowledged commands alone, replayed in
// the order of the versions they were based on, say which stock movements the ledger must hold. A
// refused command adds nothing, a retried one (same idempotency key) counts once.

export type DocKind = 'STOCK_TRANSFER' | 'STOCK_ADJUSTMENT';

export interface DocView {
  id: number;
  version: number;
  status: string;
  header: Record<string, unknown>;
  lines: { id: number; values: Record<string, unknown> }[];
}

export interface Attempt {
  seq: number;
  client: number;
  /** The logical command: attempts with the same idempotency key share it. */
  group: string;
  key: string | null;
  /** create, update, or the action (SEND, RECEIVE, CANCEL, POST). */
  op: string;
  kind: DocKind;
  /** The document acted on (a create: the one the answer names). */
  docId: number | null;
  /** The version the command was based on; 0 for a create. */
  base: number;
  input: Record<string, unknown>;
  /** RECEIVE: the lines as sent, from the version the command was based on. */
  sent?: { id: number; resource: number; quantity: string }[];
  /** Sent again with the key of an earlier attempt, or beside a twin at the same moment. */
  retry: boolean;
  ok: boolean;
  http: number;
  code?: string;
  status?: number;
  messageEn?: string;
  messageTh?: string;
  doc?: DocView;
  ms: number;
}

export type RefusalReason = 'shortfall' | 'stale version' | 'status';

/** Why a command was refused, when it is one of the refusals a sound server gives under contention. */
export function refusalReason(a: Attempt): RefusalReason | null {
  if (a.ok || a.status !== 409 || !a.messageTh || !a.messageEn) return null;
  if (a.code === 'SHORTFALL') return 'shortfall';
  if (a.code === 'WORKFLOW_STATUS') return 'status';
  if (a.code === 'CONFLICT' && a.messageEn.includes('was changed by someone else')) return 'stale version';
  if (a.code === 'CONFLICT' && a.messageEn.includes('can no longer be edited')) return 'status';
  return null;
}

/** Sums of a document's movements of one type at one storage and resource, in thousandths. */
export interface Sums {
  q: number;
  r: number;
  t: number;
}

export interface ModelDoc {
  kind: DocKind;
  id: number;
  status: string;
  /** Acknowledged logical commands, one per version step. */
  version: number;
}

export const milli = (value: unknown): number => Math.round(Number(value) * 1000);

export const movementKey = (kind: DocKind, docId: number, type: string, storage: number, resource: number) =>
  `${kind}|${docId}|${type}|${storage}|${resource}`;

type Line = { resource: number; q: number };

const linesOf = (input: Record<string, unknown>): Line[] =>
  ((input.lines ?? []) as Record<string, unknown>[]).map((l) => ({
    resource: Number(l.resource),
    q: milli(l.quantity),
  }));

/**
 * Replays the acknowledged commands. Problems: a key that named two documents, two acknowledged
 * commands based on one version (a lost update), or a version skipped.
 */
export function modelOf(attempts: Attempt[]): {
  docs: Map<string, ModelDoc>;
  movements: Map<string, Sums>;
  problems: string[];
} {
  const problems: string[] = [];
  const groups = new Map<string, Attempt[]>();
  for (const a of attempts) groups.set(a.group, [...(groups.get(a.group) ?? []), a]);
  const byDoc = new Map<string, Attempt[]>();
  for (const [group, tries] of groups) {
    const acks = tries.filter((a) => a.ok);
    if (!acks.length) continue;
    const ids = new Set(acks.map((a) => a.doc?.id ?? a.docId));
    if (ids.size !== 1) problems.push(`key ${group} answered for documents ${[...ids].join(', ')}`);
    const first = acks[0];
    const docId = first.doc?.id ?? (first.docId as number);
    const key = `${first.kind}|${docId}`;
    byDoc.set(key, [...(byDoc.get(key) ?? []), { ...first, docId }]);
  }
  const docs = new Map<string, ModelDoc>();
  const movements = new Map<string, Sums>();
  for (const [key, commands] of byDoc) {
    commands.sort((a, b) => a.base - b.base);
    const bases = commands.map((c) => c.base);
    if (bases.some((b, i) => b !== i)) problems.push(`${key}: acknowledged on versions ${bases.join(', ')}`);
    const { kind, docId } = commands[0] as Attempt & { docId: number };
    const post = (type: string, storage: number, resource: number, s: Partial<Sums>) => {
      const k = movementKey(kind, docId, type, storage, resource);
      const sum = movements.get(k) ?? { q: 0, r: 0, t: 0 };
      movements.set(k, { q: sum.q + (s.q ?? 0), r: sum.r + (s.r ?? 0), t: sum.t + (s.t ?? 0) });
    };
    let status = '';
    let from = 0;
    let to = 0;
    let lines: Line[] = [];
    for (const c of commands) {
      const header = (c.input.header ?? {}) as Record<string, number>;
      if (kind === 'STOCK_ADJUSTMENT') {
        if (c.op === 'create') {
          from = header.storage;
          lines = linesOf(c.input);
          status = 'SAVED';
        } else if (c.op === 'POST') {
          for (const l of lines) post(l.q > 0 ? 'ADJUST_IN' : 'ADJUST_OUT', from, l.resource, { q: l.q });
          status = 'POSTED';
        } else problems.push(`${key}: unexpected ${c.op}`);
        continue;
      }
      if (c.op === 'create' || c.op === 'update') {
        if (c.op === 'update') for (const l of lines) post('RELEASE', from, l.resource, { r: -l.q });
        from = header.fromStorage;
        to = header.toStorage;
        lines = linesOf(c.input);
        for (const l of lines) post('RESERVE', from, l.resource, { r: l.q });
        status = 'SAVED';
      } else if (c.op === 'SEND') {
        for (const l of lines) {
          post('TRANSFER_OUT', from, l.resource, { q: -l.q, r: -l.q });
          post('TRANSFER_IN_TRANSIT', to, l.resource, { t: l.q });
        }
        status = 'SENT';
      } else if (c.op === 'RECEIVE') {
        const given = new Map(
          ((c.input.lines ?? []) as { id: number; values: Record<string, unknown> }[]).map((l) => [
            l.id,
            milli(l.values.receivedQuantity),
          ]),
        );
        for (const l of c.sent ?? []) {
          const received = given.get(l.id) ?? 0;
          const missing = milli(l.quantity) - received;
          if (received) post('TRANSFER_RECEIVE', to, l.resource, { q: received, t: -received });
          if (missing) post('TRANSFER_MISSING', to, l.resource, { t: -missing });
        }
        status = 'RECEIVED';
      } else if (c.op === 'CANCEL') {
        for (const l of lines) post('RELEASE', from, l.resource, { r: -l.q });
        status = 'CANCELLED';
      } else problems.push(`${key}: unexpected ${c.op}`);
    }
    docs.set(key, { kind, id: docId, status, version: commands.length });
  }
  return { docs, movements, problems };
}
