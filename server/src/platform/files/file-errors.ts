import { AppError } from '../errors';
import { cleanFileName } from './file-name';

/** The client's name as a reader sees it in a message: cleaned and shortened. */
const shown = (raw: string) => {
  const name = Array.from(cleanFileName(raw));
  return name.length > 80 ? `${name.slice(0, 79).join('')}…` : name.join('') || '?';
};

/** 2 MB, 1.5 MB, 500 KB: binary units, as a file manager shows them. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}

export const fileTypeNotAllowed = (raw: string) =>
  new AppError(
    'FILE_TYPE_NOT_ALLOWED',
    400,
    `ไฟล์ "${shown(raw)}" ไม่ใช่รูปภาพ JPEG, PNG, WebP หรือเอกสาร PDF (ตรวจจากเนื้อไฟล์ ไม่ใช่จากชื่อไฟล์) จึงแนบไม่ได้`,
    `"${shown(raw)}" is not a JPEG, PNG or WebP image or a PDF document (judged by its content, not its name), so it cannot be attached`,
  );

/**
 * A PDF that would do something when opened (pdf-active-content.ts): refused like a disguised file
 * (FILE_TYPE_NOT_ALLOWED, 400), `details.reason` PDF_ACTIVE_CONTENT with the names found.
 */
export const pdfActiveContent = (raw: string, names: string[]) =>
  new AppError(
    'FILE_TYPE_NOT_ALLOWED',
    400,
    `ไฟล์ "${shown(raw)}" เป็น PDF ที่มีเนื้อหาซึ่งทำงานได้เอง (JavaScript คำสั่งเปิดโปรแกรม ไฟล์ที่ฝังไว้ ฟอร์ม XFA หรือสื่อ RichMedia) จึงแนบไม่ได้ กรุณาแนบ PDF ธรรมดาหรือรูปภาพแทน`,
    `"${shown(raw)}" is a PDF with active content (JavaScript, launch actions, embedded files, XFA forms or rich media), so it cannot be attached; attach a plain PDF or an image instead`,
    { reason: 'PDF_ACTIVE_CONTENT', names },
  );

/** A PDF whose hidden parts cannot be read to check them: refused as well (`details.reason` PDF_UNCHECKABLE). */
export const pdfUncheckable = (raw: string) =>
  new AppError(
    'FILE_TYPE_NOT_ALLOWED',
    400,
    `ไฟล์ "${shown(raw)}" เป็น PDF ที่ระบบตรวจเนื้อหาไม่ได้ (มีส่วนที่บีบอัดหรือเข้ารหัสไว้ซึ่งอ่านไม่ได้ หรือมีวัตถุซ่อนอยู่) จึงแนบไม่ได้ กรุณาแนบ PDF ที่ไม่เข้ารหัสหรือรูปภาพแทน`,
    `"${shown(raw)}" is a PDF whose content cannot be checked (compressed or encrypted parts that cannot be read, or hidden objects), so it cannot be attached; attach an unencrypted PDF or an image instead`,
    { reason: 'PDF_UNCHECKABLE' },
  );

export const fileEmpty = (raw: string) =>
  new AppError(
    'FILE_EMPTY',
    400,
    `ไฟล์ "${shown(raw)}" ว่างเปล่า จึงแนบไม่ได้`,
    `"${shown(raw)}" is empty, so it cannot be attached`,
  );

/** 413; `raw` is null when the request is refused by its declared length, before any part is read. */
export const fileTooLarge = (raw: string | null, maxBytes: number) =>
  new AppError(
    'FILE_TOO_LARGE',
    413,
    `${raw === null ? 'ไฟล์' : `ไฟล์ "${shown(raw)}"`} มีขนาดเกิน ${formatSize(maxBytes)} จึงแนบไม่ได้`,
    `${raw === null ? 'The file' : `"${shown(raw)}"`} is larger than ${formatSize(maxBytes)}, so it cannot be attached`,
    { maxBytes },
  );

export const tooManyFiles = (raw: string, maxFiles: number) =>
  new AppError(
    'TOO_MANY_FILES',
    409,
    `แนบไฟล์ "${shown(raw)}" ไม่ได้ เพราะเอกสารหนึ่งรายการแนบไฟล์ได้ไม่เกิน ${maxFiles} ไฟล์`,
    `"${shown(raw)}" cannot be attached: a document holds at most ${maxFiles} files`,
    { maxFiles },
  );

export const noFileSent = () =>
  new AppError(
    'BAD_INPUT',
    400,
    'ไม่พบไฟล์ในคำขอ กรุณาส่งหนึ่งไฟล์แบบ multipart/form-data (ฟิลด์ file)',
    'No file in the request: send one file as multipart/form-data (field "file")',
  );

export const oneFileAtATime = () =>
  new AppError('BAD_INPUT', 400, 'ส่งได้ครั้งละหนึ่งไฟล์ กรุณาแนบทีละไฟล์', 'Send one file per request');

export const attachmentsReadOnly = () =>
  new AppError(
    'FORBIDDEN',
    403,
    'คุณแก้ไขไฟล์แนบของรายการนี้ไม่ได้ (ไม่มีสิทธิ์ หรือรายการอยู่ในสถานะที่แก้ไขไม่ได้แล้ว)',
    'You cannot change the attachments of this record (no permission, or its status no longer allows it)',
  );
