import type { ErrorLike } from '@apollo/client';
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiFetch } from '../../platform/api-fetch';
import { downloadBlob } from '../../platform/download';
import { currentLanguage } from '../../platform/i18n';
import { fileNameOf } from '../../platform/print';
import { FormErrorAlert } from '../../ui/form/form-error-alert';
import { type EDonationValues, eDonationExportUrl } from './e-donation-search';

// The download of the e-Donation file (MN-111) through the one export route, GET /api/export/e-donation
// (docs/exports.md): the server writes the XLSX or CSV; this only fetches it with the session and hands
// it to the browser. TEMPORARY: when the export mechanism's shared client menu
// (client/src/ui/data-table/export-menu.tsx, with its progress) lands, use it here instead.

export function EDonationDownload({ values, total }: { values: EDonationValues; total: number }) {
  const { t } = useTranslation();
  const api = useApiFetch();
  const [busy, setBusy] = useState<'xlsx' | 'csv' | null>(null);
  const [failure, setFailure] = useState<ErrorLike | null>(null);

  const download = async (format: 'xlsx' | 'csv') => {
    setFailure(null);
    setBusy(format);
    try {
      const response = await api(eDonationExportUrl(values, format, currentLanguage()));
      downloadBlob(fileNameOf(response, `e-donation.${format}`), await response.blob());
    } catch (error) {
      setFailure(error as ErrorLike);
    }
    setBusy(null);
  };

  return (
    <Stack gap="2" as="section" aria-label={t('eDonation.download.title')}>
      <HStack gap="3" wrap="wrap">
        {(['xlsx', 'csv'] as const).map((format) => (
          <Button
            key={format}
            variant="outline"
            onClick={() => void download(format)}
            loading={busy === format}
            disabled={busy !== null || total === 0}
          >
            <FileDown aria-hidden />
            {t(`eDonation.download.${format}`)}
          </Button>
        ))}
        <Text fontSize="sm" color="fg.muted">
          {t('eDonation.download.note', { count: total })}
        </Text>
      </HStack>
      <FormErrorAlert error={failure} />
    </Stack>
  );
}
