import { useMutation } from '@apollo/client/react';
import { Button, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBE } from '../../platform/dates';
import { currentLanguage } from '../../platform/i18n';
import { fullName } from '../../ui/app-shell/backoffice-user';
import { entryName, FeaturePage } from '../../ui/app-shell/feature-page';
import type { FeatureScreenProps } from '../../ui/app-shell/feature-screen-props';
import { unitName } from '../../ui/organisation/organisation-tree';
import { useActionFeedback } from '../../ui/use-action-feedback';
import { RequestActionButtons, RequestActionDialog } from './request-actions';
import { RequestHistoryDialog } from './request-history-dialog';
import { offeredTransitions, type RequestTransition, useRequestWorkflow } from './request-workflow';
import { type UserRow, useUserList } from './use-user-list';
import { UserSearchForm } from './user-search-form';
import { UserTable } from './user-table';
import { ApproveTransferMutation } from './users.operations';

type Pending =
  | { kind: 'action'; transition: RequestTransition; user: UserRow; requestId: string }
  | { kind: 'history'; user: UserRow }
  | null;

/**
 * approve-tranfer-user (MN-005): users with a pending request to move. The buttons are the actions
 * the server allows this administrator: those of the destination's subtree decide, never the
 * requester. Approving moves the user and ends their sessions with the "transferred" message
 * (product decisions sec. 2). Each request's history opens in a timeline.
 */
export function ApproveTransferUserPage({ entry }: FeatureScreenProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const list = useUserList({ userStatus: 'A' }, { pending_transfer: true });
  const workflow = useRequestWorkflow('USER_TRANSFER');
  const [pending, setPending] = useState<Pending>(null);
  const [decide, { loading }] = useMutation(ApproveTransferMutation);
  const feedback = useActionFeedback();
  const close = () => setPending(null);

  const confirm = async (requestId: string, transition: RequestTransition, reason: string | null) => {
    const approve = transition.action === 'APPROVE';
    await feedback(
      () => decide({ variables: { requestId, approve, reason } }),
      approve ? t('user.transfer.approved') : t('user.transfer.rejected'),
    );
    // Done or refused (decided meanwhile by another administrator), the list shows it as it now is.
    close();
    list.refetch();
  };

  return (
    <FeaturePage title={entryName(entry)} intro={t('user.transfer.intro')}>
      <UserSearchForm initialValues={list.initialValues} onSearch={list.search} />
      <UserTable
        caption={entryName(entry)}
        list={list}
        filterRows={(user) => user.pendingTransfer?.statusCode === 'P'}
        extraColumns={[
          {
            id: 'transfer',
            header: t('user.transfer.column'),
            cell: (user) =>
              user.pendingTransfer && (
                <Text fontSize="sm">
                  {t('user.transfer.from', {
                    unit: user.organisationUnit ? unitName(user.organisationUnit, language) : '—',
                  })}
                  <br />
                  {user.pendingTransfer.reason && (
                    <>
                      {user.pendingTransfer.reason}
                      <br />
                    </>
                  )}
                  <Text as="span" color="fg.muted" fontSize="xs">
                    {formatBE(String(user.pendingTransfer.requestedAt))}
                  </Text>
                </Text>
              ),
          },
        ]}
        actions={(user) => {
          const request = user.pendingTransfer;
          return (
            <HStack gap="2" justify="flex-end" wrap="wrap">
              {request && (
                <RequestActionButtons
                  transitions={offeredTransitions(workflow, request.allowedActions, entry.code)}
                  onAction={(transition) =>
                    setPending({ kind: 'action', transition, user, requestId: request.id })
                  }
                />
              )}
              <Button size="xs" variant="ghost" onClick={() => setPending({ kind: 'history', user })}>
                {t('user.history.open')}
              </Button>
            </HStack>
          );
        }}
      />
      {pending?.kind === 'action' && (
        <RequestActionDialog
          transition={pending.transition}
          title={
            pending.transition.action === 'APPROVE'
              ? t('user.transfer.approveTitle')
              : t('user.transfer.rejectTitle')
          }
          message={t('user.transfer.confirm', { name: fullName(pending.user) })}
          reasonLabel={t('user.approve.reason')}
          loading={loading}
          onConfirm={(reason) => void confirm(pending.requestId, pending.transition, reason)}
          onCancel={close}
        />
      )}
      {pending?.kind === 'history' && (
        <RequestHistoryDialog user={pending.user} workflow="USER_TRANSFER" onClose={close} />
      )}
    </FeaturePage>
  );
}
