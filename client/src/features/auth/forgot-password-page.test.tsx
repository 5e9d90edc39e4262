import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../platform/i18n';
import { renderRoute } from '../../testing/render-route';

const WALL_OF_TEXT = `${'a'.repeat(3988)}@example.com`;

async function submitEmail(label: RegExp, submit: string, email: string) {
  fireEvent.change(await screen.findByLabelText(label), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: submit }));
}

describe('forgot password: validation messages follow the page’s language (issue 8, item 9)', () => {
  it('tells a 4,000-character e-mail on the Thai page that it is too long, in Thai', async () => {
    renderRoute('/forgot-password');
    await submitEmail(/อีเมล/, 'ส่งลิงก์ตั้งรหัสผ่านใหม่', WALL_OF_TEXT);
    expect(await screen.findByText('ยาวได้ไม่เกิน 254 ตัวอักษร')).toBeTruthy();
    expect(screen.queryByText(/must be at most/)).toBeNull();
  });

  it('says the same in English on the English page, and switches with the language', async () => {
    await changeLanguage('en');
    renderRoute('/forgot-password');
    await submitEmail(/E-mail/, 'Send reset link', WALL_OF_TEXT);
    expect(await screen.findByText('At most 254 characters')).toBeTruthy();
    await changeLanguage('th');
    expect(await screen.findByText('ยาวได้ไม่เกิน 254 ตัวอักษร')).toBeTruthy();
  });
});
