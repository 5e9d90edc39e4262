import { constants, inflateSync } from 'node:zlib';

// A PDF is accepted as an attachment only when it is a plain document: nothing in it runs or opens
// something when it is viewed. Refused are the names that carry such content, wherever they sit:
//   /JS, /JavaScript      scripts (an /OpenAction or any other action naming one included)
//   /Launch               actions that start a program or open a file
//   /EmbeddedFile(s)      files carried inside the PDF
//   /AA                   additional actions (run on opening a page, focusing a field, …)
//   /RichMedia            Flash and video annotations
//   /XFA                  XML forms, scriptable
// /OpenAction itself is not refused: opening at page 1, fit to the window, is what most writers put
// there; an opening action that runs a script or a program names /JavaScript or /Launch.
//
// Writers (and attackers) hide names two ways, and both are undone before looking:
//   - a name may spell any character as #xx (/J#61vaScript is /JavaScript): names are decoded;
//   - objects may sit in a compressed object stream (/Type /ObjStm, FlateDecode): such a stream is
//     inflated (at most PDF_INFLATE_LIMIT bytes for the whole file, against deflate bombs) and every
//     name in it looked at, inside strings too (a reader finds its objects by offsets, which may
//     point anywhere). An object stream that cannot be read (another filter, a predictor, corrupt
//     data, past the limit, or an encrypted file's) is refused rather than passed.
// The file is read as a reader reads it: comments, strings and stream data are told apart from the
// objects, so a "stream" inside a string hides nothing, and names inside an image or a font (random
// bytes) refuse nothing. A reader may also jump into any place the cross-reference table points at,
// so an object header ("12 0 obj") found inside a comment, a string or another stream's data is
// refused too. Other streams (page content, images, fonts) are not inflated: no action lives there.
// Memory: the upload is in memory already (at most ATTACHMENT_MAX_BYTES, upload.ts); object streams
// are inflated one at a time, so what this adds at most is one stream's output and its text.

/** Bytes all object streams of one file may inflate to, together. */
export const PDF_INFLATE_LIMIT = 8 * 1024 * 1024;

const ACTIVE_NAMES = new Set([
  'JS',
  'JavaScript',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'AA',
  'RichMedia',
  'XFA',
]);

export type PdfCheck =
  | { ok: true }
  | { ok: false; reason: 'ACTIVE_CONTENT'; names: string[] }
  | { ok: false; reason: 'UNCHECKABLE'; detail: string };

class Uncheckable extends Error {}

// PDF's white-space and delimiter characters (ISO 32000-1, 7.2.2); every other byte is "regular".
const WHITE = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WHITE[c] = 1;
const DELIMITER = new Uint8Array(256);
for (const c of '()<>[]{}/%') DELIMITER[c.charCodeAt(0)] = 1;
const regular = (c: number) => !WHITE[c] && !DELIMITER[c];

/** A name's characters with #xx escapes decoded (the leading slash not included). */
export const decodeName = (raw: string) =>
  raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

// The same classes for regular expressions: white space (NUL included) and what ends a name.
const SPACE = String.raw`[\x00\t\n\f\r ]`;
const NOT_REGULAR = String.raw`\x00\t\n\f\r ()<>[\]{}/%`;
const NAME = new RegExp(`/([^${NOT_REGULAR}]*)`, 'g');
/** "12 0 obj": what a reader looks for where the cross-reference table sends it. */
const OBJECT_HEADER = new RegExp(`[0-9]${SPACE}+[0-9]+${SPACE}+obj(?![^${NOT_REGULAR}])`);

interface Scan {
  buf: Buffer;
  found: Set<string>;
  /** Bytes object streams may still inflate to. */
  budget: number;
  objectStreams: number;
  encrypted: boolean;
  /** Integer objects by "number generation", for lengths given by reference; read when first needed. */
  integerObjects?: Map<string, number[]>;
}

function noteName(scan: Scan, raw: string) {
  const name = decodeName(raw);
  if (ACTIVE_NAMES.has(name)) scan.found.add(name);
  if (name === 'Encrypt') scan.encrypted = true;
}

/** Every name in `text`, wherever it stands (inside strings too): for object streams' content. */
function noteNamesIn(scan: Scan, text: string) {
  for (const m of text.matchAll(NAME)) noteName(scan, m[1]);
}

/** Comments, strings and stream data hold no object a reader could be sent to. */
function assertNoObjectIn(scan: Scan, from: number, to: number) {
  if (to - from > 6 && OBJECT_HEADER.test(scan.buf.toString('latin1', from, to)))
    throw new Uncheckable('an object header inside a comment, a string or stream data');
}

/** The end (exclusive) of the literal string opening at `i`: balanced parentheses, \ escapes. */
function stringEnd(buf: Buffer, i: number): number {
  let depth = 0;
  for (let j = i; j < buf.length; j++) {
    const c = buf[j];
    if (c === 0x5c) j++;
    else if (c === 0x28) depth++;
    else if (c === 0x29 && --depth === 0) return j + 1;
  }
  return buf.length;
}

type Token =
  | { t: 'name'; v: string }
  | { t: 'number'; v: number }
  | { t: 'word'; v: string }
  | { t: '<<' | '>>' | '[' | ']' | 'string' };

/** Tokens of a (small) stream dictionary's text. */
function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  const buf = Buffer.from(text, 'latin1');
  let i = 0;
  while (i < buf.length) {
    const c = buf[i];
    if (WHITE[c]) i++;
    else if (c === 0x25) {
      while (i < buf.length && buf[i] !== 0x0a && buf[i] !== 0x0d) i++;
    } else if (c === 0x28) {
      i = stringEnd(buf, i);
      tokens.push({ t: 'string' });
    } else if (c === 0x3c && buf[i + 1] === 0x3c) {
      tokens.push({ t: '<<' });
      i += 2;
    } else if (c === 0x3e && buf[i + 1] === 0x3e) {
      tokens.push({ t: '>>' });
      i += 2;
    } else if (c === 0x3c) {
      const end = buf.indexOf(0x3e, i);
      i = end < 0 ? buf.length : end + 1;
      tokens.push({ t: 'string' });
    } else if (c === 0x5b || c === 0x5d) {
      tokens.push({ t: c === 0x5b ? '[' : ']' });
      i++;
    } else if (c === 0x2f) {
      let j = i + 1;
      while (j < buf.length && regular(buf[j])) j++;
      tokens.push({ t: 'name', v: decodeName(buf.toString('latin1', i + 1, j)) });
      i = j;
    } else if (!regular(c)) i++;
    else {
      let j = i;
      while (j < buf.length && regular(buf[j])) j++;
      const word = buf.toString('latin1', i, j);
      tokens.push(
        /^[+-]?(\d+\.?\d*|\.\d+)$/.test(word) ? { t: 'number', v: Number(word) } : { t: 'word', v: word },
      );
      i = j;
    }
  }
  return tokens;
}

/** The value starting at tokens[i] (a reference is three tokens, arrays and dictionaries nest). */
function valueEnd(tokens: Token[], i: number): number {
  const first = tokens[i];
  if (first?.t === '<<' || first?.t === '[') {
    let depth = 0;
    for (let j = i; j < tokens.length; j++) {
      const t = tokens[j].t;
      if (t === '<<' || t === '[') depth++;
      else if ((t === '>>' || t === ']') && --depth === 0) return j + 1;
    }
    return tokens.length;
  }
  const [second, third] = [tokens[i + 1], tokens[i + 2]];
  if (first?.t === 'number' && second?.t === 'number' && third?.t === 'word' && third.v === 'R') return i + 3;
  return i + 1;
}

interface StreamDict {
  entries: Map<string, Token[]>;
}

/** The top-level entries of the dictionary `<< … >>` in `text` (later duplicates win, as readers do). */
function parseDict(text: string): StreamDict {
  const tokens = tokensOf(text);
  const entries = new Map<string, Token[]>();
  let i = tokens[0]?.t === '<<' ? 1 : 0;
  while (i < tokens.length) {
    const key = tokens[i];
    if (key.t === '>>') break;
    if (key.t !== 'name') {
      i++;
      continue;
    }
    const end = valueEnd(tokens, i + 1);
    entries.set(key.v, tokens.slice(i + 1, end));
    i = end;
  }
  return { entries };
}

const isReference = (value: Token[]) => value.length === 3 && value[2].t === 'word' && value[2].v === 'R';

const INTEGER_OBJECT = new RegExp(
  `(?<![0-9])([0-9]+)${SPACE}+([0-9]+)${SPACE}+obj${SPACE}*([0-9]+)${SPACE}*endobj`,
  'g',
);

/** A stream's possible lengths: its direct /Length, or the integer object(s) its reference names. */
function lengthsOf(scan: Scan, dict: StreamDict): number[] {
  const value = dict.entries.get('Length');
  if (!value) return [];
  if (value.length === 1 && value[0].t === 'number') return [value[0].v];
  if (!isReference(value) || value[0].t !== 'number' || value[1].t !== 'number') return [];
  if (!scan.integerObjects) {
    // Every "n g obj <integer> endobj" of the file, read once (an update may give one again).
    scan.integerObjects = new Map();
    for (const m of scan.buf.toString('latin1').matchAll(INTEGER_OBJECT)) {
      const key = `${m[1]} ${m[2]}`;
      scan.integerObjects.set(key, [...(scan.integerObjects.get(key) ?? []), Number(m[3])]);
    }
  }
  return scan.integerObjects.get(`${value[0].v} ${value[1].v}`) ?? [];
}

/** The decoded bytes of an object stream, as latin1 text; Uncheckable when they cannot be had. */
function decodeObjectStream(scan: Scan, dict: StreamDict, data: Buffer): string {
  const filter = dict.entries.get('Filter');
  let filters: string[];
  if (!filter) filters = [];
  else if (filter.length === 1 && filter[0].t === 'name') filters = [filter[0].v];
  else if (filter[0]?.t === '[' && filter.slice(1, -1).every((t) => t.t === 'name'))
    filters = filter.slice(1, -1).map((t) => (t as { v: string }).v);
  else throw new Uncheckable('an object stream whose filter is not given directly');
  if (filters.length === 0) return data.toString('latin1', 0, data.length);
  if (filters.length > 1 || !['FlateDecode', 'Fl'].includes(filters[0]))
    throw new Uncheckable(`an object stream with the filter ${filters.join(' ')}`);
  const parms = dict.entries.get('DecodeParms') ?? dict.entries.get('DP');
  if (parms && !(parms.length === 1 && parms[0].t === 'word' && parms[0].v === 'null')) {
    if (parms[0]?.t !== '<<')
      throw new Uncheckable('an object stream whose decode parameters are not given directly');
    const at = parms.findIndex((t) => t.t === 'name' && t.v === 'Predictor');
    const predictor = at >= 0 ? parms[at + 1] : undefined;
    if (predictor && !(predictor.t === 'number' && predictor.v <= 1))
      throw new Uncheckable('an object stream with a predictor');
  }
  let out: Buffer;
  try {
    // A stream cut short gives what a reader would get from it (its data up to the cut).
    out = inflateSync(data, {
      maxOutputLength: Math.max(1, scan.budget),
      finishFlush: constants.Z_SYNC_FLUSH,
    });
  } catch (err) {
    const code = (err as { code?: string }).code;
    throw new Uncheckable(
      code === 'ERR_BUFFER_TOO_LARGE'
        ? `object streams inflating past ${PDF_INFLATE_LIMIT} bytes`
        : 'an object stream that cannot be inflated',
    );
  }
  scan.budget -= out.length;
  if (scan.budget <= 0) throw new Uncheckable(`object streams inflating past ${PDF_INFLATE_LIMIT} bytes`);
  return out.toString('latin1', 0, out.length);
}

/**
 * The stream whose keyword ends at `keywordEnd`, after the dictionary `dict` (its byte range):
 * finds its data (by /Length when it leads to `endstream`, else up to the first `endstream`),
 * scans it if it is an object stream, and returns where reading goes on.
 */
function readStream(scan: Scan, dictRange: [number, number], keywordEnd: number) {
  const { buf } = scan;
  // After the keyword, the data starts on the next line (CR LF or LF; a lone CR is tolerated).
  let start = keywordEnd;
  while (start < buf.length && buf[start] !== 0x0a && buf[start] !== 0x0d) start++;
  if (buf[start] === 0x0d) start++;
  if (buf[start] === 0x0a) start++;
  const dict = parseDict(buf.toString('latin1', dictRange[0], dictRange[1]));
  let end = -1;
  let resume = -1;
  for (const length of lengthsOf(scan, dict)) {
    if (!Number.isInteger(length) || length < 0 || start + length > buf.length) continue;
    let k = start + length;
    while (k < buf.length && WHITE[buf[k]]) k++;
    if (buf.toString('latin1', k, k + 9) === 'endstream') {
      end = start + length;
      resume = k + 9;
      break;
    }
  }
  if (end < 0) {
    const k = buf.indexOf('endstream', start, 'latin1');
    end = k < 0 ? buf.length : k;
    resume = k < 0 ? buf.length : k + 9;
  }
  const data = buf.subarray(start, end);
  const type = dict.entries.get('Type')?.[0];
  if ((type?.t === 'name' && type.v === 'ObjStm') || dict.entries.has('First')) {
    // An object stream: the objects of its own are read from it (readers do not ask for /Type).
    scan.objectStreams++;
    noteNamesIn(scan, decodeObjectStream(scan, dict, data));
  } else assertNoObjectIn(scan, start, end);
  return resume;
}

/** Reads the file's objects (names noted), and every object stream in it. */
function scanFile(scan: Scan) {
  const { buf } = scan;
  const n = buf.length;
  let i = 0;
  let depth = 0;
  let dictStart = 0;
  // The dictionary that closed last at the top, while only white space and comments followed it.
  let lastDict: [number, number] | null = null;
  while (i < n) {
    const c = buf[i];
    if (WHITE[c]) {
      i++;
    } else if (c === 0x25) {
      let end = i;
      while (end < n && buf[end] !== 0x0a && buf[end] !== 0x0d) end++;
      assertNoObjectIn(scan, i, end);
      i = end;
    } else if (c === 0x28) {
      const end = stringEnd(buf, i);
      assertNoObjectIn(scan, i, end);
      i = end;
      lastDict = null;
    } else if (c === 0x3c && buf[i + 1] === 0x3c) {
      if (depth++ === 0) dictStart = i;
      i += 2;
      lastDict = null;
    } else if (c === 0x3c) {
      const close = buf.indexOf(0x3e, i);
      const end = close < 0 ? n : close + 1;
      assertNoObjectIn(scan, i, end);
      i = end;
      lastDict = null;
    } else if (c === 0x3e && buf[i + 1] === 0x3e) {
      i += 2;
      lastDict = depth > 0 && --depth === 0 ? [dictStart, i] : null;
    } else if (c === 0x2f) {
      let j = i + 1;
      while (j < n && regular(buf[j])) j++;
      noteName(scan, buf.toString('latin1', i + 1, j));
      i = j;
      lastDict = null;
    } else if (!regular(c)) {
      i++;
      lastDict = null;
    } else {
      let j = i;
      while (j < n && regular(buf[j])) j++;
      i =
        lastDict && j - i === 6 && buf.toString('latin1', i, j) === 'stream'
          ? readStream(scan, lastDict, j)
          : j;
      lastDict = null;
    }
  }
}

/**
 * Whether a PDF (already known to start with %PDF-) is plain: no active content (the names above,
 * #xx escapes decoded, object streams inflated) and nothing that could not be checked.
 */
export function checkPdfContent(content: Buffer): PdfCheck {
  const scan: Scan = {
    buf: content,
    found: new Set(),
    budget: PDF_INFLATE_LIMIT,
    objectStreams: 0,
    encrypted: false,
  };
  try {
    scanFile(scan);
    if (scan.found.size === 0 && scan.encrypted && scan.objectStreams > 0)
      throw new Uncheckable('object streams of an encrypted file');
  } catch (err) {
    if (!(err instanceof Uncheckable)) throw err;
    if (scan.found.size === 0) return { ok: false, reason: 'UNCHECKABLE', detail: err.message };
  }
  if (scan.found.size > 0) return { ok: false, reason: 'ACTIVE_CONTENT', names: [...scan.found].sort() };
  return { ok: true };
}
