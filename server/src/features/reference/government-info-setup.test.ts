import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrganisationUnit } from '../../kits/core/organisation.entity';
import { bearer, login, sessionToken } from '../../testing/auth-helpers';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { csv, runImport, staffUser } from './reference-import.testing';

// A production install builds its organisation (issue 8): no demo data, only the first
// administrator, who has no unit. The root (the ministry) is created by hand, once; the rest of the
// tree is imported from a file.

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await startTestApp({
    seedDemo: false,
    adminUsername: 'chief.admin',
    adminPassword: 'Ministry-first-admin-2569',
  });
  admin = bearer(await login(t, 'chief.admin', 'Ministry-first-admin-2569'));
});
afterAll(() => t.close());

interface GqlError {
  message: string;
  extensions?: {
    code?: string;
    messageEn?: string;
    details?: { fields?: { field: string; messageEn: string }[] };
  };
}

async function saveUnit(values: Record<string, unknown>, code: string, headers = admin) {
  const res = await t.graphql<{ saveReferenceItem: { id: number; code: string } }>(
    `mutation ($input: SaveReferenceItemInput!) { saveReferenceItem(type: GOVERNMENT_INFO, input: $input) { id code } }`,
    { input: { code, values } },
    headers,
  );
  return { item: res.body.data?.saveReferenceItem, error: res.body.errors?.[0] as GqlError | undefined };
}

const ministry = {
  nameTh: 'กระทรวงการพัฒนาสังคมและความมั่นคงของมนุษย์',
  nameEn: 'Ministry of Social Development and Human Security',
  officeType: '1',
};
const fieldsOf = (error: GqlError | undefined) =>
  error?.extensions?.details?.fields?.map((f) => [f.field, f.messageEn]) ?? [];
const roots = () => t.em().find(OrganisationUnit, { parent: null });

describe('the root of the organisation tree', () => {
  it('is not created by anyone but a system administrator', async () => {
    await staffUser(t, 'org.admin.nounit', 'UG-A02', null);
    const orgAdmin = bearer(await sessionToken(t, 'org.admin.nounit'));
    const refused = await saveUnit(ministry, 'MSDHS', orgAdmin);
    expect(refused.error?.extensions?.code).toBe('BAD_INPUT');
    expect(fieldsOf(refused.error)).toEqual([
      ['parent', 'Parent agency is required (only a system administrator creates the top unit)'],
    ]);
    expect(await roots()).toHaveLength(0);
  });

  it('must be a ministry', async () => {
    const department = await saveUnit({ ...ministry, officeType: '2' }, 'DEPT');
    expect(fieldsOf(department.error)).toEqual([
      ['officeType', 'The top unit must be of office type ministry (1)'],
    ]);
  });

  it('stays one even when another root is being saved at the same moment (the database decides)', async () => {
    const em = t.em();
    let racing: ReturnType<typeof saveUnit> | undefined;
    await em.transactional(async (tx) => {
      // An uncommitted root: the save's own check cannot see it, the unique index can.
      await tx.getConnection().execute(
        `insert into organisation_unit (code, name_th, name_en, office_type, created_at, updated_at)
           values ('RACE', 'แข่ง', 'Race', 1, now(), now())`,
        [],
        'run',
        tx.getTransactionContext(),
      );
      racing = saveUnit(ministry, 'MSDHS');
      // Commit only once the save waits on the index.
      for (let i = 0; i < 100; i++) {
        const [{ waiting }] = await em
          .fork()
          .getConnection()
          .execute<{ waiting: number }[]>(
            `select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
          );
        if (waiting > 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
    });
    const refused = await (racing as ReturnType<typeof saveUnit>);
    expect(fieldsOf(refused.error)).toEqual([
      ['parent', 'The organisation already has its top unit (the ministry): choose a parent agency'],
    ]);
    await em.getConnection().execute(`delete from organisation_unit where code = 'RACE'`);
    expect(await roots()).toHaveLength(0);
  });

  it('is created by the first administrator, who has no unit', async () => {
    const created = await saveUnit(ministry, 'MSDHS');
    expect(created.error).toBeUndefined();
    const [root] = await roots();
    expect(root).toMatchObject({ code: 'MSDHS', officeType: 1, path: `/${root.id}/` });
  });

  it('refuses a second root afterwards, in Thai and English', async () => {
    const again = await saveUnit({ ...ministry, nameTh: 'กระทรวงที่สอง' }, 'SECOND');
    expect(again.error?.extensions?.code).toBe('BAD_INPUT');
    expect(again.error?.message).toBe(
      'มีหน่วยงานระดับบนสุด (กระทรวง) แล้ว กรุณาระบุหน่วยงานที่สังกัด / The organisation already has its top unit (the ministry): choose a parent agency',
    );
    expect(await roots()).toHaveLength(1);
  });
});

const HEADER = [
  'code',
  'nameTh',
  'nameEn',
  'officeType',
  'parent',
  'subDistrict',
  'phone',
  'acceptsDonations',
];

describe('importing the tree below it', () => {
  it('imports departments, bureaus and divisions from CSV, parents ordered before children', async () => {
    // Children first: the import orders the rows by their parent codes.
    const file = csv([
      HEADER,
      [
        'DSDW-P50-CM',
        'ศูนย์พัฒนาสังคม เชียงใหม่',
        'Social Development Centre Chiang Mai',
        '6',
        'DSDW-P50',
        '50200 ศรีภูมิ',
        '053 111 222',
        'yes',
      ],
      ['DSDW-SUP', 'กองพัสดุ', 'Supplies Division', '4', 'DSDW-ADM', '', '', ''],
      ['DSDW-ADM', 'สำนักบริหาร', 'Administration Bureau', '3', 'DSDW', '', '', ''],
      ['DSDW-P50', 'สำนักงานพัฒนาสังคม เชียงใหม่', 'Provincial Office Chiang Mai', '5', 'DSDW', '', '', ''],
      [
        'DSDW',
        'กรมพัฒนาสังคมและสวัสดิการ',
        'Department of Social Development and Welfare',
        'กรม',
        'msdhs',
        '10200 พระบรมมหาราชวัง',
        '02 659 6300',
        'ใช่',
      ],
    ]);
    const preview = await runImport(t, admin, 'GOVERNMENT_INFO', file);
    expect(preview.error).toBeUndefined();
    expect(preview.result).toMatchObject({
      format: 'CSV',
      total: 5,
      created: 5,
      updated: 0,
      errorRows: 0,
      committed: false,
    });
    expect(await t.em().count(OrganisationUnit, {})).toBe(1);

    const commit = await runImport(t, admin, 'GOVERNMENT_INFO', file, true);
    expect(commit.result).toMatchObject({ total: 5, created: 5, errorRows: 0, committed: true });
    const units = await t
      .em()
      .find(OrganisationUnit, {}, { populate: ['parent', 'province'], orderBy: { path: 'asc' } });
    const byCode = new Map(units.map((u) => [u.code, u]));
    const pathOf = (code: string) => byCode.get(code)?.path;
    expect(pathOf('DSDW-SUP')).toBe(`${pathOf('DSDW-ADM')}${byCode.get('DSDW-SUP')?.id}/`);
    expect(pathOf('DSDW-P50-CM')?.startsWith(pathOf('DSDW-P50') as string)).toBe(true);
    expect(pathOf('DSDW')?.startsWith(pathOf('MSDHS') as string)).toBe(true);
    expect(byCode.get('DSDW')).toMatchObject({ officeType: 2, phone: '02 659 6300', acceptsDonations: true });
    expect(byCode.get('DSDW-P50-CM')?.province?.getEntity().nameTh).toBe('เชียงใหม่');
  });

  it('imports from XLSX too, updating rows whose code exists and adding the rest', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('หน่วยงาน');
    // Thai and English labels are accepted as headers too.
    sheet.addRow(['รหัส', 'Thai name', 'ชื่อภาษาอังกฤษ', 'ประเภทหน่วยงาน', 'Parent agency', 'รับบริจาค']);
    sheet.addRow(['DPY', 'กรมกิจการเด็กและเยาวชน', 'Department of Children and Youth', 2, 'MSDHS', true]);
    sheet.addRow(['DPY-PLAN', 'กองแผนงาน', 'Planning Division', 4, 'DPY-ADM', false]);
    sheet.addRow(['DPY-ADM', 'สำนักบริหารกลาง', 'Central Administration Bureau', 3, 'DPY', null]);
    sheet.addRow(['DSDW-SUP', 'กองพัสดุและคลัง', 'Supplies and Stores Division', 4, 'DSDW-ADM', true]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());

    const commit = await runImport(t, admin, 'GOVERNMENT_INFO', file, true, 'หน่วยงาน.xlsx');
    expect(commit.error).toBeUndefined();
    expect(commit.result).toMatchObject({
      format: 'XLSX',
      total: 4,
      created: 3,
      updated: 1,
      committed: true,
    });
    expect(commit.result?.rows.map((r) => [r.row, r.action])).toEqual([
      [2, 'CREATE'],
      [3, 'CREATE'],
      [4, 'CREATE'],
      [5, 'UPDATE'],
    ]);
    const em = t.em();
    const plan = await em.findOneOrFail(OrganisationUnit, { code: 'DPY-PLAN' });
    const dpy = await em.findOneOrFail(OrganisationUnit, { code: 'DPY' });
    expect(plan.path.startsWith(dpy.path)).toBe(true);
    expect(plan.path.split('/').filter(Boolean)).toHaveLength(4);
    expect(await em.findOneOrFail(OrganisationUnit, { code: 'DSDW-SUP' })).toMatchObject({
      nameTh: 'กองพัสดุและคลัง',
      acceptsDonations: true,
    });
  });

  it('refuses a second root in a file like in the form', async () => {
    const file = csv([HEADER, ['OTHER', 'กระทรวงอื่น', 'Other ministry', '1', '', '', '', '']]);
    const preview = await runImport(t, admin, 'GOVERNMENT_INFO', file);
    expect(preview.result?.rows[0].errors.map((e) => e.messageEn)).toEqual([
      'The organisation already has its top unit (the ministry): choose a parent agency',
    ]);
  });
});
