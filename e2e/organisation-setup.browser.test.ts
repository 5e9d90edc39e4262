import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startBuiltServer } from './server';
import { connectBrowser, sharedServer } from './shared';

// A production install builds its organisation (issue 8): the built server on an empty database
// without demo data, only the first administrator from the environment. In the back office that
// administrator creates the ministry by hand, then imports the levels below it from a CSV file,
// first with a mistake the preview points out, then corrected, and finds the tree.

const artifacts = join(import.meta.dirname, '..', 'test-results');
const ADMIN = { username: 'first.admin', password: 'Ministry-first-admin-2569' };
const SCREEN = 'save-goverment-info';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  // An empty install cannot share the run's server, which has the demo data: a second process of the
  // same build on a database of its own, on the run's PostgreSQL (docs/decisions.md).
  [server, browser] = await Promise.all([
    startBuiltServer(
      { SEED_DEMO: 'false', ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
      { database: { on: sharedServer().adminUrl(), name: `namjai_e2e_empty_${process.pid}` } },
    ),
    connectBrowser(),
  ]);
  context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'th-TH',
    timezoneId: 'Asia/Bangkok',
    acceptDownloads: true,
  });
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const HEADER = 'code,nameTh,nameEn,officeType,parent,phone';
// Children before their parents: the import orders them.
const rows = (welfareParent: string) => [
  HEADER,
  'DSDW-P50-CM,ศูนย์พัฒนาสังคม เชียงใหม่,Social Development Centre Chiang Mai,6,DSDW-P50,053 111 222',
  `DSDW-WEL-RLF,กลุ่มงานสงเคราะห์ผู้ประสบภัย,Relief Division,4,${welfareParent},`,
  'DSDW-WEL,สำนักส่งเสริมและพัฒนาสวัสดิการ,Welfare Promotion Bureau,3,DSDW,',
  'DSDW-P50,สำนักงานพัฒนาสังคม เชียงใหม่,Chiang Mai Provincial Office,5,DSDW,',
  'DSDW,กรมพัฒนาสังคมและสวัสดิการ,Department of Social Development and Welfare,2,MSDHS,02 659 6300',
];
const csvFile = (lines: string[]) => ({
  name: 'หน่วยงาน.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8'),
});

async function shot(name: string) {
  await page.screenshot({ path: join(artifacts, `organisation-setup-${name}.png`), fullPage: true });
}

/** The government-info list (the first tab of its screen). */
function unitsTable(): Locator {
  return page.getByRole('table', { name: 'ส่วนราชการ', exact: true });
}

describe('building the organisation on an empty installation', () => {
  it('logs the first administrator in: no demo accounts, no units yet', async () => {
    await page.goto(`${server.url}/backoffice/login`);
    await page.getByRole('textbox', { name: 'ชื่อผู้ใช้' }).fill(ADMIN.username);
    await page.getByLabel('รหัสผ่าน', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: /^ยินดีต้อนรับ/ }).waitFor();
    await page.goto(`${server.url}/backoffice/${SCREEN}`);
    await unitsTable().waitFor();
    await page.getByText('ไม่พบข้อมูล', { exact: true }).first().waitFor();
    expect(await unitsTable().locator('tbody tr').count()).toBe(0);
  });

  it('creates the ministry by hand as the root of the tree', async () => {
    await page.getByRole('button', { name: 'เพิ่มส่วนราชการ', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'เพิ่มส่วนราชการ' });
    await dialog.getByRole('textbox', { name: 'รหัส', exact: true }).fill('MSDHS');
    await dialog
      .getByRole('textbox', { name: 'ชื่อภาษาไทย', exact: true })
      .fill('กระทรวงการพัฒนาสังคมและความมั่นคงของมนุษย์');
    await dialog
      .getByRole('textbox', { name: 'ชื่อภาษาอังกฤษ', exact: true })
      .fill('Ministry of Social Development and Human Security');
    await dialog.getByRole('combobox', { name: 'ประเภทหน่วยงาน', exact: true }).selectOption('1');
    await dialog.getByRole('button', { name: 'บันทึก', exact: true }).click();
    const closed = await dialog
      .waitFor({ state: 'hidden', timeout: 15_000 })
      .then(() => true)
      .catch(() => false);
    if (!closed) {
      await shot('root-refused');
      throw new Error(`the ministry was not saved: ${await dialog.innerText()}`);
    }
    await unitsTable().getByRole('row').filter({ hasText: 'MSDHS' }).waitFor();
  });

  it('imports the levels below from a CSV file: an error row first, then the corrected file', async () => {
    await page.getByRole('button', { name: 'นำเข้าจากไฟล์', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'นำเข้าส่วนราชการจากไฟล์' });
    await dialog.waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'ดาวน์โหลดแม่แบบ (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('goverment-info-import-template.csv');
    // A browser reached over the network keeps its downloads: read through the connection.
    const template = (await buffer(await download.createReadStream())).toString('utf8');
    expect(template.split('\r\n')[0]).toBe(
      '\uFEFFcode,nameTh,nameEn,officeType,parent,addressLine,subDistrict,latitude,longitude,phone,openingHours,acceptsDonations,taxId,receiptStatement,receiptSignerName,receiptSignerPosition',
    );

    const fileInput = dialog.getByLabel('ไฟล์ข้อมูล');
    await fileInput.setInputFiles(csvFile(rows('DSDW-WELL')));
    await dialog.getByRole('button', { name: 'ตรวจสอบไฟล์', exact: true }).click();
    const result = dialog.getByRole('table', { name: 'ผลการตรวจสอบไฟล์' });
    await result.waitFor();
    await shot('preview-with-error');
    // Only the refused row is listed at first; it says why in Thai.
    const bad = result.locator('tbody tr');
    expect(await bad.count()).toBe(1);
    expect(await bad.getAttribute('data-invalid')).toBe('true');
    expect(await bad.innerText()).toContain('3');
    expect(await bad.innerText()).toContain('สังกัด: ไม่พบสังกัด รหัส DSDW-WELL');
    expect(await dialog.getByRole('status').first().innerText()).toContain(
      'ทั้งหมด 5 แถว: เพิ่มใหม่ 4 แก้ไข 0 มีข้อผิดพลาด 1',
    );
    expect(await dialog.getByRole('button', { name: 'ยืนยันนำเข้า 5 แถว' }).isDisabled()).toBe(true);

    await fileInput.setInputFiles(csvFile(rows('DSDW-WEL')));
    await dialog.getByRole('button', { name: 'ตรวจสอบไฟล์', exact: true }).click();
    await dialog.getByText('ทุกแถวถูกต้อง', { exact: false }).waitFor();
    expect(await result.locator('tbody tr').count()).toBe(5);
    await dialog.getByRole('button', { name: 'ยืนยันนำเข้า 5 แถว' }).click();
    await page.getByText('นำเข้าส่วนราชการ 5 แถวเรียบร้อยแล้ว').waitFor();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('shows the imported units under their parents, in the list and in the organisation choices', async () => {
    const division = unitsTable().getByRole('row').filter({ hasText: 'DSDW-WEL-RLF' });
    await division.waitFor();
    expect(await division.innerText()).toContain('DSDW-WEL สำนักส่งเสริมและพัฒนาสวัสดิการ');
    expect(await unitsTable().locator('tbody tr').count()).toBe(6);

    // The registration form's four levels read the tree: ministry > department > bureau > division.
    const visitor = await browser.newContext({ locale: 'th-TH' });
    const form = await visitor.newPage();
    form.on('pageerror', (error) => errors.push(error.message));
    await form.goto(`${server.url}/backoffice/register`);
    const level = (name: string) => form.getByRole('combobox', { name, exact: true });
    const choose = async (name: string, code: string) => {
      await expect
        .poll(() => level(name).locator(`option[value="${code}"]`).count(), { timeout: 15_000 })
        .toBe(1);
      await level(name).selectOption(code);
    };
    await choose('กระทรวง', 'MSDHS');
    await choose('กรม', 'DSDW');
    expect(await level('สำนัก / กอง / สำนักงานจังหวัด').locator('option').allInnerTexts()).toEqual(
      expect.arrayContaining([
        expect.stringContaining('สำนักงานพัฒนาสังคม เชียงใหม่'),
        expect.stringContaining('สำนักส่งเสริมและพัฒนาสวัสดิการ'),
      ]),
    );
    await choose('สำนัก / กอง / สำนักงานจังหวัด', 'DSDW-P50');
    await choose('ฝ่าย / กลุ่มงาน / หน่วยงาน', 'DSDW-P50-CM');
    await visitor.close();
    expect(errors).toEqual([]);
  });
});
