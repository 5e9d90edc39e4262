// The first and the last page of the donation lists (issue 24 item 4, docs/document-kit.md "Paging
// by key"), part of the donations bench (bench-donations.mjs) on its 100,000 goods donations, as the
// demo administrator (every donation in scope): the kit's list of goods donations (50 rows, newest
// first) and the donation history (50 rows, newest donation date first), each by number
// (`currentPage` 1 and the last) and by key (`first: 50`, `last: 50`). p50 of `calls` requests each,
// alternating first and last so both meet the same machine; and the history's totals (5 calls).

import { fmt, gql, timeCalls } from './bench-kit.mjs';

const DOCS = `query ($currentPage: Int, $first: Int, $last: Int) {
  documents(type: GOODS_DONATION, rows: 50, currentPage: $currentPage, first: $first, last: $last) {
    total items { id number }
  }
}`;
const HISTORY = `query ($currentPage: Int, $first: Int, $last: Int) {
  donationHistory(rows: 50, currentPage: $currentPage, first: $first, last: $last) { total items { id number } }
}`;

const TOTALS = '{ donationHistoryTotals { count moneyTotal goodsValueTotal } }';

/** Adds p50 rows of the first and last page, by number and by key, to the donations bench. */
export async function benchDonationList({ server, row, notes }, calls = 15) {
  const token = (
    await gql(
      server.url,
      'mutation ($u: String!, $p: String!) { login(username: $u, password: $p) { token } }',
      {
        u: 'admin.demo',
        p: 'Namjai-demo-2569',
      },
    )
  ).login.token;
  for (const [what, query, field] of [
    ['goods donation list', DOCS, 'documents'],
    ['donation history', HISTORY, 'donationHistory'],
  ]) {
    const { total } = (await gql(server.url, query, { first: 1 }, token))[field];
    const lastPage = Math.ceil(total / 50);
    const ask = (variables) => () => gql(server.url, query, variables, token);
    const ways = [
      ['page 1 by number', ask({ currentPage: 1 })],
      [`page ${lastPage.toLocaleString('en')} (last) by number`, ask({ currentPage: lastPage })],
      ['first page by key (first: 50)', ask({ first: 50 })],
      ['last page by key (last: 50)', ask({ last: 50 })],
    ];
    const ms = ways.map(() => []);
    for (let i = 0; i < calls; i++)
      for (const [n, [, call]] of ways.entries()) ms[n].push((await timeCalls(1, call)).p50);
    for (const [n, [label]] of ways.entries()) {
      const sorted = ms[n].sort((a, b) => a - b);
      row(
        `${what} (${total.toLocaleString('en')} rows): ${label}, p50`,
        fmt(sorted[Math.floor(sorted.length / 2)], 1),
        'ms',
      );
    }
  }
  // The history's totals: their own query, which the screen asks once per filter set (not per page).
  const totals = [];
  for (let i = 0; i < 5; i++) totals.push((await timeCalls(1, () => gql(server.url, TOTALS, {}, token))).p50);
  row(
    'donation history totals (donationHistoryTotals, every donation), p50 of 5',
    fmt(totals.sort((a, b) => a - b)[2], 1),
    'ms',
  );
  notes.push('donation lists: by key the last page reads a page of rows from the end (docs/document-kit.md)');
}
