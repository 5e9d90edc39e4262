import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, DataList, HStack, Stack } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TransferRequestFieldsFragment } from '../../gql/graphql';
import { formatBE } from '../../platform/dates';
import { currentLanguage } from '../../platform/i18n';
import { unitName } from '../../ui/organisation/organisation-tree';
import { ErrorState, LoadingState } from '../../ui/query-state';
import { useActionFeedback } from '../../ui/use-action-feedback';
import { DocumentHistory, statusLabel } from '../documents';
import { RequestActionButtons, RequestActionDialog } from './request-actions';
import {
  offeredTransitions,
  type RequestTransition,
  type RequestWorkflow,
  useRequestWorkflow,
} from './request-workflow';
import { TransferRequestForm } from './transfer-request-form';
import { CancelTransferRequestMutation, MyTransferRequestsQuery } from './users.operations';

const STATUS_COLOR: Record<string, string> = { P: 'yellow', A: 'green', R: 'red', C: 'gray' };

/**
 * The signed-in person's transfer request on their own profile screen (edit-user, MN-006): the
 * latest one with its status and history, and what the server lets them do with it (withdraw it
 * while it waits); the request form when none is waiting.
 */
export function OwnTransferRequests({ menuCode }: { menuCode: string }) {
  const { t } = useTranslation();
  const workflow = useRequestWorkflow('USER_TRANSFER');
  const query = useQuery(MyTransferRequestsQuery, { fetchPolicy: 'cache-and-network' });
  const [acting, setActing] = useState<RequestTransition | null>(null);
  const [cancel, { loading }] = useMutation(CancelTransferRequestMutation);
  const feedback = useActionFeedback();
  const refetch = () => void query.refetch();

  if (!query.data) {
    return query.loading ? <LoadingState /> : <ErrorState error={query.error} onRetry={refetch} />;
  }
  const [latest] = query.data.myTransferRequests;
  const waiting = latest?.statusCode === 'P';
  return (
    <Stack gap="6">
      {latest && workflow && (
        <LatestRequest
          request={latest}
          workflow={workflow}
          actions={
            <RequestActionButtons
              transitions={offeredTransitions(workflow, latest.allowedActions, menuCode)}
              onAction={setActing}
            />
          }
        />
      )}
      {!waiting && <TransferRequestForm onRequested={refetch} />}
      {acting && latest && (
        <RequestActionDialog
          transition={acting}
          title={t('user.transfer.cancelTitle')}
          message={t('user.transfer.cancelConfirm')}
          reasonLabel={t('user.approve.reason')}
          loading={loading}
          onConfirm={async (reason) => {
            await feedback(
              () => cancel({ variables: { requestId: latest.id, reason } }),
              t('user.transfer.cancelled'),
            );
            setActing(null);
            refetch();
          }}
          onCancel={() => setActing(null)}
        />
      )}
    </Stack>
  );
}

function LatestRequest({
  request,
  workflow,
  actions,
}: {
  request: TransferRequestFieldsFragment;
  workflow: RequestWorkflow;
  actions: ReactNode;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Stack gap="4" role="region" aria-label={t('user.transfer.latest')}>
      <DataList.Root orientation="horizontal">
        <DataList.Item>
          <DataList.ItemLabel>{t('user.transfer.toUnit')}</DataList.ItemLabel>
          <DataList.ItemValue>{unitName(request.toUnit, language)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('user.fields.status')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <Badge colorPalette={STATUS_COLOR[request.statusCode] ?? 'gray'}>
              {statusLabel(workflow, request.statusCode, language)}
            </Badge>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('user.transfer.requestedAt')}</DataList.ItemLabel>
          <DataList.ItemValue>{formatBE(String(request.requestedAt), 'long', language)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('user.transfer.reason')}</DataList.ItemLabel>
          <DataList.ItemValue>{request.reason || '—'}</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      <HStack gap="2">{actions}</HStack>
      <DocumentHistory
        descriptor={workflow}
        history={request.history}
        createLabel={t('user.history.requested')}
      />
    </Stack>
  );
}
