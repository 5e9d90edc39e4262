import type { ErrorLike } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  Badge,
  Button,
  DataList,
  Field,
  Heading,
  HStack,
  Stack,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReceiptRequestDetailsFieldsFragment } from '../../gql/graphql';
import { consentChannelLabel } from '../../platform/consent-channel';
import { formatBE, formatBEDateTime } from '../../platform/dates';
import { currentLanguage } from '../../platform/i18n';
import { formatMoney, formatQuantity } from '../../platform/money';
import { DetailsDialog } from '../../ui/app-dialog';
import { FormErrorAlert } from '../../ui/form/form-error-alert';
import { ErrorState, LoadingState } from '../../ui/query-state';
import { toaster } from '../../ui/toaster';
import { formatCitizenId } from '../../ui/validation/citizen-id';
import { DocumentAttachments, DocumentHistory, statusLabel, transitionOf } from '../documents';
import { labelOf } from '../reference';
import { LinkedDonationPanel, LinkPanel } from './receipt-request-link-panel';
import { ActOnReceiptRequestMutation, ReceiptRequestQuery } from './receipt-requests.operations';
import {
  type ReceiptRequestWorkflow,
  receiptRequestTone,
  useReceiptRequestWorkflow,
} from './use-receipt-request-workflow';

type Request = ReceiptRequestDetailsFieldsFragment;

export interface ReceiptRequestDetailsDialogProps {
  id: number;
  /** The queue's screen (MN-053) offers the actions; the history's only reads. */
  works: boolean;
  onClose: () => void;
  onChanged: () => void;
}

/**
 * One receipt request: what the visitor sent (who, the donation, the evidence, the delivery, the
 * consent), the donation it is linked to, its history, and on the queue's screen the actions the
 * server allows now: take in, link, issue, reject (with a reason).
 */
export function ReceiptRequestDetailsDialog({
  id,
  works,
  onClose,
  onChanged,
}: ReceiptRequestDetailsDialogProps) {
  const { t } = useTranslation();
  const workflow = useReceiptRequestWorkflow();
  const query = useQuery(ReceiptRequestQuery, { variables: { id }, fetchPolicy: 'network-only' });
  const request = query.data?.receiptRequest;
  return (
    <DetailsDialog
      size="xl"
      title={
        request ? t('receiptRequest.detailsTitle', { number: request.number }) : t('receiptRequest.details')
      }
      onClose={onClose}
    >
      {!request || !workflow ? (
        query.loading || !workflow ? (
          <LoadingState />
        ) : (
          <ErrorState error={query.error} notFound={!query.error} onRetry={() => void query.refetch()} />
        )
      ) : (
        <Stack gap="6">
          <RequestFacts request={request} workflow={workflow} />
          <LinkedDonationPanel request={request} />
          {works && request.allowedActions.length > 0 && (
            <RequestActions request={request} workflow={workflow} onChanged={onChanged} />
          )}
          <DocumentAttachments
            document={{
              id: request.id,
              number: request.number,
              attachmentKind: 'receipt-request',
              attachmentsEditable: false,
              attachmentLimits: { maxFiles: 1, maxBytes: 0 },
              attachments: request.attachments,
            }}
            offersChanges={false}
            onChanged={() => query.refetch()}
          />
          <Stack gap="3">
            <Heading as="h3" size="md">
              {t('documents.history')}
            </Heading>
            <DocumentHistory
              descriptor={workflow}
              history={request.history}
              createLabel={t('receiptRequest.historyCreate')}
            />
          </Stack>
        </Stack>
      )}
    </DetailsDialog>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

function RequestFacts({ request, workflow }: { request: Request; workflow: ReceiptRequestWorkflow }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Stack gap="4">
      <DataList.Root orientation="horizontal">
        <Item label={t('receiptRequest.trackingNumber')}>{request.number}</Item>
        <Item label={t('receiptRequest.status')}>
          <Badge colorPalette={receiptRequestTone(request.status)}>
            {statusLabel(workflow, request.status, language)}
          </Badge>
        </Item>
        <Item label={t('receiptRequest.kind')}>{t(`receiptRequest.kinds.${request.kind}`)}</Item>
        <Item label={t('receiptRequest.requesterType')}>
          {t(`receiptRequest.requesterTypes.${request.requesterType as 'PERSON' | 'JURISTIC'}`)}
        </Item>
        <Item label={t('receiptRequest.requesterName')}>{request.requesterName}</Item>
        <Item label={t('receiptRequest.taxIdShort')}>{formatCitizenId(request.taxId)}</Item>
        <Item label={t('receiptRequest.email')}>{request.email}</Item>
        <Item label={t('receiptRequest.phone')}>{request.phone}</Item>
        <Item label={t('receiptRequest.unit')}>
          {request.unitCode} {language === 'en' ? request.unitNameEn : request.unitNameTh}
        </Item>
        <Item label={t('receiptRequest.donatedOn')}>{formatBE(request.donatedOn)}</Item>
        {request.amount && <Item label={t('receiptRequest.amount')}>{formatMoney(request.amount)}</Item>}
        <Item label={t('receiptRequest.delivery')}>
          {t(`receiptRequest.deliveries.${request.delivery as 'EMAIL' | 'POST'}`)}
          {request.postalAddress ? `: ${request.postalAddress}` : ''}
        </Item>
        <Item label={t('receiptRequest.note')}>
          <Text whiteSpace="pre-wrap">{request.note || '—'}</Text>
        </Item>
        <Item label={t('receiptRequest.submittedAt')}>{formatBEDateTime(String(request.createdAt))}</Item>
        <Item label={t('receiptRequest.consentRecord')}>
          {request.consent
            ? t('receiptRequest.consentGiven', {
                version: request.consent.noticeVersion,
                when: formatBEDateTime(String(request.consent.givenAt)),
                channel: consentChannelLabel(t, request.consent.channel),
              })
            : '—'}
        </Item>
      </DataList.Root>
      {request.items.length > 0 && (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm">
            <Table.Caption captionSide="top" textAlign="start" fontWeight="600">
              {t('receiptRequest.items')}
            </Table.Caption>
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader>{t('receiptRequest.itemDescription')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('receiptRequest.itemQuantity')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('receiptRequest.itemUnit')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {request.items.map((item, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the lines are as the visitor sent them, never reordered
                <Table.Row key={index}>
                  <Table.Cell>{item.description}</Table.Cell>
                  <Table.Cell textAlign="end">{formatQuantity(item.quantity)}</Table.Cell>
                  <Table.Cell>{item.unit ?? '—'}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}

/** The actions the server allows now: take in, link (its own panel), issue, reject with a reason. */
function RequestActions({
  request,
  workflow,
  onChanged,
}: {
  request: Request;
  workflow: ReceiptRequestWorkflow;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [act, { loading }] = useMutation(ActOnReceiptRequestMutation);
  const [failure, setFailure] = useState<ErrorLike | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const allowed = (action: string) => request.allowedActions.includes(action);
  const label = (action: string) => {
    const transition = transitionOf(workflow, action);
    return transition ? labelOf(transition, language) : action;
  };

  const run = async (input: { action: string; reason?: string; donationNumber?: string }) => {
    setFailure(null);
    try {
      await act({ variables: { id: request.id, input } });
      toaster.create({
        type: 'success',
        title: t('receiptRequest.actionDone', { action: label(input.action), number: request.number }),
      });
      setRejecting(false);
      onChanged();
      return true;
    } catch (error) {
      setFailure(error as ErrorLike);
      return false;
    }
  };

  const notReady = request.linkedDonation
    ? language === 'en'
      ? request.linkedDonation.notReadyEn
      : request.linkedDonation.notReadyTh
    : t('receiptRequest.linkFirst');

  return (
    <Stack gap="4" borderWidth="1px" rounded="lg" p="4" role="group" aria-label={t('documents.actions')}>
      <Heading as="h3" size="md">
        {t('documents.actions')}
      </Heading>
      {allowed('LINK') && (
        <LinkPanel
          request={request}
          busy={loading}
          onLink={(number) => run({ action: 'LINK', donationNumber: number })}
        />
      )}
      <HStack gap="3" wrap="wrap">
        {allowed('TAKE') && (
          <Button colorPalette="brand" loading={loading} onClick={() => void run({ action: 'TAKE' })}>
            {label('TAKE')}
          </Button>
        )}
        {allowed('ISSUE') && (
          <Button
            colorPalette="green"
            loading={loading}
            disabled={Boolean(notReady)}
            onClick={() => void run({ action: 'ISSUE' })}
          >
            {label('ISSUE')}
          </Button>
        )}
        {allowed('REJECT') && !rejecting && (
          <Button colorPalette="red" variant="outline" onClick={() => setRejecting(true)}>
            {label('REJECT')}
          </Button>
        )}
      </HStack>
      {allowed('ISSUE') && notReady && <Text color="fg.muted">{notReady}</Text>}
      {rejecting && (
        <Stack gap="3">
          <Field.Root required>
            <Field.Label>
              {t('receiptRequest.rejectReason')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Textarea
              value={reason}
              maxLength={1000}
              rows={3}
              onChange={(event) => setReason(event.target.value)}
            />
            <Field.HelperText>{t('receiptRequest.rejectHelp')}</Field.HelperText>
          </Field.Root>
          <HStack gap="3">
            <Button
              colorPalette="red"
              loading={loading}
              disabled={reason.trim() === ''}
              onClick={() => void run({ action: 'REJECT', reason: reason.trim() })}
            >
              {t('receiptRequest.confirmReject')}
            </Button>
            <Button variant="outline" onClick={() => setRejecting(false)}>
              {t('common.cancel')}
            </Button>
          </HStack>
        </Stack>
      )}
      <FormErrorAlert error={failure} />
    </Stack>
  );
}
