import { randomUUID } from 'node:crypto';

// Test harness: an upload as a browser sends it.

export interface UploadPart {
  fileName: string;
  content: Buffer;
  claimedType?: string;
  /** The form field's name; "file" unless told. */
  name?: string;
}

/** A text field of the form (a public form's JSON data beside its file). */
export interface FieldPart {
  field: string;
  value: string;
}

/** A multipart/form-data body as a browser sends it (the names as raw UTF-8). */
export function multipart(parts: (UploadPart | FieldPart)[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----namjai-${randomUUID()}`;
  const chunks = parts.flatMap((p) =>
    'field' in p
      ? [
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"\r\n\r\n`),
          Buffer.from(p.value),
          Buffer.from('\r\n'),
        ]
      : [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${p.name ?? 'file'}"; filename="${p.fileName}"\r\n` +
              `Content-Type: ${p.claimedType ?? 'application/octet-stream'}\r\n\r\n`,
          ),
          p.content,
          Buffer.from('\r\n'),
        ],
  );
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
