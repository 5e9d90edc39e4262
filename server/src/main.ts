import { createApp } from './app';
import { loadConfig } from './platform/config';
import { createLogger } from './platform/logger';

const started = performance.now();
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
  log.info({ ms, embeddedDatabase: running.db.embedded }, 'ready');
  console.log(`\n  Namjai is ready on http://localhost:${config.port}  (${ms} ms)\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      log.error('shutdown took longer than 20 s, exiting');
      process.exit(1);
    }, 20_000);
    timer.unref();
    try {
      await running.close();
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
