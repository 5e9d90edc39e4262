import { downloadBlob } from '../../platform/download';

/** The server's limit on an import file (reference-import-file.ts on the server). */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

export const IMPORT_ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A file's bytes in base64, as the import mutations take them. */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** Offers text (a CSV template) to the browser as a download. */
export function downloadText(fileName: string, content: string, type = 'text/csv;charset=utf-8'): void {
  downloadBlob(fileName, new Blob([content], { type }));
}
