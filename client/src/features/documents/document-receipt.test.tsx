import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  documentMock,
  openDocumentDetails,
  type ReceiptFixture,
  transferDocument,
  TRANSFER_VIEW_KEY as VIEW_KEY,
} from '../../testing/document-fixtures';

// A document's receipt in the details view (a money donation's, shown on the kit's generic details;
// a transfer-like fixture carries it here). The REST receipt routes answer from a stand-in fetch
// that records each request, as the server's GET /api/receipts/:id/pdf and /print do.

let sent: { url: string; authorization: string | null }[];
let answers: (() => Response)[];
let offered: { blob: Blob; name: string }[];
const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
const anchorClick = HTMLAnchorElement.prototype.click;
const blobs = new Map<string, Blob>();

beforeEach(() => {
  sent = [];
  answers = [];
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
      const answer = answers.shift();
      if (!answer) throw new Error(`no answer for ${url}`);
      return answer();
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  URL.createObjectURL = objectUrls.create;
  URL.revokeObjectURL = objectUrls.revoke;
  HTMLAnchorElement.prototype.click = anchorClick;
  for (const frame of document.querySelectorAll('iframe')) frame.remove();
});

const receipt = (overrides: Partial<ReceiptFixture> = {}): ReceiptFixture => ({
  id: 5,
  kind: 'MONEY',
  number: '2570/000012',
  issuedOn: '2026-11-24',
  amount: '1234.50',
  amountInWords: 'หนึ่งพันสองร้อยสามสิบสี่บาทห้าสิบสตางค์',
  void: false,
  voidReason: null,
  printCount: 0,
  printable: true,
  pdfUrl: '/api/receipts/5/pdf',
  printViewUrl: '/api/receipts/5/print',
  ...overrides,
});

const region = (dialog: HTMLElement) => within(dialog).getByRole('region', { name: 'ใบเสร็จรับเงิน' });

describe('a document’s receipt', () => {
  it('shows the receipt and downloads its PDF with the session, named as the server names it', async () => {
    const approved = transferDocument(3, { status: 'RECEIVED', receipt: receipt() });
    const printed = transferDocument(3, { status: 'RECEIVED', receipt: receipt({ printCount: 1 }) });
    const { dialog, session } = await openDocumentDetails(VIEW_KEY, approved, [
      documentMock(approved),
      documentMock(printed),
    ]);
    const section = await within(dialog).findByRole('region', { name: 'ใบเสร็จรับเงิน' });
    expect(section.textContent).toContain('2570/000012');
    expect(section.textContent).toContain('ใช้งาน');
    expect(section.textContent).toContain('24 พฤศจิกายน 2569');
    expect(section.textContent).toContain('หนึ่งพันสองร้อยสามสิบสี่บาทห้าสิบสตางค์');

    answers.push(
      () =>
        new Response('%PDF-1.7', {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="_.pdf"; filename*=UTF-8''${encodeURIComponent('ใบเสร็จรับเงิน-2570-000012.pdf')}`,
          },
        }),
    );
    fireEvent.click(within(section).getByRole('button', { name: 'ดาวน์โหลด PDF' }));
    await waitFor(() => expect(offered).toHaveLength(1));
    expect(sent).toEqual([{ url: '/api/receipts/5/pdf', authorization: `Bearer ${session.authToken()}` }]);
    expect(offered[0]?.name).toBe('ใบเสร็จรับเงิน-2570-000012.pdf');
    expect(await offered[0]?.blob.text()).toBe('%PDF-1.7');
    // Loaded again: the server counted the print, so the next one is a copy.
    expect(await within(region(dialog)).findByText(/ฉบับที่พิมพ์ต่อจากนี้จะมีคำว่า "สำเนา"/)).toBeTruthy();
  });

  it('opens the print view in a frame of the page for the browser’s print dialog', async () => {
    const approved = transferDocument(3, { status: 'RECEIVED', receipt: receipt() });
    const { dialog } = await openDocumentDetails(VIEW_KEY, approved, [documentMock(approved, 2)]);
    const section = await within(dialog).findByRole('region', { name: 'ใบเสร็จรับเงิน' });
    const page = '<!doctype html><html lang="th"><body><h1>ใบเสร็จรับเงิน</h1><p>2570/000012</p></body></html>';
    answers.push(() => new Response(page, { status: 200, headers: { 'content-type': 'text/html' } }));
    fireEvent.click(within(section).getByRole('button', { name: 'พิมพ์ใบเสร็จ' }));
    await waitFor(() => expect(document.querySelector('iframe')).not.toBeNull());
    expect(sent.map((s) => s.url)).toEqual(['/api/receipts/5/print']);
    expect(document.querySelector('iframe')?.getAttribute('srcdoc')).toBe(page);
  });

  it('shows a void receipt and its reason, and offers no print to a person without the print menus', async () => {
    const cancelled = transferDocument(3, {
      status: 'CANCELLED',
      receipt: receipt({ void: true, voidReason: 'เช็คถูกปฏิเสธการจ่าย', printable: false }),
    });
    const { dialog } = await openDocumentDetails(VIEW_KEY, cancelled, [documentMock(cancelled)]);
    const section = await within(dialog).findByRole('region', { name: 'ใบเสร็จรับเงิน' });
    expect(section.textContent).toContain('ยกเลิกแล้ว');
    expect(section.textContent).toContain('เช็คถูกปฏิเสธการจ่าย');
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('names a goods donation’s evidence of receipt as such, void after its approval was cancelled', async () => {
    const evidence = receipt({
      kind: 'GOODS',
      number: 'G2570/000003',
      amount: '1461.38',
      amountInWords: 'หนึ่งพันสี่ร้อยหกสิบเอ็ดบาทสามสิบแปดสตางค์',
      void: true,
      voidReason: 'มูลค่าต่อหน่วยไม่ตรงกับใบกำกับ',
      printCount: 1,
    });
    const reverted = transferDocument(3, { status: 'RECEIVED', receipt: evidence });
    const { dialog } = await openDocumentDetails(VIEW_KEY, reverted, [documentMock(reverted)]);
    const section = await within(dialog).findByRole('region', { name: 'หลักฐานการรับบริจาคสิ่งของ' });
    expect(within(dialog).queryByRole('region', { name: 'ใบเสร็จรับเงิน' })).toBeNull();
    expect(section.textContent).toContain('เลขที่หลักฐาน');
    expect(section.textContent).toContain('G2570/000003');
    expect(section.textContent).toContain('ยกเลิกแล้ว');
    expect(section.textContent).toContain('มูลค่ารวม (ตัวอักษร)');
    expect(section.textContent).toContain('หนึ่งพันสี่ร้อยหกสิบเอ็ดบาทสามสิบแปดสตางค์');
    expect(section.textContent).toContain('มูลค่าต่อหน่วยไม่ตรงกับใบกำกับ');
    expect(within(section).getByRole('button', { name: 'พิมพ์หลักฐานการรับบริจาค' })).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'ดาวน์โหลด PDF' })).toBeTruthy();
    expect(section.textContent).toContain('หลักฐานพิมพ์ไปแล้ว');
  });

  it('shows no receipt section for a document without one', async () => {
    const saved = transferDocument(2);
    const { dialog } = await openDocumentDetails(VIEW_KEY, saved, [documentMock(saved)]);
    await within(dialog).findByRole('list', { name: 'ประวัติการดำเนินการ' });
    expect(within(dialog).queryByRole('region', { name: 'ใบเสร็จรับเงิน' })).toBeNull();
  });
});
