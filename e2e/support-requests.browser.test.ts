import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { formatBE } from '@namjai/common/calendar';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, type SharedServer, serverSql, sharedServer } from './shared';
import { chooseByCode, openAs, tableRows } from './ui';

// A support request in Chromium (issue 12): the Bueng Kan officer writes one for blankets and money,
// submits it; the level-1 approver finds it in their queue and approves part of the blankets; the
// view route with the document's id opens it, approved, with what was asked and what was approved.

const artifacts = join(import.meta.dirname, '..', 'test-results');
const REQUEST = 'คำขอรับการสนับสนุน';
const OFFICER = 'officer.demo';
/** Column headers of the lines table, as the details write them. */
const COLUMN = {
  asked: 'จำนวนที่ขอ',
  approved: 'จำนวนที่อนุมัติ',
  amountAsked: 'จำนวนเงินที่ขอ (บาท)',
  amountApproved: 'จำนวนเงินที่อนุมัติ (บาท)',
};
const APPROVER = 'approver1.demo';
/** Today in Bangkok, as the date fields take it (dd/mm/yyyy, Buddhist era). */
const TODAY_BE = formatBE(new Date());

let server: SharedServer;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  server = sharedServer();
  browser = await connectBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The id the view route takes, from the server's database. */
async function idOfNumber(number: string): Promise<number | undefined> {
  const rows = await serverSql<{ id: number }>('select id from doc_support_request where number = $1', [
    number,
  ]);
  return rows[0]?.id;
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: join(artifacts, `support-request-${name}.png`), fullPage: true });
}

describe('support requests in Chromium against the built server', () => {
  it('an officer writes and submits a request; another person approves part of it from the queue', async () => {
    const officer = await openAs(browser, server.url, OFFICER, '/backoffice/save-reqs-support');
    const { page } = officer;
    await page.getByRole('button', { name: `สร้าง${REQUEST}`, exact: true }).click();
    const form = page.getByRole('dialog', { name: `สร้าง${REQUEST}` });
    await chooseByCode(form, 'หน่วยงานที่รับคำขอ', 'OPS-P38-SDW');
    await form.getByRole('combobox', { name: 'ผู้ขอเป็น', exact: true }).selectOption('OFFICE');
    await chooseByCode(form, 'หน่วยงานที่ขอ', 'DDPM');
    await form.getByRole('combobox', { name: 'ประเภทผู้รับ', exact: true }).selectOption('COMMUNITY');
    await form.getByRole('combobox', { name: 'จังหวัด', exact: true }).selectOption('77');
    await form.getByRole('textbox', { name: 'วันที่ขอ', exact: true }).fill(TODAY_BE);
    await form.getByRole('combobox', { name: 'ความเร่งด่วน', exact: true }).selectOption('URGENT');
    await form
      .getByRole('textbox', { name: 'วัตถุประสงค์', exact: true })
      .fill('ช่วยผู้ประสบอุทกภัย (ทดสอบเบราว์เซอร์)');
    const goods = form.getByRole('group', { name: 'รายการที่ 1' });
    await chooseByCode(goods, 'สิ่งของ', 'BLANKET');
    await goods.getByRole('textbox', { name: 'จำนวนที่ขอ', exact: true }).fill('20');
    await form.getByRole('button', { name: 'เพิ่มรายการ', exact: true }).click();
    const money = form.getByRole('group', { name: 'รายการที่ 2' });
    await money.getByRole('textbox', { name: 'จำนวนเงินที่ขอ (บาท)', exact: true }).fill('1500.50');
    await screenshot(page, 'form');
    await form.getByRole('button', { name: 'บันทึก', exact: true }).click();
    await form.waitFor({ state: 'hidden', timeout: 15_000 });
    const saved = page.getByText(/^บันทึก RS-\d{4}-\d{6} เรียบร้อยแล้ว$/).first();
    const number = /RS-\d{4}-\d{6}/.exec((await saved.textContent()) ?? '')?.[0] ?? '';
    expect(number).toMatch(/^RS-25\d\d-\d{6}$/);

    const row = page
      .getByRole('table', { name: REQUEST, exact: true })
      .getByRole('row')
      .filter({ hasText: number });
    await row.getByRole('button', { name: 'รายละเอียด', exact: true }).click();
    const details = page.getByRole('dialog', { name: `${REQUEST} ${number}` });
    await details.waitFor();
    const actions = details.getByRole('group', { name: 'การดำเนินการ' });
    // The maker may submit and cancel; approving is not theirs.
    expect(await actions.getByRole('button', { name: 'อนุมัติ', exact: true }).count()).toBe(0);
    await actions.getByRole('button', { name: 'ส่งขออนุมัติ', exact: true }).click();
    await details.getByRole('button', { name: 'ยืนยันส่งขออนุมัติ', exact: true }).click();
    await page.getByText(`ส่งขออนุมัติ ${number} เรียบร้อยแล้ว`).first().waitFor();
    expect(officer.errors).toEqual([]);
    await officer.close();

    const approver = await openAs(browser, server.url, APPROVER, '/backoffice/approve-reqs-support');
    const queue = approver.page.getByRole('table', { name: REQUEST, exact: true });
    const queued = queue.getByRole('row').filter({ hasText: number });
    await queued.getByRole('button', { name: 'รายละเอียด', exact: true }).click();
    const toApprove = approver.page.getByRole('dialog', { name: `${REQUEST} ${number}` });
    await toApprove
      .getByRole('group', { name: 'การดำเนินการ' })
      .getByRole('button', { name: 'อนุมัติ', exact: true })
      .click();
    const approve = toApprove.getByRole('form', { name: 'อนุมัติ' });
    // More than was asked: the server's words under the line.
    const first = approve.getByRole('group', { name: 'รายการที่ 1' });
    await first.getByRole('textbox', { name: 'จำนวนที่อนุมัติ', exact: true }).fill('25');
    await approve.getByRole('button', { name: 'ยืนยันอนุมัติ', exact: true }).click();
    await first.getByText('จำนวนที่อนุมัติต้องไม่เกินจำนวนที่ขอ').waitFor();
    await first.getByRole('textbox', { name: 'จำนวนที่อนุมัติ', exact: true }).fill('15');
    await approve.getByRole('button', { name: 'ยืนยันอนุมัติ', exact: true }).click();
    await approver.page.getByText(`อนุมัติ ${number} เรียบร้อยแล้ว`).first().waitFor();
    await screenshot(approver.page, 'approved');

    // The view route with its id opens it: approved, 15 of 20 blankets and all of the money.
    const id = await idOfNumber(number);
    expect(id).toBeDefined();
    await approver.page.goto(`${server.url}/backoffice/view-approve-reqs-support/${id}`);
    const viewed = approver.page.getByRole('dialog', { name: `${REQUEST} ${number}` });
    await viewed.waitFor();
    expect(await viewed.textContent()).toContain('อนุมัติแล้ว');
    const lines = await tableRows(viewed.getByRole('table', { name: 'รายการ', exact: true }));
    expect(
      lines.map((l) => [
        l[COLUMN.asked],
        l[COLUMN.approved],
        l[COLUMN.amountAsked],
        l[COLUMN.amountApproved],
      ]),
    ).toEqual([
      ['20', '15', '', ''],
      ['', '', '1,500.50', '1,500.50'],
    ]);
    expect(approver.errors).toEqual([]);
    await approver.close();
  });
});
