import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { parse, print } from 'graphql';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../platform/i18n';
import { publicQueryText } from '../../platform/public-query';
import { renderRoute } from '../../testing/render-route';
import { AddressProvincesQuery } from '../../ui/form/address.queries';
import { DonationPointsQuery, ProvinceCentresQuery } from '../near-me';
import { ShortSupplyQuery } from './short-supply.queries';

const provincesMock: MockLink.MockedResponse = {
  request: { query: AddressProvincesQuery },
  result: {
    data: {
      provinces: [
        { __typename: 'Province', id: 10, nameTh: 'กรุงเทพมหานคร', nameEn: 'Bangkok' },
        { __typename: 'Province', id: 28, nameTh: 'บุรีรัมย์', nameEn: 'Buri Ram' },
      ],
    },
  },
};

const buriram = {
  __typename: 'ShortSupplyProvince' as const,
  provinceId: 28,
  provinceNameTh: 'บุรีรัมย์',
  provinceNameEn: 'Buri Ram',
  items: [
    {
      __typename: 'ShortSupplyItem' as const,
      resourceCode: 'RICE-5KG',
      resourceNameTh: 'ข้าวสาร 5 กก.',
      resourceNameEn: 'Rice 5 kg',
      categoryTh: 'อาหารแห้ง',
      categoryEn: 'Dry food',
      countingUnitTh: 'ถุง',
      countingUnitEn: 'bag',
      needed: '1200.00',
    },
  ],
  donationPoints: [
    {
      __typename: 'DonationPoint' as const,
      code: 'P28',
      nameTh: 'สำนักงานพัฒนาสังคมฯ บุรีรัมย์',
      nameEn: 'Buri Ram office',
      addressLine: '1 ถนนจิระ',
      subDistrictNameTh: 'ในเมือง',
      subDistrictNameEn: 'Nai Mueang',
      districtNameTh: 'เมืองบุรีรัมย์',
      districtNameEn: 'Mueang Buri Ram',
      postcode: '31000',
      phone: '044-611-111',
      openingHours: 'จันทร์–ศุกร์ 08:30–16:30',
    },
  ],
};
const bangkok = {
  ...buriram,
  provinceId: 10,
  provinceNameTh: 'กรุงเทพมหานคร',
  provinceNameEn: 'Bangkok',
  items: [{ ...buriram.items[0], resourceCode: 'WATER', resourceNameTh: 'น้ำดื่ม', needed: '2.50' }],
  donationPoints: [],
};

const shortSupplyMock = (provinceId: number | null, list: (typeof buriram)[]): MockLink.MockedResponse => ({
  request: { query: ShortSupplyQuery, variables: { provinceId } },
  result: { data: { shortSupply: list } },
});

describe('short-supply page', () => {
  it('lists what each province needs with its donation points, and filters by province', async () => {
    renderRoute('/short-supply', {
      mocks: [provincesMock, shortSupplyMock(null, [bangkok, buriram]), shortSupplyMock(28, [buriram])],
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'รายการสิ่งของที่ขาดแคลน' })).toBeTruthy();
    const province = await screen.findByRole('region', { name: 'บุรีรัมย์' });
    const table = within(province).getByRole('table', { name: 'สิ่งของที่ขาดแคลนในบุรีรัมย์' });
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(cells).toEqual([['ข้าวสาร 5 กก.', 'อาหารแห้ง', '1,200 ถุง']]);
    const points = within(province).getByRole('list', { name: 'จุดรับบริจาคในบุรีรัมย์' });
    const point = within(points).getByRole('listitem');
    expect(point.textContent).toContain('สำนักงานพัฒนาสังคมฯ บุรีรัมย์');
    expect(within(point).getByTestId('ss-point-address').textContent).toBe('1 ถนนจิระ ในเมือง เมืองบุรีรัมย์ 31000');
    expect(within(point).getByRole('link', { name: '044-611-111' }).getAttribute('href')).toBe(
      'tel:044611111',
    );
    expect(point.textContent).toContain('เวลาทำการ: จันทร์–ศุกร์ 08:30–16:30');
    expect(screen.getByRole('region', { name: 'กรุงเทพมหานคร' }).textContent).toContain('ยังไม่มีจุดรับบริจาค');

    const select = screen.getByRole('combobox', { name: 'จังหวัด' });
    await within(select).findByRole('option', { name: 'บุรีรัมย์' });
    fireEvent.change(select, { target: { value: '28' } });
    expect(await screen.findByRole('region', { name: 'บุรีรัมย์' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'กรุงเทพมหานคร' })).toBeNull();
  });

  it('names the province, items and the point’s sub-district and district in English', async () => {
    await changeLanguage('en');
    renderRoute('/short-supply', { mocks: [provincesMock, shortSupplyMock(null, [buriram])] });
    const province = await screen.findByRole('region', { name: 'Buri Ram' });
    expect(within(province).getByRole('cell', { name: '1,200 bags' })).toBeTruthy();
    const point = within(province).getByRole('listitem');
    expect(point.textContent).toContain('Buri Ram office');
    // The house and road are free text entered in Thai: the data has no English form of them.
    expect(within(point).getByTestId('ss-point-address').textContent).toBe(
      '1 ถนนจิระ Nai Mueang Mueang Buri Ram 31000',
    );
  });

  it('says so when nothing is short', async () => {
    renderRoute('/short-supply', { mocks: [provincesMock, shortSupplyMock(null, [])] });
    expect(await screen.findByText(/ขณะนี้ไม่มีสิ่งของที่ขาดแคลน/)).toBeTruthy();
  });

  it('sends, without Apollo, the text of the same queries as near me and this page use', () => {
    // The first load reads these with a plain fetch (platform/public-query.ts). Parsed back and
    // printed by graphql-js, the text is the document: every field, argument and variable.
    for (const document of [
      ShortSupplyQuery,
      AddressProvincesQuery,
      DonationPointsQuery,
      ProvinceCentresQuery,
    ])
      expect(print(parse(publicQueryText(document)))).toBe(print(document));
    expect(publicQueryText(ShortSupplyQuery)).toMatch(
      /^query ShortSupply\(\$provinceId:Int\)\{shortSupply\(provinceId:\$provinceId\)\{/,
    );
  });
});
