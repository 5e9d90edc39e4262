import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, sessionToken } from '../../testing/auth-helpers';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { UserGroupService } from '../user-groups';
import { demoCountingUnits } from './reference.seed';

interface Item {
  id: number;
  code: string;
  statusCode: string;
  nameTh: string;
  nameEn: string | null;
  values: Record<string, unknown>;
}
interface Page {
  items: Item[];
  total: number;
  currentPage: number;
  rows: number;
}

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await startTestApp();
  admin = bearer(await sessionToken(t, 'admin.demo'));
});
afterAll(() => t.close());

const itemFields = 'id code statusCode nameTh nameEn values createdAt updatedAt';
const listQuery = `query ($search: String, $statusCode: String, $currentPage: Int, $rows: Int, $sort: String, $direction: String) {
  referenceItems(type: COUNTING_UNIT, search: $search, statusCode: $statusCode, currentPage: $currentPage, rows: $rows, sort: $sort, direction: $direction) {
    total currentPage rows items { ${itemFields} }
  }
}`;
const saveMutation = `mutation ($input: SaveReferenceItemInput!) {
  saveReferenceItem(type: COUNTING_UNIT, input: $input) { ${itemFields} }
}`;
const statusMutation = `mutation ($id: Int!, $s: String!) { setReferenceItemStatus(type: COUNTING_UNIT, id: $id, statusCode: $s) { id statusCode } }`;
const deleteMutation = `mutation ($id: Int!) { deleteReferenceItem(type: COUNTING_UNIT, id: $id) }`;

async function list(vars: Record<string, unknown>, headers = admin) {
  const res = await t.graphql<{ referenceItems: Page }>(listQuery, vars, headers);
  return res;
}

async function save(input: Record<string, unknown>, headers = admin) {
  return t.graphql<{ saveReferenceItem: Item }>(saveMutation, { input }, headers);
}

describe('reference types', () => {
  it('describes the counting unit publicly, with fields, labels and menu codes', async () => {
    const res = await t.graphql<{ referenceTypes: Record<string, unknown>[] }>(
      '{ referenceTypes { type key labelTh labelEn viewMenuCodes createMenuCodes editMenuCodes fields { name kind labelTh labelEn required maxLength list search sort } } }',
    );
    expect(res.body.errors).toBeUndefined();
    const unit = res.body.data?.referenceTypes.find((r) => r.type === 'COUNTING_UNIT');
    expect(unit).toMatchObject({
      key: 'counting-unit',
      labelTh: 'หน่วยนับ',
      labelEn: 'Counting unit',
      viewMenuCodes: ['MN-019'],
      createMenuCodes: ['MN-018'],
      editMenuCodes: ['MN-018'],
    });
    expect(unit?.fields).toEqual([
      expect.objectContaining({ name: 'code', kind: 'code', required: true, maxLength: 20 }),
      expect.objectContaining({ name: 'nameTh', kind: 'text', required: true, search: true }),
      expect.objectContaining({ name: 'nameEn', kind: 'text', required: false, search: true }),
      expect.objectContaining({ name: 'abbreviation', labelTh: 'อักษรย่อ', maxLength: 20, list: true }),
    ]);
  });
});

describe('listing counting units', () => {
  it('lists the demo units by code, pages them and counts them all', async () => {
    const res = await list({ rows: 3 });
    expect(res.body.errors).toBeUndefined();
    const page = res.body.data?.referenceItems as Page;
    expect(page.total).toBe(demoCountingUnits.length);
    expect(page.items.map((i) => i.code)).toEqual(['BAG', 'BOTTLE', 'BOX']);
    expect(page.items[0]).toMatchObject({
      nameTh: 'ถุง',
      nameEn: 'bag',
      statusCode: 'A',
      values: { nameTh: 'ถุง', nameEn: 'bag', abbreviation: 'ถุง' },
    });
    const third = await list({ rows: 3, currentPage: 3 });
    expect(third.body.data?.referenceItems.items.map((i) => i.code)).toEqual(['PIECE', 'SET']);
  });

  it('searches code, Thai and English names, and sorts on declared fields', async () => {
    const thai = await list({ search: 'กิโล' });
    expect(thai.body.data?.referenceItems.items.map((i) => i.code)).toEqual(['KG']);
    const english = await list({ search: 'BOT' });
    expect(english.body.data?.referenceItems.items.map((i) => i.code)).toEqual(['BOTTLE']);
    const wildcard = await list({ search: '%' });
    expect(wildcard.body.data?.referenceItems.total).toBe(0);
    const sorted = await list({ sort: 'nameEn', direction: 'desc', rows: 2 });
    expect(sorted.body.data?.referenceItems.items.map((i) => i.nameEn)).toEqual(['set', 'piece']);
  });

  it('refuses bad paging and unknown sort keys with BAD_INPUT in Thai and English', async () => {
    for (const vars of [{ rows: 0 }, { rows: 201 }, { currentPage: 0 }, { sort: 'createdById' }]) {
      const res = await list(vars);
      expect(res.body.errors?.[0]?.extensions?.code, JSON.stringify(vars)).toBe('BAD_INPUT');
    }
    const res = await list({ rows: 201 });
    expect(res.body.errors?.[0]?.message).toBe(
      'จำนวนแถวต่อหน้าต้องอยู่ระหว่าง 1 ถึง 200 / rows must be between 1 and 200',
    );
    expect((await list({ rows: 200 })).body.errors).toBeUndefined();
  });

  it('finds one item by id, and answers NOT_FOUND for an unknown id', async () => {
    const first = (await list({ search: 'BOX' })).body.data?.referenceItems.items[0] as Item;
    const res = await t.graphql<{ referenceItem: Item }>(
      `query ($id: Int!) { referenceItem(type: COUNTING_UNIT, id: $id) { id code values } }`,
      { id: first.id },
      admin,
    );
    expect(res.body.data?.referenceItem).toMatchObject({ code: 'BOX', values: { abbreviation: 'กล.' } });
    const missing = await t.graphql(
      'query { referenceItem(type: COUNTING_UNIT, id: 999999) { id } }',
      {},
      admin,
    );
    expect(missing.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

describe('saving counting units', () => {
  it('creates with an upper-cased code and records who saved it, then updates keeping omitted values', async () => {
    const res = await save({
      code: ' dozen ',
      values: { nameTh: 'โหล', nameEn: 'dozen', abbreviation: 'โหล' },
    });
    expect(res.body.errors).toBeUndefined();
    const created = res.body.data?.saveReferenceItem as Item;
    expect(created).toMatchObject({ code: 'DOZEN', nameTh: 'โหล', statusCode: 'A' });
    const [row] = await t
      .em()
      .getConnection()
      .execute('select created_by_id, updated_by_id from ref_counting_unit where id = ?', [created.id]);
    expect(row.created_by_id).toEqual(expect.any(Number));

    const updated = await save({ id: created.id, code: 'DOZEN', values: { nameEn: 'Dozen' } });
    expect(updated.body.errors).toBeUndefined();
    expect(updated.body.data?.saveReferenceItem).toMatchObject({
      id: created.id,
      nameTh: 'โหล',
      nameEn: 'Dozen',
      values: { abbreviation: 'โหล' },
    });
  });

  it('explains every invalid field in Thai and English', async () => {
    const res = await save({ code: 'X'.repeat(21), values: { nameTh: '  ', abbreviation: 'ก'.repeat(21) } });
    const error = res.body.errors?.[0];
    expect(error?.extensions?.code).toBe('BAD_INPUT');
    expect(error?.extensions?.messageTh).toBe(
      'รหัสยาวได้ไม่เกิน 20 ตัวอักษร กรุณาระบุชื่อภาษาไทย อักษรย่อยาวได้ไม่เกิน 20 ตัวอักษร',
    );
    expect(error?.extensions?.messageEn).toBe(
      'Code may be at most 20 characters; Thai name is required; Abbreviation may be at most 20 characters',
    );
    const unknown = await save({ code: 'NEW', values: { nameTh: 'ใหม่', colour: 'red' } });
    expect(unknown.body.errors?.[0]?.extensions?.messageEn).toBe('Unknown fields for counting unit: colour');
    const badCode = await save({ code: 'ก ข', values: { nameTh: 'ใหม่' } });
    expect(badCode.body.errors?.[0]?.extensions?.messageEn).toBe(
      'Code may contain only A-Z, digits and . _ -',
    );
  });

  it('refuses a code already in use with CONFLICT (409)', async () => {
    const res = await save({ code: 'box', values: { nameTh: 'กล่องใหญ่' } });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect(res.body.errors?.[0]?.message).toBe(
      'รหัสหน่วยนับ BOX มีอยู่แล้ว กรุณาใช้รหัสอื่น / The counting unit code BOX is already in use',
    );
    const piece = (await list({ search: 'PIECE' })).body.data?.referenceItems.items[0] as Item;
    const rename = await save({ id: piece.id, code: 'BOX' });
    expect(rename.body.errors?.[0]?.extensions?.code).toBe('CONFLICT');
  });
});

describe('status and delete', () => {
  it('deactivating keeps the row; the status filter tells active from inactive', async () => {
    const set = (await list({ search: 'SET' })).body.data?.referenceItems.items[0] as Item;
    const res = await t.graphql(statusMutation, { id: set.id, s: 'I' }, admin);
    expect(res.body.errors).toBeUndefined();
    const active = await list({ statusCode: 'A', rows: 200 });
    expect(active.body.data?.referenceItems.items.map((i) => i.code)).not.toContain('SET');
    const inactive = await list({ statusCode: 'I' });
    expect(inactive.body.data?.referenceItems.items.map((i) => i.code)).toEqual(['SET']);
    const bad = await t.graphql(statusMutation, { id: set.id, s: 'X' }, admin);
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    await t.graphql(statusMutation, { id: set.id, s: 'A' }, admin);
  });

  it('deletes an unreferenced item and refuses one a foreign key points at', async () => {
    // A table of the owner's (the server's role may not create one) that refers to a unit.
    const conn = (await t.ownerEm()).getConnection();
    await conn.execute('create table t_ref_use (id serial, unit_id int references ref_counting_unit(id))');
    try {
      const units = (await list({ rows: 200 })).body.data?.referenceItems.items as Item[];
      const litre = units.find((u) => u.code === 'LITRE') as Item;
      const kg = units.find((u) => u.code === 'KG') as Item;
      await conn.execute('insert into t_ref_use (unit_id) values (?)', [litre.id]);

      const refused = await t.graphql(deleteMutation, { id: litre.id }, admin);
      expect(refused.body.errors?.[0]?.extensions?.code).toBe('CONFLICT');
      expect(refused.body.errors?.[0]?.extensions?.messageEn).toBe(
        'The counting unit LITRE cannot be deleted: it is still referenced by t_ref_use (1). Deactivate it instead.',
      );
      expect(refused.body.errors?.[0]?.extensions?.messageTh).toContain('ลบหน่วยนับ LITRE ไม่ได้');

      const deleted = await t.graphql<{ deleteReferenceItem: boolean }>(deleteMutation, { id: kg.id }, admin);
      expect(deleted.body.data?.deleteReferenceItem).toBe(true);
      const after = (await list({ rows: 200 })).body.data?.referenceItems.items.map((i) => i.code);
      expect(after).toContain('LITRE');
      expect(after).not.toContain('KG');
      const again = await t.graphql(deleteMutation, { id: kg.id }, admin);
      expect(again.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    } finally {
      await conn.execute('drop table t_ref_use');
    }
  });
});

describe('access', () => {
  it('needs a login, MN-019 to read and MN-018 to write', async () => {
    const groups = new UserGroupService(t.em());
    expect((await groups.activeMenuCodes('UG-A02')).has('MN-019')).toBe(false);
    const officerMenus = await groups.activeMenuCodes('UG-S01');
    expect(officerMenus.has('MN-019') && !officerMenus.has('MN-018')).toBe(true);

    const anonymous = await list({}, {});
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const orgAdmin = bearer(await sessionToken(t, 'orgadmin.demo'));
    expect((await list({}, orgAdmin)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const officer = bearer(await sessionToken(t, 'officer.demo'));
    const read = await list({}, officer);
    expect(read.body.errors).toBeUndefined();
    const id = read.body.data?.referenceItems.items[0]?.id;
    const writes = [
      await save({ code: 'NEW', values: { nameTh: 'ใหม่' } }, officer),
      await t.graphql(statusMutation, { id, s: 'I' }, officer),
      await t.graphql(deleteMutation, { id }, officer),
    ];
    for (const res of writes) expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
