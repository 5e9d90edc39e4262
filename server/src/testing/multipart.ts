import { randomUUID } from 'node:crypto';

// Test harness: an upload as a browser sends it.

export interface UploadPart {
  fileName: string;
  content: Buffer;
  claimedType?: string;
}

/** A multipart/form-data body as a browser sends it (the name as raw UTF-8). */
export function multipart(parts: UploadPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----namjai-${randomUUID()}`;
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${p.fileName}"\r\n` +
        `Content-Type: ${p.claimedType ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    p.content,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
