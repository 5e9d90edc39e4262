import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './chromium';
import { type RunningServer, startBuiltServer } from './server';

const artifacts = join(import.meta.dirname, '..', 'test-results');
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  [server, browser] = await Promise.all([startBuiltServer(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openPage(path: string, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport, locale: 'th-TH', timezoneId: 'Asia/Bangkok' });
  const page = await context.newPage();
  const foreign: string[] = [];
  const responses: { url: string; status: number }[] = [];
  page.on('response', (res) => responses.push({ url: new URL(res.url()).pathname, status: res.status() }));
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== server.url) foreign.push(req.url());
  });
  const response = await page.goto(`${server.url}${path}`);
  return { page, response, foreign, responses, close: () => context.close() };
}

/** The font faces Chromium actually used to draw the text of the first element matching `selector`. */
async function renderedFonts(page: Page, selector: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  return fonts;
}

describe('public site in Chromium against the built server', () => {
  it('shows the home page with live donation points, drawn in the bundled Sarabun', async () => {
    const { page, response, foreign, responses, close } = await openPage('/');
    expect(response?.status()).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe('th');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
      .toContain('ร่วมส่งต่อน้ำใจ');

    const { donationPointsByRegion } = await server.graphql<{
      donationPointsByRegion: { region: { nameTh: string }; count: number }[];
    }>('{ donationPointsByRegion { region { nameTh } count } }');
    const total = donationPointsByRegion.reduce((sum, r) => sum + r.count, 0);
    expect(total).toBeGreaterThan(0);
    await page.getByText(`รวม ${total} แห่ง`).waitFor();
    for (const { region, count } of donationPointsByRegion) {
      const card = page.getByRole('listitem').filter({ has: page.getByText(region.nameTh, { exact: true }) });
      await expect.poll(() => card.textContent()).toContain(`${count} แห่ง`);
    }
    const ministry = await server.graphql<{ organisationTree: { children: { nameTh: string }[] }[] }>(
      '{ organisationTree { children { nameTh } } }',
    );
    await page.getByText(ministry.organisationTree[0].children[0].nameTh).first().waitFor();

    await page.evaluate(() => document.fonts.ready);
    const fonts = await renderedFonts(page, 'h1');
    expect(fonts.map((f) => f.familyName)).toContain('Sarabun');
    expect(fonts.every((f) => f.isCustomFont && f.familyName === 'Sarabun')).toBe(true);
    const sarabunFaces = await page.evaluate(
      () =>
        [...document.fonts].filter((f) => f.family.replaceAll('"', '') === 'Sarabun' && f.status === 'loaded')
          .length,
    );
    expect(sarabunFaces).toBeGreaterThan(0);

    // The startup reference lists of spec sec. 3 are loaded once, straight away.
    const startup = ['province-tree', 'bank', 'ministry-tree', 'ministry-tree2', 'title-name'].map(
      (l) => `/api/common/${l}`,
    );
    await expect
      .poll(() => startup.filter((u) => responses.some((r) => r.url === u && r.status === 200)).length)
      .toBe(5);
    expect(responses.filter((r) => r.url === '/api/common/province-tree')).toHaveLength(1);

    await page.screenshot({ path: join(artifacts, 'home.png'), fullPage: true });
    expect(foreign).toEqual([]);
    await close();
  });

  it('answers an unknown path with the app (200) and renders the not-found page', async () => {
    const { page, response, close } = await openPage('/no-such-page');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'ไม่พบหน้าที่คุณต้องการ' }).waitFor();
    await page.getByRole('link', { name: 'กลับหน้าหลัก' }).click();
    await page.waitForURL(`${server.url}/`);
    await close();
  });

  it('switches to English and back, keeping the choice across a reload', async () => {
    const { page, close } = await openPage('/about');
    await page.getByRole('button', { name: 'Switch language to English' }).click();
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('en');
    await page.reload();
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('en');
    await page.getByRole('link', { name: 'Home' }).first().waitFor();
    await close();
  });

  it('shows the staff login screen at /backoffice and /backoffice/login', async () => {
    for (const path of ['/backoffice', '/backoffice/login']) {
      const { page, response, close } = await openPage(path);
      expect(response?.status()).toBe(200);
      await page.locator('input[type="password"]').waitFor();
      await close();
    }
  });

  it('fits a phone screen without sideways scrolling', async () => {
    const { page, close } = await openPage('/', { width: 375, height: 740 });
    await page.getByText('จุดรับบริจาคทั่วประเทศ').waitFor();
    // Measure the settled page: data loaded and the web font applied.
    await page.getByText(/^รวม \d+ แห่ง$/).waitFor();
    await page.evaluate(() => document.fonts.ready);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(artifacts, 'home-phone.png'), fullPage: true });
    await close();
  });

  it('logs requests with ids and without credentials', async () => {
    await fetch(`${server.url}/healthz`, { headers: { authorization: 'Bearer e2e-secret-token' } });
    await new Promise((r) => setTimeout(r, 200));
    expect(server.output()).toContain('"reqId"');
    expect(server.output()).not.toContain('e2e-secret-token');
  });
});
