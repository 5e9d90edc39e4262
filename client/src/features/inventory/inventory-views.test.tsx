import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReferenceTypeName } from '../../gql/graphql';
import { changeLanguage } from '../../platform/i18n';
import { documentsMock, documentTypesMock } from '../../testing/document-fixtures';
import { renderRoute } from '../../testing/render-route';
import { menuCheckMock, menusFor, signedInStore, staffUser } from '../../testing/session-fixtures';
import { ReferenceOptionsQuery } from '../reference';
import { StockCardQuery, StockOnHandQuery } from './inventory.operations';
import { periodOf } from './inventory-cells';
import { defaultCardPeriod } from './stock-card-tab';

const SAVE_KEY = 'save-transfer-item-to-another-storage';
const VIEW_KEY = 'view-transfer-item-to-another-storage';

const optionsMock = (
  type: ReferenceTypeName,
  items: [number, string, string][],
): MockLink.MockedResponse => ({
  request: { query: ReferenceOptionsQuery, variables: { type, search: null, rows: 50 } },
  result: {
    data: {
      referenceOptions: items.map(([id, code, nameTh]) => ({
        __typename: 'ReferenceOptionItem',
        id,
        code,
        nameTh,
        nameEn: null,
      })),
    },
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
});
const storagesMock = optionsMock('STORAGE', [
  [4, 'ST-OPS-SUP', 'คลังพัสดุกลาง'],
  [5, 'ST-P28-DON', 'คลังรับบริจาคจันทบุรี'],
]);
const resourcesMock = optionsMock('RESOURCE', [[9, 'RICE-5KG', 'ข้าวสาร 5 กก.']]);

const balance = (
  balanceId: number,
  storage: [string, string],
  overrides: Record<string, string | null> = {},
) => ({
  __typename: 'StockBalance' as const,
  balanceId,
  storageCode: storage[0],
  storageNameTh: storage[1],
  storageNameEn: null as string | null,
  resourceCode: 'RICE-5KG',
  resourceNameTh: 'ข้าวสาร 5 กก.',
  resourceNameEn: 'Rice 5 kg',
  countingUnitTh: 'ถุง',
  lot: 'L-1',
  expiryDate: '2030-01-31',
  onHand: '20.000',
  reserved: '5.000',
  available: '15.000',
  inTransit: '0.000',
  value: '3000.00',
  ...overrides,
});

const stockOnHandMock = (
  storageId: number | null,
  rows: ReturnType<typeof balance>[],
): MockLink.MockedResponse => ({
  request: { query: StockOnHandQuery, variables: { storageId } },
  result: { data: { stockOnHand: rows } },
});

const entry = (
  movementId: string,
  movementType: string,
  quantity: string,
  onHandAfter: string,
  documentId: number,
  documentNumber: string | null = null,
) => ({
  __typename: 'StockCardEntry' as const,
  movementId,
  createdAt: '2026-11-22T03:00:00.000Z',
  movementType,
  lot: 'L-1',
  quantity,
  onHandAfter,
  lotOnHandAfter: onHandAfter,
  documentType: 'STOCK_TRANSFER',
  documentId,
  documentNumber,
  reasonNameTh: null,
});

const viewer = () => signedInStore(staffUser({ menus: menusFor([VIEW_KEY]) }));

/** The view screen of transfers, as a viewer (MN-101), on one of its tabs. */
async function openTab(name: string, mocks: MockLink.MockedResponse[]) {
  renderRoute(`/backoffice/${VIEW_KEY}`, {
    session: viewer(),
    mocks: [menuCheckMock(VIEW_KEY, true), documentTypesMock, documentsMock([]), ...mocks],
  });
  fireEvent.click(await screen.findByRole('tab', { name }));
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('the ledger views of the document screens', () => {
  it('stock on hand: every storage first, then the chosen one, with BE expiry and value in baht', async () => {
    const mocks = [
      storagesMock,
      stockOnHandMock(null, [
        balance(1, ['ST-OPS-SUP', 'คลังพัสดุกลาง']),
        balance(2, ['ST-P28-DON', 'คลังรับบริจาคจันทบุรี'], { lot: '', expiryDate: null, value: '1234.5' }),
      ]),
      stockOnHandMock(5, [balance(2, ['ST-P28-DON', 'คลังรับบริจาคจันทบุรี'], { inTransit: '2.500' })]),
    ];
    await openTab('สิ่งของคงคลัง', mocks);
    const table = await screen.findByRole('table', { name: 'สิ่งของคงคลัง' });
    await within(table).findByText('ST-OPS-SUP คลังพัสดุกลาง');
    expect(rowsOf(table)).toEqual([
      [
        'ST-OPS-SUP คลังพัสดุกลาง',
        'RICE-5KG ข้าวสาร 5 กก.',
        'L-1',
        '31/01/2573',
        '20',
        '5',
        '15',
        '0',
        '3,000.00',
      ],
      ['ST-P28-DON คลังรับบริจาคจันทบุรี', 'RICE-5KG ข้าวสาร 5 กก.', '—', '—', '20', '5', '15', '0', '1,234.50'],
    ]);

    const storage = screen.getByRole('combobox', { name: 'คลัง' });
    await within(storage).findByRole('option', { name: 'ST-P28-DON คลังรับบริจาคจันทบุรี' });
    fireEvent.change(storage, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'ค้นหา' }));
    await within(table).findByText('2.500');
    expect(rowsOf(table)).toHaveLength(1);
  });

  it('stock on hand in English: storage and resource by their English names, Thai where there is none', async () => {
    await changeLanguage('en');
    await openTab('Stock on hand', [
      storagesMock,
      stockOnHandMock(null, [
        balance(1, ['ST-OPS-SUP', 'คลังพัสดุกลาง'], { storageNameEn: 'Central supplies storage' }),
        balance(2, ['ST-P28-DON', 'คลังรับบริจาคจันทบุรี'], { resourceNameEn: null }),
      ]),
    ]);
    const table = await screen.findByRole('table', { name: 'Stock on hand' });
    await within(table).findByText('ST-OPS-SUP Central supplies storage');
    expect(rowsOf(table).map((row) => row.slice(0, 2))).toEqual([
      ['ST-OPS-SUP Central supplies storage', 'RICE-5KG Rice 5 kg'],
      ['ST-P28-DON คลังรับบริจาคจันทบุรี', 'RICE-5KG ข้าวสาร 5 กก.'],
    ]);
  });

  it('stock card: asks for a storage and a resource, then shows the opening, the running balance and each source', async () => {
    // The screen opens on the last 30 Bangkok days; the next movements come by key, after the last shown.
    const period = { storageId: 4, resourceId: 9, ...periodOf(defaultCardPeriod()), first: 100 };
    const page = (entries: ReturnType<typeof entry>[], nextCursor: string | null) => ({
      data: {
        stockCardPage: {
          __typename: 'StockCardPage',
          opening: {
            __typename: 'StockCardOpening',
            onHand: '20.000',
            lots: [{ __typename: 'StockCardLotOpening', lot: 'L-1', expiryDate: null, onHand: '20.000' }],
          },
          nextCursor,
          entries,
        },
      },
    });
    const mocks = [
      storagesMock,
      resourcesMock,
      {
        request: {
          query: StockCardQuery,
          variables: {
            storageId: 4,
            resourceId: 9,
            from: '2026-10-31T17:00:00.000Z',
            to: '2026-11-21T17:00:00.000Z',
            first: 100,
          },
        },
        result: page([], null),
      },
      {
        request: { query: StockCardQuery, variables: period },
        result: page(
          [
            entry('1', 'RECEIVE', '50.000', '70.000', 3, 'TR-2570-000003'),
            entry('2', 'TRANSFER_OUT', '-10.000', '60.000', 7),
          ],
          '2',
        ),
      },
      {
        request: { query: StockCardQuery, variables: { ...period, after: '2' } },
        result: page([entry('3', 'TRANSFER_OUT', '-5.000', '55.000', 8)], null),
      },
    ];
    await openTab('บัตรคุมสินค้า', mocks);
    expect(await screen.findByText(/เลือกคลังและสิ่งของ/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ค้นหา' }));
    // Both are required: nothing is asked of the server without them.
    expect(await screen.findAllByText(/กรุณา/)).toHaveLength(2);

    const storage = screen.getByRole('combobox', { name: 'คลัง' });
    await within(storage).findByRole('option', { name: 'ST-OPS-SUP คลังพัสดุกลาง' });
    fireEvent.change(storage, { target: { value: '4' } });
    const resource = screen.getByRole('combobox', { name: 'สิ่งของ' });
    await within(resource).findByRole('option', { name: 'RICE-5KG ข้าวสาร 5 กก.' });
    fireEvent.change(resource, { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: 'ค้นหา' }));

    const table = await screen.findByRole('table', { name: 'บัตรคุมสินค้า' });
    await within(table).findByText('โอนออก');
    expect(rowsOf(table)).toEqual([
      ['22/11/2569', 'รับเข้า', 'L-1', '50', '70', '70', 'TR-2570-000003', ''],
      ['22/11/2569', 'โอนออก', 'L-1', '-10', '60', '60', 'ใบโอนสิ่งของไปคลังอื่น #7', ''],
    ]);
    expect(screen.getByTestId('stock-card-opening').textContent).toBe(
      `ยอดยกมา ณ วันที่ ${defaultCardPeriod().from}: คงเหลือ 20 (ล็อต: L-1 20)`,
    );
    // Each source is named by its number (the type and id when it has none) and opens its document.
    const source = within(table).getByRole('button', { name: 'TR-2570-000003' });
    expect(source.getAttribute('title')).toBe('ใบโอนสิ่งของไปคลังอื่น');
    expect(within(table).getByRole('button', { name: 'ใบโอนสิ่งของไปคลังอื่น #7' })).toBeTruthy();
    expect(within(table).queryByText(/#3/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'แสดงรายการถัดไป (แสดงแล้ว 2 รายการ)' }));
    await within(table).findByText('ใบโอนสิ่งของไปคลังอื่น #8');
    expect(rowsOf(table).map((row) => row[4])).toEqual(['70', '60', '55']);
    expect(screen.queryByRole('button', { name: /แสดงรายการถัดไป/ })).toBeNull();

    // A period of Buddhist-era days, both inclusive: from the first Bangkok midnight to the one after the last.
    fireEvent.change(screen.getByLabelText('ตั้งแต่วันที่'), { target: { value: '01/11/2569' } });
    fireEvent.change(screen.getByLabelText('ถึงวันที่'), { target: { value: '21/11/2569' } });
    fireEvent.click(screen.getByRole('button', { name: 'ค้นหา' }));
    expect(await screen.findByText('ยังไม่มีความเคลื่อนไหว')).toBeTruthy();
  });

  it('offers the views only to users whose menus reach them', async () => {
    renderRoute(`/backoffice/${SAVE_KEY}`, {
      session: signedInStore(staffUser({ menus: menusFor([SAVE_KEY]) })),
      mocks: [menuCheckMock(SAVE_KEY, true), documentTypesMock, documentsMock([])],
    });
    await screen.findByRole('table', { name: 'ใบโอนสิ่งของไปคลังอื่น' });
    expect(screen.queryByRole('tab', { name: 'สิ่งของคงคลัง' })).toBeNull();
  });
});
