import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../testing/render-route';
import { menuCheckMock, menusFor, signedInStore, staffUser } from '../../testing/session-fixtures';
import {
  EMPTY_USER_FILTER,
  treeMock,
  userRequestWorkflowsMock,
  userRow,
  usersMock,
} from '../../testing/user-fixtures';
import {
  ApproveTransferMutation,
  ApproveUserMutation,
  CancelTransferRequestMutation,
  MyTransferRequestsQuery,
  UserRequestHistoryQuery,
} from './users.operations';

// The registration and transfer approval screens draw the actions the server allows each person on
// each request (allowedActions), named by the server's workflow, and show each request's history.

const history = (
  steps: [action: string, from: string | null, to: string, reason: string | null, actor: string][],
) =>
  steps.map(([action, fromStatus, toStatus, reason, actorName], i) => ({
    __typename: 'DocumentHistoryEntry',
    action,
    fromStatus,
    toStatus,
    reason,
    actorName,
    at: `2026-11-2${i}T03:05:00Z`,
  }));

function historyMock(
  id: string,
  registration: ReturnType<typeof history>,
  transfer: { id: string; history: ReturnType<typeof history> } | null = null,
): MockLink.MockedResponse {
  return {
    request: { query: UserRequestHistoryQuery, variables: { id } },
    result: {
      data: {
        user: {
          __typename: 'User',
          id,
          history: registration,
          pendingTransfer: transfer && { __typename: 'TransferRequest', ...transfer },
        },
      },
    },
  };
}

const rowOf = async (tableName: string, name: string) => {
  const table = await screen.findByRole('table', { name: tableName });
  const row = (await within(table).findByText(name)).closest('tr');
  if (!row) throw new Error(`no row ${name}`);
  return row;
};

describe('approve-user screen', () => {
  const pendingFilter = { ...EMPTY_USER_FILTER, request_status_code: 'P' };
  const kanya = userRow('7', 'กัญญา', '2026-11-20T03:00:00Z', {
    userStatusCode: 'N',
    requestStatusCode: 'P',
    allowedActions: ['APPROVE', 'REJECT'],
  });
  // Pending too, but the server offers this administrator nothing on it (their own registration).
  const self = userRow('8', 'สมหญิง', '2026-11-19T03:00:00Z', {
    userStatusCode: 'A',
    requestStatusCode: 'P',
    allowedActions: [],
  });

  it('offers only the actions the server allows, and asks for the reason a rejection requires', async () => {
    const rejected = { ...kanya, requestStatusCode: 'R', rejectReason: 'ไม่ใช่บุคลากร', allowedActions: [] };
    renderRoute('/backoffice/approve-user', {
      session: signedInStore(staffUser({ menus: menusFor(['approve-user']) })),
      mocks: [
        menuCheckMock('approve-user', true),
        treeMock,
        userRequestWorkflowsMock,
        usersMock(pendingFilter, [kanya, self]),
        {
          request: {
            query: ApproveUserMutation,
            variables: {
              input: {
                userId: '7',
                user_status_code: 'N',
                request_status_code: 'R',
                transactionCode: null,
                rejectReason: 'ไม่ใช่บุคลากร',
              },
            },
          },
          result: { data: { approveUser: rejected } },
        },
        usersMock(pendingFilter, [self]),
      ],
    });
    const title = 'อนุมัติคำขอลงทะเบียนผู้ใช้งานใหม่';
    const mine = await rowOf(title, 'นายสมหญิง ทดสอบ');
    expect(within(mine).queryByRole('button', { name: 'อนุมัติ' })).toBeNull();
    expect(within(mine).queryByRole('button', { name: 'ไม่อนุมัติ' })).toBeNull();
    expect(within(mine).getByRole('button', { name: 'ประวัติ' })).toBeTruthy();

    const theirs = await rowOf(title, 'นายกัญญา ทดสอบ');
    fireEvent.click(within(theirs).getByRole('button', { name: 'ไม่อนุมัติ' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'ไม่อนุมัติคำขอลงทะเบียน' });
    const confirm = within(dialog).getByRole('button', { name: 'ไม่อนุมัติ' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /เหตุผล/ }), {
      target: { value: ' ไม่ใช่บุคลากร ' },
    });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    expect(await screen.findByText('บันทึกการไม่อนุมัติเรียบร้อยแล้ว')).toBeTruthy();
    // The list is asked again: the decided request has left it.
    const table = screen.getByRole('table', { name: title });
    await waitFor(() => expect(within(table).queryByText('นายกัญญา ทดสอบ')).toBeNull());
  });

  it('shows a registration’s history as the document kit’s timeline', async () => {
    renderRoute('/backoffice/approve-user', {
      session: signedInStore(staffUser({ menus: menusFor(['approve-user']) })),
      mocks: [
        menuCheckMock('approve-user', true),
        treeMock,
        userRequestWorkflowsMock,
        usersMock(pendingFilter, [kanya]),
        historyMock(
          '7',
          history([
            ['CREATE', null, 'P', null, 'กัญญา ใจงาม'],
            ['REJECT', 'P', 'R', 'เอกสารไม่ครบ', 'สมหญิง ผู้ดูแลหน่วยงาน'],
          ]),
        ),
      ],
    });
    const row = await rowOf('อนุมัติคำขอลงทะเบียนผู้ใช้งานใหม่', 'นายกัญญา ทดสอบ');
    fireEvent.click(within(row).getByRole('button', { name: 'ประวัติ' }));
    const dialog = await screen.findByRole('dialog', { name: 'ประวัติคำขอลงทะเบียน: นายกัญญา ทดสอบ' });
    const steps = await within(dialog).findAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringContaining('ลงทะเบียน · รออนุมัติ'),
      expect.stringContaining('ไม่อนุมัติ · รออนุมัติ → ไม่อนุมัติ'),
    ]);
    expect(steps[1].textContent).toContain('โดย สมหญิง ผู้ดูแลหน่วยงาน เมื่อ 21/11/2569 10:05');
    expect(steps[1].textContent).toContain('เหตุผล: เอกสารไม่ครบ');
  });
});

describe('approve-tranfer-user screen', () => {
  const pendingFilter = { ...EMPTY_USER_FILTER, user_status_code: 'A', pending_transfer: true };

  it('lists only users with a pending transfer and offers this screen’s actions the server allows', async () => {
    const moving = userRow('11', 'มานะ', '2026-10-01T03:00:00Z', {
      pendingTransfer: { id: '41', reason: 'ย้ายตามคำสั่ง', allowedActions: ['APPROVE', 'REJECT'] },
    });
    // The administrator's own request: the server offers only its withdrawal, which is not this
    // screen's command (it belongs to the profile screen's menu).
    const own = userRow('12', 'สมหญิง', '2026-10-02T03:00:00Z', {
      pendingTransfer: { id: '42', allowedActions: ['CANCEL'] },
    });
    renderRoute('/backoffice/approve-tranfer-user', {
      session: signedInStore(staffUser({ menus: menusFor(['approve-tranfer-user']) })),
      mocks: [
        menuCheckMock('approve-tranfer-user', true),
        treeMock,
        userRequestWorkflowsMock,
        usersMock(pendingFilter, [moving, own]),
        {
          request: {
            query: ApproveTransferMutation,
            variables: { requestId: '41', approve: true, reason: null },
          },
          result: { data: { approveTransfer: { ...moving, pendingTransfer: null } } },
        },
        usersMock(pendingFilter, [own]),
      ],
    });
    const title = 'อนุมัติการโอนย้ายผู้ใช้งาน';
    const mine = await rowOf(title, 'นายสมหญิง ทดสอบ');
    expect(
      within(mine)
        .queryAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['ประวัติ']);

    const row = await rowOf(title, 'นายมานะ ทดสอบ');
    expect(row.textContent).toContain('ย้ายตามคำสั่ง');
    fireEvent.click(within(row).getByRole('button', { name: 'อนุมัติ' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'อนุมัติการโอนย้าย' });
    // Approving takes no reason in the workflow: no reason field.
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'อนุมัติ' }));
    expect(await screen.findByText('อนุมัติการโอนย้ายเรียบร้อยแล้ว')).toBeTruthy();
    const table = screen.getByRole('table', { name: title });
    await waitFor(() => expect(within(table).queryByText('นายมานะ ทดสอบ')).toBeNull());
  });
});

describe('edit-user screen: the person’s own transfer request', () => {
  const request = (statusCode: string, allowedActions: string[], steps: ReturnType<typeof history>) => ({
    __typename: 'TransferRequest',
    id: '41',
    statusCode,
    requestedAt: '2026-11-20T03:00:00Z',
    reason: 'ย้ายตามคำสั่ง',
    allowedActions,
    toUnit: {
      __typename: 'OrganisationUnit',
      id: '9',
      code: 'DSDW',
      nameTh: 'กรมพัฒนาสังคมและสวัสดิการ',
      nameEn: 'DSDW',
    },
    history: steps,
  });
  const created = history([['CREATE', null, 'P', null, 'มานะ ปฏิบัติงาน']]);

  it('follows the waiting request, withdraws it, and then offers the form again', async () => {
    renderRoute('/backoffice/edit-user', {
      session: signedInStore(staffUser({ menus: menusFor(['edit-user']) })),
      mocks: [
        menuCheckMock('edit-user', true),
        treeMock,
        userRequestWorkflowsMock,
        {
          request: { query: MyTransferRequestsQuery },
          result: { data: { myTransferRequests: [request('P', ['CANCEL'], created)] } },
        },
        {
          request: { query: CancelTransferRequestMutation, variables: { requestId: '41', reason: null } },
          result: {
            data: {
              cancelTransferRequest: request(
                'C',
                [],
                [...created, ...history([['CANCEL', 'P', 'C', null, 'มานะ ปฏิบัติงาน']])],
              ),
            },
          },
        },
        {
          request: { query: MyTransferRequestsQuery },
          result: {
            data: {
              myTransferRequests: [
                request('C', [], [...created, ...history([['CANCEL', 'P', 'C', null, 'มานะ ปฏิบัติงาน']])]),
              ],
            },
          },
        },
      ],
    });
    const latest = await screen.findByRole('region', { name: 'คำขอโอนย้ายล่าสุด' });
    expect(latest.textContent).toContain('กรมพัฒนาสังคมและสวัสดิการ');
    expect(within(latest).getByText('รออนุมัติ')).toBeTruthy();
    expect(
      within(latest)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('ยื่นคำขอ · รออนุมัติ')]);
    // While one waits, no second request can be asked for.
    expect(screen.queryByRole('button', { name: 'ส่งคำขอโอนย้าย' })).toBeNull();

    fireEvent.click(within(latest).getByRole('button', { name: 'ยกเลิกคำขอ' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'ยกเลิกคำขอโอนย้าย' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'ยกเลิกคำขอ' }));
    expect(await screen.findByText('ยกเลิกคำขอโอนย้ายแล้ว')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'ส่งคำขอโอนย้าย' })).toBeTruthy();
    const after = screen.getByRole('region', { name: 'คำขอโอนย้ายล่าสุด' });
    expect(within(after).getByText('ยกเลิกแล้ว')).toBeTruthy();
    expect(within(after).queryByRole('button', { name: 'ยกเลิกคำขอ' })).toBeNull();
  });
});
