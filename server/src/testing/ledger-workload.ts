import type { Attempt, DocView } from './ledger-model';
import { milli } from './ledger-model';
import { type Client, type Command, keyed, postCommand, unkeyed } from './ledger-workload-wire';
import { type Random, seededRandom } from './seeded-random';

// The clients of the Jepsen-style ledger test (app-tests/ledger-jepsen.test.ts): members of staff
// sending document commands over HTTP to the GraphQL API, each choosing its next command at random
// (seeded) as a storekeeper would, sharing what they last saw of the transfers as people share a list
// screen, and recording every answer.

export interface Lot {
  lot: string;
  expiryDate: string;
}

export interface WorkloadPlace {
  /** The GraphQL endpoint, e.g. http://127.0.0.1:41234/graphql. */
  url: string;
  seed: number;
  storages: number[];
  /** The hot resources; every storage holds each lot of each. */
  resources: number[];
  lots: Lot[];
  reasons: { found: number; damaged: number };
}

interface PoolDoc {
  id: number;
  version: number;
  status: string;
  from: number;
  to: number;
  lines: DocView['lines'];
  /**
   * Written by a division's clerk. Only these are edited, sent and cancelled by division clerks, and
   * only the others change their source storage (a ministry clerk's edit), so no clerk is left
   * holding a transfer that moved to another division (that would answer 404, rightly).
   */
  byDivision: boolean;
}

/** How often each kind of command is chosen. */
const mix = {
  receive: 10,
  issue: 9,
  reserve: 19,
  edit: 10,
  send: 14,
  receiveTransfer: 13,
  cancel: 8,
  retry: 5,
  twin: 6,
  wrongStatus: 3,
};

export const quantityText = (thousandths: number) => String(thousandths / 1000);

const isDivision = (client: Client) => client.storages.length === 1;

export class LedgerWorkload {
  readonly attempts: Attempt[] = [];
  readonly clients: Client[] = [];
  /** Transfers as the clients last saw them. */
  private readonly pool = new Map<number, PoolDoc>();
  private counted = 0;

  constructor(private readonly place: WorkloadPlace) {}

  addClient(headers: Record<string, string>, storages: number[]): Client {
    const index = this.clients.length;
    const client = {
      index,
      headers,
      storages,
      rng: seededRandom(this.place.seed * 31 + index),
      keys: 0,
      sentWithKey: [],
    };
    this.clients.push(client);
    return client;
  }

  /** Every client sends commands until `actions` have been sent in all. */
  async run(actions: number): Promise<void> {
    this.counted = 0;
    await Promise.all(this.clients.map((c) => this.work(c, actions)));
  }

  /** An adjustment created and posted, outside the count (opening stock); its posting's attempt. */
  async adjustment(client: Client, storage: number, lines: Record<string, unknown>[]): Promise<Attempt> {
    const created = await this.send(
      client,
      keyed(this.place.seed, client, {
        op: 'create',
        kind: 'STOCK_ADJUSTMENT',
        docId: null,
        base: 0,
        input: { header: { storage }, lines },
      }),
      false,
    );
    return this.send(
      client,
      keyed(this.place.seed, client, {
        op: 'POST',
        kind: 'STOCK_ADJUSTMENT',
        docId: created.doc?.id ?? 0,
        base: 1,
        input: {},
      }),
      false,
    );
  }

  private async work(client: Client, actions: number): Promise<void> {
    while (this.counted < actions) {
      const { rng } = client;
      const op = rng.weighted(mix);
      let done = true;
      if (op === 'receive') await this.adjust(client, 1);
      else if (op === 'issue') await this.adjust(client, -1);
      else if (op === 'reserve') await this.reserve(client, false);
      else if (op === 'edit') done = await this.edit(client);
      else if (op === 'send') done = await this.act(client, 'SEND', false);
      else if (op === 'receiveTransfer') done = await this.act(client, 'RECEIVE', false);
      else if (op === 'cancel') done = await this.act(client, 'CANCEL', false);
      else if (op === 'retry') done = await this.retry(client);
      else if (op === 'wrongStatus') done = await this.wrongStatus(client);
      else {
        const kind = rng.pick(['create', 'SEND', 'CANCEL', 'RECEIVE'] as const);
        if (kind === 'create') await this.reserve(client, true);
        else done = await this.act(client, kind, true);
      }
      if (!done) await this.reserve(client, false);
    }
  }

  /** Sends one command and records what came back. */
  private async send(client: Client, command: Command, counts = true): Promise<Attempt> {
    const seq = this.attempts.length;
    if (counts) this.counted++;
    const started = performance.now();
    const answer = await postCommand(this.place.url, client, command);
    const doc = answer.data ? (Object.values(answer.data)[0] ?? undefined) : undefined;
    const ext = answer.error?.extensions ?? {};
    const attempt: Attempt = {
      ...command,
      seq,
      ok: Boolean(doc) && !answer.error,
      http: answer.http,
      code: ext.code as string | undefined,
      status: ext.status as number | undefined,
      messageTh: ext.messageTh as string | undefined,
      messageEn: ext.messageEn as string | undefined,
      doc,
      ms: performance.now() - started,
    };
    this.attempts.push(attempt);
    if (command.kind === 'STOCK_TRANSFER') this.remember(doc, command.op === 'create' ? client : null);
    return attempt;
  }

  private remember(doc: DocView | undefined, creator: Client | null): void {
    if (!doc) return;
    const known = this.pool.get(doc.id);
    if (known && known.version >= doc.version) return;
    this.pool.set(doc.id, {
      id: doc.id,
      version: doc.version,
      status: doc.status,
      from: Number(doc.header.fromStorage),
      to: Number(doc.header.toStorage),
      lines: doc.lines,
      byDivision: known ? known.byDivision : creator !== null && isDivision(creator),
    });
  }

  /** Twins: the same command sent two or three times at once (a double click, a retried request). */
  private twins(client: Client, command: Command): Promise<Attempt[]> {
    const copies = client.rng.int(2, 3);
    return Promise.all(Array.from({ length: copies }, () => this.send(client, { ...command, retry: true })));
  }

  /** 1–2 lines of distinct resources; a lot named now and then, first expiry first otherwise. */
  private transferLines(rng: Random) {
    const { resources, lots } = this.place;
    const chosen = rng.chance(0.35) ? resources : [rng.pick(resources)];
    return chosen.map((resource) => {
      const big = rng.chance(0.08);
      const quantity = big ? rng.int(300, 900) * 1000 : rng.int(1, 40) * 1000 + (rng.chance(0.2) ? 500 : 0);
      return {
        resource,
        quantity: quantityText(quantity),
        ...(rng.chance(0.3) ? { lot: rng.pick(lots).lot } : {}),
      };
    });
  }

  /** Stock found (named lot) or gone missing (named lot or first expiry first). */
  private adjustmentLines(rng: Random, sign: 1 | -1) {
    const { resources, lots, reasons } = this.place;
    const chosen = rng.chance(0.4) ? resources : [rng.pick(resources)];
    return chosen.map((resource) => {
      const named = sign > 0 || rng.chance(0.5);
      const units = sign > 0 ? rng.int(10, 80) : rng.chance(0.08) ? rng.int(300, 900) : rng.int(5, 60);
      return {
        resource,
        quantity: quantityText(sign * units * 1000),
        reason: sign > 0 ? reasons.found : reasons.damaged,
        ...(named ? rng.pick(lots) : {}),
        ...(sign > 0 ? { unitValue: '12.50' } : {}),
      };
    });
  }

  private async adjust(client: Client, sign: 1 | -1): Promise<void> {
    const { rng } = client;
    const created = await this.send(
      client,
      keyed(this.place.seed, client, {
        op: 'create',
        kind: 'STOCK_ADJUSTMENT',
        docId: null,
        base: 0,
        input: { header: { storage: rng.pick(client.storages) }, lines: this.adjustmentLines(rng, sign) },
      }),
    );
    if (!created.doc) return;
    await this.send(
      client,
      keyed(this.place.seed, client, {
        op: 'POST',
        kind: 'STOCK_ADJUSTMENT',
        docId: created.doc.id,
        base: 1,
        input: {},
      }),
    );
  }

  /** Transfers the client may act on: the source's clerks (for RECEIVE the destination's). */
  private mine(client: Client, side: 'from' | 'to'): PoolDoc[] {
    return [...this.pool.values()].filter(
      (d) => client.storages.includes(d[side]) && (side === 'to' || !isDivision(client) || d.byDivision),
    );
  }

  private candidates(client: Client, status: string, side: 'from' | 'to'): PoolDoc[] {
    return this.mine(client, side).filter((d) => d.status === status);
  }

  private async reserve(client: Client, twin: boolean): Promise<void> {
    const { rng } = client;
    const from = rng.pick(client.storages);
    const to = rng.pick(this.place.storages.filter((s) => s !== from));
    const command = keyed(this.place.seed, client, {
      op: 'create',
      kind: 'STOCK_TRANSFER',
      docId: null,
      base: 0,
      input: { header: { fromStorage: from, toStorage: to }, lines: this.transferLines(rng) },
    });
    client.sentWithKey.push(command);
    if (twin) await this.twins(client, command);
    else await this.send(client, command);
  }

  private async edit(client: Client): Promise<boolean> {
    const { rng } = client;
    const saved = this.candidates(client, 'SAVED', 'from');
    if (!saved.length) return false;
    const doc = rng.pick(saved);
    // A ministry clerk sometimes sends it from another storage instead.
    const from =
      !doc.byDivision && rng.chance(0.2) ? rng.pick(client.storages.filter((s) => s !== doc.to)) : doc.from;
    const stale = doc.version > 1 && rng.chance(0.1);
    await this.send(
      client,
      unkeyed(client, {
        op: 'update',
        kind: 'STOCK_TRANSFER',
        docId: doc.id,
        base: stale ? doc.version - 1 : doc.version,
        input: { header: { fromStorage: from, toStorage: doc.to }, lines: this.transferLines(rng) },
      }),
    );
    return true;
  }

  private async act(client: Client, action: 'SEND' | 'CANCEL' | 'RECEIVE', twin: boolean): Promise<boolean> {
    const { rng } = client;
    const receiving = action === 'RECEIVE';
    const docs = this.candidates(client, receiving ? 'SENT' : 'SAVED', receiving ? 'to' : 'from');
    if (!docs.length) return false;
    const doc = rng.pick(docs);
    const stale = doc.version > 1 && rng.chance(0.05);
    let input: Record<string, unknown> = {};
    let sent: Attempt['sent'];
    if (receiving) {
      sent = doc.lines.map((l) => ({
        id: l.id,
        resource: Number(l.values.resource),
        quantity: String(l.values.quantity),
      }));
      // Now and then one line arrives short, the rest written off with a reason.
      const short = rng.chance(0.3) ? rng.pick(sent).id : null;
      input = {
        lines: sent.map((l) => {
          const q = milli(l.quantity);
          const received = l.id === short ? q - Math.min(q, rng.int(1, 5) * 1000) : q;
          return {
            id: l.id,
            values: {
              receivedQuantity: quantityText(received),
              ...(received < q ? { missingReason: this.place.reasons.damaged } : {}),
            },
          };
        }),
      };
    }
    const command = keyed(this.place.seed, client, {
      op: action,
      kind: 'STOCK_TRANSFER',
      docId: doc.id,
      base: stale ? doc.version - 1 : doc.version,
      input,
      ...(sent ? { sent } : {}),
    });
    client.sentWithKey.push(command);
    if (twin) await this.twins(client, command);
    else await this.send(client, command);
    return true;
  }

  /** The same command again with its key, after its answer came (a retry after a lost answer). */
  private async retry(client: Client): Promise<boolean> {
    if (!client.sentWithKey.length) return false;
    await this.send(client, { ...client.rng.pick(client.sentWithKey), retry: true });
    return true;
  }

  /** An action the document's status does not allow, on the version the client holds. */
  private async wrongStatus(client: Client): Promise<boolean> {
    const done = this.mine(client, 'from').filter((d) => d.status !== 'SAVED');
    if (!done.length) return false;
    const doc = client.rng.pick(done);
    await this.send(
      client,
      keyed(this.place.seed, client, {
        op: client.rng.pick(['SEND', 'CANCEL']),
        kind: 'STOCK_TRANSFER',
        docId: doc.id,
        base: doc.version,
        input: {},
      }),
    );
    return true;
  }
}
