import type { ErrorLike } from '@apollo/client';
import { Badge, Button, DataList, Heading, HStack, Stack } from '@chakra-ui/react';
import { FileDown, Printer } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentReceiptFieldsFragment } from '../../gql/graphql';
import { useApiFetch } from '../../platform/api-fetch';
import { downloadBlob } from '../../platform/download';
import { currentLanguage } from '../../platform/i18n';
import { fileNameOf, printHtml } from '../../platform/print';
import { FormErrorAlert } from '../../ui/form/form-error-alert';
import { dayBE } from '../reference';

export type DocumentReceiptData = NonNullable<DocumentReceiptFieldsFragment['receipt']>;

export interface DocumentReceiptProps {
  receipt: DocumentReceiptData;
  /** A print was made (the server counts them: the next one is a copy): the document loads again. */
  onPrinted: () => Promise<unknown>;
}

/**
 * The receipt an approved money donation was given, or the evidence of receipt of a goods donation
 * approved at level 2 (docs/receipts.md): its number, date, amount or total value in Thai words and
 * whether it is void, and, for a person the server lets print it (`printable`), the PDF to download
 * and the browser's print view. Both are one print each on the server: the first is the original,
 * later ones are marked as copies.
 */
export function DocumentReceipt({ receipt, onPrinted }: DocumentReceiptProps) {
  const { t } = useTranslation();
  // What the document is called: a money receipt, or goods evidence.
  const named = receipt.kind === 'GOODS' ? 'receipts.goods' : 'receipts';
  const language = currentLanguage();
  const api = useApiFetch();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ErrorLike | null>(null);

  const run = async (print: () => Promise<void>) => {
    setFailure(null);
    setBusy(true);
    try {
      await print();
    } catch (error) {
      setFailure(error as ErrorLike);
    }
    await onPrinted().catch(() => undefined);
    setBusy(false);
  };

  const download = () =>
    run(async () => {
      const response = await api(receipt.pdfUrl);
      const fallback = `receipt-${receipt.number.replace('/', '-')}.pdf`;
      downloadBlob(fileNameOf(response, fallback), await response.blob());
    });

  const print = () =>
    run(async () => {
      const response = await api(receipt.printViewUrl);
      printHtml(await response.text());
    });

  return (
    <Stack gap="3" as="section" aria-label={t(`${named}.title`)}>
      <Heading as="h3" size="md">
        {t(`${named}.title`)}
      </Heading>
      <DataList.Root orientation="horizontal">
        <DataList.Item>
          <DataList.ItemLabel>{t(`${named}.number`)}</DataList.ItemLabel>
          <DataList.ItemValue>
            <HStack gap="2">
              <span>{receipt.number}</span>
              <Badge colorPalette={receipt.void ? 'red' : 'green'}>
                {receipt.void ? t('receipts.void') : t('receipts.valid')}
              </Badge>
            </HStack>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t(`${named}.issuedOn`)}</DataList.ItemLabel>
          <DataList.ItemValue>{dayBE(receipt.issuedOn, language)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t(`${named}.amountInWords`)}</DataList.ItemLabel>
          {/* The receipt's own words, printed in Thai (docs/languages.md). */}
          <DataList.ItemValue lang="th">{receipt.amountInWords}</DataList.ItemValue>
        </DataList.Item>
        {receipt.void && (
          <DataList.Item>
            <DataList.ItemLabel>{t('receipts.voidReason')}</DataList.ItemLabel>
            <DataList.ItemValue>{receipt.voidReason || '—'}</DataList.ItemValue>
          </DataList.Item>
        )}
        <DataList.Item>
          <DataList.ItemLabel>{t('receipts.printCount')}</DataList.ItemLabel>
          <DataList.ItemValue>{receipt.printCount}</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      {receipt.printable && (
        <HStack gap="3" wrap="wrap">
          <Button colorPalette="brand" disabled={busy} onClick={() => void print()}>
            <Printer aria-hidden="true" />
            {t(`${named}.print`)}
          </Button>
          <Button variant="outline" colorPalette="brand" disabled={busy} onClick={() => void download()}>
            <FileDown aria-hidden="true" />
            {t('receipts.downloadPdf')}
          </Button>
        </HStack>
      )}
      {receipt.printable && receipt.printCount > 0 && <span>{t(`${named}.copyNote`)}</span>}
      {failure && <FormErrorAlert error={failure} />}
    </Stack>
  );
}
