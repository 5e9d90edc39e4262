import type { Writable } from 'node:stream';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import { drained } from './export-source';

// A streamed ZIP archive (PKWARE APPNOTE): small parts are deflated at once, a large part is
// deflated as it is written (its sizes and CRC follow it in a data descriptor). Names are UTF-8
// (flag 11). What an XLSX package needs, and nothing more.
//
// ZIP64 (APPNOTE 4.3.9, 4.3.14, 4.3.15, 4.5.3) where a figure passes what 32 bits hold (4 GiB - 1;
// 65,535 entries): a streamed entry whose sizes pass it gets a data descriptor with 8-byte sizes
// (its sizes are not known when its local header goes out, as for Go's and Java's writers); an
// entry whose size, compressed size or offset passes it gets a zip64 extra field (id 1) in the
// central directory, those fields set to 0xFFFFFFFF; an archive whose central directory starts past
// it (or holds more entries) ends with a zip64 end of central directory record and its locator
// before the classic end record. Archives under 4 GiB are written as before, byte for byte.

const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const END64 = 0x06064b50;
const LOCATOR64 = 0x07064b50;
const ZIP64_EXTRA = 0x0001;
/** The largest figure a 32-bit field holds; from it on, ZIP64 (0xFFFFFFFF itself means "see zip64"). */
export const ZIP32_MAX = 0xffff_fffe;
const ENTRIES16_MAX = 0xfffe;
const UTF8 = 0x0800;
const STREAMED = 0x0008;

interface Entry {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

function dosDateTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

export class ZipStream {
  private readonly entries: Entry[] = [];
  private offset = 0;
  private readonly stamp = dosDateTime(new Date());

  /**
   * `zip32Max` is the largest size or offset written in a 32-bit field (ZIP32_MAX); tests set it low
   * to have a small archive written in ZIP64.
   */
  constructor(
    private readonly out: Writable,
    private readonly zip32Max = ZIP32_MAX,
  ) {}

  /** Bytes written so far. */
  get written(): number {
    return this.offset;
  }

  private async put(buffer: Buffer): Promise<void> {
    if (this.out.destroyed) throw new Error('the download was stopped');
    this.offset += buffer.length;
    this.out.write(buffer);
    await drained(this.out);
  }

  private localHeader(e: Entry): Buffer {
    const b = Buffer.alloc(30);
    b.writeUInt32LE(LOCAL, 0);
    b.writeUInt16LE(20, 4);
    b.writeUInt16LE(e.flags, 6);
    b.writeUInt16LE(8, 8);
    b.writeUInt16LE(this.stamp.time, 10);
    b.writeUInt16LE(this.stamp.date, 12);
    b.writeUInt32LE(e.crc, 14);
    b.writeUInt32LE(e.compressed, 18);
    b.writeUInt32LE(e.size, 22);
    b.writeUInt16LE(e.name.length, 26);
    b.writeUInt16LE(0, 28);
    return Buffer.concat([b, e.name]);
  }

  /** A whole (small) file. */
  async file(name: string, text: string): Promise<void> {
    const data = Buffer.from(text, 'utf8');
    const packed = deflateRawSync(data);
    const e: Entry = {
      name: Buffer.from(name, 'utf8'),
      flags: UTF8,
      crc: crc32(data),
      compressed: packed.length,
      size: data.length,
      offset: this.offset,
    };
    this.entries.push(e);
    await this.put(this.localHeader(e));
    await this.put(packed);
  }

  /**
   * A file written piece by piece: `write` text or bytes (waits while the client is behind), then
   * `close`. Text is gathered into 64 KB pieces; bytes (a writer's own chunks) go to deflate as given.
   */
  async open(
    name: string,
    options: { level?: number } = {},
  ): Promise<{ write(data: string | Buffer): Promise<void>; close(): Promise<void> }> {
    const e: Entry = {
      name: Buffer.from(name, 'utf8'),
      flags: UTF8 | STREAMED,
      crc: 0,
      compressed: 0,
      size: 0,
      offset: this.offset,
    };
    this.entries.push(e);
    await this.put(this.localHeader(e));
    const deflate = createDeflateRaw({ level: options.level ?? 6 });
    const out = this.out;
    const pending: Buffer[] = [];
    deflate.on('data', (chunk: Buffer) => {
      e.compressed += chunk.length;
      pending.push(chunk);
    });
    const flush = async () => {
      while (pending.length) await this.put(pending.shift() as Buffer);
    };
    let buffered = '';
    const push = async (piece: string | Buffer) => {
      const data = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
      e.crc = crc32(data, e.crc);
      e.size += data.length;
      if (!deflate.write(data)) await new Promise((r) => deflate.once('drain', r));
      await flush();
      if (out.destroyed) throw new Error('the download was stopped');
    };
    return {
      write: async (data: string | Buffer) => {
        if (typeof data !== 'string') {
          const text = buffered;
          buffered = '';
          if (text) await push(text);
          await push(data);
          return;
        }
        buffered += data;
        if (buffered.length >= 64 * 1024) {
          const chunk = buffered;
          buffered = '';
          await push(chunk);
        }
      },
      close: async () => {
        if (buffered) await push(buffered);
        buffered = '';
        const ended = new Promise((r) => deflate.once('end', r));
        deflate.end();
        await ended;
        await flush();
        await this.put(this.descriptor(e));
      },
    };
  }

  /** The data descriptor after a streamed entry: 8-byte sizes when they pass 32 bits. */
  private descriptor(e: Entry): Buffer {
    if (e.size <= this.zip32Max && e.compressed <= this.zip32Max) {
      const d = Buffer.alloc(16);
      d.writeUInt32LE(DESCRIPTOR, 0);
      d.writeUInt32LE(e.crc, 4);
      d.writeUInt32LE(e.compressed, 8);
      d.writeUInt32LE(e.size, 12);
      return d;
    }
    const d = Buffer.alloc(24);
    d.writeUInt32LE(DESCRIPTOR, 0);
    d.writeUInt32LE(e.crc, 4);
    d.writeBigUInt64LE(BigInt(e.compressed), 8);
    d.writeBigUInt64LE(BigInt(e.size), 16);
    return d;
  }

  /** An entry's central directory header, with a zip64 extra field for the figures past 32 bits. */
  private centralHeader(e: Entry): Buffer {
    const big = (n: number) => n > this.zip32Max;
    const extra = [e.size, e.compressed, e.offset].filter(big);
    const b = Buffer.alloc(46 + e.name.length + (extra.length ? 4 + 8 * extra.length : 0));
    const version = extra.length ? 45 : 20;
    b.writeUInt32LE(CENTRAL, 0);
    b.writeUInt16LE(version, 4);
    b.writeUInt16LE(version, 6);
    b.writeUInt16LE(e.flags, 8);
    b.writeUInt16LE(8, 10);
    b.writeUInt16LE(this.stamp.time, 12);
    b.writeUInt16LE(this.stamp.date, 14);
    b.writeUInt32LE(e.crc, 16);
    b.writeUInt32LE(big(e.compressed) ? 0xffff_ffff : e.compressed, 20);
    b.writeUInt32LE(big(e.size) ? 0xffff_ffff : e.size, 24);
    b.writeUInt16LE(e.name.length, 28);
    b.writeUInt16LE(extra.length ? 4 + 8 * extra.length : 0, 30);
    b.writeUInt32LE(big(e.offset) ? 0xffff_ffff : e.offset, 42);
    e.name.copy(b, 46);
    if (extra.length) {
      // APPNOTE 4.5.3: original size, compressed size, local header offset, each only when its
      // 32-bit field is 0xFFFFFFFF, in that order.
      let at = 46 + e.name.length;
      b.writeUInt16LE(ZIP64_EXTRA, at);
      b.writeUInt16LE(8 * extra.length, at + 2);
      at += 4;
      for (const n of extra) {
        b.writeBigUInt64LE(BigInt(n), at);
        at += 8;
      }
    }
    return b;
  }

  /** The central directory and its end record(s); ends `out`. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const e of this.entries) await this.put(this.centralHeader(e));
    const size = this.offset - start;
    const count = this.entries.length;
    const zip64 = start > this.zip32Max || size > this.zip32Max || count > ENTRIES16_MAX;
    if (zip64) {
      // The zip64 end of central directory record (APPNOTE 4.3.14), then its locator (4.3.15).
      const end64At = this.offset;
      const r = Buffer.alloc(56);
      r.writeUInt32LE(END64, 0);
      r.writeBigUInt64LE(44n, 4); // the record's size after this field
      r.writeUInt16LE(45, 12);
      r.writeUInt16LE(45, 14);
      r.writeBigUInt64LE(BigInt(count), 24);
      r.writeBigUInt64LE(BigInt(count), 32);
      r.writeBigUInt64LE(BigInt(size), 40);
      r.writeBigUInt64LE(BigInt(start), 48);
      await this.put(r);
      const l = Buffer.alloc(20);
      l.writeUInt32LE(LOCATOR64, 0);
      l.writeBigUInt64LE(BigInt(end64At), 8);
      l.writeUInt32LE(1, 16);
      await this.put(l);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END, 0);
    end.writeUInt16LE(zip64 && count > ENTRIES16_MAX ? 0xffff : count, 8);
    end.writeUInt16LE(zip64 && count > ENTRIES16_MAX ? 0xffff : count, 10);
    end.writeUInt32LE(zip64 && size > this.zip32Max ? 0xffff_ffff : size, 12);
    end.writeUInt32LE(zip64 && start > this.zip32Max ? 0xffff_ffff : start, 16);
    await this.put(end);
    // Not awaited: a download stopped now would never finish, and the archive is complete.
    this.out.end();
  }
}
