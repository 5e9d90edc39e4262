import { deflateSync } from 'node:zlib';

// Test fixtures (imported by tests only): the smallest valid file of each kind attachments accept,
// and the impostors they must refuse.

const pdfText =
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
  '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\nxref\n0 4\n0000000000 65535 f \n' +
  '0000000009 00000 n \n0000000058 00000 n \n0000000115 00000 n \ntrailer\n<< /Size 4 /Root 1 0 R >>\nstartxref\n186\n%%EOF\n';

export const samples = {
  /** 1×1 grey baseline JPEG. */
  jpeg: Buffer.from(
    '/9j/4AAQSkZJRgABAQEAYABgAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/' +
      'wAALCAABAAEBAREA/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxgRQykaEI' +
      'I0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ip' +
      'qrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/9oACAEBAAA/APv+iiigD//Z',
    'base64',
  ),
  /** 1×1 RGB PNG. */
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGO4oKUFAALyASXT3q+lAAAAAElFTkSuQmCC',
    'base64',
  ),
  /** 1×1 lossless WebP. */
  webp: Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
  /** One empty page. */
  pdf: Buffer.from(pdfText, 'latin1'),
  /** The start of a Windows executable (what a renamed .exe holds). */
  exe: Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(120)]),
  /** The start of a Linux executable. */
  elf: Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01\x00', 'latin1'), Buffer.alloc(56)]),
  html: Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
};

/** `sample` padded to exactly `bytes` (after the end marker, where readers ignore it). */
export function sized(sample: Buffer, bytes: number): Buffer {
  return Buffer.concat([sample, Buffer.alloc(Math.max(0, bytes - sample.length), 0x0a)]);
}

const latin1 = (text: string) => Buffer.from(text, 'latin1');

/**
 * A PDF of the given objects, numbered from 1 (the first is the catalogue), with its
 * cross-reference table and a trailer (`trailer`: more entries for it).
 */
export function buildPdf(objects: readonly (string | Buffer)[], trailer = ''): Buffer {
  const parts = [latin1('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')];
  let offset = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    const part = Buffer.concat([
      latin1(`${i + 1} 0 obj\n`),
      typeof body === 'string' ? latin1(body) : body,
      latin1('\nendobj\n'),
    ]);
    offsets.push(offset);
    offset += part.length;
    parts.push(part);
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${trailer ? ` ${trailer}` : ''} >>\nstartxref\n${offset}\n%%EOF\n`;
  parts.push(latin1(xref));
  return Buffer.concat(parts);
}

/** A stream object's body: its dictionary's entries and its data, deflated (FlateDecode) when asked. */
export function pdfStream(entries: string, data: string | Buffer, flate = false): Buffer {
  const raw = typeof data === 'string' ? latin1(data) : data;
  const body = flate ? deflateSync(raw) : raw;
  return Buffer.concat([
    latin1(`<< ${entries}${flate ? ' /Filter /FlateDecode' : ''} /Length ${body.length} >>\nstream\n`),
    body,
    latin1('\nendstream'),
  ]);
}

/** The text of an object stream holding `objects` (number → body): its header, then the bodies. */
export function objectStreamText(objects: Record<number, string>): {
  header: string;
  text: string;
  n: number;
} {
  let at = 0;
  const pairs: string[] = [];
  const bodies: string[] = [];
  for (const [number, body] of Object.entries(objects)) {
    pairs.push(`${number} ${at}`);
    bodies.push(body);
    at += body.length + 1;
  }
  const header = `${pairs.join(' ')}\n`;
  return { header, text: header + bodies.join('\n'), n: pairs.length };
}

/** A compressed object stream (FlateDecode) holding `objects`. */
export function pdfObjectStream(objects: Record<number, string>): Buffer {
  const { header, text, n } = objectStreamText(objects);
  return pdfStream(`/Type /ObjStm /N ${n} /First ${header.length}`, text, true);
}

/** One page; `catalog` and `page` add entries to the catalogue and the page, `more` adds objects 4…. */
export function pagePdf(catalog = '', page = '', more: readonly (string | Buffer)[] = []): Buffer {
  return buildPdf([
    `<< /Type /Catalog /Pages 2 0 R${catalog ? ` ${catalog}` : ''} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]${page ? ` ${page}` : ''} >>`,
    ...more,
  ]);
}

/** PDFs that do something when opened: refused however they are written. */
export const activePdfs = {
  /** A script run on opening. */
  javaScript: pagePdf('/OpenAction 4 0 R', '', ['<< /Type /Action /S /JavaScript /JS (app.alert\\(1\\)) >>']),
  /** The same, its names spelt with #xx escapes. */
  hexEscaped: pagePdf('/OpenAction 4 0 R', '', [
    '<< /Type /Action /S /J#61vaScript /#4A#53 (app.alert\\(1\\)) >>',
  ]),
  /** The script in a compressed object stream: "/JavaScript" appears nowhere in the file's bytes. */
  inObjectStream: pagePdf('/OpenAction 5 0 R', '', [
    pdfObjectStream({ 5: '<< /Type /Action /S /JavaScript /JS (app.alert\\(1\\)) >>' }),
  ]),
};
