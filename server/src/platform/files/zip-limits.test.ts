import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkZip, isZip, ZipRefused } from './zip-limits';

/** A zip with the given entries, deflated; `flags` set on every entry, `declared` overrides their sizes. */
function zip(
  entries: { name: string; data: Buffer }[],
  opts: { flags?: number; declared?: number } = {},
): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const packed = deflateRawSync(data);
    const size = opts.declared ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(opts.flags ?? 0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(opts.flags ?? 0, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    const part = Buffer.concat([local, Buffer.from(name), packed]);
    locals.push(part);
    centrals.push(Buffer.concat([central, Buffer.from(name)]));
    offset += part.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MB = 1024 * 1024;

describe('checkZip', () => {
  it('accepts a small archive and counts its entries', () => {
    const file = zip([
      { name: 'a.xml', data: Buffer.from('<a/>'.repeat(1000)) },
      { name: 'b.xml', data: Buffer.from('<b/>') },
    ]);
    expect(isZip(file)).toBe(true);
    expect(checkZip(file, MB)).toBe(2);
  });

  it('refuses an archive that inflates past the limit, whatever sizes it declares', () => {
    const bomb = zip([{ name: 'sheet.xml', data: Buffer.alloc(40 * MB) }], { declared: 100 });
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(() => checkZip(bomb, 32 * MB)).toThrow(ZipRefused);
    const many = zip(Array.from({ length: 5 }, (_, i) => ({ name: `${i}.xml`, data: Buffer.alloc(MB) })));
    expect(() => checkZip(many, 4 * MB)).toThrow(/too large|Cannot create a Buffer|larger/);
  });

  it('refuses encrypted, truncated and non-zip data', () => {
    expect(() => checkZip(zip([{ name: 'a', data: Buffer.from('x') }], { flags: 1 }), MB)).toThrow(
      /encrypted/,
    );
    const whole = zip([{ name: 'a', data: Buffer.from('hello') }]);
    expect(() => checkZip(whole.subarray(0, whole.length - 30), MB)).toThrow(ZipRefused);
    expect(() => checkZip(Buffer.from('PK\u0003\u0004 nothing else'), MB)).toThrow(ZipRefused);
  });
});
