import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfficeType, OrganisationUnit } from '../../kits/core/organisation.entity';
import { recordStatements } from '../../testing/sent-statements';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { OrganisationService } from './organisation.service';

interface Node {
  code: string;
  nameTh: string;
  officeType: number;
  province: { nameTh: string } | null;
  parent?: { code: string } | null;
  children: Node[];
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const treeQuery = `{
  organisationTree {
    code nameTh officeType province { nameTh }
    children { code nameTh officeType province { nameTh } parent { code }
      children { code nameTh officeType province { nameTh } parent { code }
        children { code nameTh officeType province { nameTh } children { code nameTh officeType province { nameTh } children { code } } } } }
  }
}`;

const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe('organisation tree over GraphQL', () => {
  it('returns the seeded ministry with nested departments, bureaus and divisions', async () => {
    const res = await t.graphql<{ organisationTree: Node[] }>(treeQuery);
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    const roots = res.body.data?.organisationTree ?? [];
    expect(roots.map((r) => r.code)).toEqual(['MSDHS']);
    const ministry = roots[0];
    expect(ministry.nameTh).toBe('กระทรวงการพัฒนาสังคมและความมั่นคงของมนุษย์');
    expect(ministry.officeType).toBe(OfficeType.Ministry);
    expect(ministry.children.length).toBeGreaterThanOrEqual(3);
    expect(
      ministry.children.every((d) => d.officeType === OfficeType.Department && d.parent?.code === 'MSDHS'),
    ).toBe(true);

    const all = flatten(roots);
    const provincialOffices = all.filter((n) => n.officeType === OfficeType.ProvincialOffice);
    expect(new Set(provincialOffices.map((n) => n.province?.nameTh)).size).toBeGreaterThanOrEqual(5);
    expect(all.some((n) => n.officeType === OfficeType.CentralBureau)).toBe(true);
    // Divisions sit under bureaus of the matching kind: 4 under 3, 6 under 5.
    for (const bureau of all.filter((n) => n.officeType === 3 || n.officeType === 5)) {
      for (const child of bureau.children) expect(child.officeType).toBe(bureau.officeType + 1);
    }
    expect(all.filter((n) => n.officeType === 4 || n.officeType === 6).length).toBeGreaterThanOrEqual(10);
  });

  it('finds one unit by code with its province, region and postcode, and null for an unknown code', async () => {
    const res = await t.graphql<{ organisationUnit: Record<string, unknown>; missing: null }>(
      `query ($code: String!) {
        organisationUnit(code: $code) { code nameEn acceptsDonations postcode latitude province { nameEn region { nameEn } } parent { code } }
        missing: organisationUnit(code: "NO-SUCH") { code }
      }`,
      { code: 'OPS-P38' },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data?.organisationUnit).toEqual({
      code: 'OPS-P38',
      nameEn: 'Chiang Mai Provincial Office of Social Development and Human Security',
      acceptsDonations: true,
      postcode: '50200',
      latitude: 18.8386,
      province: { nameEn: 'Chiang Mai', region: { nameEn: 'Northern' } },
      parent: { code: 'OPS' },
    });
    expect(res.body.data?.missing).toBeNull();
  });

  it('counts donation points by region as the database holds them', async () => {
    const res = await t.graphql<{
      donationPointsByRegion: { region: { id: number; nameTh: string }; count: number }[];
    }>('{ donationPointsByRegion { region { id nameTh } count } }');
    const rows = res.body.data?.donationPointsByRegion ?? [];
    expect(rows).toHaveLength(6);
    const em = t.em();
    const points = await em.find(
      OrganisationUnit,
      { acceptsDonations: true, active: true },
      { populate: ['province.region'] },
    );
    const expected = new Map<number, number>();
    for (const p of points) {
      const region = p.province?.getEntity().region.id;
      if (region) expected.set(region, (expected.get(region) ?? 0) + 1);
    }
    for (const row of rows) expect(row.count).toBe(expected.get(row.region.id) ?? 0);
    expect(rows.find((r) => r.region.nameTh === 'ภาคเหนือ')?.count).toBe(1);

    // A unit that stops accepting donations disappears from the count.
    const cm = await em.findOneOrFail(OrganisationUnit, { code: 'OPS-P38' });
    cm.acceptsDonations = false;
    await em.flush();
    const again = await t.graphql<{
      donationPointsByRegion: { region: { nameTh: string }; count: number }[];
    }>('{ donationPointsByRegion { region { nameTh } count } }');
    expect(again.body.data?.donationPointsByRegion.find((r) => r.region.nameTh === 'ภาคเหนือ')?.count).toBe(0);
  });

  it('keeps a materialised path from the root on every unit', async () => {
    const em = t.em();
    const unit = await em.findOneOrFail(
      OrganisationUnit,
      { code: 'OPS-P38-ADM' },
      { populate: ['parent.parent.parent'] },
    );
    const office = unit.parent?.getEntity();
    const dept = office?.parent?.getEntity();
    const ministry = dept?.parent?.getEntity();
    expect(unit.path).toBe(`/${ministry?.id}/${dept?.id}/${office?.id}/${unit.id}/`);
    const subtree = await em.count(OrganisationUnit, { path: { $like: `${dept?.path}%` } });
    expect(subtree).toBeGreaterThan(20);
  });

  it('serves the same tree over REST for the legacy common list', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/common/ministry-tree' });
    expect(res.statusCode).toBe(200);
    const [ministry] = res.json();
    expect(ministry.code).toBe('MSDHS');
    expect(ministry.officeTypeCode).toBe(1);
    expect(ministry.children.map((c: { code: string }) => c.code)).toContain('DSDW');
  });

  it('lists exactly the active units, each under its active parent in code order, in one statement', async () => {
    // A bureau closed: it and everything below it leave the tree; its units stay in the flat list.
    const em = t.em();
    const closed = await em.findOneOrFail(OrganisationUnit, { code: 'OPS-P38' }, { populate: ['parent'] });
    closed.active = false;
    await em.flush();
    try {
      type Tree = { code: string; nameTh: string; nameEn: string; officeTypeCode: number; children: Tree[] };
      type Row = { id: number; parent_id: number | null; code: string };
      // The tree as the organisation service reads it (entities, each unit's active children by code).
      const service = new OrganisationService(t.em());
      const asTree = async (unit: OrganisationUnit): Promise<Tree> => ({
        code: unit.code,
        nameTh: unit.nameTh,
        nameEn: unit.nameEn,
        officeTypeCode: unit.officeType,
        children: await Promise.all((await service.children(unit)).map(asTree)),
      });
      const expected = await Promise.all((await service.roots()).map(asTree));
      const rows = (await em.execute(
        'select id, parent_id, code from organisation_unit where active',
      )) as Row[];
      const recorder = recordStatements();
      const tree = await t.app
        .inject({ method: 'GET', url: '/api/common/ministry-tree' })
        .finally(() => recorder.restore());
      // Not a statement per level of the tree (the entity loads before: about 12-17 ms of CPU).
      expect(recorder.texts().filter((text) => /organisation_unit/.test(text))).toHaveLength(1);
      expect(tree.json()).toEqual(expected);
      const codes = (nodes: Tree[]): string[] => nodes.flatMap((n) => [n.code, ...codes(n.children)]);
      expect(codes(tree.json())).not.toContain('OPS-P38');
      expect(codes(tree.json())).not.toContain('OPS-P38-ADM');

      const flat = await t.app.inject({ method: 'GET', url: '/api/common/ministry-tree2' });
      const parents = new Map(rows.map((r) => [r.id, r.code]));
      const all = (await em.execute(
        'select id, parent_id, code from organisation_unit order by path',
      )) as Row[];
      const codeOf = new Map(all.map((r) => [r.id, r.code]));
      expect(
        flat.json().map((u: { code: string; parentCode: string | null }) => [u.code, u.parentCode]),
      ).toEqual(
        all
          .filter((r) => parents.has(r.id))
          .map((r) => [r.code, r.parent_id === null ? null : (codeOf.get(r.parent_id) ?? null)]),
      );
      expect(flat.json().map((u: { code: string }) => u.code)).toContain('OPS-P38-ADM');
      const bureaus = await t.app.inject({ method: 'GET', url: '/api/common/bureau' });
      expect(new Set(bureaus.json().map((u: { officeTypeCode: number }) => u.officeTypeCode))).toEqual(
        new Set([3, 5]),
      );
    } finally {
      closed.active = true;
      await em.flush();
    }
  });
});

describe('donation points for the near-me page', () => {
  interface Point {
    code: string;
    latitude: number | null;
    longitude: number | null;
    phone: string | null;
    openingHours: string | null;
    addressLine: string | null;
    postcode: string | null;
    subDistrict: { nameTh: string; district: { nameTh: string; province: { nameTh: string } } } | null;
    province: { id: number; latitude: number | null; longitude: number | null } | null;
  }
  const query = `{ donationPoints { code latitude longitude phone openingHours addressLine postcode
    subDistrict { nameTh district { nameTh province { nameTh } } } province { id latitude longitude } } }`;

  it('lists exactly the active units that accept donations, by code, with what the page shows', async () => {
    const res = await t.graphql<{ donationPoints: Point[] }>(query);
    expect(res.body.errors).toBeUndefined();
    const points = res.body.data?.donationPoints ?? [];
    const rows = (await t
      .em()
      .execute('select code from organisation_unit where active and accepts_donations order by code')) as {
      code: string;
    }[];
    expect(points.map((p) => p.code)).toEqual(rows.map((r) => r.code));
    expect(points.length).toBeGreaterThan(5);

    const khonKaen = points.find((p) => p.code === 'OPS-P28');
    expect(khonKaen).toMatchObject({
      latitude: 16.4419,
      longitude: 102.836,
      phone: '043 236 758',
      openingHours: 'จันทร์–ศุกร์ 08:30–16:30 น.',
      addressLine: 'ศูนย์ราชการจังหวัดขอนแก่น ถนนศูนย์ราชการ',
      postcode: '40000',
      subDistrict: { district: { province: { nameTh: 'ขอนแก่น' } } },
    });
    // The province centre the page falls back to lies within the province, near its seat.
    const centre = khonKaen?.province;
    expect(Math.abs((centre?.latitude ?? 0) - 16.44)).toBeLessThan(0.5);
    expect(Math.abs((centre?.longitude ?? 0) - 102.84)).toBeLessThan(0.5);

    // A unit closed or no longer accepting donations leaves the list; one that starts, joins it.
    await t.em().execute("update organisation_unit set active = false where code = 'OPS-P28'");
    await t.em().execute("update organisation_unit set accepts_donations = true where code = 'OPS-P28-ADM'");
    const after = (await t.graphql<{ donationPoints: Point[] }>(query)).body.data?.donationPoints ?? [];
    expect(after.map((p) => p.code)).not.toContain('OPS-P28');
    expect(after.map((p) => p.code)).toContain('OPS-P28-ADM');
    await t.em().execute("update organisation_unit set active = true where code = 'OPS-P28'");
    await t.em().execute("update organisation_unit set accepts_donations = false where code = 'OPS-P28-ADM'");
  });
});
