import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { bangkokToday } from '@namjai/common/calendar';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samples } from '../server/src/platform/files/file-samples';
import {
  actOnDocument,
  connectBrowser,
  createDocument,
  type Doc,
  idOf as idOfAs,
  demoLogin as login,
  type SharedServer,
  serverSql,
  sharedServer,
} from './shared';
import { numberIn, openAs, tableRows } from './ui';

// One identity per record (docs/decisions.md): records of different kinds numbered alike must never
// be shown one for the other. The file makes a goods donation, a money donation and a receipt request
// that share one id (the three id sequences are moved to one number no table holds yet), then
// checks that the administrator's pending-work screen lists exactly the numbers the server gives the
// same user, all three among them; then takes both donations to the e-Donation export (money
// approved, goods approved at level 2) and checks that screen against the server the same way, both
// rows of that id with their own kind and value. It works on an account and a storage of its own in
// OPS-P38-SDW (the goods go into that storage, which no other file counts).

const artifacts = join(import.meta.dirname, '..', 'test-results');
const ADMIN = 'admin.demo';
const UNIT = 'OPS-P38-SDW';
const STORAGE = { code: 'E2E-ID-ST', nameTh: 'คลังทดสอบเลขที่ซ้ำต่างชนิด' };
const DONOR = 'DN-000001';
const RESOURCE = 'RICE-5KG';
const ACCOUNT = { code: 'E2E-ID-ACC', nameTh: 'บัญชีทดสอบเลขที่ซ้ำต่างชนิด' };
const MONEY = '1500.50';
/** Column headers of the e-Donation table, as the screen writes them. */
const COLUMN = { number: 'เลขที่เอกสาร', type: 'ประเภท (กรมสรรพากร)', value: 'จำนวนเงิน/มูลค่า (บาท)' };
const REQUESTER = { name: 'ทดสอบ เลขซ้ำต่างชนิด', email: 'e2e.identity@example.com' };

/** A 13-digit id with its check digit. */
function validId(twelve: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (13 - i);
  return `${twelve}${(11 - (sum % 11)) % 10}`;
}

/** Today in Bangkok, yyyy-mm-dd. */
const TODAY = bangkokToday();

let server: SharedServer;
let browser: Browser;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
/** The one id the three records share, and their numbers. */
let shared = 0;
const idOf = (type: string, code: string) => idOfAs(tokens.admin ?? '', type, code);
const create = (type: string, input: Record<string, unknown>, token: string) =>
  createDocument(token, type, input);
const act = (type: string, doc: Doc, input: Record<string, unknown>, token: string) =>
  actOnDocument(token, type, doc, input);
const numbers: Record<'goods' | 'money' | 'request', string> = { goods: '', money: '', request: '' };
const versions: Record<'goods' | 'money', number> = { goods: 0, money: 0 };

/**
 * Moves the id sequences of the three tables to one number none of them has reached, so the next
 * record of each gets it.
 */
async function oneNextId(tables: string[]): Promise<number> {
  let next = 1;
  for (const table of tables) {
    const [{ seq }] = await serverSql<{ seq: string }>(`select pg_get_serial_sequence($1, 'id') as seq`, [
      table,
    ]);
    const [{ last }] = await serverSql<{ last: string }>(`select last_value::int as last from ${seq}`);
    const [{ top }] = await serverSql<{ top: number }>(
      `select coalesce(max(id), 0)::int as top from ${table}`,
    );
    next = Math.max(next, Number(last) + 1, top + 1);
  }
  for (const table of tables)
    await serverSql(`select setval(pg_get_serial_sequence($1, 'id'), $2)`, [table, next - 1]);
  return next;
}

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  server = sharedServer();
  browser = await connectBrowser();
  tokens.admin = await login(ADMIN);
  tokens.officer = await login('officer.demo');
  tokens.approver1 = await login('approver1.demo');
  tokens.approver2 = await login('approver2.demo');
  ids.unit = await idOf('GOVERNMENT_INFO', UNIT);
  ids.donor = await idOf('DONATOR', DONOR);
  ids.resource = await idOf('RESOURCE', RESOURCE);
  await server.graphql(
    'mutation ($input: SaveReferenceItemInput!) { saveReferenceItem(type: MONEY_ACCOUNT, input: $input) { id } }',
    {
      input: {
        code: ACCOUNT.code,
        values: { nameTh: ACCOUNT.nameTh, ownerUnit: ids.unit, bankCode: '006', accountNumber: '5550002222' },
      },
    },
    tokens.admin,
  );
  ids.account = await idOf('MONEY_ACCOUNT', ACCOUNT.code);
  await server.graphql(
    'mutation ($input: SaveReferenceItemInput!) { saveReferenceItem(type: STORAGE, input: $input) { id } }',
    { input: { code: STORAGE.code, values: { nameTh: STORAGE.nameTh, ownerUnit: ids.unit } } },
    tokens.admin,
  );
  ids.storage = await idOf('STORAGE', STORAGE.code);

  shared = await oneNextId(['doc_goods_donation', 'doc_money_donation', 'receipt_request']);
  // The officer records a goods donation (a draft) and a money donation (waiting for approval).
  const goods = await create(
    'GOODS_DONATION',
    {
      header: {
        donator: ids.donor,
        receivingUnit: ids.unit,
        storage: ids.storage,
        donationDate: TODAY,
        objective: 'DISASTER_FLOOD',
      },
      lines: [
        {
          resource: ids.resource,
          character: 'NEW',
          quantity: '100',
          unitValue: '171.00',
          priceFrom: 'RECEIPT',
          lot: 'E2E-ID-L1',
          expiryDate: '2028-06-30',
        },
      ],
    },
    tokens.officer,
  );
  const money = await create(
    'MONEY_DONATION',
    {
      header: {
        donor: ids.donor,
        donatedOn: TODAY,
        amount: MONEY,
        transferType: 'CASH',
        moneyAccount: ids.account,
        objective: 'GENERAL',
      },
    },
    tokens.officer,
  );
  // A visitor asks for a receipt through the public form.
  const form = new FormData();
  form.set(
    'request',
    JSON.stringify({
      unitId: ids.unit,
      requesterType: 'PERSON',
      requesterName: REQUESTER.name,
      taxId: validId('390100088123'),
      email: REQUESTER.email,
      phone: '0812345678',
      donatedOn: TODAY,
      amount: MONEY,
      delivery: 'EMAIL',
      consent: true,
    }),
  );
  form.set('evidence', new Blob([samples.png], { type: 'image/png' }), 'slip.png');
  const res = await fetch(`${server.url}/api/public/reqs-receipt-donation-money`, {
    method: 'POST',
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const { trackingNumber: tracking } = (await res.json()) as { trackingNumber: string };
  const [request] = await serverSql<{ id: number }>('select id from receipt_request where number = $1', [
    tracking,
  ]);
  expect([goods.id, money.id, request?.id]).toEqual([shared, shared, shared]);
  numbers.goods = goods.number;
  numbers.money = money.number;
  numbers.request = tracking;
  versions.goods = goods.version;
  versions.money = money.version;
  ids.goods = goods.id;
  ids.money = money.id;
});

afterAll(async () => {
  await browser?.close();
});

/** What a screen shows and what the server gives the same user, read as the person sees it. */
async function onScreen<T>(path: string, read: (page: Page) => Promise<T>, shot: string): Promise<T> {
  const { page, errors, close } = await openAs(browser, server.url, ADMIN, path);
  try {
    const seen = await read(page);
    await page.screenshot({ path: join(artifacts, shot), fullPage: true });
    expect(errors).toEqual([]);
    return seen;
  } finally {
    await close();
  }
}

describe('records of different kinds with the same id', () => {
  it('are each listed on the pending-work screen, which shows exactly what the server answers', async () => {
    // The server's answer to the administrator, before the browser's login ends this session.
    const { pendingWork } = await server.graphql<{
      pendingWork: {
        total: number;
        groups: {
          source: string;
          action: string;
          items: { documentType: string; id: number; number: string }[];
        }[];
      };
    }>(
      '{ pendingWork { total groups { source action items { documentType id number } } } }',
      {},
      await login(ADMIN),
    );
    const expected = pendingWork.groups
      .map((g) => `pending-group-${g.source}-${g.action}: ${g.items.map((i) => i.number).join(' ')}`)
      .sort();
    const sharing = pendingWork.groups
      .flatMap((g) => g.items)
      .filter((i) => i.id === shared)
      .map((i) => `${i.documentType} ${i.number}`)
      .sort();
    expect(sharing).toEqual([
      `GOODS_DONATION ${numbers.goods}`,
      `MONEY_DONATION ${numbers.money}`,
      `RECEIPT_REQUEST ${numbers.request}`,
    ]);

    const seen = await onScreen(
      '/backoffice/notification-pending-work',
      async (page) => {
        await page.getByTestId('pending-work-total').waitFor({ timeout: 15_000 });
        const cards = page.locator('[data-testid^="pending-group-"]');
        await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(pendingWork.groups.length);
        return cards.evaluateAll((elements) =>
          elements.map((card) => {
            const cells = [...card.querySelectorAll('tbody tr td:first-child')].map(
              (td) => td.textContent?.trim() ?? '',
            );
            return `${card.getAttribute('data-testid')}: ${cells.join(' ')}`;
          }),
        );
      },
      'record-identity-pending-work.png',
    );
    expect(seen.sort()).toEqual(expected);
    const listed = seen.join('\n');
    for (const number of Object.values(numbers)) expect(listed).toContain(number);
  });

  it('are each a row of the e-Donation screen, which shows exactly what the server answers', async () => {
    // Money: approved (its receipt issued). Goods: submitted, screened, approved at both levels.
    await act(
      'MONEY_DONATION',
      { id: ids.money, version: versions.money } as Doc,
      { action: 'APPROVE' },
      tokens.approver1,
    );
    let goods = await act(
      'GOODS_DONATION',
      { id: ids.goods, version: versions.goods } as Doc,
      { action: 'SUBMIT' },
      tokens.officer,
    );
    goods = await act(
      'GOODS_DONATION',
      goods,
      {
        action: 'SCREEN',
        lines: goods.lines.map((l) => ({
          id: l.id,
          values: {
            acceptedQuantity: String(l.values.quantity),
            rejectedQuantity: '0',
            screenStatus: 'ACCEPTED',
            classification: 'NON_URGENT',
          },
        })),
      },
      tokens.officer,
    );
    goods = await act('GOODS_DONATION', goods, { action: 'APPROVE_1' }, tokens.approver1);
    goods = await act('GOODS_DONATION', goods, { action: 'APPROVE_2' }, tokens.approver2);
    expect(goods.status).toBe('APPROVED_2');

    const { eDonationRows } = await server.graphql<{
      eDonationRows: {
        items: { documentType: string; id: number; number: string; value: string; revenueTypeCode: string }[];
        totals: { count: number };
      };
    }>(
      '{ eDonationRows(currentPage: 1, rows: 50) { items { documentType id number value revenueTypeCode } totals { count } } }',
      {},
      await login(ADMIN),
    );
    const expected = eDonationRows.items.map((r) => [r.number, r.revenueTypeCode, Number(r.value)]);
    expect(
      eDonationRows.items
        .filter((r) => r.id === shared)
        .map((r) => [r.documentType, r.number, r.value])
        .sort(),
    ).toEqual([
      ['GOODS_DONATION', numbers.goods, '17100.00'],
      ['MONEY_DONATION', numbers.money, MONEY],
    ]);

    const seen = await onScreen(
      '/backoffice/export-data-revenue',
      async (page) => {
        const table = page
          .getByRole('table')
          .filter({ has: page.getByRole('columnheader', { name: COLUMN.number }) });
        // Loaded once the new goods donation is there (the first cell of that number: a copy of it
        // standing for another record would be a second).
        await table
          .getByRole('cell', { name: numbers.goods, exact: true })
          .first()
          .waitFor({ timeout: 15_000 });
        await expect.poll(async () => (await tableRows(table)).length).toBe(expected.length);
        return (await tableRows(table)).map((row) => [
          row[COLUMN.number],
          (row[COLUMN.type] ?? '').split(' ')[0],
          numberIn(row[COLUMN.value]),
        ]);
      },
      'record-identity-e-donation.png',
    );
    expect(seen).toEqual(expected);
    expect(seen.filter((row) => row[0] === numbers.money)).toEqual([[numbers.money, '1', 1500.5]]);
    expect(seen.filter((row) => row[0] === numbers.goods)).toEqual([[numbers.goods, '2', 17100]]);
  });
});
