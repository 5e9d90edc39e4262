import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../platform/app-providers';
import { Chart } from '../../ui/chart/chart';
import { chartLabel } from './report-chart-labels';

// Report 1.1 (money donations by month) charts the server's Buddhist-era months (2569-10) as a line.

describe('report 1.1’s chart', () => {
  it('names the months in Thai with the Buddhist era, and in English with English months', () => {
    expect(chartLabel('2569-10', 'th')).toBe('ต.ค. 2569');
    expect(chartLabel('2570-01', 'th')).toBe('ม.ค. 2570');
    expect(chartLabel('2569-10', 'en')).toBe('Oct 2026');
    expect(chartLabel('2570-01', 'en')).toBe('Jan 2027');
    // Anything that is not a month stays as the server sent it.
    expect(chartLabel('นิติบุคคล', 'th')).toBe('นิติบุคคล');
    expect(chartLabel('-', 'en')).toBe('-');
  });

  it('draws one period as a bar, since a line through one point draws nothing', () => {
    render(
      <AppProviders>
        <Chart
          kind="line"
          title="รายงาน 1.1"
          labels={[chartLabel('2569-10', 'th')]}
          series={[{ label: 'จำนวนเงิน', values: [1500] }]}
        />
      </AppProviders>,
    );
    const chart = screen.getByRole('img', { name: /ต\.ค\. 2569 1,500/ });
    expect(chart.querySelectorAll('[data-testid="chart-bar"]')).toHaveLength(1);
    expect(chart.querySelectorAll('[data-testid="chart-line"]')).toHaveLength(0);
    expect(chart.textContent).toContain('ต.ค. 2569');
  });

  it('draws two or more periods as the line it asks for', () => {
    render(
      <AppProviders>
        <Chart
          kind="line"
          title="Report 1.1"
          labels={['2569-10', '2569-11'].map((l) => chartLabel(l, 'en'))}
          series={[{ label: 'Amount', values: [1500, 2000] }]}
        />
      </AppProviders>,
    );
    const chart = screen.getByRole('img', { name: /Oct 2026 1,500, Nov 2026 2,000/ });
    expect(chart.querySelectorAll('[data-testid="chart-line"]')).toHaveLength(1);
    expect(chart.querySelectorAll('[data-testid="chart-bar"]')).toHaveLength(0);
  });
});
