import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, type SharedServer, sharedServer } from './shared';

// axe-core on every public page (specification sec. 2), in Thai and in English, on a phone and on a
// desktop screen: no serious or critical violation of WCAG 2.1 A and AA (issue 11; product-decisions
// sec. 8). The pages are checked as a visitor sees them once their data has arrived.

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const PUBLIC_PAGES = [
  '/',
  '/near-me',
  '/short-supply',
  '/pdpa',
  '/about',
  '/login',
  '/signup',
  '/donate-money-by-bank-transfer',
  '/reqs-receipt-donation-resource',
  '/reqs-receipt-donation-money',
];

const SCREENS = {
  phone: { width: 375, height: 740 },
  desktop: { width: 1280, height: 900 },
} as const;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html?: string; failureSummary?: string }[];
}

let server: SharedServer;
let browser: Browser;

beforeAll(async () => {
  server = sharedServer();
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The page once it has settled: the app has taken over from the prerendered copy (whose controls are
 * disabled), its requests are done, nothing is still loading.
 */
async function settle(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.locator('header button:not([disabled])').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page
    .getByRole('status')
    .filter({ hasText: /กำลังโหลดข้อมูล|Loading/ })
    .first()
    .waitFor({ state: 'detached' });
}

async function seriousViolations(page: Page): Promise<Violation[]> {
  // Evaluated over DevTools, which the page's Content-Security-Policy does not govern.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: Violation[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      ...v,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
}

describe('accessibility of the public pages (axe-core)', () => {
  for (const language of ['th', 'en'] as const) {
    for (const [screen, viewport] of Object.entries(SCREENS)) {
      it(`finds no serious or critical violation in ${language === 'th' ? 'Thai' : 'English'} on a ${screen}`, async () => {
        const context = await browser.newContext({ viewport, locale: 'th-TH', timezoneId: 'Asia/Bangkok' });
        // The language a visitor chose earlier, as the language switch stores it.
        await context.addInitScript((lang) => window.localStorage.setItem('namjai.language', lang), language);
        const page = await context.newPage();
        const found: Record<string, Violation[]> = {};
        try {
          for (const path of PUBLIC_PAGES) {
            await page.goto(`${server.url}${path}`);
            await settle(page);
            expect(await page.getAttribute('html', 'lang'), path).toBe(language);
            const violations = await seriousViolations(page);
            if (violations.length) found[path] = violations;
          }
        } finally {
          await context.close();
        }
        expect(found).toEqual({});
      });
    }
  }
});
