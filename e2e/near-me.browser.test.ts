import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceKm } from '../client/src/features/near-me/distance';
import { connectBrowser, type SharedServer, sharedServer } from './shared';

// Near me as a visitor in Songkhla uses it: they share their location, the nearest donation point
// comes first, and the map draws every point on the bundled outline of Thailand without the
// internet (every request off this server is refused).

const artifacts = join(import.meta.dirname, '..', 'test-results');
// A visitor in Hat Yai, about 25 km from the Songkhla provincial office.
const HAT_YAI = { latitude: 7.0086, longitude: 100.4747 };

interface Point {
  code: string;
  nameTh: string;
  latitude: number | null;
  longitude: number | null;
}

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

describe('near me in Chromium against the built server', () => {
  it('lists the nearest donation point first from the shared location, with the map drawn offline', async () => {
    const { donationPoints } = await server.graphql<{ donationPoints: Point[] }>(
      '{ donationPoints { code nameTh latitude longitude } }',
    );
    const placed = donationPoints.filter((p) => p.latitude !== null && p.longitude !== null);
    const nearestFirst = [...placed].sort(
      (a, b) =>
        distanceKm(HAT_YAI, { latitude: a.latitude as number, longitude: a.longitude as number }) -
        distanceKm(HAT_YAI, { latitude: b.latitude as number, longitude: b.longitude as number }),
    );
    expect(nearestFirst.length).toBeGreaterThan(3);

    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'th-TH',
      timezoneId: 'Asia/Bangkok',
      geolocation: HAT_YAI,
      permissions: ['geolocation'],
    });
    // No internet: only this server answers; anything else is refused and recorded.
    const refused: string[] = [];
    const origin = new URL(server.url).origin;
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.origin === origin || url.protocol === 'data:' || url.protocol === 'blob:')
        return route.continue();
      refused.push(url.href);
      return route.abort('internetdisconnected');
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}/near-me`);
    await page.getByRole('heading', { level: 1, name: 'จุดรับบริจาคใกล้ฉัน' }).waitFor();

    await page.getByRole('button', { name: 'ใช้ตำแหน่งปัจจุบันของฉัน' }).click();
    await page.getByText('เรียงจากใกล้ไปไกล นับจากตำแหน่งปัจจุบันของท่าน').waitFor();
    const list = page.getByRole('list', { name: /จุดรับบริจาค/ });
    const names = await list.getByRole('heading', { level: 3 }).allTextContents();
    expect(names.slice(0, 3)).toEqual(nearestFirst.slice(0, 3).map((p) => p.nameTh));
    const first = list.getByRole('listitem').first();
    const km = distanceKm(HAT_YAI, {
      latitude: nearestFirst[0].latitude as number,
      longitude: nearestFirst[0].longitude as number,
    });
    expect(await first.textContent()).toContain(`${km.toFixed(km < 10 ? 1 : 0)} กม.`);
    const directions = await first.getByRole('link', { name: /เส้นทาง/ }).getAttribute('href');
    expect(directions).toContain(`${(nearestFirst[0].latitude as number).toFixed(5)}`);

    // The map: the outline of Thailand (no tiles are configured) and one marker a placed point, plus
    // the visitor's own position.
    const map = page.getByRole('region', { name: 'แผนที่จุดรับบริจาค' });
    await map.locator('path.leaflet-interactive').first().waitFor();
    const outline = map.locator('.leaflet-overlay-pane path:not(.leaflet-interactive)');
    expect(await outline.count()).toBeGreaterThanOrEqual(6);
    await expect.poll(() => map.locator('path.leaflet-interactive').count()).toBe(placed.length + 1);
    expect(await map.locator('img.leaflet-tile').count()).toBe(0);
    await page.screenshot({ path: join(artifacts, 'near-me-phone.png'), fullPage: true });

    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('falls back to a chosen province when the visitor does not share their location', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'th-TH',
      timezoneId: 'Asia/Bangkok',
      permissions: [],
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/near-me`);
    await page.getByRole('button', { name: 'ใช้ตำแหน่งปัจจุบันของฉัน' }).click();
    await page.getByText('ไม่ได้รับอนุญาตให้ใช้ตำแหน่งของท่าน').waitFor();
    const province = page.getByRole('combobox', { name: 'หรือเลือกจังหวัด' });
    await expect.poll(() => province.evaluate((el) => el === document.activeElement)).toBe(true);
    await province.selectOption({ label: 'เชียงใหม่' });
    await page.getByText('เรียงจากใกล้ไปไกล นับจากใจกลางจังหวัดเชียงใหม่').waitFor();
    const first = page
      .getByRole('list', { name: /จุดรับบริจาค/ })
      .getByRole('heading', { level: 3 })
      .first();
    expect(await first.textContent()).toContain('เชียงใหม่');
    await context.close();
  });
});
