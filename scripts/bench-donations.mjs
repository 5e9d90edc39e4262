// The donations part of `npm run bench` (issue 10, item 8: GraphQL for integrators), against the
// built server (server/dist/main.js) on a fresh database of its own, started with BENCH_ROUTES=1:
//   1. load 100,000 goods donations with about 5 items each (500,000 lines) in SQL (generate_series);
//   2. the nested staff query for a page of 50 donations (donor, storage, items and their resource)
//      against a hand-written SQL endpoint that answers the same JSON (GET /api/bench/goods-donations,
//      one statement building the JSON in PostgreSQL): the answers are compared first, every page
//      deep-equal (the bench stops on any difference: bench-same-json.mjs), then requests per
//      second of each, in alternating rounds so both meet the same machine, and their ratio;
//   3. SQL statements per request of each, counted by PostgreSQL (each read of the API is a
//      transaction of its own; server/src/features/donation-api/donation-api.test.ts counts them at
//      the driver and holds them constant whatever the page size);
//   4. the receipt PDF (GET /api/receipts/:id/pdf of the demo receipt): the first render (Chromium
//      starts) and p50/p95 of the next ones.
// Started by bench-start.mjs (BENCH_ONLY=donations runs only this part); docs/benchmarks.md.

import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { compareApiPages } from './bench-api-compare.mjs';
import { benchDonationList } from './bench-donation-list.mjs';
import {
  beginLoad,
  dropForLoad,
  env,
  fmt,
  gql,
  insertResources,
  insertStorages,
  load,
  loadSteps,
  percentile,
  startServer,
} from './bench-kit.mjs';

function plan() {
  const scale = env('BENCH_DONATIONS_SCALE', 1);
  return {
    donations: Math.round(100_000 * scale),
    donors: 2_000,
    storages: 20,
    /** Storages 1..5 belong to the demo officer's unit: a quarter of the donations are in its scope. */
    ownStorages: 5,
    resources: 200,
    rows: 50,
    /** Pages the clients cycle through (both endpoints the same). */
    pages: 10,
    clients: env('BENCH_DONATION_CLIENTS', 4),
    rounds: env('BENCH_DONATION_ROUNDS', 3),
    roundSeconds: env('BENCH_DONATION_SECONDS', 8),
    statementCalls: 50,
    pdfRenders: env('BENCH_PDF_RENDERS', 20),
  };
}

// The query the bench sends: the API test's, in a module of its own (no copy that could drift from
// what the hand-written endpoint answers).
const { BENCH_GOODS_QUERY: pageQuery } = await tsImport(
  '../server/src/features/donation-api/goods-donations.bench-query.ts',
  import.meta.url,
);

// ── 1. The load ───────────────────────────────────────────────────────────────────────────────

/**
 * Donors, storages and resources of the bench, then the donations and their lines, in one
 * transaction. As pg_restore does, the two document tables' secondary indexes and foreign keys are
 * dropped for the insert and rebuilt (the foreign keys validated) afterwards, from the catalogue.
 */
export async function loadDonations(db, p) {
  const { steps, step, timed } = loadSteps(db);
  const t0 = performance.now();
  await beginLoad(db);
  await step(
    'donors',
    `insert into ref_donator (code, donor_type, name_th, name_en, status_code, created_at, updated_at)
     select format('BN-DN-%s', lpad(g::text, 5, '0')), (array['PERSON', 'JURISTIC', 'ANONYMOUS'])[1 + g % 3],
       format('ผู้บริจาคทดสอบ %s', g), format('Bench donor %s', g), 'A', now(), now()
     from generate_series(1, $1::int) g`,
    [p.donors],
  );
  await insertStorages(step, {
    code: 'BN-DS',
    nameTh: 'คลังรับบริจาคทดสอบ',
    nameEn: 'Bench donation storage',
    count: p.storages,
    own: p.ownStorages,
  });
  await insertResources(step, {
    code: 'BN-DR',
    nameTh: 'สิ่งของบริจาคทดสอบ',
    nameEn: 'Bench donated resource',
    count: p.resources,
  });
  const rebuild = await dropForLoad(db, ['doc_goods_donation', 'doc_goods_donation_line']);
  // Newest first by g; a storage (and its unit) by g, a donor and a status spread over them.
  await step(
    'donations',
    `with s as (select id, owner_unit_id, row_number() over (order by id) n from ref_storage where code like 'BN-DS-%'),
       d as (select array(select id from ref_donator where code like 'BN-DN-%' order by id) ids),
       who as (select id from app_user where username = 'admin.demo')
     insert into doc_goods_donation (number, fiscal_year, status, version, owner_unit_id, created_by, created_at,
       updated_by, updated_at, donator_id, receiving_unit_id, storage_id, donation_date, objective)
     select format('BN-DT-%s', lpad(g::text, 7, '0')), 2569,
       (array['DRAFT', 'SUBMITTED', 'SCREENED', 'APPROVED_1', 'APPROVED_2', 'CANCELLED'])[1 + g % 6], 1,
       s.owner_unit_id, who.id, t.at, who.id, t.at, d.ids[1 + (g * 7919) % array_length(d.ids, 1)],
       s.owner_unit_id, s.id, (t.at at time zone 'Asia/Bangkok')::date,
       (array['GENERAL', 'DISASTER_FLOOD', 'HOMELESS'])[1 + g % 3]
     from generate_series(1, $1::int) g
     cross join lateral (select now() - (g::float8 / $1) * interval '730 days' as at) t
     join s on s.n = 1 + g % $2, d, who`,
    [p.donations, p.storages],
  );
  // 1 to 9 items a donation, 5 on average. Each donation's stored value (goods_value) is filled by the
  // lines' trigger at the end of this statement, in one grouped update (docs/donations.md "The totals").
  await step(
    'items',
    `with r as (select id, counting_unit_id, row_number() over (order by id) n from ref_resource where code like 'BN-DR-%'),
       doc as (select id, row_number() over (order by id) g from doc_goods_donation where number like 'BN-DT-%')
     insert into doc_goods_donation_line (document_id, line_no, resource_id, character, quantity, counting_unit_id,
       unit_value, price_from, lot)
     select doc.id, k, r.id, (array['NEW', 'USED'])[1 + (doc.g + k) % 2], (1 + (doc.g * k) % 50)::numeric(14,3),
       r.counting_unit_id, (10 + (doc.g + k) % 90)::numeric(14,2), 'RECEIPT', 'BN-L' || k
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
    'vacuum (analyze) doc_goods_donation, doc_goods_donation_line, ref_donator, ref_storage, ref_resource',
  );
  const {
    rows: [counted],
  } = await db.query(
    `select (select count(*) from doc_goods_donation where number like 'BN-DT-%')::int as donations,
            (select count(*) from doc_goods_donation_line l join doc_goods_donation d on d.id = l.document_id
              where d.number like 'BN-DT-%')::int as items`,
  );
  return { ms: performance.now() - t0, steps, ...counted };
}

// ── The run ───────────────────────────────────────────────────────────────────────────────────

export async function runDonationsBench() {
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
    const loaded = await loadDonations(db, p);
    row(
      `load ${loaded.donations.toLocaleString('en')} donations, ${loaded.items.toLocaleString('en')} items (${fmt(loaded.items / loaded.donations, 2)} a donation)`,
      fmt(loaded.ms / 1000, 1),
      's',
    );
    for (const s of loaded.steps) notes.push(`  load step: ${s.label}: ${fmt(s.ms / 1000, 1)} s`);
    notes.push(`load average after load ${load()}`);

    // The demo officer (UG-S01, view-donate-things MN-034) of OPS-P38-SDW, owner of 5 of the 20 storages.
    await compareApiPages(
      { server, db, p, row, notes },
      {
        what: 'goods donations',
        table: 'doc_goods_donation',
        pageQuery,
        field: 'goodsDonations',
        restPath: '/api/bench/goods-donations',
        describe: (sample) =>
          `${sample.items.length} donations, ${sample.items.reduce((n, d) => n + d.items.length, 0)} items, ` +
          `${new Set(sample.items.map((d) => d.donor.id)).size} donors, ${new Set(sample.items.map((d) => d.storage.id)).size} storages, ` +
          `${new Set(sample.items.flatMap((d) => d.items.map((x) => x.resource.id))).size} resources`,
        ratioLabel: 'ratio GraphQL / hand-written SQL (aim ≥ 0.5)',
      },
    );
    // The first and last page of the donation lists, by number and by key (bench-donation-list.mjs).
    await benchDonationList({ server, row, notes });
    // 4. The receipt PDF of the demo money donation, as an administrator prints it.
    const admin = (
      await gql(
        server.url,
        'mutation ($u: String!, $p: String!) { login(username: $u, password: $p) { token } }',
        { u: 'admin.demo', p: 'Namjai-demo-2569' },
      )
    ).login.token;
    const [{ id: receipt }] = (await db.query('select id from donation_receipt order by id limit 1')).rows;
    const render = async () => {
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/receipts/${receipt}/pdf`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      const bytes = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200 || bytes.subarray(0, 5).toString() !== '%PDF-')
        throw new Error(`receipt PDF: ${res.status} ${bytes.subarray(0, 200).toString()}`);
      return { ms: performance.now() - t0, bytes: bytes.length };
    };
    const first = await render();
    const renders = [];
    for (let i = 0; i < p.pdfRenders; i++) renders.push(await render());
    const ms = renders.map((r) => r.ms).sort((a, b) => a - b);
    row('receipt PDF, first render (Chromium starts)', fmt(first.ms, 0), 'ms');
    row(
      `receipt PDF render p50 / p95 (${p.pdfRenders} renders, ${Math.round(renders[0].bytes / 1024)} KB)`,
      `${fmt(percentile(ms, 0.5), 0)} / ${fmt(percentile(ms, 0.95), 0)}`,
      'ms',
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

export function printDonations({ rows, notes }) {
  const width = Math.max(...rows.map((r) => r.label.length));
  console.log('\nDonations API (issue 10, item 8): docs/benchmarks.md');
  for (const r of rows) console.log(`${r.label.padEnd(width)}  ${String(r.value).padStart(14)} ${r.unit}`);
  for (const n of notes) console.log(n);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) printDonations(await runDonationsBench());
