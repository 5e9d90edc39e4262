import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { checkIncomingFile } from './attachment.service';
import {
  activePdfs,
  buildPdf,
  objectStreamText,
  pagePdf,
  pdfObjectStream,
  pdfStream,
  samples,
} from './file-samples';
import { checkPdfContent, PDF_INFLATE_LIMIT } from './pdf-active-content';

// Generated PDFs, each a page and one thing more: the plain ones pass, every kind of active content
// is refused however it is written, and what cannot be read is refused rather than passed.

/** `bytes` bytes that look random, the same at every run (a sha256 chain). */
function noise(bytes: number): Buffer {
  const blocks: Buffer[] = [];
  let block = Buffer.from('seed');
  for (let n = 0; n < bytes; n += 32) {
    block = createHash('sha256').update(block).digest();
    blocks.push(block);
  }
  return Buffer.concat(blocks).subarray(0, bytes);
}

const action = (entries: string) => `<< /Type /Action ${entries} >>`;
const limits = { maxFiles: 20, maxBytes: 2 * 1024 * 1024 };

describe('plain PDFs pass', () => {
  it.each([
    ['the empty page sample', samples.pdf],
    ['a page', pagePdf()],
    ['an opening action that only shows page 1 fitted', pagePdf('/OpenAction [3 0 R /Fit]')],
    [
      'a link to a web page',
      pagePdf('', '/Annots [4 0 R]', [
        '<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /URI /URI (https://example.com/JS/a) >> >>',
      ]),
    ],
    [
      'page content, deflated',
      pagePdf('', '/Contents 4 0 R', [pdfStream('', 'BT /F1 12 Tf 72 712 Td (JavaScript /JS) Tj ET', true)]),
    ],
    [
      'fonts and a page in a compressed object stream',
      pagePdf('', '/Resources 5 0 R', [
        pdfObjectStream({
          5: '<< /Font << /F1 6 0 R >> >>',
          6: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
        }),
      ]),
    ],
    [
      'an image whose bytes happen to spell /JS and /AA',
      pagePdf('', '', [
        pdfStream(
          '/Type /XObject /Subtype /Image /Width 4 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8',
          '\x00/JS /AA\x00',
        ),
      ]),
    ],
    [
      'random binary streams (a font program, deflated data)',
      pagePdf('', '', [pdfStream('/Length1 65536', noise(65536)), pdfStream('', noise(65536), true)]),
    ],
    [
      'a stream whose /Length is another object',
      buildPdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
        Buffer.concat([
          Buffer.from('<< /Length 5 0 R >>\nstream\n'),
          Buffer.from('q Q'),
          Buffer.from('\nendstream'),
        ]),
        '3',
      ]),
    ],
  ])('%s', (_name, pdf) => {
    expect(checkPdfContent(pdf)).toEqual({ ok: true });
  });
});

describe('active content is refused', () => {
  it.each([
    ['a script run on opening (/OpenAction, /JavaScript, /JS)', activePdfs.javaScript, ['JS', 'JavaScript']],
    [
      'a script named in the document names tree',
      pagePdf('/Names << /JavaScript 4 0 R >>', '', [
        '<< /Names [(a) 5 0 R] >>',
        action('/S /JavaScript /JS 6 0 R'),
        pdfStream('', 'app.alert(1)'),
      ]),
      ['JS', 'JavaScript'],
    ],
    ['a launch action', pagePdf('/OpenAction 4 0 R', '', [action('/S /Launch /F (cmd.exe)')]), ['Launch']],
    [
      'an embedded file',
      pagePdf('/Names << /EmbeddedFiles << /Names [(a.exe) 4 0 R] >> >>', '', [
        '<< /Type /Filespec /F (a.exe) /EF << /F 5 0 R >> >>',
        pdfStream('/Type /EmbeddedFile', 'MZ'),
      ]),
      ['EmbeddedFile', 'EmbeddedFiles'],
    ],
    [
      'additional actions on a page (/AA)',
      pagePdf('', '/AA << /O 4 0 R >>', [action('/S /URI /URI (https://example.com)')]),
      ['AA'],
    ],
    [
      'a rich media annotation',
      pagePdf('', '/Annots [4 0 R]', ['<< /Type /Annot /Subtype /RichMedia /Rect [0 0 10 10] >>']),
      ['RichMedia'],
    ],
    [
      'an XFA form',
      pagePdf('/AcroForm << /Fields [] /XFA 4 0 R >>', '', [pdfStream('', '<xdp:xdp/>')]),
      ['XFA'],
    ],
    ['names spelt with #xx escapes (/J#61vaScript, /#4A#53)', activePdfs.hexEscaped, ['JS', 'JavaScript']],
    ['a script inside a compressed object stream', activePdfs.inObjectStream, ['JS', 'JavaScript']],
    [
      'escaped names inside a compressed object stream',
      pagePdf('/OpenAction 5 0 R', '', [pdfObjectStream({ 5: action('/S /L#61unch /F (cmd.exe)') })]),
      ['Launch'],
    ],
    [
      'an object stream told by /First alone (no /Type)',
      pagePdf('/OpenAction 5 0 R', '', [
        (() => {
          const { header, text } = objectStreamText({ 5: action('/S /JavaScript /JS (x)') });
          return pdfStream(`/N 1 /First ${header.length}`, text, true);
        })(),
      ]),
      ['JS', 'JavaScript'],
    ],
    [
      'a "stream" keyword inside a string, hiding what follows',
      buildPdf([
        '<< /Type /Catalog /Pages 2 0 R /Title (<< /Length 60 >>stream\n) /OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >> /X (endstream) >>',
        '<< /Type /Pages /Kids [] /Count 0 >>',
      ]),
      ['JS', 'JavaScript'],
    ],
    [
      'an incremental update adding a script after the first %%EOF',
      Buffer.concat([
        pagePdf(),
        Buffer.from(`4 0 obj\n${action('/S /JavaScript /JS (x)')}\nendobj\n%%EOF\n`),
      ]),
      ['JS', 'JavaScript'],
    ],
  ])('%s', (_name, pdf, names) => {
    expect(checkPdfContent(pdf)).toEqual({ ok: false, reason: 'ACTIVE_CONTENT', names });
  });
});

describe('what cannot be checked is refused', () => {
  const objectStream = (entries: string, data: Buffer) =>
    pagePdf('/OpenAction 5 0 R', '', [pdfStream(`/Type /ObjStm /N 1 /First 4 ${entries}`, data)]);

  it.each([
    [
      'an object stream that does not inflate',
      objectStream('/Filter /FlateDecode', Buffer.from('not deflate data')),
    ],
    [
      'an object stream under another filter',
      objectStream('/Filter /LZWDecode', Buffer.from('\x80\x0b\x60\x50')),
    ],
    [
      'an object stream under two filters',
      objectStream('/Filter [/ASCIIHexDecode /FlateDecode]', Buffer.from('78')),
    ],
    [
      'an object stream whose filter is another object',
      objectStream('/Filter 9 0 R', deflateSync('5 0 << >>')),
    ],
    [
      'an object stream with a PNG predictor',
      objectStream(
        '/Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 4 >>',
        deflateSync('5 0 << >>'),
      ),
    ],
    [
      `object streams inflating past ${PDF_INFLATE_LIMIT / 1024 / 1024} MB (a deflate bomb)`,
      objectStream('/Filter /FlateDecode', deflateSync(Buffer.alloc(PDF_INFLATE_LIMIT + 1, 0x20))),
    ],
    [
      'an object stream of an encrypted file',
      Buffer.concat([
        objectStream('/Filter /FlateDecode', deflateSync('5 0 << >>')),
        Buffer.from('trailer << /Encrypt 9 0 R >>\n'),
      ]),
    ],
    [
      'an object hidden inside another stream’s data',
      pagePdf('/OpenAction 5 0 R', '', [
        pdfStream('/Subtype /Image', `x\n5 0 obj\n${action('/S /JavaScript /JS (x)')}\nendobj\n`),
      ]),
    ],
    [
      'an object hidden inside a comment',
      Buffer.concat([pagePdf(), Buffer.from('% 6 0 obj << /S /Launch >> endobj\n')]),
    ],
  ])('%s', (_name, pdf) => {
    expect(checkPdfContent(pdf)).toMatchObject({ ok: false, reason: 'UNCHECKABLE' });
  });
});

describe('attachments refuse an active PDF like a disguised file', () => {
  it.each([
    ['script.pdf', activePdfs.javaScript, 'PDF_ACTIVE_CONTENT'],
    ['hidden.pdf', activePdfs.inObjectStream, 'PDF_ACTIVE_CONTENT'],
    ['escaped.pdf', activePdfs.hexEscaped, 'PDF_ACTIVE_CONTENT'],
    [
      'broken.pdf',
      pagePdf('', '', [pdfStream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', 'xx')]),
      'PDF_UNCHECKABLE',
    ],
  ])('%s', (fileName, content, reason) => {
    let refusal: unknown;
    try {
      checkIncomingFile({ fileName, content }, limits);
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      code: 'FILE_TYPE_NOT_ALLOWED',
      status: 400,
      messageTh: expect.stringContaining(fileName),
      messageEn: expect.stringContaining(fileName),
      details: { reason },
    });
  });

  it('keeps a plain PDF', () => {
    expect(checkIncomingFile({ fileName: 'slip.pdf', content: pagePdf() }, limits).kind.mediaType).toBe(
      'application/pdf',
    );
  });
});
