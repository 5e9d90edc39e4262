import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { promptPayPayload, qrSvg } from './promptpay';

// PromptPay payloads against published vectors, with the CRC recomputed here by an implementation of
// our own (CRC-16/CCITT-FALSE: polynomial 0x1021, initial 0xFFFF, over the payload up to "6304"), so
// a wrong checksum from the library could not pass by agreeing with itself.

/** CRC-16/CCITT-FALSE, as EMVCo QR (Book 4, 4.7.3) and the Thai QR Payment standard specify. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'latin1')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The payload's tags (ID, length, value) as [id, value] pairs, in order. */
function tagList(payload: string): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < payload.length; ) {
    const length = Number(payload.slice(i + 2, i + 4));
    out.push([payload.slice(i, i + 2), payload.slice(i + 4, i + 4 + length)]);
    i += 4 + length;
  }
  return out;
}

const tags = (payload: string): Record<string, string> => Object.fromEntries(tagList(payload));

/** A payload whose last tag is a CRC that matches the rest. */
function expectValidCrc(payload: string) {
  expect(payload.slice(-8, -4)).toBe('6304');
  expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
}

describe('the CRC this test checks with', () => {
  it('gives the standard check value of CRC-16/CCITT-FALSE', () => {
    // The catalogue's check value: the CRC of the nine ASCII digits "123456789" is 0x29B1.
    expect(crc16('123456789')).toBe('29B1');
  });
});

describe('PromptPay payloads (npm promptpay-qr)', () => {
  // Published with the library: github.com/dtinth/promptpay-qr, index.test.js ("Local phone
  // number", "National ID number", "Tax ID number", "Amount").
  it.each([
    [
      'a mobile number',
      '0801234567',
      null,
      '00020101021129370016A000000677010111011300668012345675802TH530376463046197',
    ],
    [
      'a citizen id',
      '1111111111111',
      null,
      '00020101021129370016A000000677010111021311111111111115802TH530376463047B5A',
    ],
    [
      'a tax id',
      '0123456789012',
      null,
      '00020101021129370016A000000677010111021301234567890125802TH530376463040CBD',
    ],
    [
      'a mobile number with an amount',
      '0000000000',
      '4.22',
      '00020101021229370016A000000677010111011300660000000005802TH530376454044.226304E469',
    ],
  ])('match the library’s published vector for %s', (_what, id, amount, expected) => {
    const payload = promptPayPayload(id, amount);
    expect(payload).toBe(expected);
    expectValidCrc(payload);
  });

  it('encode 0812345678 without an amount as a static QR with its CRC', () => {
    const payload = promptPayPayload('081-234-5678', null);
    const body = '00020101021129370016A000000677010111011300668123456785802TH53037646304';
    expect(payload).toBe(body + crc16(body));
  });

  it('encode a 13-digit tax id with an amount as a dynamic QR: PromptPay tag 29, THB, TH, the amount', () => {
    const payload = promptPayPayload('0994000158343', '1500.5');
    expectValidCrc(payload);
    const top = tags(payload);
    expect(top['00']).toBe('01');
    expect(top['01']).toBe('12');
    expect(tags(top['29'])).toEqual({ '00': 'A000000677010111', '02': '0994000158343' });
    expect(top['53']).toBe('764');
    expect(top['58']).toBe('TH');
    expect(top['54']).toBe('1500.50');
    expect(tagList(payload).map(([id]) => id)).toEqual(['00', '01', '29', '58', '53', '54', '63']);
  });

  // Published with another library, in another tag order: github.com/maythiwat/promptparse,
  // src/index.test.ts ("Generate Any ID", "Generate Any ID with amount"). EMVCo does not fix the
  // order of tags between 00 and 63, so the two must carry the same tags with the same values.
  it.each([
    ['0812223333', null, '00020101021129370016A0000006770101110113006681222333353037645802TH63041DCF'],
    [
      '0812223333',
      '30',
      '00020101021229370016A0000006770101110113006681222333353037645802TH540530.0063043CAD',
    ],
  ])('carry the same tags as promptparse’s vector for %s, amount %s', (id, amount, theirs) => {
    expectValidCrc(theirs);
    const ours = promptPayPayload(id, amount);
    expectValidCrc(ours);
    const { '63': _ourCrc, ...ourTags } = tags(ours);
    const { '63': _theirCrc, ...theirTags } = tags(theirs);
    expect(ourTags).toEqual(theirTags);
  });

  it.each([
    ['an id that is neither a mobile number nor a 13-digit id', '12345', null],
    ['a zero amount', '0812345678', '0'],
    ['a negative amount', '0812345678', '-5'],
    ['three decimals', '0812345678', '10.005'],
    ['more than tag 54 holds', '0812345678', '10000000000.00'],
  ])('refuse %s with a 400', (_what, id, amount) => {
    let refused: unknown;
    try {
      promptPayPayload(id, amount);
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(400);
  });

  it('draw the payload as an SVG QR code', async () => {
    const svg = await qrSvg(promptPayPayload('0812345678', '100'));
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 (\d+) \1"/);
    expect(svg).toContain('<path');
    expect(svg).not.toContain('<script');
  });
});
