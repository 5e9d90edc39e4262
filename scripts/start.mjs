// `npm start`: builds what is not built (or whose sources changed: build-state.mjs), then runs the server, which
// starts the embedded PostgreSQL (unless DATABASE_URL is set), migrates, seeds and serves on PORT.
// Its imports are Node's own modules and small scripts: the Node.js version is checked before a build
// or the server is attempted (an older Node.js is told so and stops with status 1).
import { spawnSync } from 'node:child_process';
import { enableCompileCache, flushCompileCache } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isStale, recordBuild, targets } from './build-state.mjs';
import { exitUnlessNodeSupported } from './node-version.mjs';

exitUnlessNodeSupported();

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

for (const [name, target] of Object.entries(targets)) {
  if (!isStale(target.output, target.inputs)) continue;
  console.log(`building ${name}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', name], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  recordBuild(target.output, target.inputs);
}

// V8's compiled code of the server and its dependencies kept on disk between starts (Node's compile
// cache, under the system's temporary directory; keyed by each file's contents, so a new build or
// dependency simply adds entries): a warm start loads it instead of parsing and compiling some
// 20 MB of JavaScript again (docs/start-and-memory.md).
enableCompileCache();
await import(pathToFileURL(join(root, targets.server.output)).href);
// The server is ready (main.js resolves once it listens): write what this start compiled.
flushCompileCache();
