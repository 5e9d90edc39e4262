import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../testing/render-route';
import { menuCheckMock, menusFor, signedInStore, staffUser } from '../../testing/session-fixtures';
import { ThanksLettersQuery } from './thanks-letters.operations';

const KEY = 'view-thanks-letter-list';

const row = {
  __typename: 'ThanksLetterRow',
  documentType: 'MONEY_DONATION',
  id: 12,
  number: 'DM-2570-000012',
  donatedOn: '2026-11-01',
  donorName: 'นางสาวขอบคุณ มากมาย',
  unitName: 'กลุ่มงานการเงินและบัญชี',
  value: '12345.50',
  printCount: 1,
  pdfPath: '/api/thanks-letters/money/12/pdf',
};

describe('thanks-letter list', () => {
  it('lists approved donations with their value, print count and a letter to download', async () => {
    const session = signedInStore(staffUser({ menus: menusFor([KEY]) }));
    renderRoute(`/backoffice/${KEY}`, {
      session,
      mocks: [
        menuCheckMock(KEY, true),
        {
          request: { query: ThanksLettersQuery, variables: { search: null, currentPage: 1, rows: 20 } },
          result: { data: { thanksLetters: { __typename: 'ThanksLetterPage', total: 1, items: [row] } } },
        },
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'ดูรายการหนังสือขอบคุณ' })).toBeTruthy();
    const cell = await screen.findByText('DM-2570-000012');
    const tr = cell.closest('tr') as HTMLElement;
    expect(within(tr).getByText('นางสาวขอบคุณ มากมาย')).toBeTruthy();
    expect(within(tr).getByText('12,345.50')).toBeTruthy();
    expect(within(tr).getByText('01/11/2569')).toBeTruthy();
    expect(within(tr).getByRole('button', { name: 'หนังสือขอบคุณ (PDF)' })).toBeTruthy();
  });
});
