import { gql } from '@apollo/client';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoute } from '../../testing/render-route';
import { menusFor, signedInStore, staffUser } from '../../testing/session-fixtures';
import { PendingWorkCountQuery } from './pending-work.operations';

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
