import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../testing/render-route';
import { menuCheckMock, menusFor, signedInStore, staffUser } from '../../testing/session-fixtures';
import { DeleteUserGroupMutation, UserGroupsQuery } from './user-groups.operations';

const group = (code: string, name: string, statusCode: string, fixed = false) => ({
  __typename: 'UserGroup',
  code,
  name,
  statusCode,
  remark: name,
  fixed,
  menuCodes: ['MN-007'],
  memberCount: 0,
});

const listVariables = {
  currentPage: 1,
  rows: 20,
  code: null,
  name: null,
  statusCode: 'A',
  sort: null,
  direction: null,
};

const listMock = (items: ReturnType<typeof group>[]) => ({
  request: { query: UserGroupsQuery, variables: listVariables },
  result: {
    data: {
      userGroups: { __typename: 'UserGroupPage', total: items.length, currentPage: 1, rows: 20, items },
    },
  },
});

describe('delete-user-group screen', () => {
  it('asks first, then sets the group inactive; built-in groups cannot be deleted', async () => {
    const session = signedInStore(staffUser({ menus: menusFor(['delete-user-group', 'view-user-group']) }));
    renderRoute('/backoffice/delete-user-group', {
      session,
      mocks: [
        menuCheckMock('delete-user-group', true),
        listMock([group('UG-I01', 'ผู้บริจาคทางอินเทอร์เน็ต', 'A', true), group('UG-X01', 'กลุ่มทดลอง', 'A')]),
        {
          request: { query: DeleteUserGroupMutation, variables: { code: 'UG-X01' } },
          result: { data: { deleteUserGroup: group('UG-X01', 'กลุ่มทดลอง', 'I') } },
        },
        listMock([group('UG-I01', 'ผู้บริจาคทางอินเทอร์เน็ต', 'A', true)]),
      ],
    });

    const table = await screen.findByRole('table', { name: 'ลบกลุ่มผู้ใช้งาน' });
    const fixedRow = (await within(table).findByText('UG-I01')).closest('tr');
    if (!fixedRow) throw new Error('no row');
    expect(within(fixedRow).queryByRole('button', { name: 'ลบ' })).toBeNull();

    const row = within(table).getByText('UG-X01').closest('tr');
    if (!row) throw new Error('no row');
    fireEvent.click(within(row).getByRole('button', { name: 'ลบ' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'ลบกลุ่มผู้ใช้งาน' });
    expect(dialog.textContent).toContain('กลุ่มทดลอง (UG-X01)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'ลบ' }));

    expect(await screen.findByText('ลบกลุ่มผู้ใช้งานเรียบร้อยแล้ว')).toBeTruthy();
    await screen.findByRole('table', { name: 'ลบกลุ่มผู้ใช้งาน' });
    expect(await within(table).findByText('UG-I01')).toBeTruthy();
  });
});
