import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render-route';
import { DataTablePager } from './data-table-pager';
import { keyPageVariables, useListState } from './use-list-state';

// The table kit's pager for a list paged by key (docs/document-kit.md "Paging by key"): first,
// previous, next and last move by the shown page's cursors, and the variables the list's query sends
// follow. The page shown answers cursors S<n>/E<n> (its first and last rows') and 23 rows in all.

const ROWS = 10;

function Harness() {
  const list = useListState({ search: '' });
  const { page } = list.keyPage;
  const answer = { startCursor: `S${page}`, endCursor: `E${page}`, total: 23 };
  return (
    <>
      <output data-testid="variables">{JSON.stringify(keyPageVariables(list.keyPage, ROWS))}</output>
      <button type="button" onClick={() => list.search({ search: 'x' })}>
        search
      </button>
      <DataTablePager
        currentPage={page}
        rows={ROWS}
        total={answer.total}
        onPageChange={() => {
          throw new Error('a list paged by key moves by cursor, not by number');
        }}
        onMove={(to) => list.move(to, answer, ROWS)}
      />
    </>
  );
}

const variables = () => JSON.parse(screen.getByTestId('variables').textContent as string);
const button = (name: RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('the cursor pager', () => {
  it('goes next by the end cursor, last from the end, back by the start cursor, and first', async () => {
    renderWithProviders(<Harness />);
    expect(variables()).toEqual({
      currentPage: 1,
      rows: 10,
      first: 10,
      after: null,
      last: null,
      before: null,
    });
    expect(screen.getByText('หน้า 1 จาก 3')).toBeTruthy();
    expect(button(/หน้าแรก/).disabled).toBe(true);
    expect(button(/ก่อนหน้า/).disabled).toBe(true);

    fireEvent.click(button(/ถัดไป/));
    expect(variables()).toEqual({
      currentPage: 2,
      rows: 10,
      first: 10,
      after: 'E1',
      last: null,
      before: null,
    });

    fireEvent.click(button(/หน้าสุดท้าย/));
    expect(variables()).toEqual({
      currentPage: 3,
      rows: 10,
      first: null,
      after: null,
      last: 10,
      before: null,
    });
    expect(screen.getByText('หน้า 3 จาก 3')).toBeTruthy();
    expect(button(/ถัดไป/).disabled).toBe(true);
    expect(button(/หน้าสุดท้าย/).disabled).toBe(true);

    fireEvent.click(button(/ก่อนหน้า/));
    expect(variables()).toEqual({
      currentPage: 2,
      rows: 10,
      first: null,
      after: null,
      last: 10,
      before: 'S3',
    });

    // Back to page 1 is the first page itself, not the rows before a cursor.
    fireEvent.click(button(/ก่อนหน้า/));
    expect(variables()).toEqual({
      currentPage: 1,
      rows: 10,
      first: 10,
      after: null,
      last: null,
      before: null,
    });

    fireEvent.click(button(/หน้าสุดท้าย/));
    fireEvent.click(button(/หน้าแรก/));
    expect(variables()).toMatchObject({ currentPage: 1, first: 10, after: null });

    fireEvent.click(button(/หน้าสุดท้าย/));
    fireEvent.click(screen.getByRole('button', { name: 'search' }));
    expect(variables()).toMatchObject({ currentPage: 1, first: 10, last: null });
  });

  it('keeps previous and next by number, without first and last, for lists paged by number', () => {
    const onPageChange = vi.fn();
    renderWithProviders(<DataTablePager currentPage={2} rows={10} total={23} onPageChange={onPageChange} />);
    expect(screen.queryByRole('button', { name: /หน้าแรก/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /หน้าสุดท้าย/ })).toBeNull();
    fireEvent.click(button(/ถัดไป/));
    fireEvent.click(button(/ก่อนหน้า/));
    expect(onPageChange.mock.calls).toEqual([[3], [1]]);
  });
});
