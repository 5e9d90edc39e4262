import { gql } from '@apollo/client';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoute } from '../../testing/render-route';
import { menuCheckMock, menusFor, signedInStore, staffUser } from '../../testing/session-fixtures';
import { PendingWorkCountQuery, PendingWorkQuery } from './pending-work.operations';

const count = (n: number) => ({
  request: { query: PendingWorkCountQuery },
  result: { data: { pendingWorkCount: n } },
});
const SomeChange = gql`
  mutation SomeChange {
    someChange
  }
`;

const setVisibility = (state: 'visible' | 'hidden') => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
};

afterEach(() => setVisibility('visible'));

describe('pending-work badge', () => {
  it('shows the count, links to the screen, and reads it again after the person changes something', async () => {
    const { apolloClient } = renderRoute('/backoffice', {
      session: signedInStore(staffUser({ menus: menusFor(['notification-pending-work', 'view-user']) })),
      mocks: [count(3), { request: { query: SomeChange }, result: { data: { someChange: true } } }, count(1)],
    });
    expect((await screen.findByTestId('pending-work-count')).textContent).toBe('3');
    const link = screen.getByRole('link', { name: 'งานค้างดำเนินการ 3 รายการ' });
    expect(link.getAttribute('href')).toBe('/backoffice/notification-pending-work');

    // An approval elsewhere on the page: the badge follows without waiting for the next poll.
    await apolloClient.mutate({ mutation: SomeChange });
    await waitFor(() => expect(screen.getByTestId('pending-work-count').textContent).toBe('1'));
  });

  it('reads the count again when the tab is shown again, and hides at zero', async () => {
    renderRoute('/backoffice', {
      session: signedInStore(staffUser({ menus: menusFor(['notification-pending-work']) })),
      mocks: [count(2), count(0)],
    });
    expect((await screen.findByTestId('pending-work-count')).textContent).toBe('2');
    setVisibility('hidden');
    setVisibility('visible');
    await waitFor(() => expect(screen.queryByTestId('pending-work-count')).toBeNull());
    expect(screen.getByRole('link', { name: 'งานค้างดำเนินการ 0 รายการ' })).toBeTruthy();
  });

  it('is not there for someone without the pending-work menu (and asks nothing)', async () => {
    renderRoute('/backoffice', { session: signedInStore(staffUser({ menus: menusFor(['view-user']) })) });
    await screen.findByTestId('backoffice-user');
    expect(screen.queryByRole('link', { name: /งานค้างดำเนินการ/ })).toBeNull();
  });
});

const group = (
  over: Record<string, unknown>,
  items: { id: number; number: string; documentType?: string }[],
) => ({
  __typename: 'PendingWorkGroup',
  source: 'document:MONEY_DISBURSEMENT',
  kind: 'APPROVAL',
  documentType: 'MONEY_DISBURSEMENT',
  labelTh: 'การเบิกจ่ายเงิน',
  labelEn: 'Money disbursement',
  status: 'PENDING_APPROVAL',
  statusLabelTh: 'รออนุมัติ',
  statusLabelEn: 'Pending approval',
  action: 'APPROVE',
  actionLabelTh: 'อนุมัติ',
  actionLabelEn: 'Approve',
  menuCode: 'MN-078',
  link: '/backoffice/approve-money-disbursement',
  count: items.length,
  ...over,
  items: items.map((i) => ({
    __typename: 'PendingWorkItem',
    documentType: (over.documentType as string | undefined) ?? 'MONEY_DISBURSEMENT',
    status: 'PENDING_APPROVAL',
    unitNameTh: 'กองทดสอบ',
    unitNameEn: 'Test division',
    date: '2026-11-24T02:00:00.000Z',
    ...i,
  })),
});

describe('pending-work screen', () => {
  it('groups what waits by kind, with counts, and links rows without a dialog to their screen', async () => {
    renderRoute('/backoffice/notification-pending-work', {
      session: signedInStore(staffUser({ menus: menusFor(['notification-pending-work']) })),
      mocks: [
        menuCheckMock('notification-pending-work', true),
        count(5),
        {
          request: { query: PendingWorkQuery },
          result: {
            data: {
              pendingWork: {
                __typename: 'PendingWork',
                total: 5,
                groups: [
                  group({}, [{ id: 1, number: 'MD-2569-000001' }]),
                  group(
                    {
                      kind: 'DELIVERY',
                      status: 'APPROVED',
                      action: 'DELIVER',
                      actionLabelTh: 'บันทึกการส่งมอบ',
                      link: '/backoffice/save-delivery-money-disbursement',
                    },
                    [
                      { id: 2, number: 'MD-2569-000002' },
                      { id: 3, number: 'MD-2569-000003' },
                    ],
                  ),
                  group(
                    {
                      source: 'e-donation-overdue',
                      kind: 'E_DONATION',
                      documentType: 'E_DONATION',
                      labelTh: 'รายการ e-Donation',
                      action: 'MARK_KEYED',
                      actionLabelTh: 'บันทึกเข้าระบบกรมสรรพากร',
                      link: '/backoffice/export-data-revenue',
                    },
                    // Number 1 of another kind than MD-2569-000001 above: both are listed.
                    [
                      { id: 9, number: 'DT-2569-000009', documentType: 'GOODS_DONATION' },
                      { id: 1, number: 'DM-2569-000001', documentType: 'MONEY_DONATION' },
                    ],
                  ),
                ],
              },
            },
          },
        },
      ],
    });
    expect((await screen.findByTestId('pending-work-total')).textContent).toBe('ทั้งหมด 5 รายการ');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['รออนุมัติ', 'รอส่งมอบ', 'e-Donation ที่เลยกำหนด']);
    const deliveries = screen.getByTestId('pending-group-document:MONEY_DISBURSEMENT-DELIVER');
    expect(within(deliveries).getByText('2 รายการ')).toBeTruthy();
    // Documents open here (a button); an e-Donation row opens its screen (a link).
    expect(within(deliveries).getByRole('button', { name: 'MD-2569-000003' })).toBeTruthy();
    const eDonation = screen.getByTestId('pending-group-e-donation-overdue-MARK_KEYED');
    expect(within(eDonation).getByRole('link', { name: 'DT-2569-000009' }).getAttribute('href')).toBe(
      '/backoffice/export-data-revenue',
    );
    // Records of different kinds with the same number stay apart.
    expect(within(eDonation).getByRole('link', { name: 'DM-2569-000001' })).toBeTruthy();
    const approvals = screen.getByTestId('pending-group-document:MONEY_DISBURSEMENT-APPROVE');
    expect(within(approvals).getByRole('button', { name: 'MD-2569-000001' })).toBeTruthy();
  });
});
