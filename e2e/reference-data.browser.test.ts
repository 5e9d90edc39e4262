import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, type SharedServer, sharedServer } from './shared';

// The 19 basic-data screens in Chromium, as a table over the server's reference-type descriptors:
// every type is created, edited, searched for and deactivated through its save/add/edit screens,
// then found read-only on its view screen. Required fields of every kind are filled from the
// descriptor, so a new type needs no change here.

const artifacts = join(import.meta.dirname, '..', 'test-results');
const ADMIN = 'admin.demo';
const SAVED = 'บันทึกข้อมูลเรียบร้อยแล้ว';

interface Field {
  name: string;
  kind: string;
  labelTh: string;
  required: boolean;
  maxLength: number | null;
  min: number | null;
  max: number | null;
  derived: boolean;
  list: boolean;
}

interface Descriptor {
  type: string;
  labelTh: string;
  labelEn: string;
  screens: { key: string; mode: string }[];
  fields: Field[];
}

/** The basic-data keys, read from the menu catalogue: MN-008..MN-026. */
const BASIC_DATA_KEYS = (
  JSON.parse(readFileSync(join(import.meta.dirname, '..', 'common/data/menu-catalogue.json'), 'utf8')) as {
    code: string;
    key: string;
  }[]
)
  .filter((entry) => Number(entry.code.slice(3)) >= 8 && Number(entry.code.slice(3)) <= 26)
  .map((entry) => entry.key);

let server: SharedServer;
let browser: Browser;
let context: BrowserContext;
let token = '';
let descriptors: Descriptor[] = [];
const errors: string[] = [];

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  server = sharedServer();
  browser = await connectBrowser();
  ({ referenceTypes: descriptors } = await server.graphql<{ referenceTypes: Descriptor[] }>(
    `{ referenceTypes { type labelTh labelEn screens { key mode }
       fields { name kind labelTh required maxLength min max derived list } } }`,
  ));
  context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'th-TH',
    timezoneId: 'Asia/Bangkok',
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}/backoffice/login`);
  await page.getByRole('button', { name: `ใช้บัญชีทดลอง ${ADMIN}` }).click();
  await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: /^ยินดีต้อนรับ/ }).waitFor();
  const stored = await page.evaluate(() => window.localStorage.getItem('userData'));
  token = stored ? ((JSON.parse(stored) as { token?: string }).token ?? '') : '';
  await page.close();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** A 13-digit id with a valid mod-11 check digit, different for each seed. */
function taxId(seed: number): string {
  const base = `1${String(seed).padStart(11, '0')}`;
  let sum = 0;
  for (let index = 0; index < 12; index += 1) sum += Number(base[index]) * (13 - index);
  return `${base}${(11 - (sum % 11)) % 10}`;
}

let serial = 0;
/** A code unique in this run, short enough for every type (codes are at least 20 characters long). */
function uniqueCode(type: string): string {
  serial += 1;
  return `E2E-${type.slice(0, 6)}-${String(serial).padStart(3, '0')}`;
}

/**
 * Values for rules a descriptor cannot state: which office type sits under which parent, that a
 * storage or account belongs to a division, an account number's digits. Keyed by field name.
 */
const CHOOSE_BY_CODE: Record<string, string> = { parent: 'MSDHS', ownerUnit: 'OPS-P38-SDW' };
const ENUM_VALUE: Record<string, string> = { officeType: '2' };
const TEXT_VALUE: Record<string, string> = { accountNumber: '1234567890' };

/** Picks the reference whose option starts with the code, filtering on the server when offered. */
async function chooseByCode(dialog: Locator, label: string, code: string) {
  const filter = dialog.getByRole('textbox', { name: `กรองรายการ${label}`, exact: true });
  if (await filter.count()) await filter.fill(code);
  const select = dialog.getByRole('combobox', { name: label, exact: true });
  const option = select.locator('option').filter({ hasText: new RegExp(`^${code} `) });
  await option.waitFor({ state: 'attached', timeout: 15_000 });
  await select.selectOption(await option.getAttribute('value'));
}

async function chooseFirst(select: Locator) {
  await expect.poll(() => select.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
  await select.selectOption({ index: 1 });
}

/** Fills every field the descriptor requires (and the names), whatever its kind. */
async function fillRequired(dialog: Locator, descriptor: Descriptor, code: string, seed: number) {
  for (const field of descriptor.fields) {
    if (field.derived) continue;
    // Names, references, places and ids are always filled: some types require them depending on other
    // choices (a donor's tax id, a unit's parent), which the descriptor cannot say.
    if (
      !field.required &&
      field.name !== 'nameTh' &&
      !['taxId', 'reference', 'subDistrict'].includes(field.kind)
    )
      continue;
    const textbox = dialog.getByRole('textbox', { name: field.labelTh, exact: true });
    const combobox = dialog.getByRole('combobox', { name: field.labelTh, exact: true });
    if (field.name in CHOOSE_BY_CODE) {
      await chooseByCode(dialog, field.labelTh, CHOOSE_BY_CODE[field.name]);
      continue;
    }
    if (field.name in ENUM_VALUE) {
      await combobox.selectOption(ENUM_VALUE[field.name]);
      continue;
    }
    if (field.name in TEXT_VALUE) {
      await textbox.fill(TEXT_VALUE[field.name]);
      continue;
    }
    switch (field.kind) {
      case 'code':
        await textbox.fill(code);
        break;
      case 'text':
        await textbox.fill(`ทดสอบ ${code}`.slice(0, field.maxLength ?? 255));
        break;
      case 'integer':
      case 'decimal':
        await textbox.fill(String(Math.min(Math.max(field.min ?? 1, 1), field.max ?? 1)));
        break;
      case 'email':
        await textbox.fill(`${code.toLowerCase()}@example.com`);
        break;
      case 'phone':
        await textbox.fill('021234567');
        break;
      case 'taxId':
        await textbox.fill(taxId(seed));
        break;
      case 'enum':
        await chooseFirst(combobox);
        break;
      case 'reference':
        await chooseFirst(combobox);
        break;
      case 'subDistrict':
        await chooseFirst(dialog.getByRole('combobox', { name: 'จังหวัด', exact: true }));
        await chooseFirst(dialog.getByRole('combobox', { name: 'อำเภอ/เขต', exact: true }));
        await chooseFirst(dialog.getByRole('combobox', { name: 'ตำบล/แขวง', exact: true }));
        break;
      default:
        break;
    }
  }
}

/** Opens a basic-data screen and, when it shows several types, the type's tab. */
async function openScreen(key: string, descriptor: Descriptor): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}/backoffice/${key}`);
  const shownHere = descriptors.filter((candidate) => candidate.screens.some((screen) => screen.key === key));
  if (shownHere.length > 1) await page.getByRole('tab', { name: descriptor.labelTh, exact: true }).click();
  await page.getByRole('search', { name: `ค้นหา${descriptor.labelTh}` }).waitFor();
  return page;
}

/** Searches the type's list for the code and returns the item's row. */
async function findRow(page: Page, descriptor: Descriptor, code: string): Promise<Locator> {
  const search = page.getByRole('search', { name: `ค้นหา${descriptor.labelTh}` });
  await search.getByRole('textbox', { name: 'คำค้น' }).fill(code);
  await search.getByRole('button', { name: 'ค้นหา', exact: true }).click();
  const table = page.getByRole('table', { name: descriptor.labelTh, exact: true });
  const row = table.getByRole('row').filter({ hasText: code });
  await row.waitFor();
  expect(await table.locator('tbody tr').count()).toBe(1);
  return row;
}

/** The code the server gave the newest item (types whose code is derived). */
async function newestCode(type: string): Promise<string> {
  const { referenceItems } = await server.graphql<{ referenceItems: { items: { code: string }[] } }>(
    `query ($type: ReferenceTypeName!) {
       referenceItems(type: $type, rows: 1, sort: "id", direction: "desc") { items { code } } }`,
    { type },
    token,
  );
  return referenceItems.items[0].code;
}

/** Saves the form and waits for it to close; a refusal fails the test with what the form says. */
async function saveDialog(dialog: Locator, page: Page, descriptor: Descriptor) {
  await dialog.getByRole('button', { name: 'บันทึก', exact: true }).click();
  const closed = await dialog
    .waitFor({ state: 'hidden', timeout: 15_000 })
    .then(() => true)
    .catch(() => false);
  if (!closed) {
    await page.screenshot({
      path: join(artifacts, `reference-save-failed-${descriptor.type}.png`),
      fullPage: true,
    });
    throw new Error(`the ${descriptor.type} form did not save: ${await dialog.innerText()}`);
  }
  await page.getByText(SAVED).first().waitFor();
}

/** What each type is put through: its screens by mode, taken from its descriptor. */
function casesOf(descriptor: Descriptor) {
  const keyOf = (...modes: string[]) => descriptor.screens.find((screen) => modes.includes(screen.mode))?.key;
  return {
    createKey: keyOf('SAVE', 'ADD'),
    editKey: keyOf('SAVE', 'EDIT'),
    viewKeys: descriptor.screens.filter((screen) => screen.mode === 'VIEW').map((screen) => screen.key),
  };
}

describe('reference data in Chromium against the built server', () => {
  it('registers the kit for every basic-data key, and every descriptor screen is one of them', () => {
    const keys = new Set(descriptors.flatMap((descriptor) => descriptor.screens.map((screen) => screen.key)));
    expect(BASIC_DATA_KEYS).toHaveLength(19);
    expect([...keys].sort()).toEqual([...BASIC_DATA_KEYS].sort());
  });

  // One representative path per screen family (the guide: the browser proves the screens work; every
  // type, field kind and refusal is proved by the server tests in features/reference). A resource
  // (references up its hierarchy, decimals, enums) and a division-owned money account (data scope,
  // bank list) cover the kit's widgets. Types are listed once the server answers; vitest collects
  // tests before beforeAll, so the table runs inside one test per type name.
  const TYPES = ['RESOURCE', 'MONEY_ACCOUNT'];

  it.each(TYPES)('%s: create, edit, search and deactivate, then view read-only', async (type) => {
    const descriptor = descriptors.find((candidate) => candidate.type === type) as Descriptor;
    expect(descriptor, `${type} is declared`).toBeDefined();
    const { createKey, editKey, viewKeys } = casesOf(descriptor);
    const codeField = descriptor.fields.find((field) => field.name === 'code');
    let code = codeField?.derived ? '' : uniqueCode(type);

    if (createKey) {
      const page = await openScreen(createKey, descriptor);
      await page.getByRole('button', { name: `เพิ่ม${descriptor.labelTh}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `เพิ่ม${descriptor.labelTh}` });
      await dialog.waitFor();
      await fillRequired(dialog, descriptor, code, serial + TYPES.indexOf(type) * 100);
      await saveDialog(dialog, page, descriptor);
      if (!code) code = await newestCode(type);
      await findRow(page, descriptor, code);
      if (createKey !== editKey) {
        // ADD screens create only.
        const row = await findRow(page, descriptor, code);
        expect(await row.getByRole('button', { name: 'แก้ไข' }).count()).toBe(0);
      }
      await page.close();
    }

    if (editKey && code) {
      const page = await openScreen(editKey, descriptor);
      if (createKey !== editKey) {
        expect(
          await page.getByRole('button', { name: `เพิ่ม${descriptor.labelTh}`, exact: true }).count(),
        ).toBe(0);
      }
      let row = await findRow(page, descriptor, code);
      await row.getByRole('button', { name: 'แก้ไข', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `แก้ไข${descriptor.labelTh} ${code}` });
      await dialog.waitFor();
      if (descriptor.fields.some((field) => field.kind === 'subDistrict' && !field.derived)) {
        // The saved sub-district is shown with its province and district.
        const province = dialog.getByRole('combobox', { name: 'จังหวัด', exact: true });
        await expect.poll(() => province.inputValue(), { timeout: 15_000 }).not.toBe('');
        const subDistrict = dialog.getByRole('combobox', { name: 'ตำบล/แขวง', exact: true });
        await expect.poll(() => subDistrict.inputValue(), { timeout: 15_000 }).not.toBe('');
        expect(await dialog.getByRole('textbox', { name: 'รหัสไปรษณีย์' }).inputValue()).toMatch(/^\d{5}$/);
      }
      await page.screenshot({ path: join(artifacts, `reference-form-${type}.png`) });
      const editable = descriptor.fields.find(
        (field) => field.kind === 'text' && !field.derived && (field.maxLength ?? 255) >= 20,
      );
      const changed = `แก้ไข ${code}`.slice(0, editable?.maxLength ?? 255);
      if (editable) await dialog.getByRole('textbox', { name: editable.labelTh, exact: true }).fill(changed);
      await saveDialog(dialog, page, descriptor);
      row = await findRow(page, descriptor, code);
      // The list is read again after the save: wait for the new text rather than read the old row.
      if (editable?.list) await row.getByText(changed).first().waitFor();

      await row.getByRole('button', { name: 'ปิดใช้งาน', exact: true }).click();
      await row.getByText('ไม่ใช้งาน', { exact: true }).waitFor();
      await row.getByRole('button', { name: 'เปิดใช้งาน', exact: true }).waitFor();
      await page.screenshot({ path: join(artifacts, `reference-${editKey}.png`), fullPage: true });
      await page.close();
    }

    for (const viewKey of viewKeys) {
      if (!code) break;
      const page = await openScreen(viewKey, descriptor);
      expect(await page.getByRole('button', { name: `เพิ่ม${descriptor.labelTh}`, exact: true }).count()).toBe(
        0,
      );
      const row = await findRow(page, descriptor, code);
      expect(await row.getByRole('button', { name: 'แก้ไข' }).count()).toBe(0);
      expect(await row.getByRole('button', { name: 'ปิดใช้งาน' }).count()).toBe(0);
      expect(await row.getByRole('button', { name: 'ลบ' }).count()).toBe(0);
      await row.getByRole('button', { name: 'รายละเอียด', exact: true }).click();
      const details = page.getByRole('dialog', { name: `${descriptor.labelTh} ${code}` });
      await details.waitFor();
      expect(await details.textContent()).toContain('ไม่ใช้งาน');
      await page.close();
    }
    expect(errors).toEqual([]);
  });

  it('refuses to delete an item in use and says why, in Thai', async () => {
    const unit = descriptors.find((candidate) => candidate.type === 'COUNTING_UNIT') as Descriptor;
    // A counting unit some resource uses.
    const { referenceItems } = await server.graphql<{
      referenceItems: { items: { display: Record<string, string> }[] };
    }>('{ referenceItems(type: RESOURCE, rows: 1) { items { display } } }', {}, token);
    const unitCode = referenceItems.items[0].display.countingUnit.split(' ')[0];
    const page = await openScreen('save-counting-unit', unit);
    const row = await findRow(page, unit, unitCode);
    await row.getByRole('button', { name: 'ลบ', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: `ลบ${unit.labelTh}` });
    await confirm.getByRole('button', { name: 'ลบ', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
    // The server's message names what still uses the item.
    await page
      .getByText(/ไม่ได้ เพราะยังมีข้อมูลอ้างอิงอยู่/)
      .first()
      .waitFor();
    await findRow(page, unit, unitCode);
    await page.close();
  });

  it('shows the descriptor labels in the interface language', async () => {
    const unit = descriptors.find((candidate) => candidate.type === 'COUNTING_UNIT') as Descriptor;
    const page = await openScreen('view-counting-unit', unit);
    await page.getByRole('button', { name: 'Switch language to English' }).click();
    await page.getByRole('table', { name: unit.labelEn, exact: true }).waitFor();
    await page.getByRole('search', { name: `Search ${unit.labelEn}` }).waitFor();
    await page.getByRole('columnheader', { name: /^Code/ }).waitFor();
    await page.getByRole('button', { name: 'เปลี่ยนเป็นภาษาไทย' }).click();
    await page.getByRole('table', { name: unit.labelTh, exact: true }).waitFor();
    await page.close();
  });
});
