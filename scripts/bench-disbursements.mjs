// The disbursements part of `npm run bench` (issue 12: the disbursements API), against the built
// server (server/dist/main.js) on a fresh database of its own, started with BENCH_ROUTES=1, as
// bench-donations.mjs does for the donations API:
//   1. load 20,000 support requests and 50,000 resource disbursements with 1 to 9 lines each (about
//      250,000 lines) in SQL (generate_series): document rows only (no ledger movements: reading a
//      disbursement reads no balance); every other disbursement answers a support request, every
//      third is delivered;
//   2. the nested staff query for a page of 50 disbursements (support request, storage and its
//      division, delivery, lines with their resource and counting unit) against a hand-written SQL
//      endpoint that answers the same JSON (GET /api/bench/resource-disbursements, one statement
//      building the JSON in PostgreSQL): the answers are compared first, every page deep-equal
//      (the bench stops on any difference: bench-same-json.mjs), then requests per second of
//      each, in alternating rounds, latency p50/p95 and CPU per request;
//   3. SQL statements per request of each, counted by PostgreSQL (each read of the API is a
//      transaction of its own; server/src/features/disbursement-api/disbursement-api.test.ts counts
//      them at the driver and holds them constant whatever the page size).
// Started by bench-start.mjs (BENCH_ONLY=disbursements runs only this part); docs/benchmarks.md.

import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { compareApiPages } from './bench-api-compare.mjs';
import {
  beginLoad,
  dropForLoad,
  env,
  fmt,
  insertResources,
  insertStorages,
  load,
  loadSteps,
  startServer,
} from './bench-kit.mjs';

function plan() {
  const scale = env('BENCH_DISBURSEMENTS_SCALE', 1);
  return {
    disbursements: Math.round(50_000 * scale),
    requests: Math.round(20_000 * scale),
    storages: 20,
    /** Storages 1..5 belong to the demo officer's unit: a quarter of the disbursements are in its scope. */
    ownStorages: 5,
    resources: 200,
    rows: 50,
    /** Pages the clients cycle through (both endpoints the same). */
    pages: 10,
    clients: env('BENCH_DISBURSEMENT_CLIENTS', 4),
    rounds: env('BENCH_DISBURSEMENT_ROUNDS', 3),
    roundSeconds: env('BENCH_DISBURSEMENT_SECONDS', 8),
    statementCalls: 50,
  };
}

// The query the bench sends: the API test's, in a module of its own (no copy that could drift from
// what the hand-written endpoint answers).
const { BENCH_DISBURSEMENTS_QUERY: pageQuery } = await tsImport(
  '../server/src/features/disbursement-api/resource-disbursements.bench-query.ts',
  import.meta.url,
);

// ── 1. The load ───────────────────────────────────────────────────────────────────────────────

/**
 * Storages and resources of the bench, then the support requests, the disbursements and their
 * lines, in one transaction. As pg_restore does, the document tables' secondary indexes and foreign
 * keys are dropped for the insert and rebuilt (the foreign keys validated) afterwards.
 */
async function loadDisbursements(db, p) {
  const { steps, step, timed } = loadSteps(db);
  const t0 = performance.now();
  await beginLoad(db);
  await insertStorages(step, {
    code: 'BN-XS',
    nameTh: 'คลังเบิกจ่ายทดสอบ',
    nameEn: 'Bench disbursing storage',
    count: p.storages,
    own: p.ownStorages,
  });
  await insertResources(step, {
    code: 'BN-XR',
    nameTh: 'สิ่งของเบิกจ่ายทดสอบ',
    nameEn: 'Bench disbursed resource',
    count: p.resources,
  });
  const rebuild = await dropForLoad(db, [
    'doc_support_request',
    'doc_resource_disbursement',
    'doc_resource_disbursement_line',
  ]);
  // Support requests of the storages' units (request g belongs to storage 1 + g % storages' unit).
  await step(
    'support requests',
    `with s as (select id, owner_unit_id, row_number() over (order by id) n from ref_storage where code like 'BN-XS-%'),
       o as (select array(select id from ref_external_office order by id) ids),
       who as (select id from app_user where username = 'admin.demo')
     insert into doc_support_request (number, fiscal_year, status, version, owner_unit_id, created_by, created_at,
       updated_by, updated_at, unit_id, requester_kind, requester_office_id, requester_name, receiver_type, province,
       request_date, urgency, purpose)
     select format('BN-RS-%s', lpad(g::text, 7, '0')), 2569, (array['APPROVED', 'APPROVED', 'APPROVED', 'SUBMITTED'])[1 + g % 4],
       1, s.owner_unit_id, who.id, t.at, who.id, t.at, s.owner_unit_id,
       case when g % 2 = 1 or cardinality(o.ids) = 0 then 'PERSON' else 'OFFICE' end,
       case when g % 2 = 1 or cardinality(o.ids) = 0 then null else o.ids[1 + g % array_length(o.ids, 1)] end,
       case when g % 2 = 1 or cardinality(o.ids) = 0 then format('ผู้ขอทดสอบ %s', g) end,
       'PERSON', 1 + g % 77, (t.at at time zone 'Asia/Bangkok')::date, (array['VERY_URGENT', 'URGENT', 'NORMAL'])[1 + g % 3],
       'ทดสอบ'
     from generate_series(1, $1::int) g
     cross join lateral (select now() - interval '1 day' - (g::float8 / $1) * interval '730 days' as at) t
     join s on s.n = 1 + g % $2, o, who`,
    [p.requests, p.storages],
  );
  // Newest first by g; a storage (and its unit) by g; every other one answers a request of the same
  // storage's unit (request g' belongs to storage 1 + g' % storages too: g' ≡ g), every third is
  // delivered, and half of those (the COMPLETED ones, g % 6 = 3) have their result.
  await step(
    'disbursements',
    `with s as (select id, owner_unit_id, row_number() over (order by id) n from ref_storage where code like 'BN-XS-%'),
       q as (select array(select id from doc_support_request where number like 'BN-RS-%' order by id) ids),
       who as (select id from app_user where username = 'admin.demo')
     insert into doc_resource_disbursement (number, fiscal_year, status, version, owner_unit_id, created_by, created_at,
       updated_by, updated_at, storage_id, recipient_name, recipient_address, purpose, support_request_id, delivered_on,
       received_by, result_date, beneficiaries, outcome)
     select format('BN-RD-%s', lpad(g::text, 7, '0')), 2569,
       case when g % 3 = 0 then (array['DELIVERED', 'COMPLETED'])[1 + g % 2]
            else (array['DRAFT', 'PENDING_APPROVAL', 'APPROVED', 'CANCELLED'])[1 + g % 4] end, 1,
       s.owner_unit_id, who.id, t.at, who.id, t.at, s.id, format('ผู้รับทดสอบ %s', g), 'ที่อยู่ทดสอบ', 'ทดสอบ',
       case when g % 2 = 0 then q.ids[((g * 7919) % ($3::int / $2::int - 1) + 1) * $2::int + g % $2::int] end,
       case when g % 3 = 0 then (t.at at time zone 'Asia/Bangkok')::date end,
       case when g % 3 = 0 then format('ผู้รับมอบทดสอบ %s', g) end,
       case when g % 6 = 3 then (t.at at time zone 'Asia/Bangkok')::date end,
       case when g % 6 = 3 then g % 500 end,
       case when g % 6 = 3 then format('ผลทดสอบ %s', g) end
     from generate_series(1, $1::int) g
     cross join lateral (select now() - (g::float8 / $1) * interval '730 days' as at) t
     join s on s.n = 1 + g % $2, q, who`,
    [p.disbursements, p.storages, p.requests],
  );
  // 1 to 9 lines a disbursement, 5 on average.
  await step(
    'lines',
    `with r as (select id, row_number() over (order by id) n from ref_resource where code like 'BN-XR-%'),
       doc as (select id, status, row_number() over (order by id) g from doc_resource_disbursement
               where number like 'BN-RD-%')
     insert into doc_resource_disbursement_line (document_id, line_no, resource_id, lot, expiry_date, quantity,
       unit_value, delivered_quantity)
     select doc.id, k, r.id, 'BN-L' || k, current_date + ((doc.g + k) % 700)::int,
       (1 + (doc.g * k) % 50)::numeric(14,3), (10 + (doc.g + k) % 90)::numeric(14,2),
       case when doc.status in ('DELIVERED', 'COMPLETED') then (1 + (doc.g * k) % 50)::numeric(14,3) end
     from doc cross join generate_series(1, 9) k
     join r on r.n = 1 + (doc.g * 31 + k * 17) % $1
     where k <= 1 + doc.g % 9
     order by doc.id, k`,
    [p.resources],
  );
  await rebuild(timed);
  await db.query('commit');
  // Vacuumed as well, so that no autovacuum runs (and commits) during the measurements.
  await step(
    'vacuum and analyze',
    'vacuum (analyze) doc_support_request, doc_resource_disbursement, doc_resource_disbursement_line, ref_storage, ref_resource',
  );
  const {
    rows: [counted],
  } = await db.query(
    `select (select count(*) from doc_resource_disbursement where number like 'BN-RD-%')::int as disbursements,
            (select count(*) from doc_resource_disbursement_line l join doc_resource_disbursement d on d.id = l.document_id
              where d.number like 'BN-RD-%')::int as lines,
            (select count(*) from doc_resource_disbursement where number like 'BN-RD-%' and support_request_id is not null)::int as answering`,
  );
  return { ms: performance.now() - t0, steps, ...counted };
}

// ── The run ───────────────────────────────────────────────────────────────────────────────────

export async function runDisbursementsBench() {
  const p = plan();
  const rows = [];
  const notes = [];
  const row = (label, value, unit = '') => rows.push({ label, value, unit });
  notes.push(`machine: ${cpus().length} cores; load average at start ${load()}`);
  const server = await startServer({ BENCH_ROUTES: '1' });
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  try {
    row('server start, fresh database (demo seed)', fmt(server.startMs / 1000, 1), 's');
    const loaded = await loadDisbursements(db, p);
    row(
      `load ${loaded.disbursements.toLocaleString('en')} disbursements (${loaded.answering.toLocaleString('en')} answering one of ${p.requests.toLocaleString('en')} requests), ${loaded.lines.toLocaleString('en')} lines (${fmt(loaded.lines / loaded.disbursements, 2)} a disbursement)`,
      fmt(loaded.ms / 1000, 1),
      's',
    );
    for (const s of loaded.steps) notes.push(`  load step: ${s.label}: ${fmt(s.ms / 1000, 1)} s`);
    notes.push(`load average after load ${load()}`);

    // The demo officer (UG-S01, view-resource-disbursement MN-070) of OPS-P38-SDW, owner of 5 of the 20 storages.
    await compareApiPages(
      { server, db, p, row, notes },
      {
        what: 'resource disbursements',
        table: 'doc_resource_disbursement',
        pageQuery,
        field: 'resourceDisbursements',
        restPath: '/api/bench/resource-disbursements',
        describe: (sample) =>
          `${sample.items.length} disbursements, ${sample.items.reduce((n, d) => n + d.lines.length, 0)} lines, ` +
          `${sample.items.filter((d) => d.supportRequest).length} support requests, ${sample.items.filter((d) => d.delivery).length} deliveries, ` +
          `${new Set(sample.items.map((d) => d.storage.id)).size} storages, ` +
          `${new Set(sample.items.flatMap((d) => d.lines.map((x) => x.resource.id))).size} resources`,
        ratioLabel: 'ratio GraphQL / hand-written SQL',
      },
    );
  } finally {
    await db.end().catch(() => {});
    if (process.env.BENCH_KEEP === '1') {
      server.detach();
      notes.push(`kept: server ${server.url} (pid ${server.serverPid}), database ${server.databaseUrl}`);
    } else {
      await server.stop();
    }
  }
  notes.push(`load average at the end ${load()}`);
  return { rows, notes };
}

export function printDisbursements({ rows, notes }) {
  const width = Math.max(...rows.map((r) => r.label.length));
  console.log('\nDisbursements API (issue 12): docs/benchmarks.md');
  for (const r of rows) console.log(`${r.label.padEnd(width)}  ${String(r.value).padStart(14)} ${r.unit}`);
  for (const n of notes) console.log(n);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) printDisbursements(await runDisbursementsBench());
