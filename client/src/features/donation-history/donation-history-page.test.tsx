import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DonationHistoryQueryVariables, DonationHistoryTotalsQueryVariables } from '../../gql/graphql';
import { docField } from '../../testing/document-fixtures';
import { renderRoute } from '../../testing/render-route';
import { menuCheckMock, menusFor, signedInStore, staffUser } from '../../testing/session-fixtures';
import { treeMock } from '../../testing/user-fixtures';
import { DocumentTypesQuery } from '../documents';
import { DonationHistoryQuery, DonationHistoryTotalsQuery } from './donation-history.operations';

const KEY = 'view-donation-history-MSDHS';
const TITLE = 'ดูประวัติการรับบริจาคของกระทรวง พม.';

const status = (code: string, labelTh: string) => ({
  __typename: 'DocumentStatus',
  code,
  labelTh,
  labelEn: code,
});

const objective = docField('objective', 'วัตถุประสงค์/เหตุการณ์', {
  kind: 'enum',
  required: true,
});
const objectiveField = {
  ...objective,
  options: [
    ['DISASTER', 'ช่วยเหลือผู้ประสบภัยพิบัติ'],
    ['DISASTER_FLOOD', 'อุทกภัย'],
    ['CHILDREN_YOUTH', 'เด็กและเยาวชน'],
  ].map(([value, labelTh]) => ({ __typename: 'ReferenceOption', value, labelTh, labelEn: value })),
};

const descriptor = (
  type: string,
  labelTh: string,
  statuses: ReturnType<typeof status>[],
  viewMenuCodes: string[],
) => ({
  __typename: 'DocumentTypeDescriptor',
  type,
  prefix: type.slice(0, 2),
  labelTh,
  labelEn: type,
  header: [objectiveField],
  lines: [],
  statuses,
  transitions: [],
  editableIn: [],
  viewMenuCodes,
  createMenuCodes: [],
  editMenuCodes: [],
  screens: [],
});

const typesMock: MockLink.MockedResponse = {
  request: { query: DocumentTypesQuery },
  result: {
    data: {
      documentTypes: [
        descriptor(
          'GOODS_DONATION',
          'รายการรับบริจาคสิ่งของ',
          [
            status('DRAFT', 'ร่าง'),
            status('SUBMITTED', 'รอคัดกรอง'),
            status('APPROVED_2', 'อนุมัติระดับที่ 2 แล้ว (รับเข้าคลัง)'),
            status('CANCELLED', 'ยกเลิก'),
          ],
          ['MN-034'],
        ),
        descriptor(
          'MONEY_DONATION',
          'รับบริจาคเงิน',
          [
            status('PENDING', 'รอตรวจสอบ'),
            status('APPROVED', 'อนุมัติและออกใบเสร็จแล้ว'),
            status('CANCELLED', 'ยกเลิก'),
          ],
          ['MN-038'],
        ),
      ],
    },
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

const ALL: DonationHistoryQueryVariables = {
  from: null,
  to: null,
  unitCode: null,
  donor: null,
  kind: null,
  objective: null,
  status: null,
  currentPage: 1,
  rows: 20,
  sort: null,
  direction: null,
  first: 20,
  after: null,
  last: null,
  before: null,
};

const row = (
  kind: 'GOODS' | 'MONEY',
  id: number,
  number: string,
  donatedOn: string,
  statusCode: string,
  value: string,
  receipt: [string, boolean] | null = null,
) => ({
  __typename: 'DonationHistoryRow',
  kind,
  documentType: kind === 'GOODS' ? 'GOODS_DONATION' : 'MONEY_DONATION',
  id,
  number,
  donatedOn,
  donorCode: 'DN-000001',
  donorNameTh: 'บริษัท ตัวอย่างใจดี จำกัด',
  donorNameEn: 'Example Co.',
  unitCode: 'OPS-P38-SDW',
  unitNameTh: 'กลุ่มการพัฒนาสังคมและสวัสดิการ',
  unitNameEn: 'Social Development and Welfare Group',
  status: statusCode,
  objective: 'DISASTER_FLOOD',
  value,
  receiptNumber: receipt?.[0] ?? null,
  receiptVoid: receipt?.[1] ?? false,
});

const totals = (overrides: Record<string, unknown> = {}) => ({
  __typename: 'DonationHistoryTotals',
  count: 3,
  goodsCount: 1,
  moneyCount: 2,
  cancelledCount: 1,
  moneyTotal: '125000.5',
  moneyApprovedTotal: '125000.50',
  goodsValueTotal: '1570.88',
  goodsApprovedTotal: '0.00',
  ...overrides,
});

/** The filters of a page's variables: the totals query's variables. */
const filtersOf = ({
  currentPage,
  rows,
  sort,
  direction,
  first,
  after,
  last,
  before,
  ...filters
}: DonationHistoryQueryVariables): DonationHistoryTotalsQueryVariables => filters;

/**
 * A page and the totals of its filters, each answered once: the totals are asked once per filter set,
 * so a page of the same search finds no second totals answer here.
 */
const historyMock = (
  variables: DonationHistoryQueryVariables,
  items: ReturnType<typeof row>[],
  sums: ReturnType<typeof totals>,
  page: { total?: number; endCursor?: string | null; totals?: boolean } = {},
): MockLink.MockedResponse[] => [
  {
    request: { query: DonationHistoryQuery, variables },
    result: {
      data: {
        donationHistory: {
          __typename: 'DonationHistoryPage',
          items,
          total: page.total ?? sums.count,
          startCursor: null,
          endCursor: page.endCursor ?? null,
        },
      },
    },
  },
  ...(page.totals === false
    ? []
    : [
        {
          request: { query: DonationHistoryTotalsQuery, variables: filtersOf(variables) },
          result: { data: { donationHistoryTotals: sums } },
        },
      ]),
];

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((tr) =>
      within(tr)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

/** An executive who reads the donation history and goods donations, but not money donations. */
const session = () => signedInStore(staffUser({ menus: menusFor([KEY, 'view-donate-things']) }));

describe('the donation history screen (MN-058)', () => {
  it('shows the totals of the whole search in baht and every donation with BE dates', async () => {
    renderRoute(`/backoffice/${KEY}`, {
      session: session(),
      mocks: [
        menuCheckMock(KEY, true),
        typesMock,
        treeMock,
        ...historyMock(
          ALL,
          [
            row('GOODS', 11, 'DT-2569-000011', '2026-01-10', 'DRAFT', '1570.88'),
            row('MONEY', 5, 'DM-2569-000005', '2025-12-31', 'APPROVED', '125000.50', ['2569/000001', false]),
            row('MONEY', 4, 'DM-2569-000004', '2025-12-30', 'CANCELLED', '999.99', ['2569/000002', true]),
          ],
          totals(),
        ),
      ],
    });
    const table = await screen.findByRole('table', { name: TITLE });
    await within(table).findByText('1,570.88');
    expect(rowsOf(table)).toEqual([
      [
        '10/01/2569',
        'DT-2569-000011',
        'สิ่งของ',
        'DN-000001 บริษัท ตัวอย่างใจดี จำกัด',
        'กลุ่มการพัฒนาสังคมและสวัสดิการ',
        'อุทกภัย',
        'ร่าง',
        '1,570.88',
        '—',
      ],
      [
        '31/12/2568',
        'DM-2569-000005',
        'เงิน',
        'DN-000001 บริษัท ตัวอย่างใจดี จำกัด',
        'กลุ่มการพัฒนาสังคมและสวัสดิการ',
        'อุทกภัย',
        'อนุมัติและออกใบเสร็จแล้ว',
        '125,000.50',
        '2569/000001',
      ],
      [
        '30/12/2568',
        'DM-2569-000004',
        'เงิน',
        'DN-000001 บริษัท ตัวอย่างใจดี จำกัด',
        'กลุ่มการพัฒนาสังคมและสวัสดิการ',
        'อุทกภัย',
        'ยกเลิก',
        '999.99',
        '2569/000002 (ยกเลิกแล้ว)',
      ],
    ]);
    // The person reads goods donations (MN-034): the goods number opens it; money donations they may not read.
    expect(within(table).getByRole('button', { name: 'DT-2569-000011' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'DM-2569-000005' })).toBeNull();

    const sums = screen.getByRole('region', { name: 'สรุปตามเงื่อนไขที่ค้นหา' });
    expect(within(sums).getByText('125,000.50 บาท')).toBeTruthy();
    expect(within(sums).getByText('ออกใบเสร็จแล้ว 125,000.50 บาท')).toBeTruthy();
    expect(within(sums).getByText('1,570.88 บาท')).toBeTruthy();
    expect(within(sums).getByText('รับเข้าคลังแล้ว 0.00 บาท')).toBeTruthy();
    expect(within(sums).getByText('สิ่งของ 1 · เงิน 2 · ยกเลิก 1')).toBeTruthy();
  });

  it('sends the period as calendar days, the unit, donor, kind, objective and status, and offers the kind’s statuses', async () => {
    const searched: DonationHistoryQueryVariables = {
      ...ALL,
      from: '2026-01-01',
      to: '2026-01-31',
      unitCode: 'DSDW',
      donor: 'ใจดี',
      kind: 'MONEY',
      objective: 'DISASTER',
      status: 'APPROVED',
    };
    renderRoute(`/backoffice/${KEY}`, {
      session: session(),
      mocks: [
        menuCheckMock(KEY, true),
        typesMock,
        treeMock,
        ...historyMock(ALL, [], totals({ count: 0, goodsCount: 0, moneyCount: 0, cancelledCount: 0 })),
        ...historyMock(
          searched,
          [row('MONEY', 5, 'DM-2569-000005', '2026-01-20', 'APPROVED', '5000.50', ['2569/000003', false])],
          totals({ count: 1, goodsCount: 0, moneyCount: 1, cancelledCount: 0, moneyTotal: '5000.50' }),
        ),
      ],
    });
    const table = await screen.findByRole('table', { name: TITLE });
    expect(await screen.findByText('ไม่พบรายการรับบริจาคตามเงื่อนไขที่ค้นหา')).toBeTruthy();

    const search = screen.getByRole('search', { name: 'ค้นหาประวัติการรับบริจาค' });
    const statusSelect = within(search).getByRole('combobox', { name: 'สถานะ' });
    const offered = () =>
      within(statusSelect)
        .getAllByRole('option')
        .map((option) => option.textContent);
    // Both kinds' statuses, CANCELLED once.
    await within(statusSelect).findByRole('option', { name: 'รอตรวจสอบ' });
    expect(offered()).toEqual([
      'ทั้งหมด',
      'ร่าง',
      'รอคัดกรอง',
      'อนุมัติระดับที่ 2 แล้ว (รับเข้าคลัง)',
      'ยกเลิก',
      'รอตรวจสอบ',
      'อนุมัติและออกใบเสร็จแล้ว',
    ]);
    fireEvent.change(within(search).getByRole('combobox', { name: 'ประเภทการบริจาค' }), {
      target: { value: 'MONEY' },
    });
    expect(offered()).toEqual(['ทั้งหมด', 'รอตรวจสอบ', 'อนุมัติและออกใบเสร็จแล้ว', 'ยกเลิก']);

    fireEvent.change(within(search).getByRole('textbox', { name: 'ตั้งแต่วันที่รับบริจาค' }), {
      target: { value: '01012569' },
    });
    fireEvent.change(within(search).getByRole('textbox', { name: 'ถึงวันที่รับบริจาค' }), {
      target: { value: '31/01/2569' },
    });
    fireEvent.change(await within(search).findByRole('combobox', { name: 'กระทรวง' }), {
      target: { value: 'MSDHS' },
    });
    fireEvent.change(within(search).getByRole('combobox', { name: 'กรม' }), { target: { value: 'DSDW' } });
    fireEvent.change(within(search).getByRole('textbox', { name: 'ผู้บริจาค (รหัส ชื่อ หรือเลขประจำตัว)' }), {
      target: { value: ' ใจดี ' },
    });
    fireEvent.change(within(search).getByRole('combobox', { name: 'วัตถุประสงค์/เหตุการณ์' }), {
      target: { value: 'DISASTER' },
    });
    fireEvent.change(statusSelect, { target: { value: 'APPROVED' } });
    fireEvent.click(within(search).getByRole('button', { name: 'ค้นหา' }));

    expect(await within(table).findByText('DM-2569-000005')).toBeTruthy();
    expect(within(table).getByText('20/01/2569')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'สรุปตามเงื่อนไขที่ค้นหา' })).getByText('5,000.50 บาท'),
    ).toBeTruthy();
  });

  it('pages by key with the totals asked once for the search, not again for the next page', async () => {
    const first = [row('GOODS', 11, 'DT-2569-000011', '2026-01-10', 'DRAFT', '1570.88')];
    const next = [row('MONEY', 5, 'DM-2569-000005', '2025-12-31', 'APPROVED', '125000.50')];
    renderRoute(`/backoffice/${KEY}`, {
      session: session(),
      mocks: [
        menuCheckMock(KEY, true),
        typesMock,
        treeMock,
        ...historyMock(ALL, first, totals({ count: 45 }), { endCursor: 'c1' }),
        // Page 2 alone: no second totals answer (one would be needed if the page asked for them).
        ...historyMock({ ...ALL, currentPage: 2, after: 'c1' }, next, totals({ count: 45 }), {
          totals: false,
        }),
      ],
    });
    const table = await screen.findByRole('table', { name: TITLE });
    await within(table).findByText('DT-2569-000011');
    const sums = screen.getByRole('region', { name: 'สรุปตามเงื่อนไขที่ค้นหา' });
    expect(within(sums).getByText('45')).toBeTruthy();
    expect(screen.getByText('หน้า 1 จาก 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ถัดไป' }));
    await within(table).findByText('DM-2569-000005');
    expect(screen.getByText('หน้า 2 จาก 3')).toBeTruthy();
    // The totals of the search stay, read from the cache.
    expect(within(screen.getByRole('region', { name: 'สรุปตามเงื่อนไขที่ค้นหา' })).getByText('45')).toBeTruthy();
    expect(within(sums).getByText('1,570.88 บาท')).toBeTruthy();
  });

  it('refuses a period that ends before it starts', async () => {
    renderRoute(`/backoffice/${KEY}`, {
      session: session(),
      mocks: [menuCheckMock(KEY, true), typesMock, treeMock, ...historyMock(ALL, [], totals({ count: 0 }))],
    });
    const search = await screen.findByRole('search', { name: 'ค้นหาประวัติการรับบริจาค' });
    fireEvent.change(within(search).getByRole('textbox', { name: 'ตั้งแต่วันที่รับบริจาค' }), {
      target: { value: '02/01/2569' },
    });
    fireEvent.change(within(search).getByRole('textbox', { name: 'ถึงวันที่รับบริจาค' }), {
      target: { value: '01/01/2569' },
    });
    fireEvent.click(within(search).getByRole('button', { name: 'ค้นหา' }));
    expect(await within(search).findByText('วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่มต้น')).toBeTruthy();
  });
});
