import type { ErrorLike } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  Box,
  Button,
  DataList,
  Field,
  Heading,
  HStack,
  List,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { FileDown } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MyPersonalDataQuery } from '../../gql/graphql';
import { useApiFetch } from '../../platform/api-fetch';
import { consentChannelLabel } from '../../platform/consent-channel';
import { formatBE, formatBEDateTime } from '../../platform/dates';
import { downloadBlob } from '../../platform/download';
import { currentLanguage } from '../../platform/i18n';
import { formatBaht, formatQuantity } from '../../platform/money';
import { fileNameOf } from '../../platform/print';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormErrorAlert } from '../../ui/form/form-error-alert';
import { ErrorState, LoadingState } from '../../ui/query-state';
import { formatCitizenId } from '../../ui/validation/citizen-id';
import {
  MyPersonalDataQuery as PersonalDataDocument,
  RequestPersonalDataDeletionMutation,
} from './donor.operations';

type PersonalData = MyPersonalDataQuery['myPersonalData'];

const REASON_MAX = 1000;
const when = (value: unknown) => (typeof value === 'string' ? formatBEDateTime(value) : '—');
const text = (value: string | null | undefined) => (value ? value : '—');

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="3" aria-label={title} data-testid={testId}>
      <Heading as="h3" size="md">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <DataList.Root orientation="horizontal" size="sm">
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

/**
 * The donor's own data (PDPA right of access): everything the system holds that the account reaches,
 * readable here and as a JSON file, and the request to delete it.
 */
export function PersonalDataPanel() {
  const { t } = useTranslation();
  const { data, loading, error, refetch } = useQuery(PersonalDataDocument, { fetchPolicy: 'network-only' });
  if (loading && !data) return <LoadingState />;
  if (error && !data) return <ErrorState error={error} onRetry={() => void refetch()} />;
  const mine = data?.myPersonalData;
  if (!mine) return null;
  return (
    <Stack gap="8" pt="4">
      <Stack gap="3">
        <Heading as="h2" size="lg">
          {t('donor.data.title')}
        </Heading>
        <Text>{t('donor.data.intro')}</Text>
        <DownloadButton />
      </Stack>
      <AccountSection data={mine} />
      <DonorsSection data={mine} />
      <DonationsSection data={mine} />
      <ReceiptRequestsSection data={mine} />
      <ConsentsSection data={mine} />
      <DeletionSection data={mine} onRequested={() => void refetch()} />
    </Stack>
  );
}

function DownloadButton() {
  const { t } = useTranslation();
  const api = useApiFetch();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ErrorLike | null>(null);
  const download = async () => {
    setFailure(null);
    setBusy(true);
    try {
      const response = await api('/api/my/personal-data');
      downloadBlob(fileNameOf(response, 'namjai-personal-data.json'), await response.blob());
    } catch (err) {
      setFailure(err as ErrorLike);
    }
    setBusy(false);
  };
  return (
    <Stack gap="2">
      <Button
        colorPalette="brand"
        alignSelf="start"
        disabled={busy}
        onClick={() => void download()}
        data-testid="personal-data-download"
      >
        <FileDown aria-hidden="true" />
        {t('donor.data.download')}
      </Button>
      {failure && <FormErrorAlert error={failure} />}
    </Stack>
  );
}

function AccountSection({ data }: { data: PersonalData }) {
  const { t } = useTranslation();
  const a = data.account;
  return (
    <Section title={t('donor.data.account')} testId="personal-data-account">
      <Rows
        rows={[
          [t('donor.data.email'), a.email],
          [t('donor.data.name'), `${a.titleTh ?? ''}${a.firstNameTh} ${a.lastNameTh}`],
          [t('donor.data.citizenId'), a.citizenId ? formatCitizenId(a.citizenId) : '—'],
          [t('donor.data.phone'), text(a.phone)],
          [t('donor.data.createdAt'), when(a.createdAt)],
          [t('donor.data.lastLoginAt'), when(a.lastLoginAt)],
        ]}
      />
    </Section>
  );
}

function DonorsSection({ data }: { data: PersonalData }) {
  const { t } = useTranslation();
  return (
    <Section title={t('donor.data.donors')} testId="personal-data-donors">
      {data.donors.length === 0 ? (
        <Text>{t('donor.link.none')}</Text>
      ) : (
        data.donors.map((d) => (
          <Box key={d.id} borderWidth="1px" rounded="md" p="4">
            <Rows
              rows={[
                [t('donor.data.donorCode'), `${d.code} ${d.nameTh}${d.nameEn ? ` (${d.nameEn})` : ''}`],
                [t('donor.data.citizenId'), d.taxId ? formatCitizenId(d.taxId) : '—'],
                [t('donor.data.phone'), text(d.phone)],
                [t('donor.data.email'), text(d.email)],
                [t('donor.data.address'), text(d.address)],
                [t('donor.data.linkedAt'), when(d.linkedAt)],
              ]}
            />
          </Box>
        ))
      )}
    </Section>
  );
}

function DonationsSection({ data }: { data: PersonalData }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Section title={t('donor.data.donations')} testId="personal-data-donations">
      {data.donations.length === 0 ? (
        <Text>{t('donor.donations.none')}</Text>
      ) : (
        <List.Root gap="3" ps="5">
          {data.donations.map((d) => (
            <List.Item key={d.number}>
              <Text>
                {d.number} · {formatBE(d.donatedOn, 'long', language)} · {formatBaht(d.value, language)} ·{' '}
                {language === 'en' ? d.statusLabelEn : d.statusLabelTh} ·{' '}
                {(language === 'en' && d.unitNameEn) || d.unitNameTh}
              </Text>
              {(d.email || d.receiptAddress) && (
                <Text fontSize="sm" color="fg.muted">
                  {t('donor.data.formGave', { email: text(d.email), address: text(d.receiptAddress) })}
                </Text>
              )}
              {d.receipt && (
                <Text fontSize="sm" color="fg.muted">
                  {t('donor.data.receiptSays', {
                    number: d.receipt.number,
                    name: d.receipt.donorName,
                    taxId: d.receipt.donorTaxId ? formatCitizenId(d.receipt.donorTaxId) : '—',
                    address: text(d.receipt.donorAddress),
                  })}
                </Text>
              )}
            </List.Item>
          ))}
        </List.Root>
      )}
    </Section>
  );
}

function ReceiptRequestsSection({ data }: { data: PersonalData }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Section title={t('donor.data.receiptRequests')} testId="personal-data-receipt-requests">
      {data.receiptRequests.length === 0 ? (
        <Text>{t('donor.data.noReceiptRequests')}</Text>
      ) : (
        <List.Root gap="3" ps="5">
          {data.receiptRequests.map((r) => (
            <List.Item key={r.number}>
              <Text>
                {t('donor.data.receiptRequestLine', {
                  number: r.number,
                  kind: t(`donor.data.kind${r.kind}`, { defaultValue: r.kind }),
                  date: formatBE(r.donatedOn, 'long', language),
                  what: r.amount
                    ? formatBaht(r.amount, language)
                    : (r.items ?? [])
                        .map((i) =>
                          [i.description, formatQuantity(i.quantity), i.unit].filter(Boolean).join(' '),
                        )
                        .join(', '),
                  unit: r.unitNameTh,
                  status: r.statusLabelTh,
                })}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {t('donor.data.receiptRequestDates', {
                  sent: when(r.createdAt),
                  updated: when(r.updatedAt),
                  delivery: t(`donor.data.delivery${r.delivery}`, { defaultValue: r.delivery }),
                })}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {t('donor.data.receiptRequestGave', {
                  name: r.requesterName,
                  taxId: formatCitizenId(r.taxId),
                  email: r.email,
                  phone: r.phone,
                  address: text(r.address),
                })}
              </Text>
              {r.note && (
                <Text fontSize="sm" color="fg.muted">
                  {r.note}
                </Text>
              )}
            </List.Item>
          ))}
        </List.Root>
      )}
    </Section>
  );
}

function ConsentsSection({ data }: { data: PersonalData }) {
  const { t } = useTranslation();
  return (
    <Section title={t('donor.data.consents')} testId="personal-data-consents">
      {data.consents.length === 0 ? (
        <Text>{t('donor.data.noConsents')}</Text>
      ) : (
        <List.Root gap="3" ps="5">
          {data.consents.map((c, i) => (
            // Consents have no id of their own on the wire; their order is fixed (oldest first).
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed, append-only list
            <List.Item key={i}>
              <Text>
                {when(c.givenAt)} · {t('donor.data.channel', { channel: consentChannelLabel(t, c.channel) })}{' '}
                · {t('donor.data.noticeVersion', { version: c.noticeVersion })}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {c.purpose}
              </Text>
            </List.Item>
          ))}
        </List.Root>
      )}
    </Section>
  );
}

function DeletionSection({ data, onRequested }: { data: PersonalData; onRequested: () => void }) {
  const { t } = useTranslation();
  const [request, { loading, error }] = useMutation(RequestPersonalDataDeletionMutation);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const open = data.requests.find((r) => r.status === 'REQUESTED');
  const submit = async () => {
    try {
      await request({ variables: { reason: reason.trim() || null } });
      setAsking(false);
      setReason('');
      onRequested();
    } catch {
      setAsking(false);
    }
  };
  return (
    <Section title={t('donor.data.deletion')} testId="personal-data-deletion">
      <Text>{t('donor.data.deletionIntro')}</Text>
      <List.Root gap="1" ps="5">
        <List.Item>{t('donor.data.deletionRemoves')}</List.Item>
        <List.Item>{t('donor.data.deletionKeeps')}</List.Item>
        <List.Item>{t('donor.data.deletionAccount')}</List.Item>
      </List.Root>
      {data.requests.map((r) => (
        <Alert.Root key={r.id} status={r.status === 'REJECTED' ? 'warning' : 'info'} role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {t('donor.data.requestStatus', { date: when(r.requestedAt), status: r.statusLabelTh })}
            </Alert.Title>
            {r.decisionNote && <Alert.Description>{r.decisionNote}</Alert.Description>}
          </Alert.Content>
        </Alert.Root>
      ))}
      {!open && (
        <Stack gap="3">
          <Field.Root invalid={[...reason].length > REASON_MAX}>
            <Field.Label>{t('donor.data.reason')}</Field.Label>
            <Textarea rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
            <Field.HelperText>{t('donor.data.reasonHelp', { max: REASON_MAX })}</Field.HelperText>
            <Field.ErrorText>{t('validation.maxLength', { max: REASON_MAX })}</Field.ErrorText>
          </Field.Root>
          <HStack>
            <Button
              colorPalette="red"
              variant="outline"
              disabled={[...reason].length > REASON_MAX}
              onClick={() => setAsking(true)}
              data-testid="personal-data-request-deletion"
            >
              {t('donor.data.requestDeletion')}
            </Button>
          </HStack>
          <FormErrorAlert error={error} />
        </Stack>
      )}
      <ConfirmDialog
        open={asking}
        title={t('donor.data.confirmTitle')}
        message={t('donor.data.confirmMessage')}
        confirmLabel={t('donor.data.requestDeletion')}
        danger
        loading={loading}
        onConfirm={() => void submit()}
        onCancel={() => setAsking(false)}
      />
    </Section>
  );
}
