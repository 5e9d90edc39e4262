import { bangkokToday } from '@namjai/common/calendar';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actOnDocument,
  connectBrowser,
  createDocument,
  demoLogin,
  idOf,
  type SharedServer,
  saveItem,
  sharedServer,
} from './shared';
import { chooseByCode, openAs, screenshot, tableRows } from './ui';

// A royal decoration proposal (add-royal-decoration, MN-107) as the administrator, who holds it: two
// donors each with an approved money donation of this file; the proposal for the first offers, as its
// line's donation, only that donor's donations, each by number, Buddhist-era date, donor and value;
// saved with the file's donation, it is listed with that donor and the donation's value as its total.

const ADMIN = 'admin.demo';
const UNIT = 'OPS-P38-SDW';
const ACCOUNT = { code: 'E2E-RD-ACC', nameTh: 'บัญชีทดสอบเครื่องราชอิสริยาภรณ์' };
const DONOR = { code: 'DN-000001', name: 'บริษัท ตัวอย่างใจดี จำกัด' };
const OTHER = { code: 'E2E-RD-OTHER', name: 'ผู้บริจาคอื่นทดสอบเครื่องราช' };
const AMOUNT = { typed: '1234567.50', shown: '1,234,567.50' };
const PROPOSAL = 'รายการเสนอขอพระราชทานเครื่องราชอิสริยาภรณ์';
/** Today in Bangkok, yyyy-mm-dd and dd/mm/yyyy (B.E.); fiscal year 2570 runs from 1 October 2026. */
const TODAY = bangkokToday();
const TODAY_BE = `${TODAY.slice(8, 10)}/${TODAY.slice(5, 7)}/${Number(TODAY.slice(0, 4)) + 543}`;

let server: SharedServer;
let browser: Browser;
const numbers: Record<'donor' | 'other', string> = { donor: '', other: '' };

beforeAll(async () => {
  server = sharedServer();
  browser = await connectBrowser();
  const admin = await demoLogin(ADMIN);
  const officer = await demoLogin('officer.demo');
  const approver = await demoLogin('approver1.demo');
  const account = await saveItem(admin, 'MONEY_ACCOUNT', ACCOUNT.code, {
    nameTh: ACCOUNT.nameTh,
    ownerUnit: await idOf(admin, 'GOVERNMENT_INFO', UNIT),
    bankCode: '006',
    accountNumber: '5550007777',
  });
  const other = await saveItem(admin, 'DONATOR', OTHER.code, { nameTh: OTHER.name, donorType: 'ANONYMOUS' });
  const donors = { donor: await idOf(admin, 'DONATOR', DONOR.code), other };
  for (const who of ['donor', 'other'] as const) {
    const doc = await createDocument(officer, 'MONEY_DONATION', {
      header: {
        donor: donors[who],
        donatedOn: TODAY,
        amount: AMOUNT.typed,
        transferType: 'CASH',
        moneyAccount: account,
        objective: 'GENERAL',
      },
    });
    await actOnDocument(approver, 'MONEY_DONATION', doc, { action: 'APPROVE' });
    numbers[who] = doc.number;
  }
});

afterAll(async () => {
  await browser?.close();
});

describe('royal decoration proposals', () => {
  it("the administrator proposes a donor, choosing among that donor's donations only, and finds the proposal listed", async () => {
    const { page, errors, close } = await openAs(
      browser,
      server.url,
      ADMIN,
      '/backoffice/add-royal-decoration',
    );
    try {
      await page.getByRole('button', { name: `สร้าง${PROPOSAL}`, exact: true }).click();
      const form = page.getByRole('dialog', { name: `สร้าง${PROPOSAL}` });
      await chooseByCode(form, 'หน่วยงานที่เสนอ', UNIT);
      await chooseByCode(form, 'ผู้บริจาค', DONOR.code);
      await form.getByRole('textbox', { name: 'ปีงบประมาณที่เสนอ (พ.ศ.)', exact: true }).fill('2570');
      // A new proposal starts with one line.
      const line = form.getByRole('group', { name: 'รายการที่ 1' });
      const picker = line.getByRole('combobox', { name: 'เงินบริจาค (รหัสเอกสาร)', exact: true });
      const mine = picker.locator('option').filter({ hasText: numbers.donor });
      await mine.waitFor({ state: 'attached' });
      const offered = (await picker.locator('option').allTextContents()).filter((text) =>
        text.includes(' — '),
      );
      expect(offered.length).toBeGreaterThan(0);
      // Every choice is the chosen donor's: number — date — donor — value.
      for (const text of offered)
        expect(text).toMatch(/^\S+ — \d{2}\/\d{2}\/25\d\d — บริษัท ตัวอย่างใจดี จำกัด — /);
      expect(offered.join('\n')).not.toContain(numbers.other);
      expect(offered.join('\n')).not.toContain(OTHER.name);
      expect(await mine.textContent()).toMatch(
        new RegExp(
          `^${numbers.donor} — ${TODAY_BE} — ${DONOR.name} — .*${AMOUNT.shown.replace(/\./g, '\\.')}`,
        ),
      );
      await picker.selectOption((await mine.getAttribute('value')) ?? '');
      await screenshot(page, 'royal-decoration-form');
      await form.getByRole('button', { name: 'บันทึก', exact: true }).click();
      await form.waitFor({ state: 'hidden' });
      const saved = page.getByText(/^บันทึก RDC-\d{4}-\d{6} เรียบร้อยแล้ว$/).first();
      const number = /RDC-\d{4}-\d{6}/.exec((await saved.textContent()) ?? '')?.[0] ?? '';
      expect(number).not.toBe('');

      const table = page.getByRole('table', { name: PROPOSAL, exact: true });
      const row = async () => (await tableRows(table)).find((r) => r['เลขที่เอกสาร'] === number);
      await expect.poll(row).toMatchObject({
        ผู้บริจาค: `${DONOR.code} ${DONOR.name}`,
        'ปีงบประมาณที่เสนอ (พ.ศ.)': '2570',
        'มูลค่ารวม (บาท)': AMOUNT.shown,
        สถานะ: 'ร่าง',
      });
      await screenshot(page, 'royal-decoration-list');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
