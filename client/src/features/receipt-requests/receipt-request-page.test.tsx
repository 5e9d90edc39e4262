import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DateTime } from 'luxon';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../testing/render-route';
import {
  initialReceiptRequestValues,
  receiptRequestSchema,
  toReceiptRequestJson,
} from './receipt-request-form';
import { ReceiptRequestFormQuery } from './receipt-requests.operations';

// The public receipt-request forms check what a visitor types before anything is sent, in the page's
// language and under each field, and send the server the JSON and the evidence file it reads.

const VALID_ID = '1101700230708';
const MAX_BYTES = 2 * 1024 * 1024;
const today = DateTime.now().setZone('Asia/Bangkok');
const be = (day: DateTime) => `${day.toFormat('dd/MM/')}${day.year + 543}`;

const unitsMock = (kind: 'MONEY' | 'GOODS'): MockLink.MockedResponse => ({
  request: { query: ReceiptRequestFormQuery, variables: { kind } },
  result: {
    data: {
      receiptRequestUnits: [
        {
          __typename: 'ReceivingUnitOption',
          id: 17,
          code: 'OPS-P38-SDW',
          nameTh: 'กลุ่มงานพัฒนาสังคม บึงกาฬ',
          nameEn: 'Bueng Kan social development',
          provinceId: 38,
          provinceNameTh: 'บึงกาฬ',
          provinceNameEn: 'Bueng Kan',
        },
        {
          __typename: 'ReceivingUnitOption',
          id: 4,
          code: 'OPS',
          nameTh: 'สำนักงานปลัดกระทรวง',
          nameEn: 'Office of the Permanent Secretary',
          provinceId: null,
          provinceNameTh: null,
          provinceNameEn: null,
        },
      ],
      receiptRequestEvidenceLimits: { __typename: 'AttachmentLimits', maxFiles: 1, maxBytes: MAX_BYTES },
    },
  },
});

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

const choose = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByRole('combobox', { name: label }), { target: { value } });

const attach = (file: File) =>
  fireEvent.change(screen.getByLabelText(/^หลักฐานการบริจาค/), { target: { files: [file] } });

async function consent() {
  const box = screen.getByRole('checkbox', { name: /ข้าพเจ้ายินยอม/ });
  fireEvent.click(box);
  const root = box.closest('[data-scope="checkbox"][data-part="root"]');
  await waitFor(() => expect(root?.getAttribute('data-state')).toBe('checked'));
}

async function fillMoneyForm() {
  await screen.findByRole('combobox', { name: /^จังหวัดของหน่วยงาน/ });
  type(/^ชื่อ-นามสกุล/, 'สมศรี <b>ใจบุญ</b>');
  type(/^เลขประจำตัวประชาชน/, '1-1017-00230-70-8');
  type(/^โทรศัพท์/, '081 234 5678');
  type(/^อีเมล/, 'Somsri@Example.com');
  choose(/^จังหวัดของหน่วยงาน/, '38');
  choose(/^หน่วยงานที่รับบริจาค/, '17');
  type(/^วันที่บริจาค/, be(today));
  type(/^จำนวนเงิน/, '1500.50');
  attach(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'slip.png', { type: 'image/png' }));
  await consent();
}

const submitButton = () => screen.getByRole('button', { name: 'ส่งคำขอ' });

afterEach(() => vi.unstubAllGlobals());

describe('the receipt request forms', () => {
  it('checks every field before sending, in Thai, under the field', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    renderRoute('/reqs-receipt-donation-money', { mocks: [unitsMock('MONEY')] });
    await screen.findByRole('combobox', { name: /^จังหวัดของหน่วยงาน/ });
    fireEvent.click(submitButton());
    expect((await screen.findAllByText('กรุณากรอกข้อมูล')).length).toBeGreaterThanOrEqual(5);
    expect(screen.getByText('กรุณาแนบไฟล์หลักฐาน')).toBeTruthy();
    expect(screen.getByText('กรุณายินยอมให้ใช้ข้อมูลส่วนบุคคลก่อนส่งแบบฟอร์ม')).toBeTruthy();

    type(/^เลขประจำตัวประชาชน/, '1101700230709');
    type(/^อีเมล/, 'not-an-address');
    type(/^โทรศัพท์/, 'call me');
    type(/^วันที่บริจาค/, be(today.plus({ days: 1 })));
    type(/^จำนวนเงิน/, '10.005');
    type(/^ชื่อ-นามสกุล/, 'ก'.repeat(256));
    fireEvent.click(submitButton());
    expect(await screen.findByText('เลขประจำตัวประชาชนไม่ถูกต้อง')).toBeTruthy();
    expect(screen.getByText('รูปแบบอีเมลไม่ถูกต้อง')).toBeTruthy();
    expect(screen.getByText('หมายเลขโทรศัพท์ไม่ถูกต้อง')).toBeTruthy();
    expect(screen.getByText('วันที่ต้องไม่เป็นวันในอนาคต')).toBeTruthy();
    expect(screen.getByText('กรุณากรอกตัวเลข ทศนิยมไม่เกิน 2 ตำแหน่ง')).toBeTruthy();
    expect(screen.getByText('ยาวได้ไม่เกิน 255 ตัวอักษร')).toBeTruthy();

    type(/^จำนวนเงิน/, '0');
    attach(new File([new Uint8Array(MAX_BYTES + 1)], 'big.png', { type: 'image/png' }));
    fireEvent.click(submitButton());
    expect(await screen.findByText('ต้องมากกว่า 0')).toBeTruthy();
    expect(screen.getByText('ไฟล์ต้องมีขนาดไม่เกิน 2 MB')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('asks for the postal address only for delivery by post, and for at least one line of goods', async () => {
    renderRoute('/reqs-receipt-donation-resource', { mocks: [unitsMock('GOODS')] });
    await screen.findByRole('combobox', { name: /^จังหวัดของหน่วยงาน/ });
    expect(screen.queryByLabelText(/^ที่อยู่สำหรับจัดส่ง/)).toBeNull();
    // Evidence is optional for goods: nothing to say about it.
    fireEvent.click(screen.getByRole('radio', { name: 'ทางไปรษณีย์' }));
    expect(await screen.findByLabelText(/^ที่อยู่สำหรับจัดส่ง/)).toBeTruthy();
    fireEvent.click(submitButton());
    const line = await screen.findByRole('group', { name: 'รายการที่ 1' });
    expect(within(line).getAllByText('กรุณากรอกข้อมูล')).toHaveLength(2);
    expect(screen.queryByText('กรุณาแนบไฟล์หลักฐาน')).toBeNull();
    const address = screen.getByLabelText(/^ที่อยู่สำหรับจัดส่ง/).closest('[data-part="root"]');
    expect(address?.textContent).toContain('กรุณากรอกข้อมูล');
    fireEvent.change(within(line).getByLabelText(/^จำนวน/), { target: { value: '-3' } });
    fireEvent.click(submitButton());
    expect(await screen.findByText('กรุณากรอกตัวเลข ทศนิยมไม่เกิน 3 ตำแหน่ง')).toBeTruthy();
  });

  it('sends the JSON and the evidence, then shows the tracking number', async () => {
    const fetchSpy = vi.fn(async (_url: string, _init: RequestInit) =>
      Response.json({ trackingNumber: 'RR-2569-000042', emailedTo: 'somsri@example.com' }, { status: 201 }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    renderRoute('/reqs-receipt-donation-money', { mocks: [unitsMock('MONEY')] });
    await fillMoneyForm();
    fireEvent.click(submitButton());
    expect(await screen.findByTestId('tracking-number')).toHaveProperty('textContent', 'RR-2569-000042');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0];
    expect(url).toBe('/api/public/reqs-receipt-donation-money');
    const body = init.body as FormData;
    const sent = JSON.parse(String(body.get('request')));
    expect(sent).toMatchObject({
      unitId: 17,
      requesterType: 'PERSON',
      requesterName: 'สมศรี <b>ใจบุญ</b>',
      taxId: VALID_ID,
      email: 'somsri@example.com',
      phone: '081 234 5678',
      donatedOn: today.toISODate(),
      amount: '1500.50',
      delivery: 'EMAIL',
      addressLine: null,
      subDistrict: null,
      consent: true,
    });
    expect(sent.items).toBeUndefined();
    expect(sent.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect((body.get('evidence') as File).name).toBe('slip.png');
    expect(screen.getByText(/somsri@example\.com/)).toBeTruthy();
  });

  it('shows the server’s refusal of a field under that field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            code: 'FILE_TYPE_NOT_ALLOWED',
            messageTh: 'ไฟล์ slip.png ไม่ใช่รูปภาพหรือ PDF',
            messageEn: 'slip.png is not an image or a PDF',
            details: {
              fields: [
                { field: 'evidence', messageTh: 'ไฟล์ slip.png ไม่ใช่รูปภาพหรือ PDF', messageEn: 'not an image' },
              ],
            },
          },
          { status: 400 },
        ),
      ),
    );
    renderRoute('/reqs-receipt-donation-money', { mocks: [unitsMock('MONEY')] });
    await fillMoneyForm();
    fireEvent.click(submitButton());
    await waitFor(() => expect(screen.getAllByText('ไฟล์ slip.png ไม่ใช่รูปภาพหรือ PDF')).toHaveLength(2));
    expect(screen.queryByTestId('tracking-number')).toBeNull();
  });
});

describe('the form’s JSON', () => {
  it('sends goods lines without their screen keys, and the address only for the post', async () => {
    const values = {
      ...initialReceiptRequestValues('GOODS'),
      requesterType: 'JURISTIC' as const,
      requesterName: ' บริษัท ข้าวดี จำกัด ',
      taxId: '0-1055-56000-01-7',
      email: 'x@example.com',
      phone: '02 123 4567',
      unitId: '17',
      donatedOn: '01/11/2569',
      delivery: 'POST' as const,
      addressLine: '99/1 ถนนพหลโยธิน',
      address: { provinceId: 1, districtId: 2, subDistrictId: 3, postcode: '10400' },
      consent: true,
    };
    values.items = [{ ...values.items[0], description: 'ข้าวสาร', quantity: '10', unit: '' }];
    await expect(receiptRequestSchema('GOODS', MAX_BYTES).validate(values)).resolves.toBeTruthy();
    expect(toReceiptRequestJson('GOODS', values, 'key-1')).toMatchObject({
      requesterName: 'บริษัท ข้าวดี จำกัด',
      taxId: '0105556000017',
      donatedOn: '2026-11-01',
      items: [{ description: 'ข้าวสาร', quantity: '10', unit: null }],
      addressLine: '99/1 ถนนพหลโยธิน',
      subDistrict: 3,
      idempotencyKey: 'key-1',
    });
    await expect(
      receiptRequestSchema('GOODS', MAX_BYTES).validate({ ...values, requesterName: 'ชื่อ\nบรรทัดใหม่' }),
    ).rejects.toThrow();
  });
});
