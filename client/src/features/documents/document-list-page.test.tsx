import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { menuByKey } from '../../platform/menu-catalogue';
import {
  documentsMock,
  documentTypesMock,
  TRANSFER_LABEL,
  transferDocument,
} from '../../testing/document-fixtures';
import { renderRoute, renderWithProviders } from '../../testing/render-route';
import { menuCheckMock, menusFor, signedInStore, staffUser } from '../../testing/session-fixtures';
import { DocumentListPage } from './document-list-page';

const SAVE_KEY = 'save-transfer-item-to-another-storage';
const VIEW_KEY = 'view-transfer-item-to-another-storage';
const transferUser = () => signedInStore(staffUser({ menus: menusFor([SAVE_KEY, VIEW_KEY]) }));

const rowOf = async (number: string) => {
  const table = await screen.findByRole('table', { name: TRANSFER_LABEL });
  const row = (await within(table).findByText(number)).closest('tr');
  if (!row) throw new Error(`no row ${number}`);
  return row;
};

describe('the document list page', () => {
  it('lists a type’s documents with display texts and status; a work screen creates and edits saved ones', async () => {
    renderRoute(`/backoffice/${SAVE_KEY}`, {
      session: transferUser(),
      mocks: [
        menuCheckMock(SAVE_KEY, true),
        documentTypesMock,
        documentsMock([transferDocument(1), transferDocument(2, { status: 'SENT' })]),
      ],
    });
    expect(await screen.findByRole('button', { name: `สร้าง${TRANSFER_LABEL}` })).toBeTruthy();
    const saved = await rowOf('TR-2569-000001');
    expect(saved.textContent).toContain('ST-OPS-SUP คลังพัสดุกลาง');
    expect(saved.textContent).toContain('ST-P28-DON คลังรับบริจาคจันทบุรี');
    expect(saved.textContent).toContain('บันทึก');
    expect(saved.textContent).toContain('22/11/2569');
    expect(within(saved).getByRole('button', { name: 'แก้ไข' })).toBeTruthy();
    const sent = await rowOf('TR-2569-000002');
    expect(sent.textContent).toContain('ส่งแล้ว');
    // A sent transfer can no longer be edited.
    expect(within(sent).queryByRole('button', { name: 'แก้ไข' })).toBeNull();
    expect(within(sent).getByRole('button', { name: 'รายละเอียด' })).toBeTruthy();
  });

  it('searches by text and status, sorts by a column and pages through', async () => {
    renderRoute(`/backoffice/${SAVE_KEY}`, {
      session: transferUser(),
      mocks: [
        menuCheckMock(SAVE_KEY, true),
        documentTypesMock,
        documentsMock([transferDocument(1)], { total: 45 }),
        documentsMock([transferDocument(21)], { currentPage: 2, after: 'c1', total: 45 }),
        documentsMock([transferDocument(7, { status: 'SENT' })], { search: '000007', status: 'SENT' }),
        documentsMock([transferDocument(3, { status: 'SENT' })], {
          search: '000007',
          status: 'SENT',
          sort: 'number',
          direction: 'asc',
        }),
      ],
    });
    await rowOf('TR-2569-000001');
    expect(screen.getByText('หน้า 1 จาก 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ถัดไป' }));
    await rowOf('TR-2569-000021');

    const search = screen.getByRole('search', { name: `ค้นหา${TRANSFER_LABEL}` });
    expect(within(search).getByText('ค้นจาก เลขที่เอกสาร, หมายเหตุ')).toBeTruthy();
    fireEvent.change(within(search).getByRole('textbox', { name: 'คำค้น' }), { target: { value: '000007' } });
    const status = within(search).getByRole('combobox', { name: 'สถานะ' });
    // The type's own statuses, in its words.
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['ทั้งหมด', 'บันทึก', 'ส่งแล้ว', 'รับแล้ว', 'ยกเลิก']);
    fireEvent.change(status, { target: { value: 'SENT' } });
    fireEvent.click(within(search).getByRole('button', { name: 'ค้นหา' }));
    await rowOf('TR-2569-000007');

    fireEvent.click(screen.getByRole('button', { name: 'เลขที่เอกสาร' }));
    await rowOf('TR-2569-000003');
  });

  it('a view screen is read-only: no create, no edit', async () => {
    renderRoute(`/backoffice/${VIEW_KEY}`, {
      session: transferUser(),
      mocks: [menuCheckMock(VIEW_KEY, true), documentTypesMock, documentsMock([transferDocument(1)])],
    });
    const row = await rowOf('TR-2569-000001');
    expect(within(row).queryByRole('button', { name: 'แก้ไข' })).toBeNull();
    expect(within(row).getByRole('button', { name: 'รายละเอียด' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: `สร้าง${TRANSFER_LABEL}` })).toBeNull();
  });

  it('an approve screen lists the approval queue and creates nothing', async () => {
    const entry = menuByKey('view-transfer-item-to-another-storage');
    if (!entry) throw new Error('no entry');
    const approving = {
      ...documentTypesMock,
      result: {
        data: {
          documentTypes: [
            {
              ...(documentTypesMock.result as { data: { documentTypes: [Record<string, unknown>] } }).data
                .documentTypes[0],
              screens: [{ __typename: 'DocumentScreen', key: entry.key, mode: 'APPROVE', level: null }],
            },
          ],
        },
      },
    };
    renderWithProviders(<DocumentListPage entry={entry} />, {
      session: transferUser(),
      mocks: [approving, documentsMock([transferDocument(5)], { queue: true })],
    });
    await rowOf('TR-2569-000005');
    expect(screen.queryByRole('button', { name: `สร้าง${TRANSFER_LABEL}` })).toBeNull();
  });

  it('a screen of one approval level lists what waits at that level, with the count', async () => {
    const entry = menuByKey('view-transfer-item-to-another-storage');
    if (!entry) throw new Error('no entry');
    const atLevel = (mode: string) => ({
      ...documentTypesMock,
      result: {
        data: {
          documentTypes: [
            {
              ...(documentTypesMock.result as { data: { documentTypes: [Record<string, unknown>] } }).data
                .documentTypes[0],
              screens: [{ __typename: 'DocumentScreen', key: entry.key, mode, level: 2 }],
            },
          ],
        },
      },
    });
    // A viewer's list: everything waiting at level 2, whoever may approve it.
    const viewed = renderWithProviders(<DocumentListPage entry={entry} />, {
      session: transferUser(),
      mocks: [atLevel('VIEW'), documentsMock([transferDocument(8)], { level: 2, total: 3 })],
    });
    await rowOf('TR-2569-000008');
    expect((await screen.findByRole('status')).textContent).toBe('รออนุมัติระดับที่ 2: 3 รายการ');
    viewed.unmount();
    // An approver's queue: the same level, only what they may approve.
    renderWithProviders(<DocumentListPage entry={entry} />, {
      session: transferUser(),
      mocks: [atLevel('APPROVE'), documentsMock([transferDocument(9)], { queue: true, level: 2, total: 1 })],
    });
    await rowOf('TR-2569-000009');
    expect((await screen.findByRole('status')).textContent).toBe('รออนุมัติระดับที่ 2: 1 รายการ');
  });

  it('a key no declared type shows yet is still to come', async () => {
    const entry = menuByKey('save-transfer-item-to-another-storage');
    if (!entry) throw new Error('no entry');
    renderWithProviders(<DocumentListPage entry={entry} />, {
      session: transferUser(),
      mocks: [
        {
          ...documentTypesMock,
          result: { data: { documentTypes: [] } },
        },
      ],
    });
    await waitFor(() => expect(screen.getByText(entry.code)).toBeTruthy());
    expect(screen.queryByRole('table')).toBeNull();
  });
});
