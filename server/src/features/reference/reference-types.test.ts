import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrganisationUnit } from '../../kits/core/organisation.entity';
import { AuditEvent } from '../../platform/audit/audit-event.entity';
import { menuCatalogue } from '../../platform/auth/menu-catalogue';
import { bearer, sessionToken } from '../../testing/auth-helpers';
import { startTestApp, type TestApp } from '../../testing/test-app';

// Every declared type through the kit's one set of operations: create, edit, search, deactivate and
// delete, field kinds, the division scope, the organisation tree's rules and the legacy lists.

interface Field {
  name: string;
  kind: string;
  required: boolean;
  derived: boolean;
  options: { value: string }[];
  refType: string | null;
}
interface Descriptor {
  type: string;
  key: string;
  scope: string;
  screens: { key: string; mode: string }[];
  fields: Field[];
}
interface Item {
  id: number;
  code: string;
  statusCode: string;
  nameTh: string;
  nameEn: string | null;
  values: Record<string, unknown>;
  display: Record<string, string | null>;
}
interface GqlError {
  message: string;
  extensions?: Record<string, unknown>;
}

let t: TestApp;
let admin: Record<string, string>;
let types: Descriptor[];
beforeAll(async () => {
  t = await startTestApp();
  admin = bearer(await sessionToken(t, 'admin.demo'));
  const res = await t.graphql<{ referenceTypes: Descriptor[] }>(
    '{ referenceTypes { type key scope screens { key mode } fields { name kind required derived options { value } refType } } }',
  );
  types = res.body.data?.referenceTypes ?? [];
});
afterAll(() => t.close());

const itemFields = 'id code statusCode nameTh nameEn values display';

async function save(type: string, input: Record<string, unknown>, headers = admin) {
  const res = await t.graphql<{ saveReferenceItem: Item }>(
    `mutation ($input: SaveReferenceItemInput!) { saveReferenceItem(type: ${type}, input: $input) { ${itemFields} } }`,
    { input },
    headers,
  );
  return { item: res.body.data?.saveReferenceItem, error: res.body.errors?.[0] as GqlError | undefined };
}

async function list(type: string, vars: Record<string, unknown> = {}, headers = admin) {
  const res = await t.graphql<{ referenceItems: { total: number; items: Item[] } }>(
    `query ($search: String, $statusCode: String) { referenceItems(type: ${type}, search: $search, statusCode: $statusCode, rows: 200) { total items { ${itemFields} } } }`,
    vars,
    headers,
  );
  return { page: res.body.data?.referenceItems, error: res.body.errors?.[0] as GqlError | undefined };
}

async function options(type: string, headers = admin) {
  const res = await t.graphql<{ referenceOptions: { id: number; code: string }[] }>(
    `{ referenceOptions(type: ${type}, rows: 200) { id code } }`,
    {},
    headers,
  );
  return res.body.data?.referenceOptions ?? [];
}

async function setStatus(type: string, id: number, statusCode: string, headers = admin) {
  const res = await t.graphql<{ setReferenceItemStatus: Item }>(
    `mutation ($id: Int!, $s: String!) { setReferenceItemStatus(type: ${type}, id: $id, statusCode: $s) { ${itemFields} } }`,
    { id, s: statusCode },
    headers,
  );
  return { item: res.body.data?.setReferenceItemStatus, error: res.body.errors?.[0] as GqlError | undefined };
}

async function remove(type: string, id: number, headers = admin) {
  const res = await t.graphql<{ deleteReferenceItem: boolean }>(
    `mutation ($id: Int!) { deleteReferenceItem(type: ${type}, id: $id) }`,
    { id },
    headers,
  );
  return { deleted: res.body.data?.deleteReferenceItem, error: res.body.errors?.[0] as GqlError | undefined };
}

/** A valid 13-digit id: twelve digits and their mod-11 check digit. */
function validId(twelve: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (13 - i);
  return `${twelve}${(11 - (sum % 11)) % 10}`;
}

/** Values a person would type for each kind; a few fields have their own format. */
async function sampleValues(d: Descriptor, suffix: string): Promise<Record<string, unknown>> {
  const special: Record<string, unknown> = {
    accountNumber: '1234567890',
    promptPayId: '0812345678',
    latitude: '13.756331',
    longitude: '100.501762',
    officeType: '2',
  };
  const values: Record<string, unknown> = {};
  for (const f of d.fields) {
    if (f.derived || f.name === 'code') continue;
    if (f.name in special) values[f.name] = special[f.name];
    else if (f.name === 'nameTh') values[f.name] = `ทดสอบ${d.key}${suffix}`;
    else if (f.name === 'nameEn') values[f.name] = `Test ${d.key} ${suffix}`;
    else if (f.kind === 'text') values[f.name] = 'ข้อความทดสอบ';
    else if (f.kind === 'integer') values[f.name] = 3;
    else if (f.kind === 'decimal') values[f.name] = '12.5';
    else if (f.kind === 'boolean') values[f.name] = true;
    else if (f.kind === 'enum') values[f.name] = f.options[0].value;
    else if (f.kind === 'taxId') values[f.name] = validId('110170020703');
    else if (f.kind === 'email') values[f.name] = 'test@example.com';
    else if (f.kind === 'phone') values[f.name] = '02 123 4567';
    else if (f.kind === 'subDistrict') values[f.name] = 100101;
    else if (f.name === 'parent')
      values[f.name] = (await options('GOVERNMENT_INFO')).find((o) => o.code === 'MSDHS')?.id;
    else if (f.name === 'ownerUnit')
      values[f.name] = (await options('GOVERNMENT_INFO')).find((o) => o.code === 'OPS-P38-SDW')?.id;
    else if (f.kind === 'reference') values[f.name] = (await options(f.refType as string))[0]?.id;
  }
  return values;
}

describe('the declared types', () => {
  it('cover the nineteen basic-data menus, each screen a catalogue key', () => {
    const basicData = menuCatalogue
      .filter((m) => Number(m.code.slice(3)) >= 8 && Number(m.code.slice(3)) <= 26)
      .map((m) => m.key);
    expect(basicData).toHaveLength(19);
    const screenKeys = new Set(types.flatMap((d) => d.screens.map((s) => s.key)));
    expect([...screenKeys].sort()).toEqual([...basicData].sort());
    expect(types.map((d) => d.type)).toEqual([
      'GOVERNMENT_INFO',
      'STORAGE',
      'MONEY_ACCOUNT',
      'RESOURCE_MAIN',
      'RESOURCE_SUB',
      'RESOURCE',
      'RESOURCE_MINIMUM',
      'SIZE_WEIGHT',
      'COUNTING_UNIT',
      'DONATOR',
      'EXTERNAL_OFFICE',
      'MISSING_EXCESS_REASON',
    ]);
  });

  it('each creates, edits, finds by a Thai substring, deactivates and deletes through the one kit', async () => {
    const done: string[] = [];
    for (const d of types) {
      const code = d.fields.find((f) => f.name === 'code')?.derived
        ? ''
        : `T-${d.key.slice(0, 10).toUpperCase()}`;
      const created = await save(d.type, { code, values: await sampleValues(d, 'หนึ่ง') });
      expect(created.error, `${d.type} create`).toBeUndefined();
      const item = created.item as Item;
      expect(item.statusCode).toBe('A');
      for (const f of d.fields) {
        if (f.kind === 'reference' && item.values[f.name] !== null) {
          expect(item.display[f.name], `${d.type}.${f.name} display`).toMatch(/\S+ \S/);
        }
      }

      const renamed = d.fields.find((f) => f.name === 'nameTh')?.derived
        ? item
        : await save(d.type, { id: item.id, code: item.code, values: { nameTh: `แก้ไข${d.key}สอง` } }).then(
            (r) => {
              expect(r.error, `${d.type} edit`).toBeUndefined();
              return r.item as Item;
            },
          );
      if (!d.fields.find((f) => f.name === 'nameTh')?.derived) {
        expect(renamed.nameTh).toBe(`แก้ไข${d.key}สอง`);
        // untouched values stay
        expect(renamed.values).toEqual({ ...item.values, nameTh: `แก้ไข${d.key}สอง` });
        const found = await list(d.type, { search: `${d.key}สอ` });
        expect(
          found.page?.items.map((i) => i.id),
          `${d.type} search`,
        ).toEqual([item.id]);
      }

      const off = await setStatus(d.type, item.id, 'I');
      expect(off.item?.statusCode).toBe('I');
      expect((await options(d.type)).map((o) => o.id)).not.toContain(item.id);
      const inactive = await list(d.type, { statusCode: 'I' });
      expect(inactive.page?.items.map((i) => i.id)).toContain(item.id);

      const gone = await remove(d.type, item.id);
      expect(gone.error, `${d.type} delete`).toBeUndefined();
      expect(gone.deleted).toBe(true);
      done.push(d.type);
    }
    expect(done).toHaveLength(12);
  }, 60_000);

  it('refuses to delete an item something refers to, naming what refers to it', async () => {
    const food = (await list('RESOURCE_MAIN', { search: 'FOOD' })).page?.items[0] as Item;
    const refused = await remove('RESOURCE_MAIN', food.id);
    expect(refused.error?.extensions?.code).toBe('CONFLICT');
    expect(refused.error?.extensions?.messageTh).toBe(
      'ลบหมวดหมู่สิ่งของหลัก FOOD ไม่ได้ เพราะยังมีข้อมูลอ้างอิงอยู่ใน หมวดหมู่สิ่งของย่อย / resource sub-category (2) กรุณาเปลี่ยนสถานะเป็นไม่ใช้งานแทน',
    );
    const unit = (await list('GOVERNMENT_INFO', { search: 'OPS-P38-SDW' })).page?.items[0] as Item;
    const unitRefused = await remove('GOVERNMENT_INFO', unit.id);
    expect(unitRefused.error?.extensions?.code).toBe('CONFLICT');
    expect(unitRefused.error?.extensions?.messageEn).toContain('ผู้ใช้งาน / users');
    expect(unitRefused.error?.extensions?.messageEn).toContain('storage (1)');
  });
});

describe('field kinds', () => {
  it('checks citizen or tax ids, e-mail, phone, decimals and enums, in Thai and English', async () => {
    const bad = await save('DONATOR', {
      code: 'DN-BAD',
      values: {
        donorType: 'ALIEN',
        nameTh: 'ผู้บริจาค',
        taxId: '1101700207031',
        email: 'not-an-email',
        phone: '12',
      },
    });
    expect(bad.error?.extensions?.code).toBe('BAD_INPUT');
    const details = bad.error?.extensions?.details as { fields: { field: string; messageEn: string }[] };
    const fields = details.fields.map((f) => [f.field, f.messageEn]);
    expect(fields).toEqual([
      ['donorType', 'Donor type must be one of PERSON, JURISTIC, ANONYMOUS'],
      ['taxId', 'Citizen or tax id must be 13 digits with a valid check digit'],
      ['phone', 'Phone must be a phone number of at least 9 digits (digits, spaces, + - ( ) , #)'],
      ['email', 'E-mail is not a valid e-mail address'],
    ]);
    const decimals = await save('SIZE_WEIGHT', {
      code: 'SW-X',
      values: { nameTh: 'ทดลอง', weightKg: '1.2345' },
    });
    expect(decimals.error?.extensions?.messageTh).toBe('น้ำหนัก (กก.)ต้องเป็นตัวเลข ทศนิยมไม่เกิน 3 ตำแหน่ง');
    const kept = await save('SIZE_WEIGHT', {
      code: 'SW-X',
      values: { nameTh: 'ทดลอง', weightKg: 1.5, widthCm: '10' },
    });
    expect(kept.item?.values).toMatchObject({ weightKg: '1.500', widthCm: '10.00' });
  });

  it('asks a donor for an id unless anonymous, and never stores one for an anonymous donor', async () => {
    const person = await save('DONATOR', {
      code: 'DN-P',
      values: { donorType: 'PERSON', nameTh: 'สมหญิง ใจดี' },
    });
    expect(person.error?.extensions?.messageEn).toBe(
      'Citizen or tax id is required (except for anonymous donors)',
    );
    const anonymous = await save('DONATOR', {
      code: 'DN-A',
      values: { donorType: 'ANONYMOUS', nameTh: 'ไม่ประสงค์ออกนาม', taxId: validId('310170020703') },
    });
    expect(anonymous.error?.extensions?.messageEn).toBe('An anonymous donor has no citizen or tax id');
    const id = validId('310170020703');
    const typed = `${id[0]}-${id.slice(1, 5)}-${id.slice(5, 10)}-${id.slice(10, 12)}-${id[12]}`;
    const ok = await save('DONATOR', {
      code: 'DN-P',
      values: { donorType: 'PERSON', nameTh: 'สมหญิง ใจดี', taxId: typed, subDistrict: 100101 },
    });
    expect(ok.error).toBeUndefined();
    expect(ok.item?.values.taxId).toBe(id);
    expect(ok.item?.display.subDistrict).toBe('พระบรมมหาราชวัง เขตพระนคร กรุงเทพมหานคร 10200');
  });

  it('will not link a new item to an inactive one, and keeps an existing link', async () => {
    const main = (await save('RESOURCE_MAIN', { code: 'RM-OLD', values: { nameTh: 'หมวดเก่า' } }))
      .item as Item;
    const sub = (
      await save('RESOURCE_SUB', { code: 'RS-OLD', values: { nameTh: 'ย่อยเก่า', resourceMain: main.id } })
    ).item as Item;
    await setStatus('RESOURCE_MAIN', main.id, 'I');
    const refused = await save('RESOURCE_SUB', {
      code: 'RS-NEW',
      values: { nameTh: 'ใหม่', resourceMain: main.id },
    });
    expect(refused.error?.extensions?.messageEn).toBe('Main category RM-OLD is inactive');
    const edited = await save('RESOURCE_SUB', {
      id: sub.id,
      code: 'RS-OLD',
      values: { nameTh: 'ย่อยเก่า (แก้)' },
    });
    expect(edited.error).toBeUndefined();
    expect(edited.item?.display.resourceMain).toBe('RM-OLD หมวดเก่า');
  });

  it('derives the code and name of a minimum level, one per resource and storage', async () => {
    const rice = (await list('RESOURCE', { search: 'RICE-5KG' })).page?.items[0] as Item;
    const store = (await list('STORAGE', { search: 'ST-P38-SDW' })).page?.items[0] as Item;
    const first = await save('RESOURCE_MINIMUM', {
      code: '',
      values: { resource: rice.id, storage: store.id, minimumQuantity: '20' },
    });
    expect(first.item).toMatchObject({ code: 'RICE-5KG@ST-P38-SDW', values: { minimumQuantity: '20.00' } });
    expect(first.item?.nameTh).toBe('ข้าวสาร 5 กิโลกรัม – คลังสิ่งของ ศูนย์พัฒนาสังคม เชียงใหม่');
    const twice = await save('RESOURCE_MINIMUM', {
      code: '',
      values: { resource: rice.id, storage: store.id, minimumQuantity: '30' },
    });
    expect(twice.error?.extensions?.code).toBe('CONFLICT');
  });
});

describe('division scope', () => {
  it('shows a unit administrator only its own subtree’s storages and refuses (and audits) the rest', async () => {
    const orgAdmin = bearer(await sessionToken(t, 'orgadmin.demo'));
    const own = await list('STORAGE', {}, orgAdmin);
    expect(own.page?.items.map((i) => i.code)).toEqual(['ST-P38-SDW']);
    // Pick lists name every active storage (a transfer's destination may be another division's);
    // the list screen, details and changes stay within the subtree.
    expect((await options('STORAGE', orgAdmin)).map((o) => o.code)).toEqual([
      'ST-OPS-SUP',
      'ST-P28-DON',
      'ST-P38-SDW',
    ]);

    const all = (await list('STORAGE')).page?.items ?? [];
    const other = all.find((i) => i.code === 'ST-P28-DON') as Item;
    const refused = await setStatus('STORAGE', other.id, 'I', orgAdmin);
    expect(refused.error?.extensions?.code).toBe('FORBIDDEN');
    expect(refused.error?.extensions?.messageTh).toBe('ข้อมูลนี้เป็นของหน่วยงานนอกสังกัดของท่าน จึงดูหรือแก้ไขไม่ได้');
    const audited = await t
      .em()
      .find(
        AuditEvent,
        { event: 'PERMISSION_REFUSED', subject: 'reference STORAGE scope' },
        { orderBy: { id: 'desc' } },
      );
    expect(audited[0]?.details).toMatchObject({ id: other.id, group: 'UG-A02' });

    const units = (await list('GOVERNMENT_INFO', { search: 'DSDW-P28-DON' })).page?.items[0] as Item;
    const moveOut = await save(
      'STORAGE',
      { code: 'ST-MINE', values: { nameTh: 'คลังของฉัน', ownerUnit: units.id } },
      orgAdmin,
    );
    expect(moveOut.error?.extensions?.code).toBe('FORBIDDEN');
    const mine = (await list('GOVERNMENT_INFO', { search: 'OPS-P38-SDW' })).page?.items[0] as Item;
    const created = await save(
      'STORAGE',
      { code: 'ST-MINE', values: { nameTh: 'คลังของฉัน', ownerUnit: mine.id } },
      orgAdmin,
    );
    expect(created.error).toBeUndefined();
    expect((await list('STORAGE', {}, orgAdmin)).page?.items.map((i) => i.code)).toEqual([
      'ST-MINE',
      'ST-P38-SDW',
    ]);
  });
});

describe('government info (the organisation tree through the kit)', () => {
  it('adds a unit under the caller’s own office, with its path, and keeps the office-type rules', async () => {
    const orgAdmin = bearer(await sessionToken(t, 'orgadmin.demo'));
    const office = await t.em().findOneOrFail(OrganisationUnit, { code: 'OPS-P38' });
    const wrongType = await save(
      'GOVERNMENT_INFO',
      {
        code: 'OPS-P38-NEW',
        values: { nameTh: 'หน่วยใหม่', nameEn: 'New unit', officeType: '4', parent: office.id },
      },
      orgAdmin,
    );
    expect(wrongType.error?.extensions?.messageEn).toBe(
      'This office type cannot sit under the chosen parent',
    );
    const created = await save(
      'GOVERNMENT_INFO',
      {
        code: 'OPS-P38-NEW',
        values: {
          nameTh: 'หน่วยใหม่',
          nameEn: 'New unit',
          officeType: '6',
          parent: office.id,
          subDistrict: 100101,
          acceptsDonations: true,
        },
      },
      orgAdmin,
    );
    expect(created.error).toBeUndefined();
    const unit = await t
      .em()
      .fork()
      .findOneOrFail(OrganisationUnit, { code: 'OPS-P38-NEW' }, { populate: ['province'] });
    expect(unit.path).toBe(`${office.path}${unit.id}/`);
    expect(unit.province?.getEntity().nameTh).toBe('กรุงเทพมหานคร');
    expect(created.item?.display.parent).toBe(`OPS-P38 ${office.nameTh}`);
    expect(created.item?.display.subDistrict).toBe('พระบรมมหาราชวัง เขตพระนคร กรุงเทพมหานคร 10200');

    const underItself = await save(
      'GOVERNMENT_INFO',
      { id: office.id, code: 'OPS-P38', values: { parent: unit.id } },
      orgAdmin,
    );
    expect(underItself.error?.extensions?.messageEn).toBe(
      'The parent cannot be the agency itself or one below it',
    );
    const elsewhere = await t.em().findOneOrFail(OrganisationUnit, { code: 'DSDW' });
    const outside = await save(
      'GOVERNMENT_INFO',
      { id: elsewhere.id, code: 'DSDW', values: { phone: '02 000 0000' } },
      orgAdmin,
    );
    expect(outside.error?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('legacy lists (specification sec. 7)', () => {
  const get = async (url: string) => t.app.inject({ method: 'GET', url: `/api/common/${url}` });
  const post = async (url: string, body: Record<string, unknown>, headers: Record<string, string> = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/common/${url}`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it('answers resource-tree, resource-tree2, unit-tree and office-external without a login', async () => {
    const tree = (await get('resource-tree')).json();
    const food = tree.find((m: { code: string }) => m.code === 'FOOD');
    const dry = food.children.find((s: { code: string }) => s.code === 'DRY-FOOD');
    expect(dry.children.map((r: { code: string }) => r.code)).toEqual(['NOODLE', 'RICE-5KG']);
    expect(dry.children[1]).toMatchObject({ nameTh: 'ข้าวสาร 5 กิโลกรัม', countingUnitCode: 'BAG' });
    const flat = (await get('resource-tree2')).json();
    expect(flat.find((r: { code: string }) => r.code === 'WATER-600')).toMatchObject({
      resourceMainCode: 'FOOD',
      resourceSubCode: 'DRINK',
      countingUnitCode: 'BOTTLE',
    });
    const units = (await get('unit-tree')).json();
    expect(units.find((u: { code: string }) => u.code === 'BAG')).toEqual({
      code: 'BAG',
      nameTh: 'ถุง',
      nameEn: 'bag',
      abbreviation: 'ถุง',
    });
    const offices = (await get('office-external')).json();
    expect(offices.map((o: { code: string }) => o.code)).toEqual(['DDPM', 'TRC']);
  });

  it('answers division-storage, div-banknote and office-type-tree3/4 to a logged-in member of staff', async () => {
    expect((await post('division-storage', { divisionCode: 'OPS-P38-SDW' }, {})).statusCode).toBe(401);
    const storages = await post('division-storage', { divisionCode: 'DSDW-P28-DON', menuCode: 'MN-031' });
    expect(storages.statusCode).toBe(200);
    expect(storages.json().map((s: { code: string }) => s.code)).toEqual(['ST-P28-DON']);
    const accounts = (await post('div-banknote', { divisionCode: 'DSDW-P28-DON' })).json();
    expect(accounts).toEqual([
      expect.objectContaining({ code: 'AC-P28-DON', bankCode: '002', accountNumber: '0000000002' }),
    ]);
    const unknown = await post('div-banknote', { divisionCode: 'NOPE' });
    expect(unknown.statusCode).toBe(404);
    expect((await post('div-banknote', {})).statusCode).toBe(400);

    type Node = {
      code: string;
      children: Node[];
      storages?: { code: string }[];
      accounts?: { code: string }[];
    };
    const find = (nodes: Node[], code: string): Node | undefined => {
      for (const n of nodes) {
        if (n.code === code) return n;
        const inner = find(n.children, code);
        if (inner) return inner;
      }
      return undefined;
    };
    const tree3 = (await post('office-type-tree3', {})).json() as Node[];
    expect(find(tree3, 'OPS-FIN-SUP')?.storages?.map((s) => s.code)).toEqual(['ST-OPS-SUP']);
    const tree4 = (await post('office-type-tree4', {})).json() as Node[];
    expect(find(tree4, 'OPS-FIN-ACC')?.accounts?.map((s) => s.code)).toEqual(['AC-OPS-ACC']);
  });
});
