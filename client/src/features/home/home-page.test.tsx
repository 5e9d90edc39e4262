import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../testing/render-route';
import { DonationPointsByRegionQuery, HomeOrganisationQuery } from './home.queries';

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

describe('home page', () => {
  it('shows the donation point count of every region from the API', async () => {
    renderRoute('/', { mocks: [donationPointsMock, organisationMock] });

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
      mocks: [{ ...donationPointsMock, delay: Number.POSITIVE_INFINITY }, organisationMock],
    });

    const section = await screen.findByRole('region', { name: 'จุดรับบริจาคทั่วประเทศ' });
    expect(within(section).getByRole('status').textContent).toBe('กำลังโหลดข้อมูล…');
    expect(within(section).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('shows the ministry and its departments from the organisation tree', async () => {
    renderRoute('/', { mocks: [donationPointsMock, organisationMock] });

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
      ],
    });

    const section = await screen.findByRole('region', { name: 'จุดรับบริจาคทั่วประเทศ' });
    const retry = await within(section).findByRole('button', { name: 'ลองใหม่อีกครั้ง' });
    expect(within(section).getByText('ไม่สามารถโหลดข้อมูลได้ในขณะนี้')).toBeTruthy();

    fireEvent.click(retry);
    expect(await within(section).findByText('รวม 49 แห่ง')).toBeTruthy();
  });
});
