import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../platform/i18n';
import { renderRoute } from '../../testing/render-route';

describe('language switch', () => {
  it('switches the page to English and back, and remembers the choice', async () => {
    renderRoute('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'เกี่ยวกับน้ำใจ' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'เข้าสู่ระบบ' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Switch language to English$/ }));

    expect(await screen.findByRole('heading', { level: 1, name: 'About Namjai' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(document.title).toBe('About Namjai | น้ำใจ Namjai');

    fireEvent.click(screen.getByRole('button', { name: /เปลี่ยนเป็นภาษาไทย$/ }));

    expect(await screen.findByRole('heading', { level: 1, name: 'เกี่ยวกับน้ำใจ' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('th');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('th');
  });
});
