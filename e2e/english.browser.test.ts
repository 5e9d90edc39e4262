import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_PRODUCT_REPORT_KEYS } from '../client/src/features/reports/report-keys';
import { acceptsTxnId, menuCatalogue } from '../client/src/platform/menu-catalogue';
import { connectBrowser, type SharedServer, serverSql, sharedServer } from './shared';

// Issue 21: with English chosen, no screen shows Thai outside proper names that have no English form
// (docs/languages.md). The screens are enumerated from the client's route tree (routeTree.gen.ts) and
// the menu catalogue, so a new route or catalogue key is visited without touching this file; a new
// route with a path parameter the file cannot fill fails the test until it learns how.

const root = join(import.meta.dirname, '..');
const THAI = /[\u0E00-\u0E7F]/;
const ADMIN = 'admin.demo';
const DONOR = 'donor.demo@example.com';

/**
 * The one allow-list: Thai that may show in English, each with why. `exact` values must be a whole
 * text (a label); the others may stand inside a longer text (a name in "Created by …").
 */
interface Allowed {
  reason: string;
  exact?: boolean;
  values?(): Promise<string[]> | string[];
  /** Text inside elements that match is allowed whatever it says. */
  inside?: string;
}

const column = (sqlText: string) => async () =>
  (await serverSql<{ v: string | null }>(sqlText)).map((r) => r.v ?? '').filter((v) => THAI.test(v));

/** The text columns of the documents' own tables: what people typed (a remark, a purpose, a reason). */
async function typedDocumentTexts(): Promise<string[]> {
  const columns = await serverSql<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
     where table_schema = current_schema() and table_name like 'doc\\_%'
       and data_type in ('character varying', 'text') and column_name not in ('number', 'status', 'lot')`,
  );
  if (columns.length === 0) return [];
  return column(
    columns.map((c) => `select "${c.column_name}"::text as v from "${c.table_name}"`).join(' union '),
  )();
}

const ALLOWED: Allowed[] = [
  {
    reason:
      'A field that is Thai by declaration (an item’s Thai name, a receipt’s amount in Thai words), marked lang="th"',
    inside: '[lang="th"]',
  },
  {
    reason: 'The language switcher names Thai in Thai, so a Thai reader finds it on an English page',
    exact: true,
    values: () => ['ไทย'],
  },
  {
    reason: 'The language switcher’s label and its spoken description (language.switchTo, switchLabel)',
    values: () => ['เปลี่ยนเป็นภาษาไทย', 'ภาษาไทย'],
  },
  {
    reason: 'The product’s name, น้ำใจ, is a proper name: the logo and page titles write it in both scripts',
    values: () => ['น้ำใจ'],
  },
  {
    reason: 'People’s names without an English form in the data (app_user.first_name_en empty)',
    values: column(
      `select coalesce(title_th, '') || first_name_th as v from app_user where coalesce(first_name_en, '') = ''
       union select first_name_th from app_user where coalesce(first_name_en, '') = ''
       union select last_name_th from app_user where coalesce(last_name_en, '') = ''`,
    ),
  },
  {
    reason: 'Donors (people and organisations) without an English name (ref_donator.name_en empty)',
    values: column(`select name_th as v from ref_donator where coalesce(name_en, '') = ''`),
  },
  {
    reason: 'A receipt keeps the donor’s name as it was printed on it, in Thai (donation_receipt.donor_name)',
    values: column(`select donor_name as v from donation_receipt`),
  },
  {
    reason: 'User groups have one name, in Thai (user_group.name; docs/languages.md)',
    values: column(`select name as v from user_group`),
  },
  {
    reason: 'A unit’s street address and opening hours are typed in Thai and have no English form',
    values: column(
      `select address_line as v from organisation_unit union select opening_hours from organisation_unit`,
    ),
  },
  {
    reason: 'Counting units’ abbreviations (ล., กก.) are Thai only: the data has no English abbreviation',
    values: column(`select abbreviation as v from ref_counting_unit`),
  },
  {
    reason: 'A bank branch is typed as the bank names it, in Thai (ref_money_account.branch)',
    values: column(`select branch as v from ref_money_account`),
  },
  {
    reason: 'Royal decorations’ official abbreviations are Thai (ร.ง.ภ.); their names have English forms',
    values: column(`select abbreviation as v from royal_decoration_class`),
  },
  {
    reason: 'What people typed on documents (remarks, purposes, reasons) stays as they typed it',
    values: typedDocumentTexts,
  },
  {
    reason: 'What a document said before an edit, as its history shows it (before → after): typed text too',
    values: column(
      `select c->>'before' as v from document_history, jsonb_array_elements(changes) c
       union select c->>'after' from document_history, jsonb_array_elements(changes) c`,
    ),
  },
  {
    reason:
      'Reference items saved without an English name (name_en empty): shown by their Thai name, as the data has no other',
    values: referenceNamesWithoutEnglish,
  },
  {
    reason: 'An attached file keeps the name it was uploaded with',
    values: column(`select file_name as v from attachment`),
  },
];

/** The Thai names of reference items (tables ref_*) whose English name was left empty. */
async function referenceNamesWithoutEnglish(): Promise<string[]> {
  const tables = await serverSql<{ table_name: string }>(
    `select table_name from information_schema.columns
     where table_schema = current_schema() and table_name like 'ref\\_%' and column_name = 'name_en'
       and table_name in (select table_name from information_schema.columns
                          where table_schema = current_schema() and column_name = 'name_th')`,
  );
  if (tables.length === 0) return [];
  return column(
    tables
      .map((t) => `select name_th as v from "${t.table_name}" where coalesce(name_en, '') = ''`)
      .join(' union '),
  )();
}

interface Offence {
  screen: string;
  text: string;
}

/** The route tree's full paths (client/src/routeTree.gen.ts, written by the TanStack Router plugin). */
function routePaths(): string[] {
  const source = readFileSync(join(root, 'client/src/routeTree.gen.ts'), 'utf8');
  const body = source.match(/export interface FileRoutesByFullPath \{([\s\S]*?)\n\}/)?.[1] ?? '';
  return [...body.matchAll(/^\s*'([^']+)':/gm)].map((m) => m[1]);
}

/** Requests still open (data, chunks, fonts), to wait for a screen's data without a fixed sleep. */
function trackRequests(page: Page) {
  const open = new Set<unknown>();
  const done = (request: unknown) => open.delete(request);
  page.on('request', (request) => {
    if (request.resourceType() !== 'eventsource' && request.resourceType() !== 'websocket') open.add(request);
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return { open: () => open.size };
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

describe('English stays English', () => {
  it('shows no Thai on any public or back-office screen with English chosen, outside the allow-list', async () => {
    const started = Date.now();
    const paths = routePaths();
    expect(paths.length).toBeGreaterThan(20);

    // Back-office screens to fill path parameters: every catalogue key, every in-product report, and a
    // document of each type on the view routes that take a transaction id.
    const { demoAccounts } = await server.graphql<{ demoAccounts: { username: string; password: string }[] }>(
      '{ demoAccounts { username password } }',
    );
    const password = demoAccounts.find((a) => a.username === ADMIN)?.password ?? '';
    const { login } = await server.graphql<{ login: { token: string } }>(
      'mutation ($u: String!, $p: String!) { login(username: $u, password: $p) { token } }',
      { u: ADMIN, p: password },
    );
    const { documentTypes } = await server.graphql<{
      documentTypes: { type: string; labelEn: string; screens: { key: string; mode: string }[] }[];
    }>('{ documentTypes { type labelEn screens { key mode } } }');
    const firstDocument = new Map<string, number>();
    for (const { type } of documentTypes) {
      const { documents } = await server.graphql<{ documents: { items: { id: number }[] } }>(
        'query ($type: DocumentTypeName!) { documents(type: $type, rows: 1) { items { id } } }',
        { type },
        login.token,
      );
      if (documents.items[0]) firstDocument.set(type, documents.items[0].id);
    }
    const txnPaths = menuCatalogue
      .filter((entry) => acceptsTxnId(entry.key))
      .flatMap((entry) =>
        documentTypes
          .filter((t) => firstDocument.has(t.type) && t.screens.some((s) => s.key === entry.key))
          .map((t) => `/backoffice/${entry.key}/${firstDocument.get(t.type)}`),
      );
    const expand: Record<string, () => string[]> = {
      '/backoffice/$': () => ['/backoffice/no-such-screen'],
      '/backoffice/$key': () => menuCatalogue.map((entry) => `/backoffice/${entry.key}`),
      '/backoffice/$key/$txnId': () => txnPaths,
      '/backoffice/reports/$key': () =>
        [...IN_PRODUCT_REPORT_KEYS].map((key) => `/backoffice/reports/${key}`),
    };
    const unknown = paths.filter((p) => p.includes('$') && !expand[p]);
    expect(unknown, 'routes with a parameter this test cannot fill').toEqual([]);
    const isLogout = (p: string) => p.endsWith('/logout');
    const publicPaths = paths.filter((p) => !p.startsWith('/backoffice') && !p.startsWith('/user/'));
    const donorPaths = paths.filter((p) => p.startsWith('/user/') && !isLogout(p));
    const backofficeStatic = paths.filter(
      (p) => p.startsWith('/backoffice') && !p.includes('$') && !isLogout(p),
    );
    const backofficeScreens = [
      ...backofficeStatic,
      ...paths.filter((p) => p.includes('$')).flatMap((p) => expand[p]()),
    ];

    const lists = await Promise.all(ALLOWED.map(async (a) => ({ ...a, list: (await a.values?.()) ?? [] })));
    const exact = new Set(lists.filter((a) => a.exact).flatMap((a) => a.list));
    // Longest first across every entry, so a surname does not break up the group name it is part of.
    const parts = [...new Set(lists.filter((a) => !a.exact).flatMap((a) => a.list))].sort(
      (x, y) => y.length - x.length,
    );
    const allowedInside = ALLOWED.flatMap((a) => (a.inside ? [a.inside] : [])).join(', ');
    const isAllowed = (text: string) => {
      if (exact.has(text)) return true;
      // A name cut short to fit (a chart's axis label, "สมใจ ผู้บริจา…").
      if (text.endsWith('…') && parts.some((value) => value.startsWith(text.slice(0, -1).trim())))
        return true;
      let rest = text;
      for (const value of parts) rest = rest.split(value).join(' ');
      return !THAI.test(rest);
    };

    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-GB',
      timezoneId: 'Asia/Bangkok',
    });
    const page = await context.newPage();
    const requests = trackRequests(page);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
    const offences: Offence[] = [];
    const visited: string[] = [];

    /** Waits until no request is open, nothing is busy and the English page is drawn, for 150 ms. */
    async function settle() {
      const deadline = Date.now() + 20_000;
      let quietSince = Date.now();
      for (;;) {
        const busy =
          requests.open() > 0 ||
          (Date.now() - quietSince >= 80 &&
            (await page.evaluate(
              () =>
                !!document.querySelector(
                  'html[data-language-pending], [aria-busy="true"], .chakra-spinner, .chakra-skeleton',
                ),
            )));
        if (busy) quietSince = Date.now();
        else if (Date.now() - quietSince >= 120) return;
        if (Date.now() > deadline) throw new Error(`${page.url()} still loading after 20 s`);
        await page.waitForTimeout(25);
      }
    }

    /** Every visible text, and the placeholder, title, alt and aria-label texts, with Thai in them. */
    async function collect(screen: string) {
      visited.push(screen);
      // ENGLISH_SCREENSHOTS=<folder>: a picture of every screen, to look at by eye.
      const shots = process.env.ENGLISH_SCREENSHOTS;
      if (shots) {
        const name = screen.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
        await page.screenshot({
          path: join(shots, `${String(visited.length).padStart(3, '0')}-${name}.png`),
        });
      }
      if (process.env.ENGLISH_TRACE) console.log(`${((Date.now() - started) / 1000).toFixed(1)} ${screen}`);
      const texts = await page.evaluate((inside) => {
        // Text allowed by where it stands is left out: hidden while the body's text is read.
        const hidden = [...document.querySelectorAll<HTMLElement>(inside)].map((el) => {
          const before = el.style.visibility;
          el.style.visibility = 'hidden';
          return () => {
            el.style.visibility = before;
          };
        });
        const found = [document.title, document.body.innerText];
        for (const restore of hidden) restore();
        for (const el of document.querySelectorAll('[placeholder], [title], [aria-label], [alt]')) {
          for (const attr of ['placeholder', 'title', 'aria-label', 'alt']) {
            const value = el.getAttribute(attr);
            if (value) found.push(value);
          }
        }
        return found;
      }, allowedInside);
      const seen = new Set<string>();
      for (const text of texts.flatMap((t) => t.split(/[\n\t]/))) {
        const trimmed = text.trim();
        if (!THAI.test(trimmed) || seen.has(trimmed) || isAllowed(trimmed)) continue;
        seen.add(trimmed);
        offences.push({ screen, text: trimmed });
      }
    }

    /** Goes to a path inside the app without reloading it (the router follows popstate). */
    async function visit(path: string) {
      await page.evaluate((to) => {
        window.history.pushState(window.history.state, '', to);
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      }, path);
      await settle();
    }

    const detailsDone = new Set<string>();
    /** The screen, then each of its tabs, and the first row's details of each list not opened yet. */
    async function inspect(path: string) {
      const from = Date.now();
      await visit(path);
      if (process.env.ENGLISH_TRACE) console.log(`visit ${path} ${Date.now() - from} ms`);
      await collect(path);
      await openDetails(path);
      const tabsDone = new Set<string>();
      for (;;) {
        const tabs = page.getByRole('tab');
        const infos = await tabs.evaluateAll((els) =>
          els.map((el) => ({
            key: `${el.id}|${el.textContent}`,
            selected: el.getAttribute('aria-selected') === 'true',
          })),
        );
        for (const info of infos) if (info.selected) tabsDone.add(info.key);
        const next = infos.map((info, i) => ({ ...info, i })).findLast((info) => !tabsDone.has(info.key));
        if (!next) break;
        tabsDone.add(next.key);
        await tabs.nth(next.i).click();
        await settle();
        const label = next.key.split('|')[1];
        await collect(`${path} [tab ${label}]`);
        await openDetails(`${path} [tab ${label}]`);
      }
    }

    async function openDetails(screen: string) {
      const tables = page.locator('table:has(caption):visible');
      for (let t = 0; t < (await tables.count()); t++) {
        const table = tables.nth(t);
        const caption = (await table.locator('caption').textContent())?.trim() ?? '';
        if (detailsDone.has(caption)) continue;
        const button = table.getByRole('button', { name: 'Details', exact: true }).first();
        if (!(await button.count())) continue;
        detailsDone.add(caption);
        await button.click();
        const dialog = page.getByRole('dialog');
        await dialog.first().waitFor();
        await settle();
        await collect(`${screen} [details of ${caption}]`);
        await page.keyboard.press('Escape');
        await dialog.first().waitFor({ state: 'detached' });
      }
    }

    // English is chosen as a visitor chooses it, with the switcher; the choice is kept from then on.
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'Switch language to English' }).click();
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('en');
    await settle();

    for (const path of publicPaths) await inspect(path);
    for (const path of backofficeStatic) await inspect(path);

    // The donor's own pages, as the demo donor.
    await visit('/login');
    await page.getByRole('button', { name: `Use demo account ${DONOR}` }).click();
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(/\/user\//);
    await settle();
    for (const path of donorPaths) await inspect(path);
    await inspect('/user/logout');

    // The back office as the administrator, who holds every menu.
    await visit('/backoffice/login');
    await page.getByRole('button', { name: `Use demo account ${ADMIN}` }).click();
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor();
    for (const path of backofficeScreens) await inspect(path);
    if (process.env.ENGLISH_SCREENSHOTS) {
      // The same screen back in Thai, for the eye: the switch still gives a Thai page.
      await visit('/backoffice/view-donate-money');
      await page
        .getByRole('button', { name: /^ไทย|ภาษาไทย/ })
        .first()
        .click();
      await expect.poll(() => page.getAttribute('html', 'lang')).toBe('th');
      await settle();
      await page.screenshot({ path: join(process.env.ENGLISH_SCREENSHOTS, 'thai-view-donate-money.png') });
      await page
        .getByRole('button', { name: /English/ })
        .first()
        .click();
      await settle();
    }
    await inspect('/backoffice/logout');
    await context.close();

    // Every type with a document in the data has had one opened; a type without any is named.
    const missingDetails = documentTypes
      .filter((t) => firstDocument.has(t.type) && !detailsDone.has(t.labelEn))
      .map((t) => t.type);
    const noDocuments = documentTypes.filter((t) => !firstDocument.has(t.type)).map((t) => t.type);
    const report = offences.map((o) => `${o.screen}: ${o.text}`).join('\n');
    console.log(
      `English check: ${visited.length} screens in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        `details opened: ${[...detailsDone].join(', ')}; no document to open: ${noDocuments.join(', ') || 'none'}; ` +
        `${offences.length} Thai texts` +
        (report ? `\n${report}` : ''),
    );
    expect(pageErrors).toEqual([]);
    expect(missingDetails, 'document types whose details were not opened').toEqual([]);
    expect(report).toBe('');
  }, 480_000);
});
