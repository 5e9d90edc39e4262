import type { Writable } from 'node:stream';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import { drained } from './export-source';

// A streamed ZIP archive (PKWARE APPNOTE, no ZIP64: entries and archive under 4 GiB): small parts
// are deflated at once, a large part is deflated as it is written (its sizes and CRC follow it in a
// data descriptor). Names are UTF-8 (flag 11). What an XLSX package needs, and nothing more.

const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
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

  constructor(private readonly out: Writable) {}

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
  async open(name: string): Promise<{ write(data: string | Buffer): Promise<void>; close(): Promise<void> }> {
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
    const deflate = createDeflateRaw({ level: 6 });
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
        const d = Buffer.alloc(16);
        d.writeUInt32LE(DESCRIPTOR, 0);
        d.writeUInt32LE(e.crc, 4);
        d.writeUInt32LE(e.compressed, 8);
        d.writeUInt32LE(e.size, 12);
        await this.put(d);
      },
    };
  }

  /** The central directory and its end record; ends `out`. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const e of this.entries) {
      const b = Buffer.alloc(46);
      b.writeUInt32LE(CENTRAL, 0);
      b.writeUInt16LE(20, 4);
      b.writeUInt16LE(20, 6);
      b.writeUInt16LE(e.flags, 8);
      b.writeUInt16LE(8, 10);
      b.writeUInt16LE(this.stamp.time, 12);
      b.writeUInt16LE(this.stamp.date, 14);
      b.writeUInt32LE(e.crc, 16);
      b.writeUInt32LE(e.compressed, 20);
      b.writeUInt32LE(e.size, 24);
      b.writeUInt16LE(e.name.length, 28);
      b.writeUInt32LE(e.offset, 42);
      await this.put(Buffer.concat([b, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.put(end);
    // Not awaited: a download stopped now would never finish, and the archive is complete.
    this.out.end();
  }
}
