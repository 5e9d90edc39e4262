import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EDonationRowsQueryVariables } from '../../gql/graphql';
import { renderRoute } from '../../testing/render-route';
import { menuCheckMock, menusFor, signedInStore, staffUser } from '../../testing/session-fixtures';
import { treeMock } from '../../testing/user-fixtures';
import { EDonationRowsQuery, MarkEDonationKeyedMutation } from './e-donation.operations';

const EXPORT = 'export-data-revenue';
const VIEW = 'view-data-revenue';
const EXPORT_TITLE = 'ส่งออกข้อมูลการบริจาคให้กรมสรรพากร (e-Donation)';
const XLSX = 'ส่งออก XLSX';
const VIEW_TITLE = 'ดูข้อมูลการบริจาคสำหรับกรมสรรพากร (e-Donation)';

const ALL: EDonationRowsQueryVariables = {
  from: null,
  to: null,
  unitCode: null,
  keying: null,
  kind: null,
  currentPage: 1,
  rows: 50,
};

const row = (kind: 'MONEY' | 'GOODS', id: number, number: string, keyed: boolean, overdue: boolean) => ({
  __typename: 'EDonationRow',
  kind,
  documentType: kind === 'MONEY' ? 'MONEY_DONATION' : 'GOODS_DONATION',
  id,
  number,
  donatedOn: '2026-01-31',
  dueOn: '2026-02-05',
  donorTaxId: '0105557000012',
  donorName: 'บริษัท น้ำใจไทย จำกัด',
  donorNameEn: null,
  donorType: 'JURISTIC',
  value: kind === 'MONEY' ? '12345.67' : '987.20',
  revenueTypeCode: kind === 'MONEY' ? '1' : '2',
  revenueTypeTh: kind === 'MONEY' ? 'เงิน' : 'ทรัพย์สิน',
  revenueTypeEn: kind === 'MONEY' ? 'Money' : 'Property (goods)',
  receiptNumber: kind === 'MONEY' ? '2569/000001' : 'G2569/000001',
  unitCode: 'OPS-P38-SDW',
  unitNameTh: 'กลุ่มการพัฒนาสังคมและสวัสดิการ',
  unitNameEn: 'Social Development and Welfare Group',
  keyedAt: keyed ? '2026-02-03T03:04:00.000Z' : null,
  keyedByUsername: keyed ? 'officer.demo' : null,
  keyedByName: keyed ? 'สมชาย ตั้งใจ' : null,
  overdue,
});

const totals = (keyed: number) => ({
  __typename: 'EDonationTotals',
  count: 2,
  moneyCount: 1,
  moneyTotal: '12345.67',
  goodsCount: 1,
  goodsTotal: '987.20',
  total: '13332.87',
  keyedCount: keyed,
  notKeyedCount: 2 - keyed,
  overdueCount: 2 - keyed,
});

const rowsMock = (items: ReturnType<typeof row>[], keyed: number): MockLink.MockedResponse => ({
  request: { query: EDonationRowsQuery, variables: ALL },
  result: {
    data: {
      eDonationRows: { __typename: 'EDonationPage', items, currentPage: 1, rows: 50, totals: totals(keyed) },
    },
  },
});

const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((tr) =>
      within(tr)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('the e-Donation screens (MN-111, MN-112)', () => {
  it('shows the rows with B.E. dates, amounts, receipts and keying, and marks the chosen ones as keyed', async () => {
    const money = row('MONEY', 5, 'DM-2569-000005', false, true);
    const goods = row('GOODS', 7, 'DT-2569-000007', false, true);
    renderRoute(`/backoffice/${EXPORT}`, {
      session: signedInStore(staffUser({ menus: menusFor([EXPORT, VIEW]) })),
      mocks: [
        menuCheckMock(EXPORT, true),
        treeMock,
        rowsMock([money, goods], 0),
        {
          request: {
            query: MarkEDonationKeyedMutation,
            variables: { donations: [{ kind: 'GOODS', id: 7 }] },
          },
          result: {
            data: {
              markEDonationKeyed: {
                __typename: 'EDonationMarkResult',
                changed: 1,
                rows: [row('GOODS', 7, 'DT-2569-000007', true, false)],
              },
            },
          },
        },
        rowsMock([money, row('GOODS', 7, 'DT-2569-000007', true, false)], 1),
      ],
    });
    const table = await screen.findByRole('table', { name: EXPORT_TITLE });
    await within(table).findByText('DM-2569-000005');
    expect(cells(table).map((r) => r.slice(1))).toEqual([
      [
        '31/01/2569',
        '0105557000012',
        'บริษัท น้ำใจไทย จำกัด',
        '1 เงิน',
        '12,345.67',
        '2569/000001',
        'DM-2569-000005',
        'กลุ่มการพัฒนาสังคมและสวัสดิการ',
        '05/02/2569',
        'เกินกำหนด',
      ],
      [
        '31/01/2569',
        '0105557000012',
        'บริษัท น้ำใจไทย จำกัด',
        '2 ทรัพย์สิน',
        '987.20',
        'G2569/000001',
        'DT-2569-000007',
        'กลุ่มการพัฒนาสังคมและสวัสดิการ',
        '05/02/2569',
        'เกินกำหนด',
      ],
    ]);
    expect(screen.getByRole('button', { name: XLSX })).toBeTruthy();
    const markButton = screen.getByRole('button', {
      name: 'บันทึกว่าส่งเข้าระบบ e-Donation แล้ว (0)',
    }) as HTMLButtonElement;
    expect(markButton.disabled).toBe(true);
    fireEvent.click(within(table).getByRole('checkbox', { name: 'เลือกรายการ DT-2569-000007' }));
    fireEvent.click(await screen.findByRole('button', { name: 'บันทึกว่าส่งเข้าระบบ e-Donation แล้ว (1)' }));
    // The list reloads: the goods row shows who keyed it and when (Bangkok time, B.E.).
    expect(await within(table).findByText('สมชาย ตั้งใจ เมื่อ 03/02/2569 10:04')).toBeTruthy();
  });

  it('offers neither downloads nor marks on the view screen', async () => {
    renderRoute(`/backoffice/${VIEW}`, {
      session: signedInStore(staffUser({ menus: menusFor([VIEW]) })),
      mocks: [
        menuCheckMock(VIEW, true),
        treeMock,
        rowsMock([row('MONEY', 5, 'DM-2569-000005', true, false)], 1),
      ],
    });
    const table = await screen.findByRole('table', { name: VIEW_TITLE });
    await within(table).findByText('DM-2569-000005');
    expect(within(table).getByText('บันทึกแล้ว')).toBeTruthy();
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: XLSX })).toBeNull();
  });
});
