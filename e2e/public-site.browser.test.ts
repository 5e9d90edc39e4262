import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, type SharedServer, sharedServer, serverSql as sql } from './shared';

const artifacts = join(import.meta.dirname, '..', 'test-results');
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

async function openPage(path: string, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport, locale: 'th-TH', timezoneId: 'Asia/Bangkok' });
  const page = await context.newPage();
  const foreign: string[] = [];
  const responses: { url: string; status: number }[] = [];
  const requests: { path: string; type: string; request: Request }[] = [];
  page.on('response', (res) => responses.push({ url: new URL(res.url()).pathname, status: res.status() }));
  page.on('request', (req) => {
    const url = new URL(req.url());
    requests.push({ path: url.pathname, type: req.resourceType(), request: req });
    if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== server.url) foreign.push(req.url());
  });
  const response = await page.goto(`${server.url}${path}`);
  return { page, response, foreign, responses, requests, close: () => context.close() };
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

    // The startup reference lists of spec sec. 3 are loaded once, when the app has drawn the page.
    const startup = ['province-tree', 'bank', 'ministry-tree', 'ministry-tree2', 'title-name'].map(
      (l) => `/api/common/${l}`,
    );
    await expect
      .poll(() => startup.filter((u) => responses.some((r) => r.url === u && r.status === 200)).length, {
        timeout: 15_000,
      })
      .toBe(5);
    expect(responses.filter((r) => r.url === '/api/common/province-tree')).toHaveLength(1);

    await page.screenshot({ path: join(artifacts, 'home.png'), fullPage: true });
    expect(foreign).toEqual([]);
    await close();
  });

  it('draws / before it asks for the app or the startup lists (the province tree after the first paint)', async () => {
    // A phone's view (Lighthouse's simulated phone counts every request made before the first paint
    // is on screen as part of it): docs/public-site.md, "Lighthouse as a phone sees it". Requests are
    // timed from the browser's side (the startup lists come from a worker, whose requests are not in
    // the page's Resource Timing).
    const { page, requests, close } = await openPage('/', { width: 412, height: 823 });
    // A request's timing is complete once its answer has come.
    const startOf = async (request: Request) => {
      await request.response();
      return request.timing().startTime;
    };
    const startedAt = (part: string) =>
      Promise.all(requests.filter((r) => r.path.includes(part)).map((r) => startOf(r.request)));
    // The province tree's request is there once the app has drawn the page and the lists' worker runs.
    await expect
      .poll(async () => (await startedAt('/api/common/province-tree')).length, { timeout: 30_000 })
      .toBe(1);
    const { firstPaint, entry } = await page.evaluate(() => ({
      // As the requests' start times: milliseconds since 1970.
      firstPaint:
        performance.timeOrigin +
        (performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN),
      // index.html's entry is the one script the page asks for before it paints.
      entry: new URL(document.querySelector<HTMLScriptElement>('script[type="module"]')?.src ?? '').pathname,
    }));
    expect(firstPaint).toBeGreaterThan(0);
    const [app] = await startedAt('/assets/app-main-');
    expect(app).toBeGreaterThan(firstPaint);
    // React, the translations and the router come before the app, each evaluated in a task of its
    // own (main.tsx), and none of them before the paint either.
    const chunks = await Promise.all(
      requests
        .filter((r) => /^\/assets\/.*\.js$/.test(r.path) && r.path !== entry)
        .map((r) => startOf(r.request)),
    );
    expect(chunks.length).toBeGreaterThan(3);
    expect(Math.min(...chunks)).toBeGreaterThan(firstPaint);
    expect((await startedAt('/api/common/province-tree'))[0]).toBeGreaterThan(app);
    // The home page's four queries are asked for once each, after the paint (the home page asks for
    // them as it opens, not beside the app's code: platform/page-data.ts says why).
    const queries = await startedAt('/graphql');
    expect(queries).toHaveLength(4);
    expect(Math.min(...queries)).toBeGreaterThan(firstPaint);
    // Nothing holds the first frame (docs/public-site.md): the page's stylesheet and its language
    // script are inline, so neither is fetched; the fonts are preloaded from the end of the body.
    expect(requests.filter((r) => r.type === 'stylesheet' || r.path === '/language.js')).toEqual([]);
    const head = await page.evaluate(() => ({
      preloadsInHead: document.head.querySelectorAll('link[rel="preload"]').length,
      preloadsInBody: document.body.querySelectorAll('link[rel="preload"][as="font"]').length,
      inlineScripts: [...document.head.querySelectorAll('script:not([src])')].length,
      styles: document.head.querySelectorAll('style').length,
    }));
    expect(head).toEqual({ preloadsInHead: 0, preloadsInBody: 6, inlineScripts: 1, styles: 2 });
    expect(await page.evaluate(() => document.styleSheets.length)).toBe(2);
    await close();
  });

  it("keeps the loading placeholders still for their first 1.2 s, a button's spinner turning at once", async () => {
    // A moving placeholder makes frames on the page's main thread while the app starts
    // (docs/public-site.md, "Start-up in short tasks"). The prerendered copy, without the app, keeps
    // the home page's placeholders and the short-supply page's loading state on screen.
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'th-TH' });
    const page = await context.newPage();
    const delays = () =>
      page.evaluate(() =>
        document.getAnimations().map((a) => {
          const target = (a.effect as KeyframeEffect).target as Element;
          return { className: target.className, delay: a.effect?.getTiming().delay };
        }),
      );
    await page.goto(`${server.url}/`);
    // The lists' placeholders are in a `content-visibility: auto` section: they are styled, and get
    // their animations, once a rendering update has found the section near the screen, which may
    // come just after the load event (a run counted the 4 outside it only).
    const skeletons = async () => (await delays()).filter((a) => a.className.includes('ps-skeleton')).length;
    await expect.poll(skeletons, { timeout: 10_000 }).toBeGreaterThan(5);
    const home = await delays();
    for (const a of home) expect(a.delay).toBe(1200);
    await page.goto(`${server.url}/short-supply`);
    expect(await delays()).toEqual([{ className: 'ps-spinner', delay: 1200 }]);
    // The spinner of a button in progress (here one set up as the transfer form's is) does not wait.
    const button = await page.evaluate(() => {
      const spinner = document.createElement('span');
      spinner.className = 'ps-spinner pf-on-solid';
      document.body.append(spinner);
      return spinner.getAnimations()[0]?.effect?.getTiming().delay;
    });
    expect(button).toBe(0);
    await context.close();
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
    // English is a part of its own, fetched at the switch: on a loaded machine that takes seconds.
    await expect.poll(() => page.getAttribute('html', 'lang'), { timeout: 15_000 }).toBe('en');
    await page.reload();
    await expect.poll(() => page.getAttribute('html', 'lang'), { timeout: 15_000 }).toBe('en');
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

  it('the short-supply page shows a resource once its stock drops below the minimum', async () => {
    const STORAGE = 'ST-P28-DON';
    const RESOURCE = 'WATER-600';
    const [target] = await sql<{
      storage_id: number;
      resource_id: number;
      province_id: number;
      province_th: string;
      resource_th: string;
      unit_th: string | null;
    }>(
      `select s.id as storage_id, r.id as resource_id, o.province_id, gp.name_th as province_th,
         r.name_th as resource_th, u.name_th as unit_th
       from ref_storage s join organisation_unit o on o.id = s.owner_unit_id
       join geo_province gp on gp.id = o.province_id, ref_resource r
       left join ref_counting_unit u on u.id = r.counting_unit_id
       where s.code = $1 and r.code = $2`,
      [STORAGE, RESOURCE],
    );
    // A minimum of 500 in the storage: what the province needs is its minimums less what it has.
    await sql(
      `insert into ref_resource_minimum (code, name_th, resource_id, storage_id, minimum_quantity, status_code, created_at, updated_at)
       values ('E2E-MIN', 'ขั้นต่ำทดสอบ', $1, $2, 500, 'A', now(), now())`,
      [target.resource_id, target.storage_id],
    );
    const [{ needed }] = await sql<{ needed: string }>(
      `with minimum as (
         select m.storage_id, m.minimum_quantity from ref_resource_minimum m
         join ref_storage s on s.id = m.storage_id and s.status_code = 'A'
         join organisation_unit o on o.id = s.owner_unit_id and o.active
         where m.status_code = 'A' and m.resource_id = $1 and o.province_id = $2)
       select ((select sum(minimum_quantity) from minimum) - coalesce((select sum(on_hand - reserved)
         from stock_balance where resource_id = $1 and storage_id in (select storage_id from minimum)), 0))::int::text as needed`,
      [target.resource_id, target.province_id],
    );
    expect(Number(needed)).toBeGreaterThan(0);
    const [point] = await sql<{ name_th: string }>(
      'select name_th from organisation_unit where active and accepts_donations and province_id = $1 order by code limit 1',
      [target.province_id],
    );

    const { page, requests, close } = await openPage('/short-supply', { width: 375, height: 740 });
    const province = page.getByRole('region', { name: target.province_th, exact: true });
    const row = province.getByRole('row').filter({ hasText: target.resource_th });
    await expect
      .poll(() => row.textContent(), { timeout: 15_000 })
      .toContain(`${Number(needed).toLocaleString('en-US')} ${target.unit_th ?? ''}`.trim());
    await province.getByRole('listitem').filter({ hasText: point.name_th }).first().waitFor();
    await page.screenshot({ path: join(artifacts, 'short-supply-phone.png'), fullPage: true });
    // The list was asked for once, beside the app's code, and the app drew that answer
    // (platform/page-data.ts): not asked for again when the page was drawn.
    const asked = (operation: string) =>
      requests.filter((r) => r.path === '/graphql' && r.request.postData()?.includes(`query ${operation}`));
    expect(asked('ShortSupply')).toHaveLength(1);
    expect(asked('AddressProvinces')).toHaveLength(1);

    // Goods arrive above the minimum, posted as the ledger posts a receipt: balance and movement.
    const [user] = await sql<{ id: number }>("select id from app_user where username = 'admin.demo'");
    await sql(
      `with b as (
         insert into stock_balance (storage_id, resource_id, lot, on_hand, unit_value, updated_at)
         values ($1, $2, 'E2E-GIFT', $3, 10, now()) returning *)
       insert into stock_movement (balance_id, storage_id, resource_id, lot, expiry_date, movement_type,
         quantity, reserved_delta, transit_delta, unit_value, document_type, document_id, created_by_id, created_at)
       select id, storage_id, resource_id, lot, expiry_date, 'RECEIVE', on_hand, 0, 0, unit_value, 'E2E_SEED', 1, $4, now()
       from b`,
      [target.storage_id, target.resource_id, Number(needed) + 1, user.id],
    );
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'รายการสิ่งของที่ขาดแคลน' }).waitFor();
    await page.getByText('กำลังโหลดข้อมูล…').waitFor({ state: 'detached', timeout: 15_000 });
    const rowsAfter = page
      .getByRole('region', { name: target.province_th, exact: true })
      .getByRole('row')
      .filter({ hasText: target.resource_th });
    expect(await rowsAfter.count()).toBe(0);
    await close();
  });

  it('logs requests with ids and without credentials, and no ajv strict-mode lines', async () => {
    const res = await fetch(`${server.url}/healthz?who=e2e-visitor@example.com`, {
      headers: { authorization: 'Bearer e2e-secret-token', 'x-request-id': 'e2e-log-line-1' },
    });
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    const output = server.output();
    // One line per request: its id, the route pattern, never the URL with its query.
    const line = output.split('\n').find((l) => l.includes('"reqId":"e2e-log-line-1"'));
    expect(line && JSON.parse(line)).toMatchObject({ msg: 'request', route: '/healthz', status: 200 });
    expect(output).not.toContain('e2e-secret-token');
    expect(output).not.toContain('e2e-visitor@example.com');
    expect(output).not.toMatch(/strict mode/i);
  });
});
