import { createApp } from './app';
import { loadConfig } from './platform/config';
import { createLogger } from './platform/logger';

const started = performance.now();
const loadCpu = process.cpuUsage();
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  // Before anything has started: the configuration's problems, each with its fix.
  console.error(`\n  Namjai could not start: ${(err as Error).message}\n`);
  process.exit(1);
}
const log = createLogger(config.logLevel);

try {
  const running = await createApp(config, log);
  await running.app.listen({ port: config.port, host: config.host });
  const ms = Math.round(performance.now() - started);
  const cpu = process.cpuUsage(loadCpu);
  // loadMs: from the process's start to this module's first statement (Node, npm start's build check,
  // loading the bundle and its dependencies); ms: from there to listening (database, migrations,
  // seeds, schema, routes). loadCpuMs and cpuMs: this process's CPU time (user + system) in each.
  const cpuMs = (u: NodeJS.CpuUsage) => Math.round((u.user + u.system) / 1000);
  log.info(
    {
      ms,
      loadMs: Math.round(started),
      cpuMs: cpuMs(cpu),
      loadCpuMs: cpuMs(loadCpu),
      embeddedDatabase: running.db.embedded,
    },
    'ready',
  );
  console.log(`\n  Namjai is ready on http://localhost:${config.port}  (${ms} ms)\n`);

  // The drain (docs/drain-and-outages.md): /readyz answers 503 and new requests are refused at once;
  // those in flight (receipt PDFs included) finish; then Chromium, the job runner and the database
  // pool are closed and the process exits 0, or 1 when that takes longer than SHUTDOWN_GRACE_MS.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const begun = performance.now();
    log.info({ signal, inFlight: running.app.drain.pending, graceMs: config.shutdownGraceMs }, 'draining');
    const timer = setTimeout(() => {
      log.error(
        { inFlight: running.app.drain.pending, graceMs: config.shutdownGraceMs },
        'shutdown took longer than its grace, exiting',
      );
      process.exit(1);
    }, config.shutdownGraceMs);
    timer.unref();
    try {
      await running.app.drain.begin();
      log.info({ ms: Math.round(performance.now() - begun) }, 'drained');
      await running.close();
      log.info({ ms: Math.round(performance.now() - begun) }, 'stopped');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
} catch (err) {
  log.fatal({ err }, 'start failed');
  console.error(`\n  Namjai could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
