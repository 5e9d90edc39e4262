import { afterAll, describe, expect, it } from 'vitest';
import { escapeHtml, PdfRenderer } from '../platform/pdf/pdf-renderer';
import { readPdf } from '../testing/pdf-text';

// A real Chromium draws the page and a real PDF reader (pdf.js) reads it back: Thai text comes out as
// the characters that went in, in the bundled Sarabun, and the page cannot reach the network.

const renderer = new PdfRenderer({ chromiumPath: process.env.CHROMIUM_PATH, concurrency: 2 });
afterAll(() => renderer.close());

describe('PdfRenderer', () => {
  it('prints Thai text in the bundled Sarabun on A4, readable back as text', async () => {
    const pdf = await renderer.render({
      title: 'ใบเสร็จรับเงิน',
      body: `<h1>ใบเสร็จรับเงิน</h1><p>ได้รับเงินจาก ${escapeHtml('นางสาวน้ำใจ ใจดี')}</p><p>จำนวน หนึ่งร้อยเอ็ดบาทถ้วน (101.00)</p>`,
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const read = readPdf(pdf);
    expect(read.pages).toBe(1);
    expect(read.text[0]).toContain('ใบเสร็จรับเงิน');
    expect(read.text[0]).toContain('นางสาวน้ำใจ ใจดี');
    expect(read.text[0]).toContain('หนึ่งร้อยเอ็ดบาทถ้วน');
    expect(read.fonts.some((name) => name.startsWith('Sarabun'))).toBe(true);
    // A4 is 595 x 842 points.
    expect(read.sizes[0]).toEqual([595, 842]);
  }, 120_000);

  it('escapes what it is given and loads nothing from the network', async () => {
    let requested = false;
    const { createServer } = await import('node:http');
    const server = createServer((_req, res) => {
      requested = true;
      res.end('x');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as { port: number };
    try {
      const pdf = await renderer.render({
        title: 'test',
        body: `<p>${escapeHtml('<b>ไม่ใช่ตัวหนา</b>')}</p><img src="http://127.0.0.1:${port}/pixel.png"><link rel="stylesheet" href="http://127.0.0.1:${port}/x.css">`,
      });
      const read = readPdf(pdf);
      expect(read.text[0]).toContain('<b>ไม่ใช่ตัวหนา</b>');
      expect(requested).toBe(false);
    } finally {
      server.close();
    }
  }, 120_000);

  it('renders several at once within its concurrency', async () => {
    const pdfs = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        renderer.render({ title: `${i}`, body: `<p>เลขที่ 2569/00000${i}</p>` }),
      ),
    );
    const texts = await Promise.all(pdfs.map(async (pdf) => readPdf(pdf).text[0]));
    expect(texts.map((text) => text.trim())).toEqual([0, 1, 2, 3, 4].map((i) => `เลขที่ 2569/00000${i}`));
  }, 120_000);
});
