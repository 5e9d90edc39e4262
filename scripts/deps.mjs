// `npm run deps`: dependency-cruiser with the rules of .dependency-cruiser.cjs, exiting 1 on any
// violation. depcruise itself exits with its error count, which the shell takes modulo 256 (256
// violations would pass), so this reads its verdict instead of trusting the exit code alone.
import { spawnSync } from 'node:child_process';

const run = spawnSync(
  'npx',
  ['depcruise', 'server/src', 'client/src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
  { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] },
);
process.stdout.write(run.stdout ?? '');
const clean = run.status === 0 && /no dependency violations found/.test(run.stdout ?? '');
process.exit(clean ? 0 : 1);
