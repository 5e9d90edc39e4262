import { connect, createServer, type Socket } from 'node:net';
import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobsConfig } from '../platform/config';
import { createOrm, type Orm } from '../platform/db/orm';
import type { AppDeps } from '../platform/deps';
import { type JobDefinition, JobQueue } from '../platform/jobs/job-queue';
import { createLogger } from '../platform/logger';
import { entities } from '../registry';

// The queue's claim and heartbeat (docs/jobs.md): two JobQueues stand for two server processes on
// this test file's database, each with its own pool. The claim is shortened to 1.5 s (15 minutes in
// production) so a job outlives it within a test.

const log = createLogger('silent');
const config: JobsConfig = {
  enabled: false,
  pollSeconds: 30,
  pendingWorkMailAt: '07:30',
  eDonationReminderAt: '08:00',
  claimSeconds: 1.5,
};
// The test jobs use neither the mailer nor the configuration.
const deps = {} as AppDeps;
const url = process.env.DATABASE_URL as string;

let orm: Orm;
beforeAll(async () => {
  orm = await createOrm(url, entities, log);
});
afterAll(() => orm.close());

const em = () => orm.em.fork() as EntityManager;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const jobRow = async (name: string) => {
  const [row] = await em().execute<{ state: string; attempts: number; locked_by: string | null }[]>(
    'select state, attempts, locked_by from job where name = ?',
    [name],
  );
  return row;
};

/** Ticks `queue` every 200 ms until `until` settles; answers how many jobs its ticks ran. */
async function pollWhile(queue: JobQueue, until: Promise<unknown>): Promise<number> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  let ran = 0;
  while (!done) {
    ran += await queue.tick();
    await sleep(200);
  }
  return ran;
}

/** A TCP relay to the database of `target`: `cut()` closes it and every connection through it. */
async function tcpRelay(target: string): Promise<{ url: string; cut(): void }> {
  const to = new URL(target);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(to.port || 5432), to.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('relay has no port');
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(address.port);
  return {
    url: url.toString(),
    cut() {
      server.close();
      for (const s of sockets) s.destroy();
    },
  };
}

describe('job claims', () => {
  it('renew while the job runs: a job running three times longer than its claim runs once', async () => {
    let runs = 0;
    const long: JobDefinition = {
      name: 'long-heartbeat',
      run: async () => {
        runs++;
        await sleep(4_500);
        return 'finished';
      },
    };
    const a = new JobQueue(em(), deps, log, [long], config);
    const b = new JobQueue(em(), deps, log, [long], config);
    await a.enqueue(long.name);
    const running = a.tick();
    // Another process polls all along: without the heartbeat it would take the job after 1.5 s.
    const ranByB = await pollWhile(b, running);
    expect(await running).toBe(1);
    expect(ranByB).toBe(0);
    expect(runs).toBe(1);
    expect(await jobRow(long.name)).toMatchObject({ state: 'DONE', attempts: 1 });
  });

  it('expire when the worker dies: its job runs again in another process once the claim has passed', async () => {
    let runs = 0;
    /** The first run's signal: aborted when its worker gives its claim up. */
    let signal: AbortSignal | undefined;
    let release = () => {};
    const hung = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stuck: JobDefinition = {
      name: 'worker-dies',
      run: async (ctx) => {
        runs++;
        // The first run hangs (its process is about to die); the run elsewhere finishes.
        if (runs === 1) {
          signal = ctx.signal;
          await hung;
        }
        return runs;
      },
    };
    // The process that dies: its own pool, through a TCP relay that is cut under the running job (no
    // heartbeat reaches the database any more, as when the process is killed or cut off).
    const relay = await tcpRelay(url);
    const dyingOrm = await createOrm(relay.url, entities, log);
    const dying = new JobQueue(dyingOrm.em.fork() as EntityManager, deps, log, [stuck], config);
    const survivor = new JobQueue(em(), deps, log, [stuck], config);
    await survivor.enqueue(stuck.name);
    const dyingTick = dying.tick().catch((err: unknown) => err);
    while ((await jobRow(stuck.name))?.state !== 'RUNNING') await sleep(50);
    relay.cut();
    const diedAt = Date.now();

    // Polled until the job is done again elsewhere (at most 10 s).
    let ranBySurvivor = 0;
    while (ranBySurvivor === 0 && Date.now() - diedAt < 10_000) {
      ranBySurvivor += await survivor.tick();
      if (!ranBySurvivor) await sleep(200);
    }
    expect(ranBySurvivor).toBe(1);
    // Not before the dead worker's claim (1.5 s) had expired.
    expect(Date.now() - diedAt).toBeGreaterThanOrEqual(1_000);
    expect(runs).toBe(2);
    expect(await jobRow(stuck.name)).toMatchObject({ state: 'DONE', attempts: 2 });
    // The cut-off worker's own heartbeat gave up on its claim: its job was told to stop.
    expect(signal?.aborted).toBe(true);
    release();
    await dyingTick;
    await dyingOrm.close(true).catch(() => undefined);
  });
});
