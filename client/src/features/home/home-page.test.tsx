import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { parse, print } from 'graphql';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../platform/i18n';
import { publicQueryText } from '../../platform/public-query';
import { renderRoute } from '../../testing/render-route';
import {
  AddressDistrictsQuery,
  AddressProvincesQuery,
  AddressSubDistrictsQuery,
} from '../../ui/form/address.queries';
import { DonateTransferListsQuery, PromptPayQrQuery, ReceivingUnitsQuery } from '../donate-transfer';
import {
  DonationPointsByRegionQuery,
  HomeFiguresQuery,
  HomeOrganisationQuery,
  MostNeededQuery,
} from './home.queries';

const region = (id: number, nameTh: string, nameEn: string) => ({
  __typename: 'Region' as const,
  id,
  nameTh,
  nameEn,
});

const donationPointsMock: MockLink.MockedResponse = {
  request: { query: DonationPointsByRegionQuery },
  result: {
    data: {
      donationPointsByRegion: [
        { __typename: 'RegionDonationPoints', count: 17, region: region(1, 'ภาคเหนือ', 'Northern') },
        {
          __typename: 'RegionDonationPoints',
          count: 23,
          region: region(3, 'ภาคตะวันออกเฉียงเหนือ', 'Northeastern'),
        },
        { __typename: 'RegionDonationPoints', count: 9, region: region(6, 'ภาคใต้', 'Southern') },
      ],
    },
  },
};

const unit = (id: string, code: string, nameTh: string, nameEn: string) => ({
  __typename: 'OrganisationUnit' as const,
  id,
  code,
  nameTh,
  nameEn,
});

const organisationMock: MockLink.MockedResponse = {
  request: { query: HomeOrganisationQuery },
  result: {
    data: {
      organisationTree: [
        {
          ...unit(
            '1',
            'MSDHS',
            'กระทรวงการพัฒนาสังคมและความมั่นคงของมนุษย์',
            'Ministry of Social Development and Human Security',
          ),
          children: [
            unit('2', 'DSDW', 'กรมพัฒนาสังคมและสวัสดิการ', 'Department of Social Development and Welfare'),
            unit('3', 'DOP', 'กรมกิจการผู้สูงอายุ', 'Department of Older Persons'),
          ],
        },
      ],
    },
  },
};

const figuresMock: MockLink.MockedResponse = {
  request: { query: HomeFiguresQuery },
  result: {
    data: {
      publicFigures: {
        __typename: 'PublicFigures',
        fiscalYear: 2569,
        moneyReceived: '1234567.50',
        goodsValueReceived: '98000.00',
        itemsGivenOut: '4321.000',
        donationPoints: 49,
      },
    },
  },
};

const mostNeededMock: MockLink.MockedResponse = {
  request: { query: MostNeededQuery },
  result: {
    data: {
      mostNeededItems: [
        {
          __typename: 'MostNeededItem',
          resourceCode: 'WATER-600',
          resourceNameTh: 'น้ำดื่ม 600 มล.',
          resourceNameEn: 'Drinking water 600 ml',
          countingUnitTh: 'แพ็ค',
          countingUnitEn: 'pack',
          needed: '120.000',
          provinces: 3,
          shortfall: 1,
        },
        {
          __typename: 'MostNeededItem',
          resourceCode: 'RICE-5KG',
          resourceNameTh: 'ข้าวสาร 5 กก.',
          resourceNameEn: null,
          countingUnitTh: 'ถุง',
          countingUnitEn: null,
          needed: '12.500',
          provinces: 1,
          shortfall: 0.4,
        },
      ],
    },
  },
};

const allMocks = [donationPointsMock, organisationMock, figuresMock, mostNeededMock];

describe('home page', () => {
  it('shows the fiscal year figures from the ledgers, each leading to its page', async () => {
    renderRoute('/', { mocks: allMocks });
    const section = await screen.findByRole('region', { name: 'ผลการดำเนินงานปีงบประมาณ 2569' });
    const cards = await within(section).findAllByRole('listitem');
    expect(cards.map((card) => card.querySelector('p')?.textContent)).toEqual([
      'เงินบริจาคที่ได้รับ',
      'มูลค่าสิ่งของที่ได้รับบริจาค',
      'สิ่งของที่ส่งมอบแล้ว',
      'จุดรับบริจาค',
    ]);
    expect(within(cards[0]).getByText(/^1,234,568/).textContent).toBe('1,234,568 บาท');
    expect(within(cards[1]).getByText(/^98,000/).textContent).toBe('98,000 บาท');
    expect(within(cards[2]).getByText(/^4,321/).textContent).toBe('4,321 หน่วย');
    expect(within(cards[3]).getByText(/^49/).textContent).toBe('49 แห่ง');
    const links = cards.map((card) => within(card).getByRole('link').getAttribute('href'));
    expect(within(cards[2]).getByRole('link').textContent).toBe('ดูพื้นที่ที่ยังขาดแคลนสิ่งของ');
    expect(links).toEqual([
      '/donate-money-by-bank-transfer',
      '/reqs-receipt-donation-resource',
      '/short-supply',
      '/near-me',
    ]);
  });

  it('lists the most needed items in the order the server ranks them, in the visitor’s language', async () => {
    renderRoute('/', { mocks: allMocks });
    const section = await screen.findByRole('region', { name: 'สิ่งของที่ต้องการมากที่สุดตอนนี้' });
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'น้ำดื่ม 600 มล.ยังต้องการ 120 แพ็ค · ขาดแคลนใน 3 จังหวัด',
      'ข้าวสาร 5 กก.ยังต้องการ 12.500 ถุง · ขาดแคลนใน 1 จังหวัด',
    ]);
    expect(within(items[0]).getByRole('link').getAttribute('href')).toBe('/short-supply');
  });

  it('says 1 and 2 in English with the noun in the number it agrees with', async () => {
    await changeLanguage('en');
    const one = (count: number) => ({
      __typename: 'RegionDonationPoints' as const,
      count,
      region: region(count, `ภาค ${count}`, `Region ${count}`),
    });
    const needed = (resourceCode: string, amount: string, unitEn: string, provinces: number) => ({
      __typename: 'MostNeededItem' as const,
      resourceCode,
      resourceNameTh: resourceCode,
      resourceNameEn: resourceCode,
      countingUnitTh: 'ขวด',
      countingUnitEn: unitEn,
      needed: amount,
      provinces,
      shortfall: 1,
    });
    renderRoute('/', {
      mocks: [
        { ...donationPointsMock, result: { data: { donationPointsByRegion: [one(1), one(2)] } } },
        organisationMock,
        figuresMock,
        {
          ...mostNeededMock,
          result: {
            data: {
              mostNeededItems: [
                needed('WATER', '380.000', 'bottle', 1),
                needed('MILK', '1.000', 'bottle', 2),
                needed('KIT', '2.000', 'box', 2),
              ],
            },
          },
        },
      ],
    });
    const points = await screen.findByRole('region', { name: 'Donation points across Thailand' });
    const cards = await within(points).findAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual(['Region 11 point', 'Region 22 points']);
    const most = screen.getByRole('region', { name: 'Most needed now' });
    const items = await within(most).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'WATER380 bottles still needed · short in 1 province',
      'MILK1 bottle still needed · short in 2 provinces',
      'KIT2 boxes still needed · short in 2 provinces',
    ]);
  });

  it('shows the donation point count of every region from the API', async () => {
    renderRoute('/', { mocks: allMocks });

    expect(await screen.findByRole('heading', { level: 1, name: 'ร่วมส่งต่อน้ำใจ ถึงผู้ที่ต้องการ' })).toBeTruthy();
    const section = screen.getByRole('region', { name: 'จุดรับบริจาคทั่วประเทศ' });
    const cards = await within(section).findAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      'ภาคเหนือ17 แห่ง',
      'ภาคตะวันออกเฉียงเหนือ23 แห่ง',
      'ภาคใต้9 แห่ง',
    ]);
    expect(within(section).getByText('รวม 49 แห่ง')).toBeTruthy();
  });

  it('announces loading while the counts are on their way', async () => {
    renderRoute('/', {
      mocks: [
        { ...donationPointsMock, delay: Number.POSITIVE_INFINITY },
        organisationMock,
        figuresMock,
        mostNeededMock,
      ],
    });

    const section = await screen.findByRole('region', { name: 'จุดรับบริจาคทั่วประเทศ' });
    expect(within(section).getByRole('status').textContent).toBe('กำลังโหลดข้อมูล…');
    expect(within(section).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('shows the ministry and its departments from the organisation tree', async () => {
    renderRoute('/', { mocks: allMocks });

    const section = await screen.findByRole('region', { name: 'หน่วยงานผู้รับบริจาค' });
    expect(
      await within(section).findByRole('heading', { name: 'กระทรวงการพัฒนาสังคมและความมั่นคงของมนุษย์' }),
    ).toBeTruthy();
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['กรมพัฒนาสังคมและสวัสดิการ', 'กรมกิจการผู้สูงอายุ']);
  });

  it('says so and offers a retry when the counts cannot be loaded', async () => {
    renderRoute('/', {
      mocks: [
        { request: { query: DonationPointsByRegionQuery }, error: new Error('network down') },
        donationPointsMock,
        organisationMock,
        figuresMock,
        mostNeededMock,
      ],
    });

    const section = await screen.findByRole('region', { name: 'จุดรับบริจาคทั่วประเทศ' });
    const retry = await within(section).findByRole('button', { name: 'ลองใหม่อีกครั้ง' });
    expect(within(section).getByText('ไม่สามารถโหลดข้อมูลได้ในขณะนี้')).toBeTruthy();

    fireEvent.click(retry);
    expect(await within(section).findByText('รวม 49 แห่ง')).toBeTruthy();
  });

  it('sends each public query as its document says, without Apollo (the first load’s plain fetch)', () => {
    for (const document of [
      DonationPointsByRegionQuery,
      HomeOrganisationQuery,
      HomeFiguresQuery,
      MostNeededQuery,
      // The bank-transfer page's, with variables, and the plain address field's.
      ReceivingUnitsQuery,
      DonateTransferListsQuery,
      PromptPayQrQuery,
      AddressProvincesQuery,
      AddressDistrictsQuery,
      AddressSubDistrictsQuery,
    ]) {
      // Parsed back and printed by graphql-js, the text is the document, every field and argument.
      expect(print(parse(publicQueryText(document)))).toBe(print(document));
    }
  });
});
