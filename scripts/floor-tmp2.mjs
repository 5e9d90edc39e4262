import pg from 'pg';
import { startServer } from './bench-kit.mjs';
import { benchLogins } from './bench-ledger-load.mjs';
const server = await startServer();
const db = new pg.Client({ connectionString: server.databaseUrl });
await db.connect();
await benchLogins(db, server.url, 2);
const sid = (await db.query(`select s.id from user_session s join app_user u on u.id = s.user_id where u.username = 'officer.demo' order by s.id desc limit 1`)).rows[0].id;
console.log('session', sid, (await db.query(`select count(*) from user_group_menu`)).rows, (await db.query(`select count(*) from menu_entry`)).rows, (await db.query(`select user_group_code, count(*) from user_group_menu group by 1 order by 2 desc limit 5`)).rows);
const text = process.argv[2] ? (await import('node:fs')).readFileSync(process.argv[2], 'utf8') : null;
const sql = text ?? `select s.user_id, s.ended_at is not null as ended, s.end_reason, s.token_id,
  (extract(epoch from s.last_seen_at) * 1000)::float8 as last_seen_ms,
  (extract(epoch from s.expires_at) * 1000)::float8 as expires_ms,
  u.kind, u.username, u.user_status_code, u.user_group_code, o.id as unit_id, o.path as unit_path,
  array(select m.code from user_group g
    join user_group_menu gm on gm.user_group_code = g.code
    join menu_entry m on m.code = gm.menu_entry_code
    where g.code = u.user_group_code and g.status_code = 'A' and m.status_code = 'A') as menu_codes
from user_session s
join app_user u on u.id = s.user_id
left join organisation_unit o on o.id = u.organisation_unit_id
where s.id = $1`;
await db.query('set plan_cache_mode = force_generic_plan');
await db.query(`prepare s(uuid) as ${sql}`);
for (let i = 0; i < 20; i++) await db.query(`execute s('${sid}')`);
const r = await db.query(`explain (analyze, buffers, costs off) execute s('${sid}')`);
console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
const t0 = performance.now(); for (let i = 0; i < 500; i++) await db.query(`execute s('${sid}')`); console.log('wall per execute', ((performance.now() - t0) / 500).toFixed(3), 'ms');
await db.end();
await server.stop();
