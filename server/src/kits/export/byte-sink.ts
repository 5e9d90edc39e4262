// The writers' output buffer: text is encoded straight into a 64 KB Buffer (tags and numbers as
// ASCII, values as UTF-8) and handed on a chunk at a time, instead of concatenating strings that are
// then flattened and encoded again. An export of 100,000 rows allocated about 8 KB of short-lived
// strings a row with string building (docs/benchmarks.md, the export part); this keeps the writers'
// own allocations to the cells' texts. Writes are synchronous; the caller awaits `drain()` between
// rows when `pending` is set (the chunks go out with the stream's backpressure).

export const SINK_CHUNK = 64 * 1024;
/** Texts up to this length are encoded in JavaScript; longer ones by Buffer#write. */
const SHORT = 48;

export class ByteSink {
  private buf: Buffer;
  private pos = 0;
  private readonly ready: Buffer[] = [];
  /** Bytes handed on so far. */
  written = 0;

  constructor(
    private readonly emit: (chunk: Buffer) => Promise<void>,
    private readonly size = SINK_CHUNK,
  ) {
    this.buf = Buffer.allocUnsafe(size);
  }

  /** True when whole chunks wait to go out: call `drain()`. */
  get pending(): boolean {
    return this.ready.length > 0;
  }

  /** Room for `bytes` more in the current chunk (a full chunk is set aside for `drain`). */
  private room(bytes: number): void {
    if (this.pos + bytes <= this.size) return;
    if (this.pos > 0) {
      this.ready.push(this.buf.subarray(0, this.pos));
      this.buf = Buffer.allocUnsafe(Math.max(this.size, bytes));
      this.pos = 0;
    } else if (bytes > this.buf.length) this.buf = Buffer.allocUnsafe(bytes);
  }

  /** Text known to be ASCII (markup, numbers, cell references). */
  ascii(text: string): void {
    const n = text.length;
    this.room(n);
    if (n > SHORT) {
      this.pos += this.buf.write(text, this.pos, 'latin1');
      return;
    }
    // Short texts byte by byte: cheaper than a call into the runtime for each.
    const b = this.buf;
    let p = this.pos;
    for (let i = 0; i < n; i++) b[p++] = text.charCodeAt(i);
    this.pos = p;
  }

  /** Any text, as UTF-8 (a lone surrogate as U+FFFD, as Buffer.from does). */
  text(text: string): void {
    const n = text.length;
    // UTF-16 code units take at most 3 bytes each in UTF-8.
    this.room(n * 3);
    if (n > SHORT) {
      this.pos += this.buf.write(text, this.pos, 'utf8');
      return;
    }
    const b = this.buf;
    let p = this.pos;
    for (let i = 0; i < n; i++) {
      let c = text.charCodeAt(i);
      if (c < 0x80) b[p++] = c;
      else if (c < 0x800) {
        b[p++] = 0xc0 | (c >> 6);
        b[p++] = 0x80 | (c & 0x3f);
      } else if (c >= 0xd800 && c <= 0xdfff) {
        const next = i + 1 < n ? text.charCodeAt(i + 1) : 0;
        if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
          i++;
          b[p++] = 0xf0 | (c >> 18);
          b[p++] = 0x80 | ((c >> 12) & 0x3f);
          b[p++] = 0x80 | ((c >> 6) & 0x3f);
          b[p++] = 0x80 | (c & 0x3f);
        } else {
          b[p++] = 0xef;
          b[p++] = 0xbf;
          b[p++] = 0xbd;
        }
      } else {
        b[p++] = 0xe0 | (c >> 12);
        b[p++] = 0x80 | ((c >> 6) & 0x3f);
        b[p++] = 0x80 | (c & 0x3f);
      }
    }
    this.pos = p;
  }

  /** A non-negative integer in decimal, without making a string of it. */
  int(n: number): void {
    if (!Number.isSafeInteger(n) || n < 0) {
      this.ascii(String(n));
      return;
    }
    let digits = 1;
    for (let x = n; x >= 10; x = Math.floor(x / 10)) digits++;
    this.room(digits);
    let at = this.pos + digits;
    this.pos = at;
    let x = n;
    do {
      this.buf[--at] = 48 + (x % 10);
      x = Math.floor(x / 10);
    } while (x > 0);
  }

  /** Hands on the full chunks (waiting as `emit` waits). */
  async drain(): Promise<void> {
    while (this.ready.length) {
      const chunk = this.ready.shift() as Buffer;
      this.written += chunk.length;
      await this.emit(chunk);
    }
  }

  /** Hands on everything written. */
  async flush(): Promise<void> {
    if (this.pos > 0) {
      this.ready.push(this.buf.subarray(0, this.pos));
      this.buf = Buffer.allocUnsafe(this.size);
      this.pos = 0;
    }
    await this.drain();
  }
}
