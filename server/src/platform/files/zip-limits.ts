import { inflateRawSync } from 'node:zlib';

// An uploaded zip (an XLSX workbook) is small, but its parts may inflate to far more: a "zip bomb".
// Libraries that read workbooks inflate every part in memory without a bound, so the archive is
// inflated here first, each part with a hard limit on its output, before anything else reads it.

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export const isZip = (bytes: Uint8Array): boolean =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

export class ZipRefused extends Error {}

/** The end-of-central-directory record: searched backwards past a comment of up to 64 kB. */
function findEnd(buf: Buffer): number {
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD) return i;
  }
  throw new ZipRefused('no end of central directory');
}

/**
 * Checks a zip archive: every entry stored or deflated, not encrypted, not ZIP64, and all entries
 * together inflating to at most `maxTotalBytes` (measured by inflating them, not by trusting the
 * sizes the archive declares). Throws ZipRefused otherwise; returns the number of entries.
 */
export function checkZip(bytes: Uint8Array, maxTotalBytes: number, maxEntries = 1000): number {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    const end = findEnd(buf);
    const count = buf.readUInt16LE(end + 10);
    let at = buf.readUInt32LE(end + 16);
    if (count > maxEntries) throw new ZipRefused(`more than ${maxEntries} entries`);
    let budget = maxTotalBytes;
    for (let n = 0; n < count; n++) {
      if (buf.readUInt32LE(at) !== CENTRAL) throw new ZipRefused('bad central directory');
      const flags = buf.readUInt16LE(at + 8);
      const method = buf.readUInt16LE(at + 10);
      const compressed = buf.readUInt32LE(at + 20);
      const declared = buf.readUInt32LE(at + 24);
      const nameLength = buf.readUInt16LE(at + 28);
      const next = at + 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
      const local = buf.readUInt32LE(at + 42);
      if (flags & 1) throw new ZipRefused('encrypted entry');
      if (compressed === 0xffffffff || declared === 0xffffffff || local === 0xffffffff) {
        throw new ZipRefused('ZIP64 entry');
      }
      if (buf.readUInt32LE(local) !== LOCAL) throw new ZipRefused('bad local header');
      const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
      if (start + compressed > buf.length) throw new ZipRefused('entry past the end');
      const data = buf.subarray(start, start + compressed);
      let size: number;
      if (method === 0) size = data.length;
      else if (method === 8) {
        // maxOutputLength makes zlib stop (RangeError) instead of filling memory.
        size = inflateRawSync(data, { maxOutputLength: Math.max(budget, 1) }).length;
      } else throw new ZipRefused(`compression method ${method}`);
      budget -= size;
      if (budget < 0) throw new ZipRefused('inflates too large');
      at = next;
    }
    return count;
  } catch (err) {
    if (err instanceof ZipRefused) throw err;
    // Offsets outside the buffer, a broken deflate stream, or the output limit reached.
    throw new ZipRefused(err instanceof Error ? err.message : String(err));
  }
}
