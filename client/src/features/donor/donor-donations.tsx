import type { ErrorLike } from '@apollo/client';
import { Badge, Box, Button, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MyDonationHistoryQuery } from '../../gql/graphql';
import { useApiFetch } from '../../platform/api-fetch';
import { formatBE } from '../../platform/dates';
import { downloadBlob } from '../../platform/download';
import { currentLanguage } from '../../platform/i18n';
import { formatBaht } from '../../platform/money';
import { fileNameOf } from '../../platform/print';
import { FormErrorAlert } from '../../ui/form/form-error-alert';

export type MyDonation = MyDonationHistoryQuery['myDonationHistory']['donations'][number];

/** Each donation as a card (readable on a phone): number, date, unit, objective, value, status, receipt. */
export function DonorDonations({ donations }: { donations: readonly MyDonation[] }) {
  const { t } = useTranslation();
  return (
    <Stack as="section" gap="3" aria-labelledby="donations-heading" data-testid="donor-donations">
      <Heading as="h2" size="lg" id="donations-heading">
        {t('donor.donations.title')}
      </Heading>
      {donations.length === 0 ? (
        <Text>{t('donor.donations.none')}</Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none">
          {donations.map((d) => (
            <DonationCard key={`${d.documentType}:${d.id}`} donation={d} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function DonationCard({ donation: d }: { donation: MyDonation }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const en = language === 'en';
  const api = useApiFetch();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ErrorLike | null>(null);
  const receipt = d.receipt;
  const receiptName =
    receipt?.kind === 'GOODS' ? t('donor.donations.goodsReceipt') : t('donor.donations.moneyReceipt');

  const download = async () => {
    if (!receipt) return;
    setFailure(null);
    setBusy(true);
    try {
      const response = await api(receipt.pdfUrl);
      downloadBlob(
        fileNameOf(response, `receipt-${receipt.number.replace('/', '-')}.pdf`),
        await response.blob(),
      );
    } catch (error) {
      setFailure(error as ErrorLike);
    }
    setBusy(false);
  };

  return (
    <Box
      as="li"
      borderWidth="1px"
      rounded="lg"
      p={{ base: '4', md: '5' }}
      data-testid={`donor-donation-${d.number}`}
    >
      <Stack gap="3">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h3" size="md">
            {d.kind === 'GOODS' ? t('donor.donations.goods') : t('donor.donations.money')} {d.number}
          </Heading>
          <Badge
            colorPalette={d.status === 'CANCELLED' ? 'red' : receipt && !receipt.void ? 'green' : 'gray'}
          >
            {en ? d.statusLabelEn : d.statusLabelTh}
          </Badge>
        </HStack>
        <DataList.Root orientation="horizontal" size="sm">
          <DataList.Item>
            <DataList.ItemLabel>{t('donor.donations.date')}</DataList.ItemLabel>
            <DataList.ItemValue>{formatBE(d.donatedOn, 'long', language)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>
              {d.kind === 'GOODS' ? t('donor.donations.value') : t('donor.donations.amount')}
            </DataList.ItemLabel>
            <DataList.ItemValue>{formatBaht(d.value, language)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('donor.donations.unit')}</DataList.ItemLabel>
            <DataList.ItemValue>{en && d.unitNameEn ? d.unitNameEn : d.unitNameTh}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('donor.donations.objective')}</DataList.ItemLabel>
            <DataList.ItemValue>{en ? d.objectiveLabelEn : d.objectiveLabelTh}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('donor.donations.donor')}</DataList.ItemLabel>
            <DataList.ItemValue>
              {d.donorCode} {d.donorNameTh}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{receiptName}</DataList.ItemLabel>
            <DataList.ItemValue>
              {receipt ? (
                <HStack gap="2" wrap="wrap">
                  <span>
                    {receipt.number} · {formatBE(receipt.issuedOn, 'long', language)}
                  </span>
                  {receipt.void && <Badge colorPalette="red">{t('receipts.void')}</Badge>}
                </HStack>
              ) : (
                t('donor.donations.noReceipt')
              )}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
        {receipt && (
          <Button
            variant="outline"
            colorPalette="brand"
            alignSelf="start"
            disabled={busy}
            onClick={() => void download()}
            data-testid={`receipt-download-${receipt.number}`}
            aria-label={t('donor.donations.downloadLabel', { name: receiptName, number: receipt.number })}
          >
            <FileDown aria-hidden="true" />
            {t('receipts.downloadPdf')}
          </Button>
        )}
        {failure && <FormErrorAlert error={failure} />}
      </Stack>
    </Box>
  );
}
