import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The test database is a clone of the migrated template on the same server the app uses.
let client: pg.Client;
beforeAll(async () => {
  client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
});
afterAll(() => client.end());

describe('database', () => {
  it('is UTF-8 so Thai text is stored as typed', async () => {
    const { rows } = await client.query(
      'select pg_encoding_to_char(encoding) as enc from pg_database where datname = current_database()',
    );
    expect(rows[0].enc).toBe('UTF8');
    const echo = await client.query('select $1::text as t', ['น้ำใจ']);
    expect(echo.rows[0].t).toBe('น้ำใจ');
  });

  it('finds Thai substrings through the trigram index', async () => {
    const hits = await client.query(
      "select name_th from geo_sub_district where name_th ilike '%' || $1 || '%' order by id",
      ['พญาไท'],
    );
    expect(hits.rows.map((r) => r.name_th)).toEqual(expect.arrayContaining(['ทุ่งพญาไท', 'ถนนพญาไท']));
    await client.query('set enable_seqscan = off');
    const plan = await client.query("explain select id from geo_sub_district where name_th ilike '%พญาไท%'");
    await client.query('reset enable_seqscan');
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('geo_sub_district_name_th_trgm');
  });

  it('holds the whole vendored geography: 77 provinces, 929 districts, 7,451 sub-districts', async () => {
    const { rows } = await client.query(`select
      (select count(*)::int from geo_province) p, (select count(*)::int from geo_district) d,
      (select count(*)::int from geo_sub_district) s, (select count(*)::int from geo_region) r`);
    expect(rows[0]).toEqual({ p: 77, d: 929, s: 7451, r: 6 });
  });
});
