import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BankItem,
  CommonListItem,
  ObjectiveItem,
  ScreenStatusItem,
} from '../../kits/core/common-list-item';
import { commonListNames, commonLists } from '../../kits/core/common-lists.data';
import { startTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function get<T>(name: string): Promise<T[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/common/${name}` });
  expect(res.statusCode, name).toBe(200);
  expect(res.headers['cache-control']).toBe('public, max-age=3600');
  return res.json<T[]>();
}

const codes = (items: CommonListItem[]) => items.map((i) => i.code);

describe('fixed common lists', () => {
  it('gives every entry a unique code and both names', () => {
    for (const name of commonListNames) {
      const items: readonly CommonListItem[] = commonLists[name];
      expect(items.length, name).toBeGreaterThan(0);
      expect(new Set(items.map((i) => i.code)).size, name).toBe(items.length);
      for (const item of items) {
        expect(item.code, name).toMatch(/^[A-Z0-9_]+$/);
        expect(item.nameTh, item.code).toMatch(/[\u0E00-\u0E7F]/);
        expect(item.nameEn, item.code).toMatch(/^[\x20-\x7E]+$/);
      }
    }
  });

  it('answers Thai banks with Bank of Thailand codes and SWIFT codes without a login', async () => {
    const banks = await get<BankItem>('bank');
    expect(banks.find((b) => b.botCode === '002')).toEqual({
      code: '002',
      botCode: '002',
      swift: 'BKKBTHBK',
      shortName: 'BBL',
      nameTh: 'ธนาคารกรุงเทพ จำกัด (มหาชน)',
      nameEn: 'Bangkok Bank',
    });
    const swiftOf = Object.fromEntries(banks.map((b) => [b.botCode, b.swift]));
    expect(swiftOf).toMatchObject({
      '004': 'KASITHBK',
      '006': 'KRTHTHBK',
      '011': 'TMBKTHBK',
      '014': 'SICOTHBK',
      '025': 'AYUDTHBK',
      '030': 'GSBATHBK',
      '034': 'BAABTHBK',
    });
    for (const code of ['022', '024', '033', '066', '067', '069', '070', '073']) {
      expect(Object.keys(swiftOf)).toContain(code);
    }
    for (const bank of banks) {
      expect(bank.botCode).toMatch(/^\d{3}$/);
      if (bank.swift !== null) expect(bank.swift).toMatch(/^[A-Z]{4}TH[A-Z0-9]{2}([A-Z0-9]{3})?$/);
    }
  });

  it('answers exactly the four transfer-money types of product-decisions sec. 4', async () => {
    expect(codes(await get('transfer-money-type'))).toEqual(['CASH', 'CHEQUE', 'TRANSFER', 'PROMPTPAY']);
  });

  it('answers donor types and resource characters of product-decisions sec. 4', async () => {
    expect(codes(await get('donor-type'))).toEqual(['PERSON', 'JURISTIC', 'ANONYMOUS']);
    expect(codes(await get('resource-character'))).toEqual(['NEW', 'USED']);
  });

  it('answers objectives with disaster events under disaster relief', async () => {
    const objectives = await get<ObjectiveItem>('objective/event');
    expect(codes(objectives)).toEqual(
      expect.arrayContaining([
        'GENERAL',
        'DISASTER',
        'CHILDREN_YOUTH',
        'OLDER_PERSONS',
        'DISABILITIES',
        'HOMELESS',
      ]),
    );
    const known = new Set(codes(objectives));
    for (const o of objectives) if (o.parentCode) expect(known.has(o.parentCode)).toBe(true);
    const disasters = objectives.filter((o) => o.parentCode === 'DISASTER').map((o) => o.nameEn);
    expect(disasters).toEqual(expect.arrayContaining(['Flood', 'Fire', 'Drought']));
  });

  it('answers screening results and urgency classes, receiver types, money kinds and valuation bases', async () => {
    const screen = await get<ScreenStatusItem>('screen-status');
    expect(screen.filter((s) => s.group === 'RESULT').map((s) => s.code)).toEqual([
      'ACCEPTED',
      'PARTLY_ACCEPTED',
      'REJECTED',
    ]);
    expect(screen.filter((s) => s.group === 'CLASSIFICATION').map((s) => s.code)).toEqual([
      'URGENT',
      'NON_URGENT',
      'NON_PRIORITY',
    ]);
    expect(codes(await get('receiver-type'))).toEqual(
      expect.arrayContaining(['INDIVIDUAL', 'HOUSEHOLD', 'COMMUNITY', 'FOUNDATION', 'GOVERNMENT']),
    );
    expect(codes(await get('donation-money'))).toEqual(['GENERAL', 'EARMARKED']);
    expect(codes(await get('price-from'))).toEqual(['RECEIPT', 'MARKET', 'COMMITTEE', 'DECLARED']);
  });
});

describe('commonList over GraphQL', () => {
  it('answers the same list as REST, with type-specific fields', async () => {
    const res = await t.graphql<{ bank: Record<string, unknown>[]; money: { code: string; swift: null }[] }>(
      `{ bank: commonList(name: "bank") { code nameTh nameEn botCode swift shortName }
         money: commonList(name: "transfer-money-type") { code swift } }`,
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data?.bank).toEqual(await get('bank'));
    expect(res.body.data?.money.map((m) => m.code)).toEqual(['CASH', 'CHEQUE', 'TRANSFER', 'PROMPTPAY']);
    expect(res.body.data?.money.every((m) => m.swift === null)).toBe(true);
  });

  it('refuses an unknown list name with a Thai and English BAD_INPUT', async () => {
    const res = await t.graphql('{ commonList(name: "no-such-list") { code } }');
    const error = res.body.errors?.[0];
    expect(error?.extensions).toMatchObject({ code: 'BAD_INPUT', status: 400 });
    expect(error?.extensions?.messageTh).toContain('no-such-list');
    expect(error?.extensions?.messageEn).toBe('There is no common list named "no-such-list"');
    // A name inherited from Object.prototype is not a list either.
    const proto = await t.graphql('{ commonList(name: "constructor") { code } }');
    expect(proto.body.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
  });
});
