import { useQuery } from '@apollo/client/react';
import { Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DetailsDialog } from '../../ui/app-dialog';
import { fullName } from '../../ui/app-shell/backoffice-user';
import { ErrorState, LoadingState } from '../../ui/query-state';
import { DocumentHistory } from '../documents';
import { type RequestWorkflowName, useRequestWorkflow } from './request-workflow';
import type { UserRow } from './use-user-list';
import { UserRequestHistoryQuery } from './users.operations';

/**
 * The history of a person's registration, or of their pending transfer request, as the document
 * kit's timeline: who did what, when, from which status to which, and why.
 */
export function RequestHistoryDialog({
  user,
  workflow: name,
  onClose,
}: {
  user: UserRow;
  workflow: RequestWorkflowName;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const workflow = useRequestWorkflow(name);
  const query = useQuery(UserRequestHistoryQuery, {
    variables: { id: user.id },
    fetchPolicy: 'network-only',
  });
  const found = query.data?.user;
  const history = name === 'USER_REGISTRATION' ? found?.history : found?.pendingTransfer?.history;
  const heading = name === 'USER_REGISTRATION' ? t('user.history.registration') : t('user.history.transfer');
  return (
    <DetailsDialog title={`${heading}: ${fullName(user)}`} onClose={onClose}>
      {!history || !workflow ? (
        query.loading || !workflow ? (
          <LoadingState />
        ) : (
          <ErrorState error={query.error} notFound={!query.error} onRetry={() => void query.refetch()} />
        )
      ) : (
        <Stack gap="3">
          <Heading as="h3" size="md">
            {t('documents.history')}
          </Heading>
          {history.length === 0 ? (
            <Text color="fg.muted">{t('user.history.none')}</Text>
          ) : (
            <DocumentHistory
              descriptor={workflow}
              history={history}
              createLabel={
                name === 'USER_REGISTRATION' ? t('user.history.registered') : t('user.history.requested')
              }
            />
          )}
        </Stack>
      )}
    </DetailsDialog>
  );
}
