import type { FastifyRequest } from 'fastify';
import type { AttachmentLimits } from '../config';
import { badInput } from '../errors';
import type { IncomingFile } from './attachment.service';
import { fileTooLarge, noFileSent, oneFileAtATime } from './file-errors';

/** Room for the multipart envelope around one file: boundaries, part headers, a long Thai name. */
const envelopeBytes = 64 * 1024;

/** busboy's limits for an upload: one file of at most maxBytes, a few small fields, nothing else. */
export function multipartLimits(limits: AttachmentLimits) {
  return {
    files: 1,
    fileSize: limits.maxBytes,
    fields: 4,
    fieldSize: 1024,
    parts: 5,
    headerPairs: 20,
  };
}

/** The text fields a form sends beside its one file (a public form's data beside its slip). */
export interface FormFields {
  /** The names it takes; other fields are refused. */
  names: readonly string[];
  /** Bytes one field may hold (UTF-8). */
  maxBytes: number;
}

export interface UploadForm {
  /** The form's one file, or null when it sent none. */
  file: IncomingFile | null;
  fields: Record<string, string>;
}

const errorCode = (err: unknown) =>
  typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : '';

const formTooLarge = (maxBytes: number) =>
  badInput(
    `ข้อมูลในแบบฟอร์มยาวเกินไป (ได้ไม่เกิน ${Math.floor(maxBytes / 1024)} KB) กรุณาตรวจสอบข้อความที่กรอก`,
    `The form's data is too long (at most ${Math.floor(maxBytes / 1024)} KB); check what was typed`,
  );

const unknownField = (name: string) =>
  badInput(`ไม่รู้จักข้อมูล ${name.slice(0, 40)} ในแบบฟอร์ม`, `Unknown form field ${name.slice(0, 40)}`);

const tooManyParts = (names: readonly string[]) =>
  badInput(
    `แบบฟอร์มส่งได้หนึ่งไฟล์และข้อมูล ${names.join(', ')} เท่านั้น`,
    `The form takes one file and the fields ${names.join(', ')} only`,
  );

/**
 * Reads a multipart form of at most one file (never more than maxBytes of it kept) and the named
 * text fields: a request whose declared length is already too large is refused before any of it is
 * read, and the parser stops keeping bytes at maxBytes + 1 (the rest is drained and dropped).
 */
export async function readUploadForm(
  request: FastifyRequest,
  limits: AttachmentLimits,
  form: FormFields = { names: [], maxBytes: 1024 },
): Promise<UploadForm> {
  if (!request.isMultipart()) throw noFileSent();
  const declared = Number(request.headers['content-length']);
  const room = envelopeBytes + form.names.length * form.maxBytes;
  if (Number.isFinite(declared) && declared > limits.maxBytes + room)
    throw fileTooLarge(null, limits.maxBytes);
  let file: IncomingFile | null = null;
  const fields: Record<string, string> = {};
  let current = '';
  // A plain upload keeps the attachment limits and ignores stray fields, as it always has.
  const plain = form.names.length === 0;
  const busboy = plain
    ? multipartLimits(limits)
    : {
        ...multipartLimits(limits),
        fields: form.names.length,
        fieldSize: form.maxBytes,
        parts: form.names.length + 1,
      };
  try {
    for await (const part of request.parts({ limits: busboy })) {
      if (part.type === 'file') {
        current = part.filename;
        file = { fileName: part.filename, content: await part.toBuffer() };
        continue;
      }
      if (plain) continue;
      if (!form.names.includes(part.fieldname)) throw unknownField(part.fieldname);
      if (part.valueTruncated) throw formTooLarge(form.maxBytes);
      fields[part.fieldname] = String(part.value ?? '');
    }
  } catch (err) {
    const code = errorCode(err);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(current, limits.maxBytes);
    if (code === 'FST_FILES_LIMIT') throw oneFileAtATime();
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw plain ? oneFileAtATime() : tooManyParts(form.names);
    throw err;
  }
  return { file, fields };
}

/** The one file of a multipart upload (readUploadForm without fields); none sent is 400. */
export async function readUpload(request: FastifyRequest, limits: AttachmentLimits): Promise<IncomingFile> {
  const { file } = await readUploadForm(request, limits);
  if (!file) throw noFileSent();
  return file;
}
