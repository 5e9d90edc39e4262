import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render-route';
import { signedInStore } from '../../testing/session-fixtures';
import { ExportMenu } from './export-menu';

// The lists' export buttons: the file is fetched with the session and the list's filters, its
// progress shown as the body arrives (CSV: records counted against X-Total-Count, also when a CRLF
// is split between two chunks), then offered under the server's Thai file name; a refusal shows the
// server's Thai message. fetch is a stand-in streaming what server/src/kits/export writes.

let sent: { url: string; authorization: string | null }[];
let offered: { blob: Blob; name: string }[];
let push: ((text: string) => void) | null;
let finish: (() => void) | null;
let answer: () => Response;
const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
const anchorClick = HTMLAnchorElement.prototype.click;
const blobs = new Map<string, Blob>();
const encoder = new TextEncoder();

function streamedCsv(total: number): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => controller.enqueue(encoder.encode(text));
      finish = () => controller.close();
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="_____.csv"; filename*=UTF-8''${encodeURIComponent('เงินบริจาค.csv')}`,
      'x-total-count': String(total),
    },
  });
}

beforeEach(() => {
  sent = [];
  offered = [];
  push = null;
  finish = null;
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
      return answer();
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  URL.createObjectURL = objectUrls.create;
  URL.revokeObjectURL = objectUrls.revoke;
  HTMLAnchorElement.prototype.click = anchorClick;
});

describe('ExportMenu', () => {
  it('downloads the CSV with the list filters, showing rows received of the total', async () => {
    answer = () => streamedCsv(3);
    renderWithProviders(
      <ExportMenu
        path="documents/MONEY_DONATION"
        filters={{ search: 'ข้าวสาร', status: 'PENDING', queue: false, level: null, sort: 'number' }}
      />,
      { session: signedInStore() },
    );
    fireEvent.click(screen.getByRole('button', { name: /ส่งออก CSV/ }));
    await waitFor(() => expect(push).not.toBeNull());
    const url = new URL(sent[0].url, 'http://localhost');
    expect(url.pathname).toBe('/api/export/documents/MONEY_DONATION');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      format: 'csv',
      lang: 'th',
      search: 'ข้าวสาร',
      status: 'PENDING',
      sort: 'number',
    });
    expect(sent[0].authorization).toMatch(/^Bearer /);

    const header = '\uFEFFเลขที่เอกสาร,จำนวนเงิน (บาท)\r\n';
    // The first record's CRLF arrives split over two chunks.
    push?.(`${header}MD-1,"1,234.50"\r`);
    push?.('\n');
    expect(await screen.findByText('กำลังส่งออก 1 จาก 3 รายการ…')).toBeTruthy();
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(screen.getAllByRole('button').every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    push?.('MD-2,"มี\nบรรทัด",0.05\r\nMD-3,99.99\r\n');
    finish?.();

    expect(await screen.findByText('ส่งออกแล้ว 3 รายการ')).toBeTruthy();
    expect(offered).toHaveLength(1);
    expect(offered[0].name).toBe('เงินบริจาค.csv');
    // The bytes as sent, BOM included (text() would drop it).
    expect([...new Uint8Array(await offered[0].blob.arrayBuffer())]).toEqual([
      ...encoder.encode(`${header}MD-1,"1,234.50"\r\nMD-2,"มี\nบรรทัด",0.05\r\nMD-3,99.99\r\n`),
    ]);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows the server’s refusal in Thai and offers no file', async () => {
    answer = () =>
      new Response(
        JSON.stringify({
          code: 'BAD_INPUT',
          message: 'ไม่มีสถานะ LOST / No status LOST',
          messageTh: 'ไม่มีสถานะ LOST',
          messageEn: 'No status LOST',
        }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      );
    renderWithProviders(<ExportMenu path="donation-history" filters={{ status: 'LOST' }} />, {
      session: signedInStore(),
    });
    fireEvent.click(screen.getByRole('button', { name: /ส่งออก XLSX/ }));
    expect(await screen.findByText(/ไม่มีสถานะ LOST/)).toBeTruthy();
    expect(new URL(sent[0].url, 'http://localhost').searchParams.get('format')).toBe('xlsx');
    expect(offered).toHaveLength(0);
  });
});
