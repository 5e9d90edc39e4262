import { screen } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../platform/i18n';
import { renderRoute } from '../../testing/render-route';
import { menuCheckMock, menusFor, signedInStore, staffUser } from '../../testing/session-fixtures';
import { UserGroupQuery } from './user-groups.operations';

const unknownGroup = {
  request: { query: UserGroupQuery, variables: { code: 'UG-NONE' } },
  result: {
    errors: [
      new GraphQLError('ไม่พบกลุ่มผู้ใช้งาน / No user group UG-NONE', {
        extensions: {
          code: 'NOT_FOUND',
          status: 404,
          messageTh: 'ไม่พบกลุ่มผู้ใช้งาน',
          messageEn: 'No user group UG-NONE',
        },
      }),
    ],
  },
};

function openUnknownGroup() {
  const session = signedInStore(staffUser({ menus: menusFor(['edit-user-group']) }));
  renderRoute('/backoffice/edit-user-group?code=UG-NONE', {
    session,
    mocks: [menuCheckMock('edit-user-group', true), unknownGroup],
  });
}

describe('edit-user-group with an unknown code (issue 8, item 9)', () => {
  it('says the group was not found, in Thai, and offers no pointless retry', async () => {
    openUnknownGroup();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('ไม่พบกลุ่มผู้ใช้งาน');
    expect(screen.queryByText('ไม่สามารถโหลดข้อมูลได้ในขณะนี้')).toBeNull();
    expect(screen.queryByRole('button', { name: 'ลองใหม่อีกครั้ง' })).toBeNull();
  });

  it('says so in English when English is chosen', async () => {
    await changeLanguage('en');
    openUnknownGroup();
    expect((await screen.findByRole('alert')).textContent).toContain('No user group UG-NONE');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
