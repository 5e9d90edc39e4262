import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { artifacts } from './shared';

// What the browser test files do on every screen: log in through the demo banner in a fresh
// context, choose from a pick list by code, read a table, read a number as the screen writes it.

/** A fresh browser context, logged in as a demo account through the demo banner, at the given path. */
export async function openAs(browser: Browser, url: string, username: string, path: string) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'th-TH',
    timezoneId: 'Asia/Bangkok',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${url}/backoffice/login`);
  await page.getByRole('button', { name: `ใช้บัญชีทดลอง ${username}` }).click();
  await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: /^ยินดีต้อนรับ/ }).waitFor();
  await page.goto(`${url}${path}`);
  return { page, errors, close: () => context.close() };
}

/** Picks the option that starts with the code, filtering on the server when the list offers it. */
export async function chooseByCode(scope: Locator, label: string, code: string) {
  const filter = scope.getByRole('textbox', { name: `กรองรายการ${label}`, exact: true });
  if (await filter.count()) await filter.fill(code);
  const select = scope.getByRole('combobox', { name: label, exact: true });
  const option = select.locator('option').filter({ hasText: new RegExp(`^${code} `) });
  await option.waitFor({ state: 'attached', timeout: 15_000 });
  await select.selectOption(await option.getAttribute('value'));
}

/**
 * Clicks a filter's search and answers its result table (`name`, its caption) once it has loaded:
 * the table kit marks the area around the table `aria-busy` while its query runs (data-table.tsx),
 * so the wait is on that area, not on the table itself, which never carries the attribute.
 */
export async function searched(panel: Locator, name: string): Promise<Locator> {
  await panel.getByRole('button', { name: 'ค้นหา', exact: true }).click();
  const table = panel.getByRole('table', { name, exact: true });
  await table.waitFor();
  await expect.poll(() => panel.locator('[aria-busy="true"]').count()).toBe(0);
  return table;
}

/** A table's body rows as their cells' texts by column header. */
export function tableRows(table: Locator): Promise<Record<string, string>[]> {
  return table.evaluate((element) => {
    const headers = [...element.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
    return [...element.querySelectorAll('tbody tr')].map((tr) =>
      Object.fromEntries(
        [...tr.querySelectorAll('td')].map((td, i) => [headers[i], td.textContent?.trim() ?? '']),
      ),
    );
  });
}

/** A number as the screen writes it ('1,234.500', '−9'). */
export const numberIn = (text: string | undefined) =>
  Number((text ?? '').replace(/,/g, '').replace('−', '-'));

/** Chooses a radio or ticks a box by its label, as a finger does (the input itself is visually hidden). */
export async function tick(page: Page, input: Locator) {
  await page.locator('label').filter({ has: input }).first().click();
  await expect.poll(() => input.isChecked()).toBe(true);
}

/** Clicks what starts a download and returns the file as the browser saved it, with its name. */
export async function downloadOf(page: Page, start: () => Promise<unknown>) {
  const [download] = await Promise.all([page.waitForEvent('download'), start()]);
  // A browser reached over the network keeps its downloads: read through the connection.
  const bytes = await buffer(await download.createReadStream());
  return { name: download.suggestedFilename(), bytes };
}

/** A full-page screenshot under test-results/, to look at what the test saw. */
export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
}
