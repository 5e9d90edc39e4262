/** What attachments may hold (product decisions sec. 3: images and PDF), told from the bytes. */
export interface FileKind {
  mediaType: 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';
  /** The first is the one a stored name gets when it has none of these. */
  extensions: readonly string[];
}

const ascii = (text: string) => Buffer.from(text, 'latin1');
const at = (content: Buffer, offset: number, expected: Buffer) =>
  content.length >= offset + expected.length &&
  content.subarray(offset, offset + expected.length).equals(expected);

interface Signature extends FileKind {
  matches(content: Buffer): boolean;
}

const signatures: readonly Signature[] = [
  {
    mediaType: 'image/jpeg',
    extensions: ['jpg', 'jpeg'],
    // SOI marker followed by the first segment's marker.
    matches: (c) => at(c, 0, Buffer.from([0xff, 0xd8, 0xff])),
  },
  {
    mediaType: 'image/png',
    extensions: ['png'],
    // The 8-byte signature, then the IHDR chunk every PNG starts with.
    matches: (c) =>
      at(c, 0, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) && at(c, 12, ascii('IHDR')),
  },
  {
    mediaType: 'image/webp',
    extensions: ['webp'],
    // A RIFF container of form WEBP whose first chunk is lossy, lossless or extended image data.
    matches: (c) =>
      at(c, 0, ascii('RIFF')) &&
      at(c, 8, ascii('WEBP')) &&
      ['VP8 ', 'VP8L', 'VP8X'].some((chunk) => at(c, 12, ascii(chunk))),
  },
  {
    mediaType: 'application/pdf',
    extensions: ['pdf'],
    // The header must open the file: readers tolerate junk before it, which is how HTML/PDF
    // polyglots are made, so we do not.
    matches: (c) => at(c, 0, ascii('%PDF-')) && c.length > 5 && c[5] >= 0x30 && c[5] <= 0x39,
  },
];

export const allowedFileKinds: readonly FileKind[] = signatures.map(({ mediaType, extensions }) => ({
  mediaType,
  extensions,
}));

/** The kind the content is, from its magic bytes; null for anything else (and for an empty file). */
export function sniffFileKind(content: Buffer): FileKind | null {
  const found = signatures.find((s) => s.matches(content));
  return found ? { mediaType: found.mediaType, extensions: found.extensions } : null;
}
