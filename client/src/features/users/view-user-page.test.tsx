import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserSearchFilter } from '../../gql/graphql';
import { renderRoute } from '../../testing/render-route';
import { menuCheckMock, menusFor, signedInStore, staffUser } from '../../testing/session-fixtures';
import { EMPTY_USER_FILTER, treeMock, userRow, usersMock } from '../../testing/user-fixtures';

describe('view-user screen', () => {
  it('lists users with Buddhist-era dates and sends the search filter of specification sec. 3', async () => {
    const session = signedInStore(staffUser({ menus: menusFor(['view-user']) }));
    const searched: UserSearchFilter = {
      ...EMPTY_USER_FILTER,
      ministry_code: 'MSDHS',
      department_code: 'DSDW',
      firstname_th: 'สม',
      from_dt: '01/10/2569',
      to_dt: '05/11/2569',
      user_status_code: 'A',
    };
    renderRoute('/backoffice/view-user', {
      session,
      mocks: [
        menuCheckMock('view-user', true),
        treeMock,
        usersMock(EMPTY_USER_FILTER, [userRow('1', 'สมชาย', '2026-11-21T17:30:00Z')], 45),
        usersMock(
          { ...EMPTY_USER_FILTER, currentPage: 2 },
          [userRow('3', 'สมปอง', '2026-01-05T03:00:00Z')],
          45,
        ),
        usersMock(searched, [userRow('2', 'สมศรี', '2026-10-03T03:00:00Z')]),
      ],
    });

    const table = await screen.findByRole('table', { name: 'ดูข้อมูลผู้ใช้งาน' });
    // 17:30 UTC on 21 Nov is already 22 Nov in Bangkok: 22/11/2569.
    expect((await within(table).findByText('นายสมชาย ทดสอบ')).closest('tr')?.textContent).toContain(
      '22/11/2569',
    );
    expect(screen.getByText('ทั้งหมด 45 รายการ')).toBeTruthy();
    expect(screen.getByText('หน้า 1 จาก 3')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'ถัดไป' }));
    expect(await within(table).findByText('นายสมปอง ทดสอบ')).toBeTruthy();
    expect(screen.getByText('หน้า 2 จาก 3')).toBeTruthy();

    const search = screen.getByRole('search', { name: 'ค้นหาผู้ใช้งาน' });
    fireEvent.change(await within(search).findByRole('combobox', { name: 'กระทรวง' }), {
      target: { value: 'MSDHS' },
    });
    fireEvent.change(within(search).getByRole('combobox', { name: 'กรม' }), { target: { value: 'DSDW' } });
    fireEvent.change(within(search).getByRole('textbox', { name: 'ชื่อ' }), { target: { value: ' สม ' } });
    // Digits only: the field adds the slashes.
    fireEvent.change(within(search).getByRole('textbox', { name: 'ลงทะเบียนตั้งแต่วันที่' }), {
      target: { value: '01102569' },
    });
    fireEvent.change(within(search).getByRole('textbox', { name: 'ถึงวันที่' }), {
      target: { value: '5/11/2569' },
    });
    fireEvent.change(within(search).getByRole('combobox', { name: 'สถานะผู้ใช้งาน' }), {
      target: { value: 'A' },
    });
    fireEvent.click(within(search).getByRole('button', { name: 'ค้นหา' }));

    // A new search starts again at page 1.
    expect(await within(table).findByText('นายสมศรี ทดสอบ')).toBeTruthy();
    expect(within(table).queryByText('นายสมปอง ทดสอบ')).toBeNull();
    expect(screen.getByText('หน้า 1 จาก 1')).toBeTruthy();
  });

  it('refuses an impossible date and an end before the start', async () => {
    const session = signedInStore(staffUser({ menus: menusFor(['view-user']) }));
    renderRoute('/backoffice/view-user', {
      session,
      mocks: [menuCheckMock('view-user', true), treeMock, usersMock(EMPTY_USER_FILTER, [])],
    });
    const search = await screen.findByRole('search', { name: 'ค้นหาผู้ใช้งาน' });
    // 2566 BE (2023) has no 29 February.
    fireEvent.change(within(search).getByRole('textbox', { name: 'ลงทะเบียนตั้งแต่วันที่' }), {
      target: { value: '29/02/2566' },
    });
    fireEvent.change(within(search).getByRole('textbox', { name: 'ถึงวันที่' }), {
      target: { value: '01/01/2566' },
    });
    fireEvent.click(within(search).getByRole('button', { name: 'ค้นหา' }));
    expect(await within(search).findByText('กรุณากรอกวันที่ในรูปแบบ วว/ดด/ปปปป (พ.ศ.)')).toBeTruthy();

    fireEvent.change(within(search).getByRole('textbox', { name: 'ลงทะเบียนตั้งแต่วันที่' }), {
      target: { value: '02/01/2566' },
    });
    fireEvent.click(within(search).getByRole('button', { name: 'ค้นหา' }));
    expect(await within(search).findByText('วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่มต้น')).toBeTruthy();
  });
});
