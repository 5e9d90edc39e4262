import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReportQueryVariables } from '../../gql/graphql';
import { bangkokFiscalYearBE } from '../../platform/bangkok-calendar';
import { renderRoute } from '../../testing/render-route';
import { menuCheckMock, menusFor, signedInStore, staffUser } from '../../testing/session-fixtures';
import { treeMock } from '../../testing/user-fixtures';
import { ReportQuery } from './reports.operations';

const KEY = 'report-1-5';
const TITLE = 'รายงาน 1.5 การรับบริจาคจำแนกตามประเภทผู้บริจาค';

const option = (code: string, labelTh: string) => ({
  __typename: 'ReportStatusOption',
  code,
  labelTh,
  labelEn: code,
});
const column = (key: string, labelTh: string, kind: string) => ({
  __typename: 'ReportColumn',
  key,
  labelTh,
  labelEn: key,
  kind,
});

const descriptor = {
  __typename: 'ReportDescriptor',
  key: KEY,
  code: 'MN-117',
  titleTh: TITLE,
  titleEn: 'Report 1.5: Donations by donor type',
  filters: ['period', 'unit', 'donorType'],
  statuses: [],
  donorTypes: [option('PERSON', 'บุคคลธรรมดา'), option('JURISTIC', 'นิติบุคคล')],
  objectives: [],
  defaultsToFiscalYear: false,
  cumulativePeriod: false,
  columns: [
    column('donor_type', 'ประเภทผู้บริจาค', 'text'),
    column('donors', 'จำนวนผู้บริจาค', 'integer'),
    column('total', 'รวมมูลค่า (บาท)', 'money'),
    // A row link the server decides (report 4.6 links its rows to their thanks letters).
    column('letter_pdf', 'หนังสือขอบคุณ (PDF)', 'link'),
  ],
  chartKind: 'pie',
};

const answer = (
  rows: string[][],
  totals: (string | null)[],
  report: typeof descriptor = descriptor,
): MockLink.MockedResponse['result'] => ({
  data: {
    report: {
      __typename: 'ReportResult',
      report,
      rows: rows.map((cells) => ({ __typename: 'ReportRow', cells })),
      rowCount: rows.length,
      page: 1,
      pageSize: 50,
      totals,
      chartLabels: rows.map((r) => r[0]),
      chartSeries: [
        {
          __typename: 'ReportSeries',
          column: 'total',
          labelTh: 'รวมมูลค่า (บาท)',
          labelEn: 'total',
          values: rows.map((r) => Number(r[2])),
        },
      ],
    },
  },
});

const reportMock = (
  filters: ReportQueryVariables['filters'],
  rows: string[][],
  totals: (string | null)[],
): MockLink.MockedResponse => ({
  request: { query: ReportQuery, variables: { key: KEY, filters, page: 1, pageSize: 50, language: 'th' } },
  result: answer(rows, totals),
});

const rowsOf = (table: HTMLElement, header = 1) =>
  within(table)
    .getAllByRole('row')
    .slice(header)
    .map((tr) =>
      within(tr)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('a report screen drawn from its descriptor', () => {
  it('shows the filters it takes, its totals, a pie chart and the table, and searches by donor type and period', async () => {
    renderRoute(`/backoffice/reports/${KEY}`, {
      session: signedInStore(staffUser({ menus: menusFor([KEY]) })),
      mocks: [
        menuCheckMock(KEY, true),
        treeMock,
        reportMock(
          {},
          [
            ['นิติบุคคล', '1', '142100.50', '/api/thanks-letters/money/7/pdf'],
            ['บุคคลธรรมดา', '2', '1000.00', 'https://elsewhere.example/letter.pdf'],
          ],
          [null, '3', '143100.50', null],
        ),
        reportMock(
          { fromDate: '2025-10-01', toDate: '2026-09-30', donorType: 'PERSON' },
          [['บุคคลธรรมดา', '2', '1000.00', '/api/thanks-letters/goods/8/pdf']],
          [null, '2', '1000.00', null],
        ),
      ],
    });
    const table = await screen.findByRole('table', { name: TITLE });
    await within(table).findByText('142,100.50');
    // The link is a button that downloads the letter; a value that is not a path of this API is no link.
    expect(rowsOf(table)).toEqual([
      ['นิติบุคคล', '1', '142,100.50', 'หนังสือขอบคุณ (PDF)'],
      ['บุคคลธรรมดา', '2', '1,000.00', '—'],
    ]);
    expect(within(table).getAllByRole('button', { name: 'หนังสือขอบคุณ (PDF)' })).toHaveLength(1);
    // Totals over every row, in the column's format.
    const totals = screen.getByRole('table', { name: 'ยอดรวม' });
    expect(rowsOf(totals, 0)).toEqual([
      ['จำนวนผู้บริจาค', '3'],
      ['รวมมูลค่า (บาท)', '143,100.50'],
    ]);
    // The chart: one slice per category, named with its values for screen readers.
    const chart = screen.getByRole('img', { name: /รวมมูลค่า \(บาท\): นิติบุคคล 142,100.5, บุคคลธรรมดา 1,000/ });
    expect(chart.querySelectorAll('[data-testid="chart-slice"]')).toHaveLength(2);

    // The export of every row with the same filters (the export menu, docs/exports.md).
    expect(screen.getByRole('button', { name: 'ส่งออก XLSX' })).toBeTruthy();
    // Only the filters the report takes: period, unit, donor type (no storage, no status).
    const search = screen.getByRole('search', { name: 'ตัวกรองรายงาน' });
    expect(within(search).queryByRole('combobox', { name: 'สถานะ' })).toBeNull();
    expect(within(search).queryByRole('combobox', { name: 'คลัง' })).toBeNull();
    // The fiscal years offered: 2555 (2012) to the current fiscal year (1 October starts the next).
    const years = within(within(search).getByRole('combobox', { name: 'ปีงบประมาณ (พ.ศ.)' }))
      .getAllByRole('option')
      .map((o) => o.textContent)
      .filter((text) => /^\d{4}$/.test(text ?? ''));
    expect([years[0], years.at(-1)]).toEqual(['2555', String(bangkokFiscalYearBE())]);
    fireEvent.change(within(search).getByRole('textbox', { name: 'ตั้งแต่วันที่' }), {
      target: { value: '01/10/2568' },
    });
    fireEvent.change(within(search).getByRole('textbox', { name: 'ถึงวันที่' }), {
      target: { value: '30092569' },
    });
    fireEvent.change(within(search).getByRole('combobox', { name: 'ประเภทผู้บริจาค' }), {
      target: { value: 'PERSON' },
    });
    fireEvent.click(within(search).getByRole('button', { name: 'ค้นหา' }));
    await waitFor(() => expect(rowsOf(table)).toEqual([['บุคคลธรรมดา', '2', '1,000.00', 'หนังสือขอบคุณ (PDF)']]));
    expect(
      screen.getByRole('img', { name: /บุคคลธรรมดา 1,000/ }).querySelectorAll('[data-testid="chart-slice"]'),
    ).toHaveLength(1);
  });
});

describe('a cumulative report (4.5)', () => {
  it('asks only for the day it counts up to, not a first day', async () => {
    const key = 'report-4-5';
    const cumulative = {
      ...descriptor,
      key,
      code: 'MN-133',
      defaultsToFiscalYear: true,
      cumulativePeriod: true,
    };
    renderRoute(`/backoffice/reports/${key}`, {
      session: signedInStore(staffUser({ menus: menusFor([key]) })),
      mocks: [
        menuCheckMock(key, true),
        treeMock,
        {
          request: {
            query: ReportQuery,
            variables: { key, filters: {}, page: 1, pageSize: 50, language: 'th' },
          },
          result: answer([], [null, '0', '0.00'], cumulative),
        },
      ],
    });
    const search = await screen.findByRole('search', { name: 'ตัวกรองรายงาน' });
    expect(within(search).getByRole('textbox', { name: 'นับสะสมถึงวันที่' })).toBeTruthy();
    expect(within(search).queryByRole('textbox', { name: 'ตั้งแต่วันที่' })).toBeNull();
    expect(within(search).queryByRole('textbox', { name: 'ถึงวันที่' })).toBeNull();
  });
});
