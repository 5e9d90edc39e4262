// `npm run dev`: the API with reload on change (tsx watch, port 3001) behind Vite's dev server with hot
// module replacement on http://localhost:3000, which proxies /graphql, /api and the probes to the API.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitUnlessNodeSupported } from './node-version.mjs';

exitUnlessNodeSupported();

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = process.env.API_PORT || '3001';
const children = [
  spawn('npm', ['run', 'dev', '-w', 'server'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn('npm', ['run', 'dev', '-w', 'client'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NAMJAI_API_URL: `http://localhost:${apiPort}` },
  }),
];
const stop = (code = 0) => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
};
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
