import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../testing/render-route';
import { AddressProvincesQuery } from '../../ui/form/address.queries';
import { DonateTransferListsQuery, PromptPayQrQuery, ReceivingUnitsQuery } from './donate-transfer.queries';
import { DONATE_TRANSFER_URL } from './submit-donation';

// /donate-money-by-bank-transfer in jsdom with the real route tree: what the visitor is told before
// anything is sent, the unit > account > QR path, and how the server's answer (its field errors, the
// tracking number) is shown. The server's side is server/src/features/donate-transfer.

const account = {
  __typename: 'ReceivingAccount' as const,
  id: 11,
  nameTh: 'เงินบริจาค สำนักงานปลัดกระทรวง',
  nameEn: 'OPS donations',
  bankCode: '006',
  bankNameTh: 'ธนาคารกรุงไทย จำกัด (มหาชน)',
  bankNameEn: 'Krung Thai Bank',
  accountNumber: '0000000001',
  branch: null,
  promptPay: true,
};
const unitsMock: MockLink.MockedResponse = {
  request: { query: ReceivingUnitsQuery },
  result: {
    data: {
      donationReceivingUnits: [
        {
          __typename: 'ReceivingProvince',
          provinceId: null,
          provinceNameTh: 'ส่วนกลาง (กรุงเทพมหานคร)',
          provinceNameEn: 'Central offices (Bangkok)',
          units: [
            {
              __typename: 'ReceivingUnit',
              id: 7,
              code: 'OPS-FIN-ACC',
              nameTh: 'กลุ่มบัญชี',
              nameEn: 'Accounting',
              addressLine: null,
              phone: null,
              accounts: [account],
            },
          ],
        },
      ],
    },
  },
};
const listsMock: MockLink.MockedResponse = {
  request: { query: DonateTransferListsQuery },
  result: {
    data: {
      banks: [{ __typename: 'CommonListItem', code: '004', nameTh: 'ธนาคารกสิกรไทย', nameEn: 'Kasikornbank' }],
      objectives: [
        {
          __typename: 'CommonListItem',
          code: 'GENERAL',
          nameTh: 'สนับสนุนการดำเนินงานทั่วไป',
          nameEn: 'General',
          parentCode: null,
        },
      ],
    },
  },
};
const qrMock = (amount: string | null): MockLink.MockedResponse => ({
  request: { query: PromptPayQrQuery, variables: { moneyAccountId: 11, amount } },
  result: {
    data: {
      promptPayQr: {
        __typename: 'PromptPayQr',
        payload: 'payload',
        svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>',
        amount: amount === null ? null : Number(amount).toFixed(2),
      },
    },
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
});
const provincesMock: MockLink.MockedResponse = {
  request: { query: AddressProvincesQuery },
  result: {
    data: { provinces: [{ __typename: 'Province', id: 28, nameTh: 'ขอนแก่น', nameEn: 'Khon Kaen' }] },
  },
};
const mocks = [unitsMock, listsMock, provincesMock, qrMock(null), qrMock('1500.5')];

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'ส่งข้อมูลการบริจาค' }));

async function chooseUnit() {
  await screen.findByRole('heading', { level: 2, name: '1. เลือกหน่วยงานที่รับบริจาค' });
  fireEvent.change(screen.getByLabelText(/^จังหวัด/), { target: { value: 'central' } });
  fireEvent.change(screen.getByLabelText(/^หน่วยงานที่รับบริจาค/), { target: { value: '7' } });
  return screen.findByRole('group', { name: 'บัญชีที่ท่านโอนเข้า' });
}

function attach(file: File) {
  fireEvent.change(screen.getByLabelText(/^ไฟล์สลิป/), { target: { files: [file] } });
}

async function fillValidForm() {
  await chooseUnit();
  type(/^จำนวนเงิน/, '1,500.5');
  type(/^เลขที่อ้างอิงในสลิป/, 'KB-0001');
  fireEvent.change(screen.getByLabelText(/^ธนาคารที่ท่านโอนจาก/), { target: { value: '004' } });
  type(/^วันที่โอน/, '20/11/2569');
  attach(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'slip.png', { type: 'image/png' }));
  type(/^ชื่อ-นามสกุล/, 'สมศรี ใจบุญ');
  type(/^เลขประจำตัวประชาชน/, '1-1037-00012-34-6');
  type(/^อีเมล/, 'Somsri@Example.com');
  const consent = screen.getByRole('checkbox', { name: /ข้าพเจ้ายินยอม/ });
  fireEvent.click(consent);
  await waitFor(() => expect((consent as HTMLInputElement).checked).toBe(true));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('donate money by bank transfer (/donate-money-by-bank-transfer)', () => {
  it('says what is missing or wrong, under each field, before anything is sent', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    renderRoute('/donate-money-by-bank-transfer', { mocks });
    await screen.findByRole('heading', { level: 2, name: '1. เลือกหน่วยงานที่รับบริจาค' });
    submit();
    expect(await screen.findByText('กรุณาแนบสลิปการโอนเงิน')).toBeTruthy();
    expect(screen.getAllByText('กรุณาเลือกข้อมูล').length).toBeGreaterThanOrEqual(2); // unit, bank
    expect(screen.getAllByText('กรุณากรอกข้อมูล').length).toBeGreaterThanOrEqual(4); // amount, reference, name, id, e-mail
    expect(screen.getByText('กรุณายินยอมให้ใช้ข้อมูลส่วนบุคคลก่อนส่งแบบฟอร์ม')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('refuses wrong values: too many decimals, a wrong check digit, a future date, a program as the slip', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    renderRoute('/donate-money-by-bank-transfer', { mocks });
    await screen.findByRole('heading', { level: 2, name: '1. เลือกหน่วยงานที่รับบริจาค' });
    type(/^จำนวนเงิน/, '100.555');
    type(/^เลขประจำตัวประชาชน/, '1103700012345');
    type(/^วันที่โอน/, '01/01/2999');
    type(/^อีเมล/, 'not-an-address');
    type(/^ชื่อ-นามสกุล/, 'ก'.repeat(256));
    attach(new File(['MZ'], 'slip.exe', { type: 'application/x-msdownload' }));
    submit();
    expect(await screen.findByText('กรุณากรอกตัวเลข ทศนิยมไม่เกิน 2 ตำแหน่ง')).toBeTruthy();
    expect(screen.getByText('เลขประจำตัวประชาชนไม่ถูกต้อง')).toBeTruthy();
    expect(screen.getByText('วันที่ต้องไม่เป็นวันในอนาคต')).toBeTruthy();
    expect(screen.getByText('รูปแบบอีเมลไม่ถูกต้อง')).toBeTruthy();
    expect(screen.getByText('ยาวได้ไม่เกิน 255 ตัวอักษร')).toBeTruthy();
    expect(screen.getByText('แนบได้เฉพาะรูปภาพ JPEG, PNG, WebP หรือไฟล์ PDF')).toBeTruthy();

    type(/^จำนวนเงิน/, '0');
    attach(new File([new Uint8Array(3 * 1024 * 1024)], 'huge.png', { type: 'image/png' }));
    submit();
    expect(await screen.findByText('ต้องมากกว่า 0')).toBeTruthy();
    expect(screen.getByText('ไฟล์ต้องมีขนาดไม่เกิน 2 MB')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('asks for the address only for a receipt by post, and no id or receipt of an anonymous donor', async () => {
    renderRoute('/donate-money-by-bank-transfer', { mocks });
    await screen.findByRole('heading', { level: 2, name: '5. ใบเสร็จรับเงิน' });
    expect(screen.queryByLabelText(/^ที่อยู่ \(เลขที่/)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'ต้องการ ส่งทางไปรษณีย์' }));
    submit();
    expect(await screen.findByLabelText(/^ที่อยู่ \(เลขที่/)).toBeTruthy();
    const address = screen.getByRole('group', { name: 'ที่อยู่สำหรับส่งใบเสร็จ' });
    await waitFor(() => expect(within(address).getAllByText('กรุณาเลือกข้อมูล').length).toBeGreaterThan(0));

    fireEvent.click(screen.getByRole('radio', { name: 'ไม่ประสงค์ออกนาม' }));
    await waitFor(() => expect(screen.queryByLabelText(/^เลขประจำตัวประชาชน/)).toBeNull());
    expect(screen.queryByRole('heading', { name: '5. ใบเสร็จรับเงิน' })).toBeNull();
    expect(screen.getByText('ผู้บริจาคที่ไม่ประสงค์ออกนามจะไม่ได้รับใบเสร็จรับเงินสำหรับลดหย่อนภาษี')).toBeTruthy();
  });

  it('shows the unit’s account with a copy button and the PromptPay QR for the amount typed', async () => {
    renderRoute('/donate-money-by-bank-transfer', { mocks });
    const accounts = await chooseUnit();
    expect(within(accounts).getByText('0000000001')).toBeTruthy();
    expect(within(accounts).getByText('ธนาคารกรุงไทย จำกัด (มหาชน)')).toBeTruthy();
    expect(
      within(accounts).getByRole('button', { name: 'คัดลอกเลขบัญชี ธนาคารกรุงไทย จำกัด (มหาชน) 0000000001' }),
    ).toBeTruthy();
    // The unit's only account is chosen for the visitor.
    await waitFor(() => expect((within(accounts).getByRole('radio') as HTMLInputElement).checked).toBe(true));
    // The copy button puts the number on the clipboard and says so to screen readers.
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    fireEvent.click(within(accounts).getByRole('button', { name: /^คัดลอกเลขบัญชี/ }));
    expect(await within(accounts).findByText('คัดลอกเลขบัญชี 0000000001 แล้ว')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('0000000001');
    type(/^จำนวนเงิน/, '1500.5');
    expect(
      await screen.findByRole('img', {
        name: 'QR พร้อมเพย์ สำหรับโอน 1,500.50 บาท เข้าบัญชี เงินบริจาค สำนักงานปลัดกระทรวง',
      }),
    ).toBeTruthy();
  });

  it('sends the form with its slip, puts the server’s field errors under their fields, then shows the tracking number', async () => {
    const sent: { url: string; donation: Record<string, unknown>; slip: File }[] = [];
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: {
        code: 'BAD_INPUT',
        messageTh: 'เลขประจำตัวนี้ถูกระงับ',
        messageEn: 'Suspended',
        details: {
          fields: [{ field: 'taxId', messageTh: 'ข้อมูลผู้บริจาคถูกระงับ', messageEn: 'Donor record suspended' }],
        },
      },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const form = init.body as FormData;
        sent.push({
          url,
          donation: JSON.parse(String(form.get('donation'))),
          slip: form.get('slip') as File,
        });
        return new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    renderRoute('/donate-money-by-bank-transfer', { mocks });
    await fillValidForm();
    submit();
    expect(await screen.findByText('ข้อมูลผู้บริจาคถูกระงับ')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('เลขประจำตัวนี้ถูกระงับ');
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe(DONATE_TRANSFER_URL);
    expect(sent[0].slip.name).toBe('slip.png');
    expect(sent[0].donation).toMatchObject({
      unitId: 7,
      moneyAccountId: 11,
      amount: '1500.5',
      transferType: 'TRANSFER',
      bank: '004',
      paymentReference: 'KB-0001',
      transferredOn: '2026-11-20',
      objective: 'GENERAL',
      donorType: 'PERSON',
      donorName: 'สมศรี ใจบุญ',
      taxId: '1103700012346',
      email: 'somsri@example.com',
      receiptDelivery: 'EMAIL',
      subDistrict: null,
      consent: true,
    });

    answer = { status: 201, body: { trackingNumber: 'DM-2570-000042', emailedTo: 'somsri@example.com' } };
    submit();
    expect(await screen.findByTestId('tracking-number')).toHaveProperty('textContent', 'DM-2570-000042');
    expect(screen.getByText('เราส่งเลขที่ติดตามไปที่ somsri@example.com แล้ว')).toBeTruthy();
    // The retry carried the same key: the server records one donation however often it is sent.
    expect(sent[1].donation.idempotencyKey).toBe(sent[0].donation.idempotencyKey);
  });
});
