import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ZIP32_MAX, ZipStream } from './zip-stream';

// ZIP64: a small archive forced into ZIP64 (a low 32-bit limit) read back by Python's zipfile and
// Info-ZIP's unzip; one real entry past 4 GiB streamed into a sink that counts the bytes and keeps
// the archive's tail, whose records are then read here.

async function smallArchive(zip32Max?: number): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((r) => out.on('end', r));
  const zip = new ZipStream(out, zip32Max);
  await zip.file('a.txt', 'สวัสดี hello\n');
  const big = await zip.open('dir/b.xml');
  for (let i = 0; i < 5000; i++) await big.write(`<row r="${i}">ข้อมูล ${i}</row>`);
  await big.close();
  await zip.file('c.txt', 'last');
  await zip.finish();
  await ended;
  return Buffer.concat(chunks);
}

const has = (cmd: string) => spawnSync(cmd, ['--version'], { stdio: 'ignore' }).status !== null;

/** What Python's zipfile reads: each entry's name, size and text length, and testzip's verdict. */
function pythonRead(file: string): { entries: [string, number][]; bad: string | null; zip64: boolean } {
  const script = `
import json, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
print(json.dumps({"entries": [[i.filename, len(z.read(i))] for i in z.infolist()], "bad": z.testzip(),
  "zip64": any(i.extract_version >= 45 for i in z.infolist())}))`;
  const r = spawnSync('python3', ['-c', script, file], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

describe('ZipStream and ZIP64', () => {
  it('writes a small archive without ZIP64 records, and one forced into ZIP64, both readable', async () => {
    const plain = await smallArchive();
    const forced = await smallArchive(0);
    expect(plain.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(false);
    // The forced one ends: zip64 end record (56), locator (20), end record (22).
    const end = forced.length - 22;
    expect(forced.readUInt32LE(end)).toBe(0x06054b50);
    expect(forced.readUInt32LE(end + 16)).toBe(0xffffffff);
    expect(forced.readUInt32LE(end - 20)).toBe(0x07064b50);
    const end64At = Number(forced.readBigUInt64LE(end - 20 + 8));
    expect(end64At).toBe(forced.length - 22 - 20 - 56);
    expect(forced.readUInt32LE(end64At)).toBe(0x06064b50);
    expect(forced.readBigUInt64LE(end64At + 32)).toBe(3n);

    const dir = mkdtempSync(join(tmpdir(), 'namjai-zip64-'));
    try {
      const expected = pythonEntries();
      for (const [name, archive, zip64] of [
        ['plain.zip', plain, false],
        ['forced.zip', forced, true],
      ] as const) {
        const file = join(dir, name);
        writeFileSync(file, archive);
        if (has('python3')) {
          const read = pythonRead(file);
          expect(read.bad).toBeNull();
          expect(read.entries).toEqual(expected);
          expect(read.zip64).toBe(zip64);
        }
        if (has('unzip')) {
          const t = spawnSync('unzip', ['-t', file], { encoding: 'utf8' });
          expect(t.stdout).toContain('No errors detected');
          expect(t.status).toBe(0);
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('streams an entry past 4 GiB: 8-byte descriptor, zip64 extra fields and end records', async () => {
    const MiB = 1024 * 1024;
    const zeros = Buffer.alloc(8 * MiB);
    const chunks = 4 * 128 + 1; // 4 GiB + 8 MiB
    const size = chunks * zeros.length;
    let written = 0;
    let tail = Buffer.alloc(0);
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        written += chunk.length;
        tail =
          chunk.length >= 4096
            ? Buffer.from(chunk.subarray(-4096))
            : Buffer.concat([tail, chunk]).subarray(-4096);
        done();
      },
    });
    const finished = new Promise((r) => sink.on('finish', r));
    const zip = new ZipStream(sink);
    const entry = await zip.open('zeros.bin', { level: 0 });
    let crc = 0;
    for (let i = 0; i < chunks; i++) {
      crc = crc32(zeros, crc);
      await entry.write(zeros);
    }
    await entry.close();
    const secondAt = zip.written;
    await zip.file('after.txt', 'after');
    await zip.finish();
    await finished;
    expect(written).toBe(zip.written);
    const base = written - tail.length;
    const at = (offset: number) => offset - base;

    // The classic end record points to the zip64 one through the locator.
    const end = tail.length - 22;
    expect(tail.readUInt32LE(end)).toBe(0x06054b50);
    expect(tail.readUInt16LE(end + 10)).toBe(2);
    expect(tail.readUInt32LE(end + 16)).toBe(0xffffffff);
    expect(tail.readUInt32LE(end - 20)).toBe(0x07064b50);
    const end64 = at(Number(tail.readBigUInt64LE(end - 20 + 8)));
    expect(tail.readUInt32LE(end64)).toBe(0x06064b50);
    expect(tail.readBigUInt64LE(end64 + 32)).toBe(2n);
    const cdSize = Number(tail.readBigUInt64LE(end64 + 40));
    const cdStart = Number(tail.readBigUInt64LE(end64 + 48));
    expect(cdStart).toBeGreaterThan(2 ** 32);
    expect(cdStart + cdSize).toBe(base + end64);

    // The big entry's central header: sizes in its zip64 extra field; its CRC over all the bytes.
    let p = at(cdStart);
    expect(tail.readUInt32LE(p)).toBe(0x02014b50);
    expect(tail.readUInt16LE(p + 6)).toBe(45);
    expect(tail.readUInt32LE(p + 16)).toBe(crc >>> 0);
    expect(tail.readUInt32LE(p + 20)).toBe(0xffffffff);
    expect(tail.readUInt32LE(p + 24)).toBe(0xffffffff);
    expect(tail.readUInt32LE(p + 42)).toBe(0);
    const nameLength = tail.readUInt16LE(p + 28);
    expect(tail.subarray(p + 46, p + 46 + nameLength).toString()).toBe('zeros.bin');
    let x = p + 46 + nameLength;
    expect(tail.readUInt16LE(x)).toBe(1);
    expect(tail.readUInt16LE(x + 2)).toBe(16);
    expect(Number(tail.readBigUInt64LE(x + 4))).toBe(size);
    const compressed = Number(tail.readBigUInt64LE(x + 12));
    expect(compressed).toBeGreaterThan(size); // stored blocks: a little more than the data
    // Its data descriptor, just before the next local header, with 8-byte sizes.
    const d = at(secondAt - 24);
    expect(tail.readUInt32LE(d)).toBe(0x08074b50);
    expect(tail.readUInt32LE(d + 4)).toBe(crc >>> 0);
    expect(Number(tail.readBigUInt64LE(d + 8))).toBe(compressed);
    expect(Number(tail.readBigUInt64LE(d + 16))).toBe(size);

    // The small entry after it: its offset (past 4 GiB) in its zip64 extra field.
    p = x + 20;
    expect(tail.readUInt32LE(p)).toBe(0x02014b50);
    expect(tail.readUInt32LE(p + 24)).toBe(5);
    expect(tail.readUInt32LE(p + 42)).toBe(0xffffffff);
    x = p + 46 + tail.readUInt16LE(p + 28);
    expect(tail.readUInt16LE(x)).toBe(1);
    expect(tail.readUInt16LE(x + 2)).toBe(8);
    expect(Number(tail.readBigUInt64LE(x + 4))).toBe(secondAt);
    expect(secondAt).toBeGreaterThan(ZIP32_MAX);
  }, 180_000);
});

/** The entries smallArchive writes, as [name, bytes]. */
function pythonEntries(): [string, number][] {
  let rows = '';
  for (let i = 0; i < 5000; i++) rows += `<row r="${i}">ข้อมูล ${i}</row>`;
  return [
    ['a.txt', Buffer.byteLength('สวัสดี hello\n')],
    ['dir/b.xml', Buffer.byteLength(rows)],
    ['c.txt', 4],
  ];
}
