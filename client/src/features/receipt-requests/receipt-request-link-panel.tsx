import { useQuery } from '@apollo/client/react';
import {
  Badge,
  Button,
  Link as ChakraLink,
  DataList,
  Field,
  Heading,
  HStack,
  Input,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  ReceiptRequestDetailsFieldsFragment,
  ReceiptRequestDonationFieldsFragment,
} from '../../gql/graphql';
import { formatBE } from '../../platform/dates';
import { currentLanguage } from '../../platform/i18n';
import { menuByKey } from '../../platform/menu-catalogue';
import { formatMoney } from '../../platform/money';
import { useSessionSnapshot } from '../../platform/session/session-context';
import { DataTable } from '../../ui/data-table/data-table';
import type { DataTableColumn } from '../../ui/data-table/data-table.types';
import { ErrorState } from '../../ui/query-state';
import { formatCitizenId } from '../../ui/validation/citizen-id';
import { DocumentLink, statusLabel, useDocumentTypes } from '../documents';
import { ReceiptRequestCandidatesQuery } from './receipt-requests.operations';

type Request = ReceiptRequestDetailsFieldsFragment;
type Donation = ReceiptRequestDonationFieldsFragment;

const NO_MENUS: readonly string[] = [];

/** Where staff record a donation that is not in the system yet (the kit's create screens). */
const CREATE_SCREEN = { MONEY: 'add-donate-money', GOODS: 'add-donate-things' } as const;

function useMenus(): readonly string[] {
  return useSessionSnapshot().session?.user.menus.map((menu) => menu.code) ?? NO_MENUS;
}

/** A donation's number: a link that opens it when the person may read its type. */
function DonationNumber({ donation }: { donation: Donation }) {
  const { descriptors } = useDocumentTypes();
  const menus = useMenus();
  const descriptor = descriptors.find((d) => d.type === donation.documentType);
  return descriptor?.viewMenuCodes.some((code) => menus.includes(code)) ? (
    <DocumentLink descriptor={descriptor} id={donation.id}>
      {donation.number}
    </DocumentLink>
  ) : (
    donation.number
  );
}

function DonationStatus({ donation }: { donation: Donation }) {
  const { descriptors } = useDocumentTypes();
  const descriptor = descriptors.find((d) => d.type === donation.documentType);
  return <>{descriptor ? statusLabel(descriptor, donation.status, currentLanguage()) : donation.status}</>;
}

/** The donation the request is linked to: its number, status, receipt and whose it is. */
export function LinkedDonationPanel({ request }: { request: Request }) {
  const { t } = useTranslation();
  const donation = request.linkedDonation;
  if (!donation) return null;
  return (
    <Stack gap="3" borderWidth="1px" rounded="lg" p="4">
      <Heading as="h3" size="md">
        {t('receiptRequest.linkedDonation')}
      </Heading>
      <DataList.Root orientation="horizontal">
        <DataList.Item>
          <DataList.ItemLabel>{t('receiptRequest.donationNumber')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <DonationNumber donation={donation} />
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('receiptRequest.donationStatus')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <DonationStatus donation={donation} />
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('receiptRequest.receiptNumber')}</DataList.ItemLabel>
          <DataList.ItemValue>
            {donation.receiptNumber
              ? donation.receiptVoid
                ? t('receiptRequest.receiptVoid', { number: donation.receiptNumber })
                : donation.receiptNumber
              : '—'}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('receiptRequest.donor')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <HStack gap="2" wrap="wrap">
              <Text>
                {donation.donorName}
                {donation.donorTaxId ? ` (${formatCitizenId(donation.donorTaxId)})` : ''}
              </Text>
              <Badge colorPalette={donation.sameTaxId ? 'green' : 'orange'}>
                {t(donation.sameTaxId ? 'receiptRequest.sameTaxId' : 'receiptRequest.otherTaxId')}
              </Badge>
            </HStack>
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
    </Stack>
  );
}

/**
 * Linking: the donations of the request's kind in the person's units given by the same id or on the
 * same day (same id first), a number typed by hand, and a way to record the donation first.
 */
export function LinkPanel({
  request,
  busy,
  onLink,
}: {
  request: Request;
  busy: boolean;
  onLink: (number: string) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const menus = useMenus();
  const [typed, setTyped] = useState('');
  const candidates = useQuery(ReceiptRequestCandidatesQuery, {
    variables: { id: request.id },
    fetchPolicy: 'network-only',
  });
  const createKey = CREATE_SCREEN[request.kind];
  const create = menuByKey(createKey);
  const canCreate = create ? menus.includes(create.code) : false;

  const columns: DataTableColumn<Donation>[] = [
    {
      id: 'number',
      header: t('receiptRequest.donationNumber'),
      cell: (d) => <DonationNumber donation={d} />,
    },
    { id: 'date', header: t('receiptRequest.donatedOn'), cell: (d) => formatBE(d.donatedOn) },
    {
      id: 'donor',
      header: t('receiptRequest.donor'),
      cell: (d) => (
        <HStack gap="2" wrap="wrap">
          <Text>{d.donorName}</Text>
          {d.sameTaxId && <Badge colorPalette="green">{t('receiptRequest.sameTaxId')}</Badge>}
        </HStack>
      ),
    },
    ...(request.kind === 'MONEY'
      ? [
          {
            id: 'amount',
            header: t('receiptRequest.amount'),
            align: 'end' as const,
            cell: (d: Donation) => (d.amount ? formatMoney(d.amount) : '—'),
          },
        ]
      : []),
    {
      id: 'status',
      header: t('receiptRequest.donationStatus'),
      cell: (d) => <DonationStatus donation={d} />,
    },
    {
      id: 'link',
      header: t('receiptRequest.link'),
      cell: (d) =>
        d.linkedRequestNumber ? (
          <Text color="fg.muted">{t('receiptRequest.linkedTo', { number: d.linkedRequestNumber })}</Text>
        ) : (
          <Button
            size="xs"
            colorPalette="brand"
            variant={d.number === request.linkedNumber ? 'outline' : 'solid'}
            disabled={busy || d.number === request.linkedNumber}
            aria-label={t('receiptRequest.linkThis', { number: d.number })}
            onClick={() => void onLink(d.number)}
          >
            {d.number === request.linkedNumber ? t('receiptRequest.linked') : t('receiptRequest.link')}
          </Button>
        ),
    },
  ];

  return (
    <Stack gap="3">
      <Text fontWeight="600">{t('receiptRequest.candidates')}</Text>
      {candidates.error ? (
        <ErrorState error={candidates.error} onRetry={() => void candidates.refetch()} />
      ) : (
        <DataTable
          caption={t('receiptRequest.candidates')}
          columns={columns}
          rows={candidates.data?.receiptRequestCandidates ?? []}
          rowKey={(d) => `${d.documentType}-${d.id}`}
          loading={candidates.loading}
          emptyText={t('receiptRequest.noCandidates')}
        />
      )}
      <HStack gap="3" align="end" wrap="wrap">
        <Field.Root maxW="sm">
          <Field.Label>{t('receiptRequest.linkByNumber')}</Field.Label>
          <Input
            value={typed}
            maxLength={30}
            placeholder={request.kind === 'MONEY' ? 'DM-2569-000001' : 'DT-2569-000001'}
            onChange={(event) => setTyped(event.target.value)}
          />
        </Field.Root>
        <Button
          variant="outline"
          loading={busy}
          disabled={typed.trim() === ''}
          onClick={async () => {
            if (await onLink(typed.trim())) setTyped('');
          }}
        >
          {t('receiptRequest.link')}
        </Button>
      </HStack>
      {canCreate && create && (
        <Text>
          {t('receiptRequest.notRecorded')}{' '}
          <ChakraLink asChild color="brand.fg">
            <Link to="/backoffice/$key" params={{ key: createKey }} target="_blank" rel="noopener">
              {language === 'en' ? create.nameEn : create.nameTh}
            </Link>
          </ChakraLink>
        </Text>
      )}
    </Stack>
  );
}
