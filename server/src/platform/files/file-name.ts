import { allowedFileKinds, type FileKind } from './content-type';

const maxBaseLength = 150;
const knownExtensions = new Set(allowedFileKinds.flatMap((k) => k.extensions));

/**
 * The name a file is stored and offered under: the last path segment of what the client sent, in NFC,
 * without control or format characters (a right-to-left override can make `exe.pdf` read as
 * `fdp.exe`), without characters file systems refuse, and with an extension that matches the content
 * (`scan.png` holding a JPEG becomes `scan.jpg`; `report` holding a PDF becomes `report.pdf`). Thai
 * letters and marks are kept.
 */
export function sanitiseFileName(raw: string, kind: FileKind): string {
  const cleaned = cleanFileName(raw);
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 ? cleaned.slice(dot + 1).toLowerCase() : '';
  let base = cleaned;
  if (kind.extensions.includes(extension) || knownExtensions.has(extension)) base = cleaned.slice(0, dot);
  const chosen = kind.extensions.includes(extension) ? extension : kind.extensions[0];
  base = Array.from(base.trim()).slice(0, maxBaseLength).join('').trim();
  return `${base || 'file'}.${chosen}`;
}

/** The last path segment of a client's file name, cleaned as above but with its extension as given. */
export function cleanFileName(raw: string): string {
  const segment = raw.split(/[/\\]/).pop() ?? '';
  return segment
    .normalize('NFC')
    .replace(/\p{C}/gu, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, '');
}

/** RFC 5987 value characters; everything else is percent-encoded from UTF-8. */
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `attachment` with the name twice (RFC 6266): an ASCII fallback for old clients and the exact
 * UTF-8 name (`filename*`, RFC 5987) that browsers prefer, so Thai names arrive intact.
 */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}
