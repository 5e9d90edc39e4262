#!/usr/bin/env node
// Runs the test projects as two vitest processes side by side: the server and client tests in one,
// the browser tests (one built server, one Chromium, files one at a time) in the other.
//
// Why: vitest puts a project whose files run one at a time (e2e: fileParallelism false) into a
// group of its own that starts only after every other project has finished, and on two cores it
// gives the others one worker (available cores − 1). The browser chain (~900 s) then waited for the
// server chain (~700 s) although neither used both cores. Side by side, the run takes about as long
// as the longer chain. Each keeps its own database(s) and ports, so they do not meet.
import { spawn } from 'node:child_process';

const runs = [
  { name: 'server+client', args: ['run', '--project', 'server', '--project', 'client'] },
  { name: 'e2e', args: ['run', '--project', 'e2e'] },
];

function run({ name, args }) {
  return new Promise((resolve) => {
    const child = spawn('vitest', [...args, ...process.argv.slice(2)], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
    });
    const prefix = (stream, out) => {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(`[${name}] ${line}\n`);
      });
      stream.on('end', () => rest && out.write(`[${name}] ${rest}\n`));
    };
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
    child.on('close', (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0) }));
  });
}

const started = Date.now();
const results = await Promise.all(runs.map(run));
const seconds = Math.round((Date.now() - started) / 1000);
for (const { name, code } of results)
  console.log(`${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`}`);
console.log(`tests: ${seconds} s`);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
