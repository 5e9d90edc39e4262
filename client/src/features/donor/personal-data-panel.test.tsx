import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../platform/i18n';
import { renderRoute } from '../../testing/render-route';
import { donorUser, signedInStore } from '../../testing/session-fixtures';
import {
  MyDonationHistoryQuery,
  MyPersonalDataQuery,
  RequestPersonalDataDeletionMutation,
} from './donor.operations';

// /user/donation-history?view=data: the donor's own data as a readable page, the JSON file fetched
// with the donor's session, and the deletion request with its confirmation.

let sent: { url: string; authorization: string | null }[];
let offered: { blob: Blob; name: string }[];
const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
const anchorClick = HTMLAnchorElement.prototype.click;
const blobs = new Map<string, Blob>();
const FILE = '{"account":{"email":"somsri@example.com"}}';

beforeEach(() => {
  sent = [];
  offered = [];
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:offered-${blobs.size + 1}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
    offered.push({ blob: blobs.get(this.href) as Blob, name: this.download });
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      sent.push({ url, authorization: new Headers(init.headers).get('authorization') });
      return new Response(FILE, {
        status: 200,
        headers: {
          'content-type': 'application/json',
          'content-disposition': 'attachment; filename="namjai-personal-data-2026-11-24.json"',
        },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  URL.createObjectURL = objectUrls.create;
  URL.revokeObjectURL = objectUrls.revoke;
  HTMLAnchorElement.prototype.click = anchorClick;
});

const request = (status: string, statusLabelTh: string, decisionNote: string | null = null) => ({
  __typename: 'PersonalDataRequest',
  id: '3',
  kind: 'DELETION',
  status,
  statusLabelTh,
  reason: 'ไม่ประสงค์ให้เก็บข้อมูล',
  requestedAt: '2026-11-24T02:00:00.000Z',
  decidedAt: null,
  decisionNote,
});

const receiptRequest = {
  __typename: 'PersonalDataReceiptRequest',
  number: 'RR-2570-000001',
  kind: 'MONEY',
  unitNameTh: 'กลุ่มการเงินและบัญชี',
  donatedOn: '2026-11-20',
  amount: '4321.00',
  items: null,
  delivery: 'POST',
  status: 'IN_PROGRESS',
  statusLabelTh: 'กำลังดำเนินการ',
  createdAt: '2026-11-20T04:00:00.000Z',
  updatedAt: '2026-11-21T04:00:00.000Z',
  requesterType: 'PERSON',
  requesterName: 'สมศรี รักษ์ข้อมูล',
  taxId: '3200200000015',
  email: 'somsri.receipts@example.com',
  phone: '086 111 2233',
  address: '12/34 ซอยคำขอใบเสร็จส่วนตัว',
  note: 'โทรหาดิฉันได้ช่วงเย็น',
};
const goodsRequest = {
  ...receiptRequest,
  number: 'RR-2570-000002',
  kind: 'GOODS',
  amount: null,
  items: [{ __typename: 'ReceiptRequestItem', description: 'น้ำดื่ม', quantity: '24.000', unit: 'แพ็ค' }],
  delivery: 'EMAIL',
  status: 'REQUESTED',
  statusLabelTh: 'ยื่นคำขอแล้ว',
  requesterType: 'JURISTIC',
  requesterName: 'บริษัท ร่วมใจทดสอบ จำกัด',
  taxId: '0105556200019',
  email: 'somsri@example.com',
  address: null,
  note: null,
};

const data = (requests: unknown[] = [], receiptRequests: unknown[] = []) => ({
  __typename: 'PersonalDataExport',
  exportedAt: '2026-11-24T03:00:00.000Z',
  noticeVersion: '2569-11-1',
  account: {
    __typename: 'PersonalDataAccount',
    id: '99',
    username: 'somsri@example.com',
    email: 'somsri@example.com',
    titleTh: null,
    firstNameTh: 'สมศรี',
    lastNameTh: 'รักษ์ข้อมูล',
    citizenId: null,
    phone: '089 765 4321',
    createdAt: '2026-11-20T03:00:00.000Z',
    lastLoginAt: '2026-11-24T01:00:00.000Z',
  },
  donors: [
    {
      __typename: 'PersonalDataDonor',
      id: '41',
      code: 'DN-000041',
      donorType: 'PERSON',
      nameTh: 'สมศรี รักษ์ข้อมูล',
      nameEn: null,
      taxId: '3200200000015',
      phone: '089 765 4321',
      email: 'somsri@example.com',
      address: '99/9 หมู่ 4 ตำบลพระบรมมหาราชวัง อำเภอพระนคร',
      linkedAt: '2026-11-21T03:00:00.000Z',
      linkMethod: 'EMAIL_MATCH',
    },
  ],
  donations: [
    {
      __typename: 'PersonalDataDonation',
      kind: 'MONEY',
      number: 'DM-2570-000009',
      donatedOn: '2026-11-20',
      statusLabelTh: 'อนุมัติและออกใบเสร็จแล้ว',
      value: '4321.00',
      unitNameTh: 'กลุ่มการเงินและบัญชี',
      channel: 'WEBSITE',
      email: 'somsri@example.com',
      receiptDelivery: 'POST',
      receiptAddress: '99/9 หมู่ 4',
      receipt: {
        __typename: 'PersonalDataReceipt',
        number: '2570/000009',
        issuedOn: '2026-11-24',
        donorName: 'สมศรี รักษ์ข้อมูล',
        donorTaxId: '3200200000015',
        donorAddress: '99/9 หมู่ 4',
        void: false,
      },
    },
  ],
  consents: [
    {
      __typename: 'PersonalDataConsent',
      givenAt: '2026-11-20T03:00:00.000Z',
      channel: 'donate-money-by-bank-transfer',
      noticeVersion: '2569-11-1',
      purpose: 'ยินยอมให้เก็บและใช้ข้อมูลเพื่อรับบริจาคและออกใบเสร็จ',
      email: 'somsri@example.com',
    },
  ],
  requests,
  receiptRequests,
});

const dataMock = (requests: unknown[] = [], receiptRequests: unknown[] = []): MockLink.MockedResponse => ({
  request: { query: MyPersonalDataQuery },
  result: { data: { myPersonalData: data(requests, receiptRequests) } },
});

const historyMock: MockLink.MockedResponse = {
  request: { query: MyDonationHistoryQuery },
  result: {
    data: { myDonationHistory: { __typename: 'MyDonationHistory', donors: [], donations: [], taxYears: [] } },
  },
};

function open(mocks: MockLink.MockedResponse[]) {
  return renderRoute('/user/donation-history?view=data', {
    mocks: [...mocks, historyMock],
    session: signedInStore(donorUser()),
  });
}

describe('the donor’s own personal data', () => {
  it('shows the account, the linked record, the donations as the receipts name them and the consents', async () => {
    open([dataMock()]);
    const account = await screen.findByTestId('personal-data-account');
    expect(account.textContent).toContain('somsri@example.com');
    expect(account.textContent).toContain('สมศรี รักษ์ข้อมูล');
    expect(account.textContent).toContain('089 765 4321');
    const donors = screen.getByTestId('personal-data-donors');
    expect(donors.textContent).toContain('DN-000041 สมศรี รักษ์ข้อมูล');
    expect(donors.textContent).toContain('3-2002-00000-01-5');
    expect(donors.textContent).toContain('99/9 หมู่ 4 ตำบลพระบรมมหาราชวัง');
    const donations = screen.getByTestId('personal-data-donations');
    expect(donations.textContent).toContain('DM-2570-000009');
    expect(donations.textContent).toContain('4,321.00 บาท');
    expect(donations.textContent).toContain(
      'ใบเสร็จ 2570/000009 ระบุ: สมศรี รักษ์ข้อมูล เลขประจำตัว 3-2002-00000-01-5',
    );
    const consents = screen.getByTestId('personal-data-consents');
    expect(consents.textContent).toContain('ช่องทาง แบบฟอร์มบริจาคเงินผ่านการโอน');
    expect(consents.textContent).not.toContain('donate-money-by-bank-transfer');
    expect(consents.textContent).toContain('ประกาศความเป็นส่วนตัวฉบับ 2569-11-1');
    expect(screen.getByRole('tab', { name: 'ข้อมูลส่วนบุคคลของฉัน', selected: true })).toBeTruthy();
  });

  it('names the form of each consent in English, never its code', async () => {
    await changeLanguage('en');
    const base = data();
    const consent = base.consents[0];
    open([
      {
        request: { query: MyPersonalDataQuery },
        result: {
          data: {
            myPersonalData: {
              ...base,
              consents: [
                { ...consent, channel: 'signup' },
                consent,
                { ...consent, channel: 'some-new-form' },
              ],
            },
          },
        },
      },
    ]);
    const consents = await screen.findByTestId('personal-data-consents');
    const lines = within(consents)
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '');
    expect(lines[0]).toContain('through the sign-up form');
    expect(lines[1]).toContain('through the bank transfer donation form');
    expect(lines[2]).toContain('through another form of the website');
    for (const code of ['signup', 'donate-money-by-bank-transfer', 'some-new-form']) {
      expect(consents.textContent).not.toContain(code);
    }
  });

  it('shows the donor’s receipt requests with what each form took, or says there are none', async () => {
    const first = open([dataMock([], [receiptRequest, goodsRequest])]);
    const section = await screen.findByTestId('personal-data-receipt-requests');
    expect(within(section).getByRole('heading', { name: 'คำขอหลักฐานการบริจาค' })).toBeTruthy();
    const [money, goods] = within(section).getAllByRole('listitem');
    expect(money?.textContent).toContain('RR-2570-000001 · ใบเสร็จรับเงิน · บริจาควันที่');
    expect(money?.textContent).toContain('4,321.00 บาท · กลุ่มการเงินและบัญชี · กำลังดำเนินการ');
    expect(money?.textContent).toContain('รับหลักฐานทางไปรษณีย์');
    expect(money?.textContent).toContain(
      'สมศรี รักษ์ข้อมูล เลขประจำตัว 3-2002-00000-01-5 อีเมล somsri.receipts@example.com โทร 086 111 2233 ที่อยู่ 12/34 ซอยคำขอใบเสร็จส่วนตัว',
    );
    expect(money?.textContent).toContain('โทรหาดิฉันได้ช่วงเย็น');
    expect(goods?.textContent).toContain('RR-2570-000002 · หลักฐานการรับสิ่งของ');
    expect(goods?.textContent).toContain('น้ำดื่ม 24 แพ็ค · กลุ่มการเงินและบัญชี · ยื่นคำขอแล้ว');
    expect(goods?.textContent).toContain('รับหลักฐานทางอีเมล');
    expect(goods?.textContent).toContain('บริษัท ร่วมใจทดสอบ จำกัด');
    first.unmount();

    open([dataMock()]);
    const empty = await screen.findByTestId('personal-data-receipt-requests');
    expect(empty.textContent).toContain('ไม่มีคำขอหลักฐานการบริจาคที่ยื่นด้วยเลขประจำตัวหรืออีเมลของท่าน');
    expect(within(empty).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('downloads the data as a JSON file with the donor’s session', async () => {
    const { session } = open([dataMock()]);
    fireEvent.click(await screen.findByRole('button', { name: 'ดาวน์โหลดข้อมูลของฉัน (JSON)' }));
    await waitFor(() => expect(offered).toHaveLength(1));
    expect(sent).toEqual([{ url: '/api/my/personal-data', authorization: `Bearer ${session.authToken()}` }]);
    expect(offered[0]?.name).toBe('namjai-personal-data-2026-11-24.json');
    expect(await offered[0]?.blob.text()).toBe(FILE);
  });

  it('asks for deletion after a confirmation, with the reason typed, and then shows the request waiting', async () => {
    open([
      dataMock(),
      {
        request: { query: RequestPersonalDataDeletionMutation, variables: { reason: 'ไม่ประสงค์ให้เก็บข้อมูล' } },
        result: {
          data: {
            requestPersonalDataDeletion: { __typename: 'PersonalDataRequest', id: '3', status: 'REQUESTED' },
          },
        },
      },
      dataMock([request('REQUESTED', 'รอดำเนินการ')]),
    ]);
    const section = await screen.findByTestId('personal-data-deletion');
    expect(section.textContent).toContain('ชื่อและเลขประจำตัวผู้เสียภาษีในใบเสร็จยังคงอยู่');
    fireEvent.change(within(section).getByLabelText('เหตุผล (ไม่บังคับ)'), {
      target: { value: '  ไม่ประสงค์ให้เก็บข้อมูล  ' },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'ยื่นคำขอลบข้อมูล' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'ยืนยันคำขอลบข้อมูลส่วนบุคคล' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'ยื่นคำขอลบข้อมูล' }));
    expect(await within(section).findByText(/คำขอลบข้อมูลเมื่อ .*: รอดำเนินการ/)).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'ยื่นคำขอลบข้อมูล' })).toBeNull();
  });

  it('shows a rejected request with its reason and lets the donor ask again; a reason over 1,000 characters is held back', async () => {
    open([dataMock([request('REJECTED', 'ไม่ดำเนินการตามคำขอ', 'ยังมีรายการที่อยู่ระหว่างตรวจสอบ')])]);
    const section = await screen.findByTestId('personal-data-deletion');
    expect(section.textContent).toContain('ไม่ดำเนินการตามคำขอ');
    expect(section.textContent).toContain('ยังมีรายการที่อยู่ระหว่างตรวจสอบ');
    fireEvent.change(within(section).getByLabelText('เหตุผล (ไม่บังคับ)'), {
      target: { value: 'ก'.repeat(1001) },
    });
    expect(within(section).getByRole('button', { name: 'ยื่นคำขอลบข้อมูล' }).hasAttribute('disabled')).toBe(true);
    expect(within(section).getByText('ยาวได้ไม่เกิน 1000 ตัวอักษร')).toBeTruthy();
  });
});
