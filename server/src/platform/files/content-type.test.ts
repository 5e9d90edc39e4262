import { describe, expect, it } from 'vitest';
import { sniffFileKind } from './content-type';
import { samples } from './file-samples';

describe('content sniffing', () => {
  it.each([
    ['jpeg', samples.jpeg, 'image/jpeg'],
    ['png', samples.png, 'image/png'],
    ['webp', samples.webp, 'image/webp'],
    ['pdf', samples.pdf, 'application/pdf'],
  ])('knows a %s by its bytes', (_name, content, mediaType) => {
    expect(sniffFileKind(content)?.mediaType).toBe(mediaType);
  });

  it.each([
    ['an executable (ELF)', samples.elf],
    ['a Windows executable (MZ)', samples.exe],
    ['an HTML page', samples.html],
    ['an SVG image (scripts run in it)', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['an empty file', Buffer.alloc(0)],
    ['a PNG signature alone', samples.png.subarray(0, 8)],
    ['a RIFF that is not WebP (WAV)', Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1')],
    ['HTML before a PDF header (a polyglot)', Buffer.concat([Buffer.from('<html>'), samples.pdf])],
    ['a zip (docx, xlsx)', Buffer.from('PK\x03\x04\x14\x00\x00\x00', 'latin1')],
  ])('refuses %s', (_name, content) => {
    expect(sniffFileKind(content)).toBeNull();
  });
});
