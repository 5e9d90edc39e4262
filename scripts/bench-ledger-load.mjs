// The ledger part's data (bench-ledger.mjs): its sizes, the load of the movements and balances in SQL,
// and the check that every balance is the sum of its movements.
import {
  beginLoad,
  dropForLoad,
  env,
  gql,
  insertResources,
  insertStorages,
  loadSteps,
} from './bench-kit.mjs';

/** Sizes: BENCH_LEDGER_SCALE=0.1 loads a tenth (for trying the script out; figures are for 1). */
export function plan() {
  const scale = env('BENCH_LEDGER_SCALE', 1);
  const storages = Math.max(2, Math.round(250 * scale));
  const resources = 100;
  const lots = 4;
  const balances = storages * resources * lots;
  const movements = Math.round(1_000_000 * scale);
  const hot = 4;
  const hotMovements = Math.max(50, Math.round(5_000 * scale));
  const rest = movements - hot * hotMovements;
  const base = Math.floor(rest / (balances - hot));
  if (base < 1) throw new Error('BENCH_LEDGER_SCALE leaves fewer movements than balances');
  return {
    storages,
    resources,
    lots,
    balances,
    movements,
    hot,
    hotMovements,
    base,
    extra: rest - base * (balances - hot),
    clients: env('BENCH_CLIENTS', 8),
    postingSeconds: env('BENCH_POSTING_SECONDS', 20),
    queryCalls: env('BENCH_QUERY_CALLS', 200),
  };
}

// ── 1. The load ───────────────────────────────────────────────────────────────────────────────

/**
 * The balances the posting clients share. Default: lot BN-L1 of four resources (BN-R-0001..4) in
 * BN-ST-0001. BENCH_HOT=lots: the four lots BN-L1..4 of one resource (BN-R-0001) there, where a
 * lock of every lot of a storage and resource would serialise all postings (issue 24, part 3).
 */
export const hotBalancesSql = `select b.id as balance_id, b.storage_id, b.resource_id, b.lot, b.expiry_date::text as expiry_date
  from stock_balance b join ref_storage s on s.id = b.storage_id join ref_resource r on r.id = b.resource_id
  where s.code = 'BN-ST-0001' and ${
    process.env.BENCH_HOT === 'lots'
      ? `r.code = 'BN-R-0001'`
      : `r.code in ('BN-R-0001', 'BN-R-0002', 'BN-R-0003', 'BN-R-0004') and b.lot = 'BN-L1'`
  }
  order by r.code, b.lot`;

/**
 * Generates the movements of every lot in a temporary table (each lot: a first receipt, then
 * receipts, reservations, issues of the reservation and issues in turn, so no running balance ever
 * goes below zero and reserved stays within on hand), inserts the balances as their sums, then the
 * movements in time order. As pg_restore does, stock_movement's secondary indexes and foreign keys
 * are dropped for the insert and rebuilt (the foreign keys validated) afterwards, in the same
 * transaction; its CHECKs and append-only triggers stay on. BENCH_LOAD_LIVE=1 inserts with every
 * index and foreign key in place instead.
 */
export async function loadLedger(db, p) {
  const live = process.env.BENCH_LOAD_LIVE === '1';
  const { steps, step, timed } = loadSteps(db);
  const t0 = performance.now();
  await beginLoad(db);
  await insertStorages(step, {
    code: 'BN-ST',
    digits: 4,
    nameTh: 'คลังทดสอบ',
    nameEn: 'Bench storage',
    count: p.storages,
    own: 5,
  });
  await insertResources(step, {
    code: 'BN-R',
    nameTh: 'สิ่งของทดสอบ',
    nameEn: 'Bench resource',
    count: p.resources,
  });
  // Lot BN-L1 of resources 1..4 in storage 1 (owned by the demo officer's unit) are the hot ones.
  await step(
    'movements generated (temporary table)',
    `create temporary table bench_src on commit drop as
     with lot as (
       select s.id as storage_id, r.id as resource_id, 'BN-L' || l as lot,
         current_date + (l * 90 + r.n % 60)::int as expiry_date, (10 + r.n % 90)::numeric(14,2) as unit_value,
         (s.n = 1 and r.n <= $1 and l = 1) as hot
       from (select id, row_number() over (order by id) n from ref_storage where code like 'BN-ST-%') s
       cross join (select id, row_number() over (order by id) n from ref_resource where code like 'BN-R-%') r
       cross join generate_series(1, $2::int) l
     ), counted as (
       select lot.*, case when hot then $3::int
         when row_number() over (partition by hot order by storage_id, resource_id, lot) <= $5 then $4::int + 1
         else $4::int end as n
       from lot
     )
     select c.storage_id, c.resource_id, c.lot, c.expiry_date, c.unit_value, k,
       case when k = 1 then 'RECEIVE'
         else (array['RECEIVE', 'RESERVE', 'ISSUE_RESERVED', 'ISSUE'])[1 + (k - 2) % 4] end as movement_type,
       (case when k = 1 then 100
         when (k - 2) % 4 = 0 then 20 + k % 10
         when (k - 2) % 4 = 1 then 0
         when (k - 2) % 4 = 2 then -(5 + (k - 1) % 5)
         else -(3 + k % 4) end)::numeric(14,3) as quantity,
       (case when k > 1 and (k - 2) % 4 = 1 then 5 + k % 5
         when k > 1 and (k - 2) % 4 = 2 then -(5 + (k - 1) % 5)
         else 0 end)::numeric(14,3) as reserved_delta,
       now() - interval '730 days' + (k::float8 / c.n) * interval '729 days' as created_at
     from counted c cross join generate_series(1, c.n) k`,
    [p.hot, p.lots, p.hotMovements, p.base, p.extra],
  );
  await step(
    'balances inserted as the sums of their movements',
    `insert into stock_balance (storage_id, resource_id, lot, expiry_date, on_hand, reserved, in_transit, unit_value, updated_at)
     select storage_id, resource_id, lot, expiry_date, sum(quantity), sum(reserved_delta), 0, unit_value, now()
     from bench_src group by storage_id, resource_id, lot, expiry_date, unit_value
     order by storage_id, resource_id, lot`,
  );
  const rebuild = live ? null : await dropForLoad(db, ['stock_movement']);
  await step(
    'movements inserted in time order',
    `insert into stock_movement (balance_id, storage_id, resource_id, lot, expiry_date, movement_type, quantity,
       reserved_delta, transit_delta, unit_value, document_type, document_id, document_line_id, created_by_id, created_at)
     select b.id, m.storage_id, m.resource_id, m.lot, m.expiry_date, m.movement_type, m.quantity, m.reserved_delta,
       0, m.unit_value, 'BENCH_LOAD', b.id, m.k, (select id from app_user where username = 'admin.demo'), m.created_at
     from bench_src m
     join stock_balance b on b.storage_id = m.storage_id and b.resource_id = m.resource_id and b.lot = m.lot
       and b.expiry_date = m.expiry_date
     order by m.created_at, b.id, m.k`,
  );
  if (rebuild) await rebuild(timed);
  await step(
    'minimum levels (every 5th storage and resource)',
    `insert into ref_resource_minimum (code, name_th, resource_id, storage_id, minimum_quantity, status_code, created_at, updated_at)
     select r.code || '@' || s.code, r.code || ' – ' || s.code, r.id, s.id, 300 + (s.id * 7 + r.id * 13) % 600, 'A', now(), now()
     from ref_storage s join ref_resource r on (s.id + r.id) % 5 = 0
     where s.code like 'BN-ST-%' and r.code like 'BN-R-%'`,
  );
  await db.query('commit');
  await step(
    'analyze',
    'analyze stock_balance, stock_movement, ref_storage, ref_resource, ref_resource_minimum',
  );
  return { ms: performance.now() - t0, steps, live };
}

/** Every balance column equals the sum of its movements' column; the append-only triggers are there. */
export async function verifyLedger(db) {
  const t0 = performance.now();
  const {
    rows: [r],
  } = await db.query(
    `select
       (select count(*) from stock_movement)::int as movements,
       (select count(*) from stock_balance)::int as balances,
       (select count(*) from stock_balance b
          left join (select balance_id, sum(quantity) q, sum(reserved_delta) r, sum(transit_delta) t
                     from stock_movement group by balance_id) m on m.balance_id = b.id
          where b.on_hand <> coalesce(m.q, 0) or b.reserved <> coalesce(m.r, 0) or b.in_transit <> coalesce(m.t, 0))::int
         as mismatched,
       (select count(*) from stock_balance where on_hand < 0 or reserved < 0 or reserved > on_hand or in_transit < 0)::int
         as negative,
       (select string_agg(tgname, ',' order by tgname) from pg_trigger
          where tgrelid = 'stock_movement'::regclass and not tgisinternal and tgenabled <> 'D') as triggers`,
  );
  return { ...r, ms: performance.now() - t0 };
}

/**
 * The logged-in staff of the posting runs, one token per client: the demo officer (UG-S01:
 * MN-102/103, whose unit owns storage BN-ST-0001) and copies of that account (a user has one session
 * at a time).
 */
export async function benchLogins(db, url, clients) {
  await db.query(
    `insert into app_user
     select (jsonb_populate_record(null::app_user, to_jsonb(u) || jsonb_build_object(
       'id', nextval(pg_get_serial_sequence('app_user', 'id')),
       'username', 'officer' || g || '.bench', 'email', 'officer' || g || '.bench@namjai.local'))).*
     from app_user u, generate_series(2, $1::int) g where u.username = 'officer.demo'`,
    [clients],
  );
  const tokens = [];
  for (let c = 0; c < clients; c++) {
    const data = await gql(
      url,
      'mutation ($u: String!, $p: String!) { login(username: $u, password: $p) { token } }',
      { u: c === 0 ? 'officer.demo' : `officer${c + 1}.bench`, p: 'Namjai-demo-2569' },
    );
    tokens.push(data.login.token);
  }
  return tokens;
}
