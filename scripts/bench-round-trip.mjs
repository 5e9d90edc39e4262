// What a round trip to PostgreSQL costs on this machine (docs/benchmarks.md, "Round trips shared"):
// 20,000 prepared `select $1` on one node-postgres connection to the embedded PostgreSQL, one at a
// time, then in pipeline mode one and three at a time; Node's CPU (and the kernel's part of it) and
// the connection's backend's CPU per statement.
//   npm run build -w server && npx node scripts/bench-round-trip.mjs
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { startServer } from './bench-kit.mjs';

const statements = 20_000;
/** A process's CPU time in ms (utime + stime, in clock ticks of 10 ms). */
const cpuOfPid = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const server = await startServer();
try {
  for (const [pipeline, together] of [
    [false, 1],
    [true, 1],
    [true, 3],
  ]) {
    const c = new pg.Client({ connectionString: server.databaseUrl, pipeline });
    await c.connect();
    const backend = (await c.query('select pg_backend_pid() as pid')).rows[0].pid;
    const node0 = process.cpuUsage();
    const pg0 = cpuOfPid(backend);
    for (let i = 0; i < statements; i += together)
      await Promise.all(
        Array.from({ length: together }, (_, k) =>
          c.query({ name: 'round_trip', text: 'select $1::int as x', values: [i + k] }),
        ),
      );
    const node = process.cpuUsage(node0);
    const us = (micros) => (micros / statements).toFixed(1);
    console.log(
      `${pipeline ? 'pipeline mode' : 'one at a time'}, ${together} together: Node ${us(node.user + node.system)} µs (kernel ${us(node.system)}), PostgreSQL ${us((cpuOfPid(backend) - pg0) * 1000)} µs per statement`,
    );
    await c.end();
  }
} finally {
  await server.stop();
}
