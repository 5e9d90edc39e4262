import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  docField,
  documentsMock,
  transferDescriptor,
  transferDocument,
} from '../../testing/document-fixtures';
import { renderRoute } from '../../testing/render-route';
import { menuCheckMock, menusFor, signedInStore, staffUser } from '../../testing/session-fixtures';
import { DocumentQuery, DocumentTypesQuery } from '../documents';

// A finished stock count as the server describes and gives it: each line shows the book quantity,
// what moved during the count (sum, and each document's number, quantity and time), what was counted
// and the difference, so they add up on screen; the server's movement marks are not shown.

const VIEW_KEY = 'view-adjust-storage-item';
const LABEL = 'ใบตรวจนับสิ่งของ';

const countDescriptor = {
  ...transferDescriptor,
  type: 'STOCK_COUNT',
  prefix: 'SC',
  labelTh: LABEL,
  labelEn: 'Stock count',
  // As describeDocumentType gives it: the internal start and finish marks are left out.
  header: [docField('storage', 'คลัง', { kind: 'reference', refType: 'STORAGE', required: true })],
  lines: [
    docField('resource', 'สิ่งของ', { kind: 'reference', refType: 'RESOURCE', required: true }),
    docField('lot', 'ล็อต', { derived: true }),
    docField('expiryDate', 'วันหมดอายุ', { kind: 'date', derived: true }),
    docField('bookQuantity', 'ยอดตามบัญชีเมื่อเริ่มนับ', { kind: 'decimal', scale: 3, derived: true }),
    docField('movedQuantity', 'รับ/จ่ายระหว่างตรวจนับ', {
      kind: 'decimal',
      scale: 3,
      derived: true,
      list: false,
    }),
    docField('movedDuring', 'เอกสารที่รับ/จ่ายระหว่างตรวจนับ', { derived: true, list: false }),
    docField('countedQuantity', 'จำนวนที่นับได้', { kind: 'decimal', scale: 3, enteredAt: 'FINISH' }),
    docField('difference', 'ผลต่าง (+ เกิน / − ขาด)', { kind: 'decimal', scale: 3, derived: true }),
    docField('reason', 'เหตุผลที่ขาดหรือเกิน', {
      kind: 'reference',
      refType: 'MISSING_EXCESS_REASON',
      enteredAt: 'FINISH',
    }),
  ],
  statuses: [
    { __typename: 'DocumentStatus', code: 'SAVED', labelTh: 'บันทึก', labelEn: 'Saved' },
    { __typename: 'DocumentStatus', code: 'COUNTING', labelTh: 'กำลังตรวจนับ', labelEn: 'Counting' },
    { __typename: 'DocumentStatus', code: 'FINISHED', labelTh: 'ตรวจนับเสร็จ', labelEn: 'Finished' },
  ],
  transitions: [],
  viewMenuCodes: ['MN-103'],
  createMenuCodes: ['MN-102'],
  editMenuCodes: ['MN-102'],
  screens: [
    { __typename: 'DocumentScreen', key: 'save-adjust-storage-item', mode: 'WORK', level: null },
    { __typename: 'DocumentScreen', key: VIEW_KEY, mode: 'VIEW', level: null },
  ],
};

const count = {
  ...transferDocument(2, {
    status: 'FINISHED',
    lines: [
      {
        id: 21,
        values: {
          resource: 9,
          lot: 'R-2569-11',
          expiryDate: '2027-09-24',
          bookQuantity: '77.000',
          movedQuantity: '-3.000',
          movedDuring: 'DS-2570-000005 -3 (28/11/2569 10:15)',
          countedQuantity: '72.000',
          difference: '-2.000',
          reason: 4,
        },
        display: { resource: 'RICE-5KG ข้าวสาร 5 กก.', reason: 'DAMAGED ชำรุดเสียหาย' },
      },
    ],
    related: [
      {
        type: 'DISTRIBUTION',
        id: 5,
        number: 'DS-2570-000005',
        labelTh: 'การแจกจ่าย',
        labelEn: 'Distribution',
      },
    ],
  }),
  type: 'STOCK_COUNT',
  number: 'SC-2570-000002',
  header: { storage: 3 },
  display: { storage: 'ST-P38-SDW คลังศูนย์บึงกาฬ' },
};

describe('the stock count view', () => {
  it('shows book, the movements during the count by document number, counted and difference, and no internal ids', async () => {
    const list = documentsMock([count as never]);
    renderRoute(`/backoffice/${VIEW_KEY}`, {
      session: signedInStore(staffUser({ menus: menusFor([VIEW_KEY]) })),
      mocks: [
        menuCheckMock(VIEW_KEY, true),
        {
          request: { query: DocumentTypesQuery },
          result: { data: { documentTypes: [countDescriptor] } },
          maxUsageCount: Number.POSITIVE_INFINITY,
        },
        {
          ...list,
          request: { ...list.request, variables: { ...list.request.variables, type: 'STOCK_COUNT' } },
        },
        {
          request: { query: DocumentQuery, variables: { type: 'STOCK_COUNT', id: 2 } },
          result: { data: { document: count } },
          maxUsageCount: Number.POSITIVE_INFINITY,
        },
      ],
    });
    const table = await screen.findByRole('table', { name: LABEL });
    const row = (await within(table).findByText('SC-2570-000002')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'รายละเอียด' }));
    const dialog = await screen.findByRole('dialog', { name: `${LABEL} SC-2570-000002` });
    const lines = await within(dialog).findByRole('table', { name: 'รายการ' });
    const headers = within(lines)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'ลำดับ',
      'สิ่งของ',
      'ล็อต',
      'วันหมดอายุ',
      'ยอดตามบัญชีเมื่อเริ่มนับ',
      'รับ/จ่ายระหว่างตรวจนับ',
      'เอกสารที่รับ/จ่ายระหว่างตรวจนับ',
      'จำนวนที่นับได้',
      'ผลต่าง (+ เกิน / − ขาด)',
      'เหตุผลที่ขาดหรือเกิน',
    ]);
    const cells = within(within(lines).getAllByRole('row')[1])
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // 77 on the books, 3 went out during the count, 72 counted: 2 missing.
    // Whole quantities without decimals (platform/money.ts formatQuantity).
    expect(cells.slice(4, 9)).toEqual(['77', '-3', 'DS-2570-000005 -3 (28/11/2569 10:15)', '72', '-2']);
    // The document that moved the goods is named among the related ones.
    expect(within(dialog).getByText(/การแจกจ่าย DS-2570-000005/)).toBeTruthy();
    // No internal movement id anywhere.
    expect(within(dialog).queryByText(/ความเคลื่อนไหวล่าสุด|startMovementId|จุดเริ่มนับ/)).toBeNull();
  });
});
