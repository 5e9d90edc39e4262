import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../platform/app-providers';
import { toaster } from './toaster';
import ToasterView from './toaster-view';

describe('toasts', () => {
  it('are placed at the bottom start, clear of the top bar’s user area and of dialog footers’ buttons', async () => {
    expect(toaster.attrs.placement).toBe('bottom-start');
    render(
      <AppProviders>
        <ToasterView />
      </AppProviders>,
    );
    act(() => {
      toaster.create({
        id: 'placement-test',
        type: 'error',
        title: 'หมดเวลาการเข้าสู่ระบบ',
        duration: Infinity,
      });
    });
    const title = await screen.findByText('หมดเวลาการเข้าสู่ระบบ');
    const group = title.closest('[data-placement]');
    expect(group?.getAttribute('data-placement')).toMatch(/^bottom/);
    act(() => toaster.remove('placement-test'));
  });
});
