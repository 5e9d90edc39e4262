import type { ErrorLike } from '@apollo/client';
import { Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiFetch } from '../../platform/api-fetch';
import { downloadBlob } from '../../platform/download';
import { currentLanguage } from '../../platform/i18n';
import { fileNameOf } from '../../platform/print';
import { FormErrorAlert } from '../form/form-error-alert';

// The list's export (docs/exports.md): XLSX or CSV of every row the list's current filters select,
// streamed from GET /api/export/<path>. The response carries the row total (X-Total-Count); a CSV's
// records are counted as its bytes arrive (each ends in CRLF), an XLSX (compressed) shows the bytes.

export type ExportFormat = 'xlsx' | 'csv';
export type ExportFilters = Record<string, string | number | boolean | null | undefined>;

export interface ExportProgressState {
  format: ExportFormat;
  total: number | null;
  /** CSV records received (the header excluded). */
  rows: number;
  bytes: number;
}

/** The query string of an export: format, the file's language, and the filters that are set. */
export function exportUrl(path: string, format: ExportFormat, filters: ExportFilters, lang: string): string {
  const params = new URLSearchParams({ format, lang: lang === 'en' ? 'en' : 'th' });
  for (const [key, value] of Object.entries(filters)) {
    if (value === null || value === undefined || value === '' || value === false) continue;
    params.set(key, String(value));
  }
  return `/api/export/${path}?${params}`;
}

/**
 * Reads an export's body, reporting progress; resolves with its chunks. CRLF pairs are counted
 * across chunk boundaries; the first is the header's.
 */
export async function readExport(
  response: Response,
  format: ExportFormat,
  onProgress: (p: ExportProgressState) => void,
): Promise<Uint8Array[]> {
  const totalHeader = response.headers.get('x-total-count');
  const total = totalHeader === null ? null : Number(totalHeader);
  const state: ExportProgressState = { format, total, rows: 0, bytes: 0 };
  const chunks: Uint8Array[] = [];
  const reader = response.body?.getReader();
  if (!reader) {
    const buffer = new Uint8Array(await response.arrayBuffer());
    return [buffer];
  }
  let lines = 0;
  let lastWasCr = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    state.bytes += value.byteLength;
    if (format === 'csv') {
      for (const byte of value) {
        if (byte === 0x0a && lastWasCr) lines++;
        lastWasCr = byte === 0x0d;
      }
      state.rows = Math.max(0, lines - 1);
    }
    onProgress({ ...state });
  }
  return chunks;
}

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** XLSX and CSV buttons for a list, with a progress bar while the file arrives. */
export function ExportMenu({ path, filters }: { path: string; filters: ExportFilters }) {
  const { t } = useTranslation();
  const api = useApiFetch();
  const [progress, setProgress] = useState<ExportProgressState | null>(null);
  const [done, setDone] = useState<number | null>(null);
  const [failure, setFailure] = useState<ErrorLike | null>(null);

  const run = async (format: ExportFormat) => {
    setFailure(null);
    setDone(null);
    setProgress({ format, total: null, rows: 0, bytes: 0 });
    try {
      const response = await api(exportUrl(path, format, filters, currentLanguage()));
      const chunks = await readExport(response, format, setProgress);
      const type = response.headers.get('content-type') ?? 'application/octet-stream';
      downloadBlob(fileNameOf(response, `export.${format}`), new Blob(chunks as BlobPart[], { type }));
      const total = response.headers.get('x-total-count');
      setDone(total === null ? null : Number(total));
    } catch (err) {
      setFailure(err as ErrorLike);
    }
    setProgress(null);
  };

  const busy = progress !== null;
  const percent =
    progress?.format === 'csv' && progress.total
      ? Math.min(100, Math.round((progress.rows / progress.total) * 100))
      : null;
  return (
    <Stack gap="2" data-testid="export-menu">
      <HStack gap="2" wrap="wrap">
        {(['xlsx', 'csv'] as const).map((format) => (
          <Button
            key={format}
            size="sm"
            variant="outline"
            disabled={busy}
            loading={progress?.format === format}
            onClick={() => void run(format)}
          >
            <FileDown aria-hidden />
            {t(`table.export.${format}`)}
          </Button>
        ))}
      </HStack>
      {progress && (
        <Stack gap="1" role="status" aria-live="polite">
          <Progress.Root
            size="sm"
            max={100}
            value={percent}
            aria-label={t('table.export.progress')}
            colorPalette="brand"
          >
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text fontSize="sm">
            {progress.format === 'csv' && progress.total !== null
              ? t('table.export.working', { received: progress.rows, total: progress.total })
              : t('table.export.workingBytes', {
                  total: progress.total ?? '…',
                  size: sizeText(progress.bytes),
                })}
          </Text>
        </Stack>
      )}
      {done !== null && !busy && (
        <Text fontSize="sm" role="status">
          {t('table.export.done', { count: done })}
        </Text>
      )}
      {failure && <FormErrorAlert error={failure} />}
    </Stack>
  );
}

/** A list query's variables as export filters: everything but the page (an export holds every row). */
export function listFilters(variables: object): ExportFilters {
  const { currentPage: _page, rows: _rows, type: _type, ...filters } = variables as Record<string, unknown>;
  return filters as ExportFilters;
}
