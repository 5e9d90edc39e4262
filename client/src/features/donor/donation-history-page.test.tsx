import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../platform/i18n';
import { renderRoute } from '../../testing/render-route';
import { donorUser, signedInStore } from '../../testing/session-fixtures';
import {
  ConfirmDonorLinkMutation,
  LinkDonorRecordMutation,
  MyDonationHistoryQuery,
} from './donor.operations';

// /user/donation-history as a donor reads it: the linked donor records, the totals per tax year in
// baht, each donation with its receipt, the PDF fetched with the donor's session, and linking a record
// by id (at once, or with the mailed code).

let sent: { url: string; authorization: string | null }[];
let offered: { blob: Blob; name: string }[];
const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
const anchorClick = HTMLAnchorElement.prototype.click;
const blobs = new Map<string, Blob>();

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
      return new Response('%PDF-1.7', {
        status: 200,
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="_.pdf"; filename*=UTF-8''${encodeURIComponent('ใบเสร็จรับเงิน-2570-000007.pdf')}`,
        },
      });
    }),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  URL.createObjectURL = objectUrls.create;
  URL.revokeObjectURL = objectUrls.revoke;
  HTMLAnchorElement.prototype.click = anchorClick;
  await changeLanguage('th');
});

const donor = {
  __typename: 'LinkedDonor',
  id: '31',
  code: 'DN-000031',
  donorType: 'PERSON',
  nameTh: 'อรุณี ใจงาม',
  nameEn: null,
  taxId: '3100100000014',
  linkedAt: '2026-11-20T03:00:00.000Z',
  method: 'EMAIL_MATCH',
};

const donation = (over: Record<string, unknown>) => ({
  __typename: 'MyDonation',
  kind: 'MONEY',
  documentType: 'MONEY_DONATION',
  id: '1',
  number: 'DM-2570-000001',
  donatedOn: '2026-11-01',
  status: 'APPROVED',
  statusLabelTh: 'อนุมัติและออกใบเสร็จแล้ว',
  statusLabelEn: 'Approved, receipt issued',
  objectiveLabelTh: 'สนับสนุนการดำเนินงานทั่วไป',
  objectiveLabelEn: 'General support',
  unitNameTh: 'กลุ่มการเงินและบัญชี',
  unitNameEn: 'Finance and Accounts Group',
  value: '2000.00',
  donorCode: 'DN-000031',
  donorNameTh: 'อรุณี ใจงาม',
  receipt: null,
  ...over,
});

const receipt = (id: string, kind: string, number: string, amount: string, voided = false) => ({
  __typename: 'MyDonationReceipt',
  id,
  kind,
  number,
  issuedOn: '2026-11-24',
  amount,
  void: voided,
  pdfUrl: `/api/my/receipts/${id}/pdf`,
});

const HISTORY = {
  __typename: 'MyDonationHistory',
  donors: [donor],
  donations: [
    donation({ receipt: receipt('7', 'MONEY', '2570/000007', '2000.00') }),
    donation({
      kind: 'GOODS',
      documentType: 'GOODS_DONATION',
      id: '4',
      number: 'DT-2570-000004',
      donatedOn: '2026-10-30',
      status: 'APPROVED_2',
      statusLabelTh: 'อนุมัติระดับที่ 2 แล้ว (รับเข้าคลัง)',
      value: '960.00',
      receipt: receipt('8', 'GOODS', 'G2570/000002', '960.00'),
    }),
    donation({
      id: '2',
      number: 'DM-2570-000002',
      status: 'PENDING',
      statusLabelTh: 'รอตรวจสอบ',
      value: '300.00',
    }),
  ],
  taxYears: [
    {
      __typename: 'TaxYearTotal',
      year: 2569,
      moneyTotal: '2750.25',
      moneyCount: 2,
      goodsTotal: '960.00',
      goodsCount: 1,
      total: '3710.25',
    },
    {
      __typename: 'TaxYearTotal',
      year: 2568,
      moneyTotal: '1500.50',
      moneyCount: 1,
      goodsTotal: '0.00',
      goodsCount: 0,
      total: '1500.50',
    },
  ],
};

const EMPTY = { __typename: 'MyDonationHistory', donors: [], donations: [], taxYears: [] };

const historyMock = (history: unknown): MockLink.MockedResponse => ({
  request: { query: MyDonationHistoryQuery },
  result: { data: { myDonationHistory: history } },
});

function open(mocks: MockLink.MockedResponse[]) {
  return renderRoute('/user/donation-history', { mocks, session: signedInStore(donorUser()) });
}

describe('the donor’s own history', () => {
  it('shows the linked record, the totals per tax year and each donation with its receipt', async () => {
    open([historyMock(HISTORY)]);
    const records = await screen.findByTestId('donor-linked-donors');
    expect(records.textContent).toContain('DN-000031 อรุณี ใจงาม (เลขประจำตัว 3-1001-00000-01-4)');

    const totals = screen.getByTestId('tax-year-totals');
    const thisYear = within(totals).getByTestId('tax-year-2569');
    expect(thisYear.textContent).toContain('พ.ศ. 2569');
    expect(thisYear.textContent).toContain('2,750.25 บาท');
    expect(thisYear.textContent).toContain('960.00 บาท');
    expect(thisYear.textContent).toContain('3,710.25 บาท');
    expect(within(totals).getByTestId('tax-year-2568').textContent).toContain('1,500.50 บาท');

    const money = screen.getByTestId('donor-donation-DM-2570-000001');
    expect(money.textContent).toContain('บริจาคเงิน DM-2570-000001');
    expect(money.textContent).toContain('1 พฤศจิกายน 2569');
    expect(money.textContent).toContain('2,000.00 บาท');
    expect(money.textContent).toContain('อนุมัติและออกใบเสร็จแล้ว');
    expect(money.textContent).toContain('2570/000007');
    const goods = screen.getByTestId('donor-donation-DT-2570-000004');
    expect(goods.textContent).toContain('มูลค่าสิ่งของ');
    expect(goods.textContent).toContain('หลักฐานการรับบริจาค');
    expect(goods.textContent).toContain('G2570/000002');
    const pending = screen.getByTestId('donor-donation-DM-2570-000002');
    expect(pending.textContent).toContain('รอตรวจสอบ');
    expect(pending.textContent).toContain('ยังไม่ออก');
    expect(within(pending).queryByRole('button')).toBeNull();
  });

  it('downloads a receipt’s PDF with the donor’s session, named as the server names it', async () => {
    const { session } = open([historyMock(HISTORY)]);
    const button = await screen.findByRole('button', { name: 'ดาวน์โหลดใบเสร็จรับเงิน 2570/000007 (PDF)' });
    expect(button.getAttribute('data-testid')).toBe('receipt-download-2570/000007');
    fireEvent.click(button);
    await waitFor(() => expect(offered).toHaveLength(1));
    expect(sent).toEqual([{ url: '/api/my/receipts/7/pdf', authorization: `Bearer ${session.authToken()}` }]);
    expect(offered[0]?.name).toBe('ใบเสร็จรับเงิน-2570-000007.pdf');
  });

  it('links a record whose e-mail is the account’s at once, and shows its donations', async () => {
    open([
      historyMock(EMPTY),
      {
        request: { query: LinkDonorRecordMutation, variables: { taxId: '3100100000014' } },
        result: {
          data: {
            linkDonorRecord: {
              __typename: 'DonorLinkResult',
              status: 'LINKED',
              donor: { __typename: 'LinkedDonor', id: '31', code: 'DN-000031', nameTh: 'อรุณี ใจงาม' },
            },
          },
        },
      },
      historyMock(HISTORY),
    ]);
    expect(await screen.findByText(/ยังไม่มีข้อมูลผู้บริจาคที่เชื่อมกับบัญชีนี้/)).toBeTruthy();
    expect(screen.getByText('ยังไม่มีรายการบริจาค')).toBeTruthy();
    const form = screen.getByTestId('donor-link-form');
    fireEvent.change(within(form).getByLabelText(/^เลขประจำตัวประชาชนหรือเลขประจำตัวผู้เสียภาษี/), {
      target: { value: '3-1001-00000-01-4' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'เชื่อมประวัติการบริจาค' }));
    expect(await within(form).findByText('เชื่อมข้อมูลผู้บริจาค DN-000031 อรุณี ใจงาม กับบัญชีแล้ว')).toBeTruthy();
    expect(await screen.findByTestId('donor-donation-DM-2570-000001')).toBeTruthy();
  });

  it('asks for the mailed code when the e-mail on record is another, and checks what is typed', async () => {
    open([
      historyMock(EMPTY),
      {
        request: { query: LinkDonorRecordMutation, variables: { taxId: '3100100000014' } },
        result: {
          data: { linkDonorRecord: { __typename: 'DonorLinkResult', status: 'CHECK_EMAIL', donor: null } },
        },
      },
      {
        request: { query: ConfirmDonorLinkMutation, variables: { taxId: '3100100000014', code: '482913' } },
        result: {
          data: {
            confirmDonorLink: { __typename: 'LinkedDonor', id: '31', code: 'DN-000031', nameTh: 'อรุณี ใจงาม' },
          },
        },
      },
      historyMock(HISTORY),
    ]);
    const form = await screen.findByTestId('donor-link-form');
    const id = within(form).getByLabelText(/^เลขประจำตัวประชาชนหรือเลขประจำตัวผู้เสียภาษี/);
    // A wrong check digit is caught before anything is sent.
    fireEvent.change(id, { target: { value: '3100100000012' } });
    fireEvent.click(within(form).getByRole('button', { name: 'เชื่อมประวัติการบริจาค' }));
    expect(await within(form).findByText('เลขประจำตัวประชาชนไม่ถูกต้อง')).toBeTruthy();

    fireEvent.change(id, { target: { value: '3100100000014' } });
    fireEvent.click(within(form).getByRole('button', { name: 'เชื่อมประวัติการบริจาค' }));
    expect(await within(form).findByText(/เราได้ส่งรหัสยืนยัน 6 หลักไปที่อีเมลนั้นแล้ว/)).toBeTruthy();
    const code = within(form).getByLabelText(/^รหัสยืนยัน 6 หลัก/);
    fireEvent.change(code, { target: { value: '48291' } });
    fireEvent.click(within(form).getByRole('button', { name: 'ยืนยันรหัส' }));
    expect(await within(form).findByText('ข้อมูลไม่ถูกต้อง')).toBeTruthy();
    fireEvent.change(code, { target: { value: '482913' } });
    fireEvent.click(within(form).getByRole('button', { name: 'ยืนยันรหัส' }));
    expect(await within(form).findByText('เชื่อมข้อมูลผู้บริจาค DN-000031 อรุณี ใจงาม กับบัญชีแล้ว')).toBeTruthy();
    expect(await screen.findByTestId('donor-donation-DT-2570-000004')).toBeTruthy();
  });

  it('reads in English when English is chosen', async () => {
    await changeLanguage('en');
    open([historyMock(HISTORY)]);
    const totals = await screen.findByTestId('tax-year-totals');
    expect(within(totals).getByTestId('tax-year-2569').textContent).toContain('B.E. 2569');
    expect(within(totals).getByTestId('tax-year-2569').textContent).toContain('2,750.25 baht');
    const money = screen.getByTestId('donor-donation-DM-2570-000001');
    expect(money.textContent).toContain('Approved, receipt issued');
    expect(money.textContent).toContain('Finance and Accounts Group');
    expect(screen.getByRole('tab', { name: 'My personal data' })).toBeTruthy();
  });

  it('has one logout at each width, the site header’s, and none in the page itself', async () => {
    open([historyMock(HISTORY)]);
    await screen.findByTestId('tax-year-totals');
    expect(within(screen.getByRole('main')).queryAllByRole('link', { name: 'ออกจากระบบ' })).toHaveLength(0);
    // The folding menu is closed (hidden from the accessibility tree), so count hidden links too.
    const logouts = screen.getAllByRole('link', { name: 'ออกจากระบบ', hidden: true });
    // The header's account corner shows from lg, the folding menu's item below lg: one at any width.
    expect(logouts.filter((link) => !link.closest('.ps-below-lg'))).toHaveLength(1);
    expect(logouts.filter((link) => !link.classList.contains('ps-from-lg'))).toHaveLength(1);
    for (const link of logouts) expect(link.getAttribute('href')).toBe('/user/logout');
  });

  it('sends a visitor without a donor session to the login', async () => {
    const { router } = renderRoute('/user/donation-history');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
