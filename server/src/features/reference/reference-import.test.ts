import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrganisationUnit } from '../../kits/core/organisation.entity';
import { IMPORT_LIMITS } from '../../kits/reference/reference-import-file';
import { bearer, sessionToken } from '../../testing/auth-helpers';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { csv, errorsOf, runImport, staffUser } from './reference-import.testing';

// The kit's import on the demo organisation: previews that report every row's errors as a single
// save would, commits that write all rows or none, the data scope, and the file checks.

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await startTestApp();
  admin = bearer(await sessionToken(t, 'admin.demo'));
});
afterAll(() => t.close());

const HEADER = ['code', 'nameTh', 'nameEn', 'officeType', 'parent', 'phone'];
const unit = (code: string, officeType: string, parent: string, phone = '') => [
  code,
  `หน่วย ${code}`,
  `Unit ${code}`,
  officeType,
  parent,
  phone,
];
const countCodes = (codes: string[]) => t.em().count(OrganisationUnit, { code: { $in: codes } });

describe('preview', () => {
  it('reports each row’s errors in Thai and English, as the form would, and writes nothing', async () => {
    const file = csv([
      HEADER,
      unit('NEW-DEPT', '2', 'MSDHS'),
      unit('NEW-BUR', '3', 'NOPE'),
      unit('NEW-DIV', '4', 'MSDHS'),
      unit('NEW-PHONE', '3', 'NEW-DEPT', '12'),
      unit('new-dept', '2', 'MSDHS'),
      unit('CYC-A', '3', 'CYC-B'),
      unit('CYC-B', '3', 'CYC-A'),
      unit('NEW-BUR-DIV', '4', 'NEW-BUR'),
      ['OPS-FIN-SUP', 'กลุ่มงานพัสดุ', 'Supplies (renamed)', '4', 'OPS-FIN', '02 000 0000'],
    ]);
    const { result, error } = await runImport(t, admin, 'GOVERNMENT_INFO', file);
    expect(error).toBeUndefined();
    expect(result).toMatchObject({ total: 9, created: 1, updated: 1, errorRows: 7, committed: false });
    expect(result?.columns).toEqual(HEADER);
    expect(result?.rows.map((r) => [r.row, r.action])).toEqual([
      [2, 'CREATE'],
      [3, 'CREATE'],
      [4, 'CREATE'],
      [5, 'CREATE'],
      [6, 'CREATE'],
      [7, 'CREATE'],
      [8, 'CREATE'],
      [9, 'CREATE'],
      [10, 'UPDATE'],
    ]);
    expect(errorsOf(result, 2)).toEqual([]);
    expect(errorsOf(result, 3)).toEqual([['parent', 'No parent agency with code NOPE']]);
    expect(result?.rows[1].errors[0].messageTh).toBe('ไม่พบสังกัด รหัส NOPE');
    expect(errorsOf(result, 4)).toEqual([
      ['officeType', 'This office type cannot sit under the chosen parent'],
    ]);
    expect(errorsOf(result, 5)).toEqual([
      ['phone', 'Phone must be a phone number of at least 9 digits (digits, spaces, + - ( ) , #)'],
    ]);
    expect(errorsOf(result, 6)).toEqual([['code', 'Code NEW-DEPT is already used by row 2']]);
    expect(errorsOf(result, 7)).toEqual([
      ['parent', 'Parent agency goes round in a circle: CYC-A → CYC-B → CYC-A'],
    ]);
    expect(errorsOf(result, 8)).toEqual([
      ['parent', 'Parent agency goes round in a circle: CYC-A → CYC-B → CYC-A'],
    ]);
    expect(errorsOf(result, 9)).toEqual([['parent', 'Parent agency NEW-BUR (row 3) has errors']]);
    expect(result?.rows[0].values).toEqual({
      code: 'NEW-DEPT',
      nameTh: 'หน่วย NEW-DEPT',
      nameEn: 'Unit NEW-DEPT',
      officeType: '2',
      parent: 'MSDHS',
      phone: '',
    });

    expect(await countCodes(['NEW-DEPT', 'CYC-A'])).toBe(0);
    const supplies = await t.em().findOneOrFail(OrganisationUnit, { code: 'OPS-FIN-SUP' });
    expect(supplies.nameEn).not.toBe('Supplies (renamed)');
  });

  it('reads labels as headers, enum labels, yes/no words and a sub-district by postcode and name', async () => {
    const file = `\uFEFF${csv([
      ['รหัส', 'ชื่อภาษาไทย', 'English name', 'Office type', 'สังกัด', 'ตำบล/แขวง', 'รับบริจาค'],
      ['LBL-1', 'หน่วยหนึ่ง', 'One', 'กรม', 'MSDHS', '10200 แขวงพระบรมมหาราชวัง', 'ใช่'],
      ['LBL-2', 'หน่วยสอง', 'Two', 'Central bureau', 'LBL-1', '50200 Si Phum', 'no'],
      ['LBL-3', 'หน่วยสาม', 'Three', '3', 'LBL-1', '99999 ไม่มี', 'maybe'],
      ['LBL-4', 'หน่วยสี่', 'Four', '3', 'LBL-1', 'ศรีภูมิ', ''],
    ])}`;
    const { result } = await runImport(t, admin, 'GOVERNMENT_INFO', file);
    expect(result?.columns).toEqual([
      'code',
      'nameTh',
      'nameEn',
      'officeType',
      'parent',
      'subDistrict',
      'acceptsDonations',
    ]);
    expect(errorsOf(result, 2)).toEqual([]);
    expect(errorsOf(result, 3)).toEqual([]);
    expect(errorsOf(result, 4)).toEqual([
      ['subDistrict', 'No sub-district "ไม่มี" with postcode 99999'],
      ['acceptsDonations', 'Accepts donations must be true or false'],
    ]);
    expect(errorsOf(result, 5)).toEqual([
      ['subDistrict', 'Sub-district: give its id, or the postcode and name, e.g. "10200 พระบรมมหาราชวัง"'],
    ]);
    const semicolons = await runImport(
      t,
      admin,
      'GOVERNMENT_INFO',
      'code;nameTh;nameEn;officeType;parent\nSEMI;หน่วย;Unit;2;MSDHS\n',
    );
    expect(semicolons.result).toMatchObject({ total: 1, errorRows: 0 });
  });

  it('works for any type of the kit: counting units by their Thai labels', async () => {
    const file = csv([
      ['รหัส', 'ชื่อภาษาไทย', 'อักษรย่อ'],
      ['DOZEN', 'โหล', 'โหล'],
      ['BOX', 'กล่อง', 'กล.'],
      ['', 'ไม่มีรหัส', ''],
    ]);
    const { result } = await runImport(t, admin, 'COUNTING_UNIT', file, true);
    expect(result?.rows.map((r) => [r.row, r.action, r.errors.map((e) => e.messageEn)])).toEqual([
      [2, 'CREATE', []],
      [3, 'UPDATE', []],
      [4, 'CREATE', ['Code is required']],
    ]);
    expect(result?.committed).toBe(false);
  });
});

describe('commit', () => {
  it('writes nothing when one row is refused, and every row once the file is right', async () => {
    const rows = [
      unit('CM-DEPT', '2', 'MSDHS'),
      unit('CM-BUR', '3', 'CM-DEPT'),
      unit('CM-DIV', '4', 'CM-BUR', 'x'),
    ];
    const bad = await runImport(t, admin, 'GOVERNMENT_INFO', csv([HEADER, ...rows]), true);
    expect(bad.result).toMatchObject({ committed: false, errorRows: 1, created: 2 });
    expect(await countCodes(['CM-DEPT', 'CM-BUR', 'CM-DIV'])).toBe(0);

    rows[2][5] = '02 111 2222';
    const good = await runImport(t, admin, 'GOVERNMENT_INFO', csv([HEADER, ...rows]), true);
    expect(good.result).toMatchObject({ committed: true, errorRows: 0, created: 3 });
    const division = await t
      .em()
      .findOneOrFail(OrganisationUnit, { code: 'CM-DIV' }, { populate: ['parent'] });
    expect(division.parent?.getEntity().code).toBe('CM-BUR');
    const bureau = await t.em().findOneOrFail(OrganisationUnit, { code: 'CM-BUR' });
    expect(division.path).toBe(`${bureau.path}${division.id}/`);
  });
});

describe('access and data scope', () => {
  it('needs the type’s create and edit codes', async () => {
    const officer = bearer(await sessionToken(t, 'officer.demo'));
    const { error } = await runImport(
      t,
      officer,
      'GOVERNMENT_INFO',
      csv([HEADER, unit('X-1', '2', 'MSDHS')]),
    );
    expect(error?.extensions?.code).toBe('FORBIDDEN');
    const template = await t.graphql(
      '{ referenceImportTemplate(type: GOVERNMENT_INFO) { content } }',
      {},
      officer,
    );
    expect(template.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('lets a division’s administrator import only inside its own subtree', async () => {
    await staffUser(t, 'division.admin', 'UG-A02', 'OPS-P38-SDW');
    const own = bearer(await sessionToken(t, 'division.admin'));
    const units = await runImport(
      t,
      own,
      'GOVERNMENT_INFO',
      csv([
        HEADER,
        ['OPS-P38-SDW', 'ศูนย์ของฉัน', 'My centre', '6', 'OPS-P38', '042 000 000'],
        ['DSDW', 'กรมอื่น', 'Another department', '2', 'MSDHS', ''],
        unit('OUT-UNIT', '6', 'DSDW-P28'),
      ]),
    );
    expect(errorsOf(units.result, 2)).toEqual([]);
    expect(errorsOf(units.result, 3)).toEqual([
      [null, 'This record belongs to a unit outside your own, so you cannot see or change it'],
    ]);
    expect(errorsOf(units.result, 4)).toEqual([
      ['parent', 'The parent must be within your own organisation'],
    ]);

    const storages = await runImport(
      t,
      own,
      'STORAGE',
      csv([
        ['code', 'nameTh', 'ownerUnit'],
        ['ST-MY', 'คลังของฉัน', 'OPS-P38-SDW'],
        ['ST-THEIRS', 'คลังของเขา', 'DSDW-P28-DON'],
      ]),
      true,
    );
    expect(errorsOf(storages.result, 2)).toEqual([]);
    expect(errorsOf(storages.result, 3)).toEqual([
      [null, 'This record belongs to a unit outside your own, so you cannot see or change it'],
    ]);
    expect(storages.result?.committed).toBe(false);
  });
});

describe('the file', () => {
  const refusal = async (file: Buffer | string, fileName = 'units.csv') => {
    const { error } = await runImport(t, admin, 'GOVERNMENT_INFO', file, false, fileName);
    expect(error?.extensions?.code).toBe('BAD_INPUT');
    return error?.extensions?.messageEn as string;
  };

  it('is told apart by its content and refused clearly when it is neither UTF-8 CSV nor XLSX', async () => {
    expect(await refusal(Buffer.from([0xff, 0xfe, 0x63, 0x00, 0x6f, 0x00]))).toBe(
      'The file must be CSV in UTF-8 or XLSX (save from Excel as "CSV UTF-8" or .xlsx)',
    );
    expect(await refusal(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1]), 'old.xls')).toBe(
      'Old Excel files (.xls) are not read: save as .xlsx or CSV UTF-8',
    );
    expect(await refusal(Buffer.from('PK\u0003\u0004 not really a zip'), 'fake.xlsx')).toBe(
      'The XLSX file is damaged or not an Excel workbook',
    );
    expect(await refusal('')).toBe('The file is empty');
    expect(await refusal('code,nameTh\n"unclosed,quote\n')).toMatch(/^Cannot read the CSV file \(line 2\)/);
  });

  it('must name known columns, and stay within the size and row limits', async () => {
    expect(await refusal('code,nameTh,colour\nA,ก,red\n')).toBe(
      'The header row is not right: unknown column "colour" (columns: code, nameTh, nameEn, officeType, parent, addressLine, subDistrict, latitude, longitude, phone, openingHours, acceptsDonations, taxId, receiptStatement, receiptSignerName, receiptSignerPosition)',
    );
    expect(await refusal('nameTh,nameTh\nก,ข\n')).toBe(
      'The header row is not right: column "nameTh" appears twice, no code column (columns: code, nameTh, nameEn, officeType, parent, addressLine, subDistrict, latitude, longitude, phone, openingHours, acceptsDonations, taxId, receiptStatement, receiptSignerName, receiptSignerPosition)',
    );
    const rows = Array.from({ length: IMPORT_LIMITS.maxRows + 1 }, (_, i) => `R${i},หน่วย,Unit,2,MSDHS`);
    expect(await refusal(`code,nameTh,nameEn,officeType,parent\n${rows.join('\n')}\n`)).toBe(
      'The file has more than 5,000 data rows',
    );
    expect(await refusal(Buffer.alloc(IMPORT_LIMITS.maxBytes + 1, 0x41))).toBe(
      'The file is larger than 2 MB',
    );
    const garbage = await t.graphql(
      'mutation { previewReferenceImport(type: GOVERNMENT_INFO, file: "not base64!", fileName: "x.csv") { total } }',
      {},
      admin,
    );
    expect(garbage.body.errors?.[0]?.extensions?.messageEn).toBe('The file is not valid base64');
  });
});

describe('template', () => {
  it('gives the type’s columns and an example that previews cleanly', async () => {
    const res = await t.graphql<{ referenceImportTemplate: { fileName: string; content: string } }>(
      '{ referenceImportTemplate(type: GOVERNMENT_INFO) { fileName content } }',
      {},
      admin,
    );
    const template = res.body.data?.referenceImportTemplate;
    expect(template?.fileName).toBe('goverment-info-import-template.csv');
    expect(template?.content.split('\r\n')[0]).toBe(
      '\uFEFFcode,nameTh,nameEn,officeType,parent,addressLine,subDistrict,latitude,longitude,phone,openingHours,acceptsDonations,taxId,receiptStatement,receiptSignerName,receiptSignerPosition',
    );
    const { result } = await runImport(t, admin, 'GOVERNMENT_INFO', template?.content as string);
    expect(result).toMatchObject({ total: 4, errorRows: 0, updated: 1, created: 3 });
  });
});
