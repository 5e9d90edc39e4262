import type { FastifyRequest } from 'fastify';
import type { AttachmentLimits } from '../config';
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

const errorCode = (err: unknown) =>
  typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : '';

/**
 * Reads the one file of a multipart upload into memory, never more than maxBytes of it: a request
 * whose declared length is already too large is refused before any of it is read, and the parser
 * stops keeping bytes at maxBytes + 1 (the rest is drained and dropped).
 */
export async function readUpload(request: FastifyRequest, limits: AttachmentLimits): Promise<IncomingFile> {
  if (!request.isMultipart()) throw noFileSent();
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limits.maxBytes + envelopeBytes)
    throw fileTooLarge(null, limits.maxBytes);
  let upload: IncomingFile | undefined;
  let current = '';
  try {
    for await (const part of request.parts({ limits: multipartLimits(limits) })) {
      if (part.type !== 'file') continue;
      current = part.filename;
      upload = { fileName: part.filename, content: await part.toBuffer() };
    }
  } catch (err) {
    const code = errorCode(err);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(current, limits.maxBytes);
    if (code === 'FST_FILES_LIMIT') throw oneFileAtATime();
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw oneFileAtATime();
    throw err;
  }
  if (!upload) throw noFileSent();
  return upload;
}
