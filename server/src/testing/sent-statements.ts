import pg from 'pg';

// What the server sends PostgreSQL, seen at the driver: every statement a node-postgres client of
// this process is asked to send (the test app's pool among them), BEGIN and COMMIT included. The
// tests that count a request's statements or look at their texts share this one recorder.

/** A statement as node-postgres was asked to send it. */
export interface SentStatement {
  readonly client: pg.Client;
  readonly text: string;
  /** Its values: a query config's `values`, else the call's second argument. */
  readonly values: readonly unknown[];
  /** Its name, when it went as a named prepared statement. */
  readonly name: string | undefined;
  /** What the driver returned: a promise of the answer for a call without a callback. */
  readonly answer: unknown;
}

export interface StatementRecorder {
  /** The statements sent since the last `clear()` (or since recording began). */
  readonly sent: SentStatement[];
  /** Their texts, in order. */
  texts(): string[];
  clear(): void;
  /** Puts the driver back as it was. */
  restore(): void;
  /** Sends a statement on `client` unrecorded (a test's own, beside the server's). */
  unrecorded<R = { rows: Record<string, unknown>[]; rowCount: number }>(
    client: pg.Client,
    text: string,
    values?: unknown[],
  ): Promise<R>;
}

/**
 * Records the statements sent from now until `restore()`. `onSend` sees each right after it was
 * handed to the driver (its answer not yet come); a promise it returns is the caller's answer in
 * place of the driver's (to run something between the answer and its use).
 */
export function recordStatements(onSend?: (statement: SentStatement) => unknown): StatementRecorder {
  const query = pg.Client.prototype.query;
  const sent: SentStatement[] = [];
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config, second] = args as [string | { text: string; name?: string; values?: unknown[] }, unknown];
    const answer = (query as (...a: unknown[]) => unknown).apply(this, args);
    const statement: SentStatement = {
      client: this,
      text: typeof config === 'string' ? config : config.text,
      values:
        (typeof config === 'string' ? undefined : config.values) ?? (Array.isArray(second) ? second : []),
      name: typeof config === 'string' ? undefined : config.name,
      answer,
    };
    sent.push(statement);
    const replaced = onSend?.(statement);
    return replaced instanceof Promise ? replaced : answer;
  } as typeof query;
  return {
    sent,
    texts: () => sent.map((s) => s.text),
    clear: () => {
      sent.length = 0;
    },
    restore: () => {
      pg.Client.prototype.query = query;
    },
    unrecorded: <R>(client: pg.Client, text: string, values: unknown[] = []) =>
      (query as (...a: unknown[]) => Promise<R>).call(client, text, values),
  };
}

/** The statements `work` sends while it runs (texts, in order). */
export async function statementsOf<T>(work: () => Promise<T>): Promise<{ result: T; sent: string[] }> {
  const recorder = recordStatements();
  try {
    const result = await work();
    return { result, sent: recorder.texts() };
  } finally {
    recorder.restore();
  }
}
