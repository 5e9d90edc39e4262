
import { launchChromium } from './chromium';
import { startBuiltServer } from './server';

const server = await startBuiltServer();
const browser = await launchChromium();
try {
  for (const [w, h] of [[412, 900], [1280, 900]] as const) {
    const page = await browser.newPage({ viewport: { width: w, height: h }, locale: 'th-TH' });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    // The prerendered copy alone (no JavaScript).
    const nojs = await browser.newPage({ viewport: { width: w, height: h }, javaScriptEnabled: false });
    await nojs.goto(`${server.url}/`);
    await nojs.screenshot({ path: `/tmp/perf11-shots/prerendered-home-${w}.png`, fullPage: true });
    await nojs.close();
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    await page.screenshot({ path: `/tmp/perf11-shots/home-${w}.png`, fullPage: true });
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.js')).map((r) => r.name.split('/').pop()),
    );
    console.log(w, 'scripts on /', scripts.length, scripts.join(' '));
    await page.getByRole('link', { name: /ใกล้ฉัน/ }).first().click().catch(async () => {
      await page.getByRole('button', { name: /เมนู/ }).click();
      await page.getByRole('link', { name: /ใกล้ฉัน/ }).first().click();
    });
    await page.waitForURL('**/near-me');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `/tmp/perf11-shots/near-me-after-nav-${w}.png`, fullPage: false });
    await page.goto(`${server.url}/about`, { waitUntil: 'networkidle' });
    await page.screenshot({ path: `/tmp/perf11-shots/about-${w}.png`, fullPage: false });
    await page.goto(`${server.url}/backoffice/login`, { waitUntil: 'networkidle' });
    await page.screenshot({ path: `/tmp/perf11-shots/bo-login-${w}.png`, fullPage: false });
    console.log(w, 'errors', errors);
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
