import { launchChromium } from './chromium';
import { startBuiltServer } from './server';

const server = await startBuiltServer();
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'th-TH' });
  page.on('pageerror', (e) => console.log('pageerror', String(e)));
  page.on('console', (m) => console.log('console', m.type(), m.text()));
  await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
  await page.getByRole('navigation').first().getByRole('link', { name: /ใกล้ฉัน/ }).click();
  await page.waitForURL('**/near-me');
  for (let i = 0; i < 10; i++) {
    await page.waitForTimeout(1000);
    const h1 = await page.locator('h1').allTextContents();
    console.log(i, h1);
    if (!h1.join().includes('ร่วมส่ง')) break;
  }
  await page.screenshot({ path: '/tmp/perf11-shots/nav.png' });
} finally {
  await browser.close();
  await server.stop();
}
