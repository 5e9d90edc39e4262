import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AttachmentFixture,
  documentMock,
  openDocumentDetails,
  TRANSFER_SAVE_KEY as SAVE_KEY,
  transferDocument,
  TRANSFER_VIEW_KEY as VIEW_KEY,
} from '../../testing/document-fixtures';

// The details view's files (every document type; a transfer here). GraphQL answers come from the
// MockLink as in the other kit tests; the REST file routes from a stand-in fetch that records each
// request and answers as server/src/platform/files does (201 with the stored file, JSON refusals
// with Thai and English words, 204 on removal).

interface Sent {
  url: string;
  method: string;
  authorization: string | null;
  file: File | null;
}

let sent: Sent[];
let answers: (() => Response)[];
/** What the browser was offered to save (jsdom has no object URLs). */
let offered: Blob[];
const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

beforeEach(() => {
  sent = [];
  answers = [];
  offered = [];
  URL.createObjectURL = (blob: Blob) => {
    offered.push(blob);
    return `blob:offered-${offered.length}`;
  };
  URL.revokeObjectURL = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = init.body instanceof FormData ? init.body.get('file') : null;
      sent.push({
        url,
        method: init.method ?? 'GET',
        authorization: new Headers(init.headers).get('authorization'),
        file: body instanceof File ? body : null,
      });
      const answer = answers.shift();
      if (!answer) throw new Error(`no answer for ${init.method ?? 'GET'} ${url}`);
      return answer();
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  URL.createObjectURL = objectUrls.create;
  URL.revokeObjectURL = objectUrls.revoke;
});

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const waybill: AttachmentFixture = { id: '7', fileName: 'ใบส่งของ.pdf', size: 1536 * 1024 };
const photo: AttachmentFixture = {
  id: '8',
  fileName: 'รูปสินค้า.png',
  size: 300,
  mediaType: 'image/png',
  createdAt: '2026-11-22T17:05:00.000Z',
};

const pdf = (name: string, bytes = 1200) =>
  new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

const filesRegion = (dialog: HTMLElement) => within(dialog).getByRole('region', { name: 'ไฟล์แนบ' });
const chooseFiles = (dialog: HTMLElement, files: File[]) =>
  fireEvent.change(within(dialog).getByLabelText('เลือกไฟล์ที่จะแนบ'), { target: { files } });

describe('a document’s attachments', () => {
  it('lists each file with its type, a readable size and the Buddhist-era time it was attached, and downloads it with the session', async () => {
    const saved = transferDocument(2, { attachments: [waybill, photo] });
    // The image is also shown as a photo, fetched with the session when the details open.
    answers.push(
      () =>
        new Response(new Uint8Array([137, 80, 78, 71]), {
          status: 200,
          headers: { 'content-type': 'image/png' },
        }),
    );
    const { dialog, session } = await openDocumentDetails(SAVE_KEY, saved, [documentMock(saved)]);
    expect(await within(dialog).findByRole('img', { name: 'รูปสินค้า.png' })).toBeTruthy();
    const files = within(filesRegion(dialog)).getByRole('table', { name: 'ไฟล์แนบ' });
    const rows = within(files).getAllByRole('row').slice(1);
    expect(rows.map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent))).toEqual(
      [
        // 05:30 UTC is 12:30 in Bangkok; 17:05 UTC on 22 Nov is 00:05 on 23 Nov there.
        ['ใบส่งของ.pdf', 'เอกสาร PDF', '1.5 MB', '22/11/2569 12:30', ''],
        ['รูปสินค้า.png', 'รูปภาพ PNG', '300 ไบต์', '23/11/2569 00:05', ''],
      ],
    );

    answers.push(
      () => new Response('%PDF-1.4', { status: 200, headers: { 'content-type': 'application/pdf' } }),
    );
    fireEvent.click(within(files).getByRole('button', { name: 'ใบส่งของ.pdf' }));
    await waitFor(() => expect(offered).toHaveLength(2));
    expect(sent).toEqual([
      { url: '/api/files/8', method: 'GET', authorization: `Bearer ${session.authToken()}`, file: null },
      { url: '/api/files/7', method: 'GET', authorization: `Bearer ${session.authToken()}`, file: null },
    ]);
    expect(await offered[1].text()).toBe('%PDF-1.4');
  });

  it('uploads chosen files one per request and lists them when the document loads again', async () => {
    const saved = transferDocument(2);
    const withFile = transferDocument(2, { attachments: [{ id: '9', fileName: 'ใบส่งของ.pdf', size: 1200 }] });
    answers.push(
      json(201, {
        id: 9,
        fileName: 'ใบส่งของ.pdf',
        mediaType: 'application/pdf',
        size: 1200,
        createdAt: '2026-11-22T05:30:00.000Z',
        url: '/api/files/9',
      }),
    );
    const { dialog, session } = await openDocumentDetails(SAVE_KEY, saved, [
      documentMock(saved),
      documentMock(withFile),
    ]);
    const region = filesRegion(dialog);
    expect(within(region).getByText('ยังไม่มีไฟล์แนบ')).toBeTruthy();
    expect(region.textContent).toContain('ได้ไม่เกิน 20 ไฟล์ ไฟล์ละไม่เกิน 2 MB');
    chooseFiles(dialog, [pdf('ใบส่งของ.pdf')]);
    expect(await screen.findByText('แนบไฟล์กับ TR-2569-000002 เรียบร้อยแล้ว 1 ไฟล์')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      url: '/api/files/stock-transfer/2',
      method: 'POST',
      authorization: `Bearer ${session.authToken()}`,
    });
    expect(sent[0].file?.name).toBe('ใบส่งของ.pdf');
    expect(sent[0].file?.size).toBe(1200);
    const files = within(region).getByRole('table', { name: 'ไฟล์แนบ' });
    expect(await within(files).findByRole('button', { name: 'ใบส่งของ.pdf' })).toBeTruthy();
  });

  it('refuses a file over the size limit and a file past the count limit before sending anything', async () => {
    const full = transferDocument(2, {
      attachments: Array.from({ length: 20 }, (_, n) => ({
        id: String(n + 1),
        fileName: `scan-${n + 1}.pdf`,
        size: 1000,
      })),
    });
    const dialog = (await openDocumentDetails(SAVE_KEY, full, [documentMock(full)])).dialog;
    chooseFiles(dialog, [pdf('ใหญ่เกิน.pdf', 2 * 1024 * 1024 + 1), pdf('ใบที่ 21.pdf')]);
    const alert = await within(filesRegion(dialog)).findByRole('alert');
    expect(alert.textContent).toContain('ไฟล์ "ใหญ่เกิน.pdf" มีขนาดเกิน 2 MB จึงแนบไม่ได้');
    expect(alert.textContent).toContain('แนบไฟล์ "ใบที่ 21.pdf" ไม่ได้ เพราะเอกสารหนึ่งรายการแนบไฟล์ได้ไม่เกิน 20 ไฟล์');
    expect(sent).toEqual([]);
  });

  it('shows the server’s refusal in its words, and hides the controls when the server says the files are closed', async () => {
    const saved = transferDocument(2);
    const cancelled = transferDocument(2, { status: 'CANCELLED', version: 2 });
    const closed = 'คุณแก้ไขไฟล์แนบของรายการนี้ไม่ได้ (ไม่มีสิทธิ์ หรือรายการอยู่ในสถานะที่แก้ไขไม่ได้แล้ว)';
    const notAllowed =
      'ไฟล์ "report.pdf" ไม่ใช่รูปภาพ JPEG, PNG, WebP หรือเอกสาร PDF (ตรวจจากเนื้อไฟล์ ไม่ใช่จากชื่อไฟล์) จึงแนบไม่ได้';
    answers.push(
      json(400, { code: 'FILE_TYPE_NOT_ALLOWED', messageTh: notAllowed, messageEn: 'not allowed' }),
      json(403, { code: 'FORBIDDEN', messageTh: closed, messageEn: 'closed' }),
    );
    const { dialog } = await openDocumentDetails(SAVE_KEY, saved, [
      documentMock(saved),
      documentMock(saved),
      documentMock(cancelled),
    ]);
    const region = filesRegion(dialog);
    chooseFiles(dialog, [pdf('report.pdf')]);
    expect(await within(region).findByText(notAllowed)).toBeTruthy();
    await waitFor(() => expect(within(region).getByRole('button', { name: 'แนบไฟล์' })).toBeTruthy());

    // Cancelled elsewhere meanwhile: the server refuses, and the document loaded again says so too.
    chooseFiles(dialog, [pdf('ใบส่งของ.pdf')]);
    expect(await within(region).findByText(closed)).toBeTruthy();
    await waitFor(() => expect(within(region).queryByLabelText('เลือกไฟล์ที่จะแนบ')).toBeNull());
    expect(within(region).queryByRole('button', { name: 'แนบไฟล์' })).toBeNull();
    expect(within(region).getByText(closed)).toBeTruthy();
    expect(sent.map((request) => request.method)).toEqual(['POST', 'POST']);
  });

  it('removes a file only after confirming', async () => {
    const saved = transferDocument(2, { attachments: [waybill] });
    const emptied = transferDocument(2);
    answers.push(() => new Response(null, { status: 204 }));
    const { dialog } = await openDocumentDetails(SAVE_KEY, saved, [
      documentMock(saved),
      documentMock(emptied),
    ]);
    const region = filesRegion(dialog);
    fireEvent.click(within(region).getByRole('button', { name: 'ลบไฟล์ ใบส่งของ.pdf' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'ลบไฟล์แนบ' });
    expect(confirm.textContent).toContain('ลบไฟล์ "ใบส่งของ.pdf" ออกจาก TR-2569-000002 หรือไม่');
    fireEvent.click(within(confirm).getByRole('button', { name: 'ยกเลิก' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent).toEqual([]);

    fireEvent.click(within(region).getByRole('button', { name: 'ลบไฟล์ ใบส่งของ.pdf' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'ลบไฟล์แนบ' })).getByRole('button', {
        name: 'ลบไฟล์',
      }),
    );
    expect(await screen.findByText('ลบไฟล์ ใบส่งของ.pdf เรียบร้อยแล้ว')).toBeTruthy();
    expect(sent).toMatchObject([{ url: '/api/files/7', method: 'DELETE' }]);
    expect(await within(region).findByText('ยังไม่มีไฟล์แนบ')).toBeTruthy();
  });

  it('a view screen lists the files but offers no change, whatever the server would allow', async () => {
    const saved = transferDocument(2, { attachments: [waybill], attachmentsEditable: true });
    const { dialog } = await openDocumentDetails(VIEW_KEY, saved, [documentMock(saved)]);
    const region = filesRegion(dialog);
    expect(within(region).getByRole('button', { name: 'ใบส่งของ.pdf' })).toBeTruthy();
    expect(within(region).queryByRole('button', { name: 'แนบไฟล์' })).toBeNull();
    expect(within(region).queryByRole('button', { name: 'ลบไฟล์ ใบส่งของ.pdf' })).toBeNull();
  });
});
