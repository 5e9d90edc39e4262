import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, idOf, type SharedServer, saveItem, sharedServer } from './shared';
import { chooseByCode, openAs } from './ui';

// The document kit in Chromium, with its first type: a transfer from the central supply storage to
// a storage of the Bueng Kan division. The central storage has no demo member of staff of its own, so
// the administrator writes it (saved, it reserves the lot taken first-expiry-first-out and the line
// shows it) and sends it; the division's officer, whose storage it goes to, receives it with a
// shortfall and its reason and reads the history SAVED > SENT > RECEIVED; the view screen shows the
// officer the same transfer read-only. The receiving storage is the file's own (the demo storages'
// stock is read by other files).

const artifacts = join(import.meta.dirname, '..', 'test-results');
const ADMIN = 'admin.demo';
const OFFICER = 'officer.demo';
const UNIT = 'OPS-P38-SDW';
const SAVE_KEY = 'save-transfer-item-to-another-storage';
const VIEW_KEY = 'view-transfer-item-to-another-storage';
const TRANSFER = 'ใบโอนสิ่งของไปคลังอื่น';
const FROM = 'ST-OPS-SUP';
const TO = { code: 'E2E-DOC-STORE', nameTh: 'คลังรับโอนทดสอบ บึงกาฬ' };
const RESOURCE = 'RICE-5KG';
// Two lots of the resource in the source storage: the one expiring first is taken.
const EARLY = { lot: 'E2E-EARLY', expiry: '2030-01-31', expiryBE: '31/01/2573', quantity: '20' };
const LATE = { lot: 'E2E-LATE', expiry: '2031-06-30', quantity: '30' };

let server: SharedServer;
let browser: Browser;
const ids: Record<string, number> = {};
/** The transfer the first test writes; the second reads it. */
let transferNumber = '';

/**
 * Stock in the source storage, as a goods receipt would post it (server/src/kits/ledger): no
 * screen brings stock in yet, so the balance and its movement are written to the server's database.
 */
async function receiveStock(userId: number) {
  const client = new pg.Client({ connectionString: server.databaseUrl() });
  await client.connect();
  try {
    for (const lot of [LATE, EARLY]) {
      await client.query(
        `with b as (
           insert into stock_balance (storage_id, resource_id, lot, expiry_date, on_hand, unit_value, updated_at)
           values ($1, $2, $3, $4, $5, 150, now()) returning *)
         insert into stock_movement (balance_id, storage_id, resource_id, lot, expiry_date, movement_type,
           quantity, reserved_delta, transit_delta, unit_value, document_type, document_id, created_by_id, created_at)
         select id, storage_id, resource_id, lot, expiry_date, 'RECEIVE', on_hand, 0, 0, unit_value, 'E2E_SEED', 1, $6, now()
         from b`,
        [ids.FROM, ids.RESOURCE, lot.lot, lot.expiry, lot.quantity, userId],
      );
    }
  } finally {
    await client.end();
  }
}

async function balance(
  storageId: number,
  lot: string,
): Promise<{ onHand: string; inTransit: string; reserved: string }> {
  const client = new pg.Client({ connectionString: server.databaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ on_hand: string; in_transit: string; reserved: string }>(
      'select on_hand, in_transit, reserved from stock_balance where storage_id = $1 and resource_id = $2 and lot = $3',
      [storageId, ids.RESOURCE, lot],
    );
    return {
      onHand: rows[0]?.on_hand ?? '0',
      inTransit: rows[0]?.in_transit ?? '0',
      reserved: rows[0]?.reserved ?? '0',
    };
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  server = sharedServer();
  browser = await connectBrowser();
  const { demoAccounts } = await server.graphql<{ demoAccounts: { username: string; password: string }[] }>(
    '{ demoAccounts { username password } }',
  );
  const admin = demoAccounts.find((account) => account.username === ADMIN);
  if (!admin) throw new Error('no demo administrator');
  // This session ends when the browser logs in (one session per member of staff): only setup uses it.
  const { login } = await server.graphql<{ login: { token: string; user: { userId: string } } }>(
    'mutation ($username: String!, $password: String!) { login(username: $username, password: $password) { token user { userId } } }',
    { username: ADMIN, password: admin.password },
  );
  ids.FROM = await idOf(login.token, 'STORAGE', FROM);
  await saveItem(login.token, 'STORAGE', TO.code, {
    nameTh: TO.nameTh,
    ownerUnit: await idOf(login.token, 'GOVERNMENT_INFO', UNIT),
  });
  ids.TO = await idOf(login.token, 'STORAGE', TO.code);
  ids.RESOURCE = await idOf(login.token, 'RESOURCE', RESOURCE);
  await receiveStock(Number(login.user.userId));
});

afterAll(async () => {
  await browser?.close();
});

const openAsAdmin = (path: string) => openAs(browser, server.url, ADMIN, path);
const openAsOfficer = (path: string) => openAs(browser, server.url, OFFICER, path);

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: join(artifacts, `documents-${name}.png`), fullPage: true });
}

describe('documents in Chromium against the built server', () => {
  it('writes a transfer that reserves the lot expiring first, sends it; the receiving storage’s officer receives it short with a reason and reads its history', async () => {
    const sender = await openAsAdmin(`/backoffice/${SAVE_KEY}`);
    let page = sender.page;
    await page.getByRole('button', { name: `สร้าง${TRANSFER}`, exact: true }).click();
    const form = page.getByRole('dialog', { name: `สร้าง${TRANSFER}` });
    await chooseByCode(form, 'คลังต้นทาง', FROM);
    await chooseByCode(form, 'คลังปลายทาง', TO.code);
    const line = form.getByRole('group', { name: 'รายการที่ 1' });
    await chooseByCode(line, 'สิ่งของ', RESOURCE);
    await line.getByRole('textbox', { name: 'จำนวนส่ง', exact: true }).fill('10');
    await screenshot(page, 'form');
    await form.getByRole('button', { name: 'บันทึก', exact: true }).click();
    await form.waitFor({ state: 'hidden', timeout: 15_000 });
    const saved = page.getByText(/^บันทึก TR-\d{4}-\d{6} เรียบร้อยแล้ว$/).first();
    transferNumber = /TR-\d{4}-\d{6}/.exec((await saved.textContent()) ?? '')?.[0] ?? '';
    // Numbered in the Buddhist-era fiscal year, next after the demo data's two transfers.
    expect(transferNumber).toMatch(/^TR-25\d\d-000003$/);

    // The newest comes first in the list; its details.
    const rowIn = (on: Page) =>
      on
        .getByRole('table', { name: TRANSFER, exact: true })
        .getByRole('row')
        .filter({ hasText: transferNumber });
    expect(await rowIn(page).textContent()).toContain('บันทึก');
    await rowIn(page).getByRole('button', { name: 'รายละเอียด', exact: true }).click();
    let details = page.getByRole('dialog', { name: `${TRANSFER} ${transferNumber}` });
    await details.waitFor();

    // A PDF attached to the saved transfer is listed with its type, and downloads with the session.
    const files = details.getByRole('region', { name: 'ไฟล์แนบ' });
    await files.getByLabel('เลือกไฟล์ที่จะแนบ').setInputFiles({
      name: 'ใบส่งของ.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    });
    await page.getByText(`แนบไฟล์กับ ${transferNumber} เรียบร้อยแล้ว 1 ไฟล์`).first().waitFor();
    const attached = files
      .getByRole('table', { name: 'ไฟล์แนบ', exact: true })
      .getByRole('row')
      .filter({ hasText: 'ใบส่งของ.pdf' });
    await attached.waitFor();
    expect(await attached.textContent()).toContain('เอกสาร PDF');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      attached.getByRole('button', { name: 'ใบส่งของ.pdf', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('ใบส่งของ.pdf');

    const actionsOf = (dialog: Locator) => dialog.getByRole('group', { name: 'การดำเนินการ' });
    const firstLineOf = (dialog: Locator) =>
      dialog.getByRole('table', { name: 'รายการ', exact: true }).locator('tbody tr').first();
    let sentLine = firstLineOf(details);
    // Saved, it holds the earliest lot for itself, and the line says which.
    await sentLine.getByText(EARLY.lot, { exact: true }).waitFor();
    expect(await balance(ids.FROM, EARLY.lot)).toEqual({
      onHand: '20.000',
      inTransit: '0.000',
      reserved: '10.000',
    });

    await actionsOf(details).getByRole('button', { name: 'ส่งของ', exact: true }).click();
    await details.getByRole('button', { name: 'ยืนยันส่งของ', exact: true }).click();
    await page.getByText(`ส่งของ ${transferNumber} เรียบร้อยแล้ว`).first().waitFor();
    await sentLine.getByText(EARLY.lot, { exact: true }).waitFor();
    expect(await sentLine.textContent()).toContain(EARLY.expiryBE);
    expect(await balance(ids.FROM, EARLY.lot)).toEqual({
      onHand: '10.000',
      inTransit: '0.000',
      reserved: '0.000',
    });
    expect(await balance(ids.TO, EARLY.lot)).toEqual({
      onHand: '0.000',
      inTransit: '10.000',
      reserved: '0.000',
    });
    await screenshot(page, 'sent');
    expect(sender.errors).toEqual([]);
    await sender.close();

    // The officer of the receiving storage finds it on the same screen and receives it.
    const receiver = await openAsOfficer(`/backoffice/${SAVE_KEY}`);
    page = receiver.page;
    await rowIn(page).waitFor();
    // Editing a transfer belongs to its source: none from the central storage offers the officer an edit.
    const fromCentral = page
      .getByRole('table', { name: TRANSFER, exact: true })
      .getByRole('row')
      .filter({ hasText: FROM });
    expect(await fromCentral.count()).toBeGreaterThan(1);
    expect(await fromCentral.getByRole('button', { name: 'แก้ไข', exact: true }).count()).toBe(0);
    await rowIn(page).getByRole('button', { name: 'รายละเอียด', exact: true }).click();
    details = page.getByRole('dialog', { name: `${TRANSFER} ${transferNumber}` });
    await details.waitFor();
    sentLine = firstLineOf(details);
    await actionsOf(details).getByRole('button', { name: 'รับของ', exact: true }).click();
    const receive = details.getByRole('form', { name: 'รับของ' });
    const received = receive.getByRole('group', { name: 'รายการที่ 1' });
    expect(await received.textContent()).toContain(`ล็อต: ${EARLY.lot}`);
    await received.getByRole('textbox', { name: 'จำนวนรับ', exact: true }).fill('8');
    // A shortfall without its reason: the server's words under the line's reason.
    await receive.getByRole('button', { name: 'ยืนยันรับของ', exact: true }).click();
    await received.getByText('กรุณาระบุเหตุผลที่ของขาด').waitFor();
    await chooseByCode(received, 'เหตุผลที่ขาด', 'DAMAGED');
    await receive.getByRole('button', { name: 'ยืนยันรับของ', exact: true }).click();
    await page.getByText(`รับของ ${transferNumber} เรียบร้อยแล้ว`).first().waitFor();
    await receive.waitFor({ state: 'hidden' });
    // The quantity received, as people write it (a whole 8, not 8.000).
    expect(await sentLine.locator('td').allTextContents()).toContain('8');
    expect(await sentLine.textContent()).toContain('DAMAGED');
    expect(await balance(ids.TO, EARLY.lot)).toEqual({
      onHand: '8.000',
      inTransit: '0.000',
      reserved: '0.000',
    });

    const history = details.getByRole('list', { name: 'ประวัติการดำเนินการ' });
    const entries = await history.getByRole('listitem').allTextContents();
    expect(entries).toHaveLength(3);
    expect(entries[0]).toContain('สร้างเอกสาร · บันทึก');
    expect(entries[1]).toContain('ส่งของ · บันทึก → ส่งแล้ว');
    expect(entries[2]).toContain('รับของ · ส่งแล้ว → รับแล้ว');
    expect(entries[1]).toContain('โดย สมชาย ดูแลระบบ');
    expect(entries[2]).toContain('โดย มานะ ปฏิบัติงาน');
    expect(await actionsOf(details).count()).toBe(0);
    await screenshot(page, 'received');
    expect(receiver.errors).toEqual([]);
    await receiver.close();
  }, 120_000);

  it('shows the transfer read-only on the view screen, found by its number and status', async () => {
    expect(transferNumber, 'the first test wrote a transfer').not.toBe('');
    const { page, errors, close } = await openAsOfficer(`/backoffice/${VIEW_KEY}`);
    expect(await page.getByRole('button', { name: `สร้าง${TRANSFER}` }).count()).toBe(0);
    const search = page.getByRole('search', { name: `ค้นหา${TRANSFER}` });
    await search.getByRole('textbox', { name: 'คำค้น' }).fill(transferNumber);
    await search.getByRole('combobox', { name: 'สถานะ' }).selectOption('RECEIVED');
    await search.getByRole('button', { name: 'ค้นหา', exact: true }).click();
    const table = page.getByRole('table', { name: TRANSFER, exact: true });
    const row = table.getByRole('row').filter({ hasText: transferNumber });
    await row.waitFor();
    expect(await row.textContent()).toContain('รับแล้ว');
    expect(await row.getByRole('button', { name: 'แก้ไข' }).count()).toBe(0);
    await row.getByRole('button', { name: 'รายละเอียด', exact: true }).click();
    const details = page.getByRole('dialog', { name: `${TRANSFER} ${transferNumber}` });
    await details.getByRole('list', { name: 'ประวัติการดำเนินการ' }).waitFor();
    expect(await details.getByRole('group', { name: 'การดำเนินการ' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});
