import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../testing/render-route';

describe('not-found page', () => {
  it('renders inside the public layout for an unknown path, with a link home', async () => {
    renderRoute('/no-such-page');

    expect(await screen.findByRole('heading', { level: 1, name: 'ไม่พบหน้าที่คุณต้องการ' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'กลับหน้าหลัก' }).getAttribute('href')).toBe('/');
    // The visitor keeps the site header and footer to find their way.
    expect(screen.getByRole('banner').textContent).toContain('น้ำใจ Namjai');
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(document.title).toBe('ไม่พบหน้าที่คุณต้องการ | น้ำใจ Namjai');
  });

  it('also covers unknown paths below a real page, in English', async () => {
    renderRoute('/about/anything');
    await screen.findByRole('heading', { level: 1, name: 'ไม่พบหน้าที่คุณต้องการ' });

    fireEvent.click(screen.getByRole('button', { name: /Switch language to English$/ }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
  });
});
