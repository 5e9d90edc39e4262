import { ref } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrganisationUnit } from '../../kits/core/organisation.entity';
import { RequestStatus, UserStatus } from '../../kits/core/user.entity';
import { bearer, sessionToken } from '../../testing/auth-helpers';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { newUser } from '../users';
import { csv, errorsOf, runImport } from './reference-import.testing';

// Issue 10: the same citizen or tax id never makes a second donator, also when two people add the
// same donor at the same moment; donor codes are generated (DN-000123), never typed.

interface Item {
  id: number;
  code: string;
  statusCode: string;
  nameTh: string;
  values: Record<string, unknown>;
}
interface GqlError {
  message: string;
  extensions?: Record<string, unknown>;
}

let t: TestApp;
let admin: Record<string, string>;
const sql = <T>(query: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(query, params);

beforeAll(async () => {
  t = await startTestApp();
  admin = bearer(await sessionToken(t, 'admin.demo'));
});
afterAll(() => t.close());

/** A valid 13-digit id: twelve digits and their mod-11 check digit. */
function validId(twelve: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (13 - i);
  return `${twelve}${(11 - (sum % 11)) % 10}`;
}

async function save(input: Record<string, unknown>, headers = admin) {
  const res = await t.graphql<{ saveReferenceItem: Item }>(
    `mutation ($input: SaveReferenceItemInput!) { saveReferenceItem(type: DONATOR, input: $input) { id code statusCode nameTh values } }`,
    { input },
    headers,
  );
  return { item: res.body.data?.saveReferenceItem, error: res.body.errors?.[0] as GqlError | undefined };
}

const person = (nameTh: string, taxId: string | null, donorType = 'PERSON') => ({
  code: '',
  values: { donorType, nameTh, taxId },
});

let people = 0;
/** Sessions of n new members of staff (one login per person: a second one ends the first). */
async function sessions(n: number): Promise<Record<string, string>[]> {
  const em = t.em();
  const unit = await em.findOneOrFail(OrganisationUnit, { code: 'MSDHS' });
  const names = Array.from({ length: n }, () => `donor.clerk${++people}`);
  for (const username of names)
    newUser(em, {
      kind: 'STAFF',
      username,
      email: `${username}@example.com`,
      passwordHash: 'not-used',
      firstNameTh: 'ผู้รับ',
      lastNameTh: 'บริจาค',
      userStatusCode: UserStatus.Active,
      requestStatusCode: RequestStatus.Approved,
      userGroupCode: 'UG-A01',
      organisationUnit: ref(unit),
    });
  await em.flush();
  return Promise.all(names.map(async (username) => bearer(await sessionToken(t, username))));
}

const donators = async (taxId: string) =>
  (await sql<{ n: string }>('select count(*)::text as n from ref_donator where tax_id = ?', [taxId]))[0].n;

describe('donor codes', () => {
  it('are given by the server in order, whatever code the form sends', async () => {
    const first = await save(person('สมชาย ลำดับหนึ่ง', validId('110170020001')));
    const second = await save({ ...person('สมศรี ลำดับสอง', validId('110170020002')), code: 'MY-OWN' });
    expect(first.error).toBeUndefined();
    expect(second.error).toBeUndefined();
    expect(first.item?.code).toMatch(/^DN-\d{6}$/);
    expect(Number(second.item?.code.slice(3))).toBe(Number(first.item?.code.slice(3)) + 1);
  });

  it('keep a donator’s code when it is edited', async () => {
    const created = (await save(person('สมหมาย แก้ไขได้', validId('110170020003')))).item as Item;
    const edited = await save({ id: created.id, code: 'DN-999999', values: { nameTh: 'สมหมาย แก้ชื่อแล้ว' } });
    expect(edited.error).toBeUndefined();
    expect(edited.item).toMatchObject({ code: created.code, nameTh: 'สมหมาย แก้ชื่อแล้ว' });
  });

  it('skip a code someone entered before codes were generated', async () => {
    const [{ last }] = await sql<{ last: number }>(
      "select last from document_counter where series = 'DONATOR' and fiscal_year = 0",
    );
    const taken = `DN-${String(last + 1).padStart(6, '0')}`;
    await sql(
      "insert into ref_donator (code, donor_type, name_th, status_code, created_at, updated_at) values (?, 'ANONYMOUS', 'นำเข้าจากระบบเดิม', 'A', now(), now())",
      [taken],
    );
    const next = await save(person('สมพร รหัสถัดไป', validId('110170020004')));
    expect(next.error).toBeUndefined();
    expect(next.item?.code).toBe(`DN-${String(last + 2).padStart(6, '0')}`);
  });
});

describe('one donator per citizen or tax id', () => {
  it('refuses a second donator with the same id with a 409 naming the first, and writes nothing', async () => {
    const id = validId('310170020011');
    const first = (await save(person('บริษัท ใจดีจริง จำกัด', id, 'JURISTIC'))).item as Item;
    const typed = `${id[0]}-${id.slice(1, 5)}-${id.slice(5, 10)}-${id.slice(10, 12)}-${id[12]}`;
    const [{ n: before }] = await sql<{ n: string }>('select count(*)::text as n from ref_donator');
    const again = await save(person('บริษัท ใจดีจริง (ซ้ำ)', typed, 'JURISTIC'));
    expect(again.item).toBeUndefined();
    expect(again.error?.extensions).toMatchObject({
      code: 'CONFLICT',
      status: 409,
      messageTh: `เลขประจำตัว ${id} เป็นของผู้บริจาค ${first.code} บริษัท ใจดีจริง จำกัด อยู่แล้ว กรุณาเลือกผู้บริจาครายนั้นแทนการเพิ่มใหม่`,
      messageEn: `Citizen or tax id ${id} already belongs to donor ${first.code} บริษัท ใจดีจริง จำกัด; choose that donor instead of adding a new one`,
      details: {
        fields: [expect.objectContaining({ field: 'taxId' })],
        existing: { id: first.id, code: first.code, nameTh: 'บริษัท ใจดีจริง จำกัด', statusCode: 'A' },
      },
    });
    const [{ n: after }] = await sql<{ n: string }>('select count(*)::text as n from ref_donator');
    expect(after).toBe(before);
  });

  it('refuses giving another donator an id that is taken, says when the holder is inactive, and lets a donator keep its own', async () => {
    const id = validId('310170020012');
    const holder = (await save(person('สมปอง เจ้าของเลข', id))).item as Item;
    const other = (await save(person('สมปอง คนอื่น', validId('310170020013')))).item as Item;
    const kept = await save({
      id: holder.id,
      code: holder.code,
      values: { taxId: id, phone: '02 123 4567' },
    });
    expect(kept.error).toBeUndefined();
    await t.graphql(
      `mutation { setReferenceItemStatus(type: DONATOR, id: ${holder.id}, statusCode: "I") { id } }`,
      {},
      admin,
    );
    const taken = await save({ id: other.id, code: other.code, values: { taxId: id } });
    expect(taken.error?.extensions).toMatchObject({ code: 'CONFLICT', status: 409 });
    expect(taken.error?.extensions?.messageEn).toContain(`already belongs to donor ${holder.code}`);
    expect(taken.error?.extensions?.messageEn).toContain('(inactive: activate it again)');
    expect(taken.error?.extensions?.messageTh).toContain('ไม่ได้ใช้งาน');
    expect(await donators(id)).toBe('1');
  });

  it('lets any number of anonymous donors be added (they have no id)', async () => {
    const a = await save(person('ผู้ไม่ประสงค์ออกนาม ก', null, 'ANONYMOUS'));
    const b = await save(person('ผู้ไม่ประสงค์ออกนาม ข', null, 'ANONYMOUS'));
    expect(a.error).toBeUndefined();
    expect(b.error).toBeUndefined();
    expect(a.item?.code).not.toBe(b.item?.code);
  });

  it('keeps one donator when eight people add the same donor at the same moment', async () => {
    const id = validId('510170020021');
    // A session each, as eight people have: requests of one session queue on it.
    const people = await sessions(8);
    const answers = await Promise.all(
      people.map((headers, i) => save(person(`สมใจ พร้อมกัน ${i + 1}`, id), headers)),
    );
    const saved = answers.filter((a) => a.item);
    const refused = answers.filter((a) => a.error);
    expect(saved).toHaveLength(1);
    expect(refused).toHaveLength(7);
    const winner = saved[0].item as Item;
    for (const r of refused) {
      expect(r.error?.extensions).toMatchObject({
        code: 'CONFLICT',
        status: 409,
        details: { existing: { id: winner.id, code: winner.code } },
      });
    }
    expect(await donators(id)).toBe('1');
  });

  it('gives eight donors added at the same moment eight different codes, with no gap', async () => {
    const people = await sessions(8);
    const answers = await Promise.all(
      people.map((headers, i) => save(person(`สมใจ คนละคน ${i + 1}`, validId(`51017002010${i}`)), headers)),
    );
    expect(answers.map((a) => a.error)).toEqual(Array(8).fill(undefined));
    const numbers = answers.map((a) => Number(a.item?.code.slice(3))).sort((x, y) => x - y);
    expect(numbers.at(-1)).toBe((numbers[0] as number) + 7);
  });

  it('is also kept by the database: a second row with a taken id is refused', async () => {
    const id = validId('610170020031');
    await save(person('สมควร ฐานข้อมูล', id));
    await expect(
      sql(
        "insert into ref_donator (code, donor_type, name_th, tax_id, status_code, created_at, updated_at) values ('DN-SQL', 'PERSON', 'ตรง', ?, 'A', now(), now())",
        [id],
      ),
    ).rejects.toThrow(/ref_donator_tax_id_key/);
  });

  it('holds for an import: a file row repeating an id, or giving one a donator has, is refused and nothing is written', async () => {
    const held = validId('710170020041');
    const holder = (await save(person('สมบัติ มีอยู่แล้ว', held))).item as Item;
    const fresh = validId('710170020042');
    const file = csv([
      ['donorType', 'nameTh', 'taxId'],
      ['PERSON', 'สมนึก นำเข้าหนึ่ง', fresh],
      ['PERSON', 'สมนึก นำเข้าซ้ำ', fresh],
      ['PERSON', 'สมบัติ ซ้ำของเดิม', held],
      ['ANONYMOUS', 'ผู้ไม่ประสงค์ออกนาม นำเข้า', ''],
    ]);
    const { result, error } = await runImport(t, admin, 'DONATOR', file, true, 'donors.csv');
    expect(error).toBeUndefined();
    expect(result).toMatchObject({ total: 4, errorRows: 2, committed: false });
    expect(errorsOf(result, 2)).toEqual([]);
    expect(errorsOf(result, 3)).toEqual([
      [
        'taxId',
        expect.stringMatching(
          new RegExp(`^Citizen or tax id ${fresh} already belongs to donor DN-\\d{6} สมนึก นำเข้าหนึ่ง;`),
        ),
      ],
    ]);
    expect(errorsOf(result, 4)).toEqual([
      ['taxId', expect.stringContaining(`already belongs to donor ${holder.code} สมบัติ มีอยู่แล้ว`)],
    ]);
    expect(await donators(fresh)).toBe('0');
    expect(await donators(held)).toBe('1');
  });
});
