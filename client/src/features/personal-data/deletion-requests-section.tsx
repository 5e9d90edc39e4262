import { useMutation, useQuery } from '@apollo/client/react';
import {
  Badge,
  Box,
  Button,
  DataList,
  Field,
  Heading,
  HStack,
  NativeSelect,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PersonalDataRequestsQuery } from '../../gql/graphql';
import { formatBEDateTime } from '../../platform/dates';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormErrorAlert } from '../../ui/form/form-error-alert';
import { ErrorState, LoadingState } from '../../ui/query-state';
import { toaster } from '../../ui/toaster';
import { formatCitizenId } from '../../ui/validation/citizen-id';
import {
  DecidePersonalDataRequestMutation,
  PersonalDataRequestsQuery as RequestsDocument,
} from './personal-data.operations';

type Case = PersonalDataRequestsQuery['personalDataRequests'][number];
type Action = 'COMPLETE' | 'REJECT';

const NOTE_MAX = 1000;
const when = (value: unknown) => (typeof value === 'string' ? formatBEDateTime(value) : '—');

/**
 * Donors' deletion requests on the edit-donator screen (MN-020; docs/public-site.md). Everyone who
 * edits donors sees them (each read is audited); staff whose scope is the whole organisation decide:
 * COMPLETE anonymises the person, REJECT needs a reason, which is mailed to the donor.
 */
export function DeletionRequestsSection() {
  const { t } = useTranslation();
  const [status, setStatus] = useState('REQUESTED');
  const { data, loading, error, refetch } = useQuery(RequestsDocument, {
    variables: { status: status || null },
    fetchPolicy: 'network-only',
  });
  return (
    <Stack as="section" gap="4" aria-labelledby="deletion-requests-heading" data-testid="deletion-requests">
      <Heading as="h2" size="lg" id="deletion-requests-heading">
        {t('personalData.title')}
      </Heading>
      <Text color="fg.muted">{t('personalData.intro')}</Text>
      <Field.Root maxW="xs">
        <Field.Label>{t('personalData.status')}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="REQUESTED">{t('personalData.statuses.REQUESTED')}</option>
            <option value="COMPLETED">{t('personalData.statuses.COMPLETED')}</option>
            <option value="REJECTED">{t('personalData.statuses.REJECTED')}</option>
            <option value="">{t('personalData.statuses.all')}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {loading && !data ? (
        <LoadingState />
      ) : error && !data ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : data?.personalDataRequests.length ? (
        <Stack as="ul" gap="3" listStyleType="none">
          {data.personalDataRequests.map((c) => (
            <RequestCard key={c.id} request={c} onDecided={() => void refetch()} />
          ))}
        </Stack>
      ) : (
        <Text>{t('personalData.none')}</Text>
      )}
    </Stack>
  );
}

function RequestCard({ request: c, onDecided }: { request: Case; onDecided: () => void }) {
  const { t } = useTranslation();
  const [decide, { loading, error }] = useMutation(DecidePersonalDataRequestMutation);
  const [action, setAction] = useState<Action | null>(null);
  const [note, setNote] = useState('');
  const noteMissing = action === 'REJECT' && !note.trim();
  const tooLong = [...note].length > NOTE_MAX;

  const confirm = async () => {
    if (!action) return;
    try {
      await decide({ variables: { requestId: c.id, action, note: note.trim() || null } });
      toaster.create({
        type: 'success',
        title: action === 'COMPLETE' ? t('personalData.completed') : t('personalData.rejected'),
      });
      setAction(null);
      setNote('');
      onDecided();
    } catch {
      setAction(null);
    }
  };

  return (
    <Box as="li" borderWidth="1px" rounded="lg" p="4" data-testid={`deletion-request-${c.id}`}>
      <Stack gap="3">
        <HStack justify="space-between" wrap="wrap">
          <Text fontWeight="semibold">
            {c.firstNameTh} {c.lastNameTh} · {c.email}
          </Text>
          <Badge
            colorPalette={c.status === 'REQUESTED' ? 'orange' : c.status === 'COMPLETED' ? 'green' : 'gray'}
          >
            {c.statusLabelTh}
          </Badge>
        </HStack>
        <DataList.Root orientation="horizontal" size="sm">
          <DataList.Item>
            <DataList.ItemLabel>{t('personalData.requestedAt')}</DataList.ItemLabel>
            <DataList.ItemValue>{when(c.requestedAt)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('personalData.citizenId')}</DataList.ItemLabel>
            <DataList.ItemValue>{c.citizenId ? formatCitizenId(c.citizenId) : '—'}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('personalData.donors')}</DataList.ItemLabel>
            <DataList.ItemValue>
              {c.donors.length
                ? c.donors
                    .map(
                      (d) =>
                        `${d.code} ${d.nameTh}${d.donorType === 'PERSON' ? '' : ` (${t('personalData.notPerson')})`}`,
                    )
                    .join(', ')
                : '—'}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('personalData.reason')}</DataList.ItemLabel>
            <DataList.ItemValue>{c.reason || '—'}</DataList.ItemValue>
          </DataList.Item>
          {c.decidedAt != null && (
            <DataList.Item>
              <DataList.ItemLabel>{t('personalData.decided')}</DataList.ItemLabel>
              <DataList.ItemValue>
                {when(c.decidedAt)} · {c.decidedByName ?? '—'}
                {c.decisionNote ? ` · ${c.decisionNote}` : ''}
              </DataList.ItemValue>
            </DataList.Item>
          )}
        </DataList.Root>
        {c.allowedActions.length > 0 && (
          <HStack gap="3" wrap="wrap">
            {c.allowedActions.includes('COMPLETE') && (
              <Button colorPalette="red" onClick={() => setAction('COMPLETE')}>
                {t('personalData.complete')}
              </Button>
            )}
            {c.allowedActions.includes('REJECT') && (
              <Button variant="outline" onClick={() => setAction('REJECT')}>
                {t('personalData.reject')}
              </Button>
            )}
          </HStack>
        )}
        {c.status === 'REQUESTED' && c.allowedActions.length === 0 && (
          <Text fontSize="sm" color="fg.muted">
            {t('personalData.centralOnly')}
          </Text>
        )}
        <FormErrorAlert error={error} />
      </Stack>
      <ConfirmDialog
        open={action !== null}
        title={action === 'COMPLETE' ? t('personalData.confirmComplete') : t('personalData.confirmReject')}
        message={action === 'COMPLETE' ? t('personalData.completeExplains') : undefined}
        confirmLabel={action === 'COMPLETE' ? t('personalData.complete') : t('personalData.reject')}
        danger={action === 'COMPLETE'}
        loading={loading}
        confirmDisabled={noteMissing || tooLong}
        onConfirm={() => void confirm()}
        onCancel={() => setAction(null)}
      >
        <Field.Root required={action === 'REJECT'} invalid={tooLong}>
          <Field.Label>
            {action === 'REJECT' ? t('personalData.rejectReason') : t('personalData.note')}
            {action === 'REJECT' && <Field.RequiredIndicator />}
          </Field.Label>
          <Textarea rows={3} value={note} onChange={(e) => setNote(e.target.value)} />
          <Field.ErrorText>{t('validation.maxLength', { max: NOTE_MAX })}</Field.ErrorText>
        </Field.Root>
      </ConfirmDialog>
    </Box>
  );
}
