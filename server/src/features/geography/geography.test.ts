import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip } from '../../platform/http/rest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { PROVINCE_CENTRE_FALLBACK } from './province-centre';

interface SubDistrictRow {
  id: number;
  nameTh: string;
  postcode: string;
  district?: { nameTh: string; province: { nameTh: string } };
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const errorOf = (body: { errors?: { extensions?: Record<string, unknown> }[] }) =>
  body.errors?.[0]?.extensions;

describe('geography over GraphQL', () => {
  it('reaches all 77 provinces, 929 districts and 7,451 sub-districts through the field resolvers', async () => {
    const res = await t.graphql<{
      provinces: {
        id: number;
        nameTh: string;
        region: { nameEn: string };
        districts: { id: number; subDistricts: { id: number; postcode: string }[] }[];
      }[];
    }>('{ provinces { id nameTh region { nameEn } districts { id subDistricts { id postcode } } } }');
    expect(res.body.errors).toBeUndefined();
    const provinces = res.body.data?.provinces ?? [];
    expect(provinces).toHaveLength(77);
    expect(provinces.every((p) => p.region.nameEn.length > 0)).toBe(true);
    const districts = provinces.flatMap((p) => p.districts);
    expect(new Set(districts.map((d) => d.id)).size).toBe(929);
    const subDistricts = districts.flatMap((d) => d.subDistricts);
    expect(new Set(subDistricts.map((s) => s.id)).size).toBe(7451);
    expect(subDistricts.every((s) => /^\d{5}$/.test(s.postcode))).toBe(true);
    // Thai dictionary order: a leading vowel is skipped, so เชียงใหม่ sorts under ช, before ตาก
    // (by code point it would come after every consonant).
    const names = provinces.map((p) => p.nameTh);
    expect(names[0]).toBe('กระบี่');
    expect(names.indexOf('เชียงใหม่')).toBeLessThan(names.indexOf('ตาก'));
  });

  it('lists the districts of a province and the sub-districts of a district, each knowing its parent', async () => {
    const res = await t.graphql<{
      districts: { id: number; nameTh: string; province: { nameTh: string } }[];
      subDistricts: {
        nameTh: string;
        postcode: string;
        latitude: number | null;
        district: { nameTh: string };
      }[];
    }>(
      `{ districts(provinceId: 1) { id nameTh province { nameTh } }
         subDistricts(districtId: 1037) { nameTh postcode latitude district { nameTh } } }`,
    );
    expect(res.body.errors).toBeUndefined();
    const districts = res.body.data?.districts ?? [];
    expect(districts).toHaveLength(50);
    expect(districts.every((d) => d.province.nameTh === 'กรุงเทพมหานคร')).toBe(true);
    expect(districts.map((d) => d.nameTh)).toContain('เขตพญาไท');
    const subs = res.body.data?.subDistricts ?? [];
    expect(subs.map((s) => s.nameTh)).toEqual(expect.arrayContaining(['ทุ่งพญาไท', 'ถนนพญาไท']));
    expect(subs.every((s) => s.postcode === '10400' && s.district.nameTh === 'เขตราชเทวี')).toBe(true);
  });

  it('finds ทุ่งพญาไท from the Thai substring พญาไท, with its district and province', async () => {
    const res = await t.graphql<{ searchSubDistricts: SubDistrictRow[] }>(
      `query ($text: String!) {
        searchSubDistricts(text: $text) { id nameTh postcode district { nameTh province { nameTh } } }
      }`,
      { text: 'พญาไท' },
    );
    expect(res.body.errors).toBeUndefined();
    const found = res.body.data?.searchSubDistricts ?? [];
    expect(found.find((s) => s.nameTh === 'ทุ่งพญาไท')).toEqual({
      id: 103701,
      nameTh: 'ทุ่งพญาไท',
      postcode: '10400',
      district: { nameTh: 'เขตราชเทวี', province: { nameTh: 'กรุงเทพมหานคร' } },
    });
    expect(found.every((s) => s.nameTh.includes('พญาไท'))).toBe(true);
  });

  it('gives one sub-district by id with its district and province, and null for an unknown id', async () => {
    const res = await t.graphql<{ known: SubDistrictRow | null; unknown: SubDistrictRow | null }>(
      '{ known: subDistrict(id: 100101) { id nameTh postcode district { nameTh province { nameTh } } } unknown: subDistrict(id: 1) { id } }',
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data?.known).toEqual({
      id: 100101,
      nameTh: 'พระบรมมหาราชวัง',
      postcode: '10200',
      district: { nameTh: 'เขตพระนคร', province: { nameTh: 'กรุงเทพมหานคร' } },
    });
    expect(res.body.data?.unknown).toBeNull();
  });

  it('puts an exact name first, then names that start with the text', async () => {
    const res = await t.graphql<{ searchSubDistricts: SubDistrictRow[] }>(
      '{ searchSubDistricts(text: "สุเทพ", limit: 5) { nameTh postcode } }',
    );
    const found = res.body.data?.searchSubDistricts ?? [];
    expect(found[0]).toEqual({ nameTh: 'สุเทพ', postcode: '50200' });
    expect(found.length).toBeLessThanOrEqual(5);
  });

  it('finds sub-districts by postcode prefix', async () => {
    const res = await t.graphql<{ exact: SubDistrictRow[]; prefix: SubDistrictRow[] }>(
      `{ exact: searchSubDistricts(text: "10400", limit: 100) { nameTh postcode }
         prefix: searchSubDistricts(text: "501", limit: 100) { postcode } }`,
    );
    expect(res.body.errors).toBeUndefined();
    const exact = res.body.data?.exact ?? [];
    expect(exact).toHaveLength(6);
    expect(exact.map((s) => s.nameTh)).toEqual(expect.arrayContaining(['ทุ่งพญาไท', 'สามเสนใน', 'ดินแดง']));
    const prefix = res.body.data?.prefix ?? [];
    expect(prefix).toHaveLength(98);
    expect(prefix.every((s) => s.postcode.startsWith('501'))).toBe(true);
    // Ordered by postcode, so a short prefix lists places area by area.
    expect(prefix[0].postcode).toBe('50100');
  });

  it('matches LIKE wildcards literally and refuses empty text and out-of-range limits', async () => {
    const res = await t.graphql<{ wildcard: SubDistrictRow[] }>(
      '{ wildcard: searchSubDistricts(text: "%") { id } }',
    );
    expect(res.body.data?.wildcard).toEqual([]);
    const empty = await t.graphql('{ searchSubDistricts(text: "  ") { id } }');
    expect(errorOf(empty.body)).toMatchObject({ code: 'BAD_INPUT', status: 400 });
    const limit = await t.graphql('{ searchSubDistricts(text: "พญาไท", limit: 0) { id } }');
    expect(errorOf(limit.body)).toMatchObject({ code: 'BAD_INPUT', status: 400 });
  });
});

describe('GET /api/common/province-tree', () => {
  interface TreeProvince {
    id: number;
    nameTh: string;
    regionId: number;
    districts: { id: number; subDistricts: { id: number; nameTh: string; postcode: string }[] }[];
  }

  it('answers 77 provinces with every district and sub-district once, cacheable for an hour', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/common/province-tree' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const tree = res.json<TreeProvince[]>();
    expect(tree).toHaveLength(77);
    const districts = tree.flatMap((p) => p.districts);
    expect(districts).toHaveLength(929);
    const subs = districts.flatMap((d) => d.subDistricts);
    expect(subs).toHaveLength(7451);
    expect(new Set(subs.map((s) => s.id)).size).toBe(7451);
    expect(subs.every((s) => /^\d{5}$/.test(s.postcode))).toBe(true);
    const bangkok = tree.find((p) => p.nameTh === 'กรุงเทพมหานคร');
    expect(bangkok?.districts).toHaveLength(50);
  });

  it('serves the same built answer again and honours If-None-Match', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/common/province-tree' });
    const second = await t.app.inject({ method: 'GET', url: '/api/common/province-tree' });
    expect(second.body).toBe(first.body);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/common/province-tree',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('sends the tree gzipped once to a client that accepts gzip, the same JSON', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/common/province-tree' });
    const zipped = await t.app.inject({
      method: 'GET',
      url: '/api/common/province-tree',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(zipped.headers['content-type']).toContain('application/json');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(zipped.rawPayload.length).toBeLessThan(plain.body.length / 4);
    // gzip refused (q=0): the plain JSON, compressed by nobody.
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/common/province-tree',
      headers: { 'accept-encoding': 'gzip;q=0, identity' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });
});

describe('acceptsGzip', () => {
  it('reads gzip or * with a weight above 0', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('*;q=0.000')).toBe(false);
    expect(acceptsGzip('br, deflate')).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe('province centres', () => {
  it('places every province at the mean of its sub-districts, and Bangkok at its fallback', async () => {
    const res = await t.graphql<{
      provinces: { id: number; latitude: number | null; longitude: number | null }[];
    }>('{ provinces { id latitude longitude } }');
    const provinces = res.body.data?.provinces ?? [];
    expect(provinces).toHaveLength(77);
    // Thailand lies between 5.6–20.5° N and 97.3–105.7° E.
    for (const p of provinces) {
      expect(p.latitude).toBeGreaterThan(5.5);
      expect(p.latitude).toBeLessThan(20.5);
      expect(p.longitude).toBeGreaterThan(97.3);
      expect(p.longitude).toBeLessThan(105.7);
    }
    const [chiangMai] = (await t.em().execute(
      `select round(avg(s.latitude)::numeric, 4)::float8 as latitude, round(avg(s.longitude)::numeric, 4)::float8 as longitude
       from geo_sub_district s join geo_district d on d.id = s.district_id where d.province_id = 38 and s.latitude is not null`,
    )) as { latitude: number; longitude: number }[];
    expect(provinces.find((p) => p.id === 38)).toEqual({ id: 38, ...chiangMai });
    expect(provinces.find((p) => p.id === 1)).toEqual({ id: 1, ...PROVINCE_CENTRE_FALLBACK[1] });
  });
});
