import { useMutation } from '@apollo/client/react';
import { Button, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { fullName } from '../../ui/app-shell/backoffice-user';
import { entryName, FeaturePage } from '../../ui/app-shell/feature-page';
import type { FeatureScreenProps } from '../../ui/app-shell/feature-screen-props';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useActionFeedback } from '../../ui/use-action-feedback';
import { labelOf } from '../reference';
import { RequestActionButtons, RequestActionDialog } from './request-actions';
import { RequestHistoryDialog } from './request-history-dialog';
import { offeredTransitions, type RequestTransition, useRequestWorkflow } from './request-workflow';
import { type UserRow, useUserList } from './use-user-list';
import { UserSearchForm } from './user-search-form';
import { UserTable } from './user-table';
import { ApproveUserMutation, RequestActivationMailMutation } from './users.operations';

type Pending =
  | { kind: 'action'; transition: RequestTransition; user: UserRow }
  | { kind: 'resend'; user: UserRow }
  | { kind: 'history'; user: UserRow }
  | null;

/** The request status code approve-user sends for each action of the registration workflow. */
const REQUEST_STATUS_OF: Record<string, string> = { APPROVE: 'A', REJECT: 'R' };

/**
 * approve-user (MN-001): registration requests waiting for approval (request status P). The buttons
 * are the actions the server allows this administrator on each request (never on their own);
 * approving sends the activation e-mail, rejecting needs a reason; an approved account that was
 * never activated can get the e-mail again. Each request's history opens in a timeline.
 */
export function ApproveUserPage({ entry }: FeatureScreenProps) {
  const { t } = useTranslation();
  const list = useUserList({ requestStatus: 'P' });
  const workflow = useRequestWorkflow('USER_REGISTRATION');
  const [pending, setPending] = useState<Pending>(null);
  const [approve, approveState] = useMutation(ApproveUserMutation);
  const [resend, resendState] = useMutation(RequestActivationMailMutation);
  const feedback = useActionFeedback();
  const close = () => setPending(null);

  const decide = async (user: UserRow, transition: RequestTransition, reason: string | null) => {
    await feedback(
      () =>
        approve({
          variables: {
            input: {
              userId: user.id,
              // The account stays N until its owner activates it with the e-mailed code.
              user_status_code: user.userStatusCode,
              request_status_code: REQUEST_STATUS_OF[transition.action] ?? transition.to,
              transactionCode: null,
              rejectReason: reason,
            },
          },
        }),
      transition.action === 'APPROVE' ? t('user.approve.approved') : t('user.approve.rejected'),
    );
    // Done or refused, the list shows the request as it now is (another administrator may have
    // decided it meanwhile: the server's 409 says so in the toast).
    close();
    list.refetch();
  };

  const sendAgain = async (user: UserRow) => {
    if (await feedback(() => resend({ variables: { userId: user.id } }), t('user.approve.resent'))) close();
  };

  return (
    <FeaturePage title={entryName(entry)} intro={t('user.approve.intro')}>
      <UserSearchForm initialValues={list.initialValues} onSearch={list.search} />
      <UserTable
        caption={entryName(entry)}
        list={list}
        actions={(user) => (
          <HStack gap="2" justify="flex-end" wrap="wrap">
            <RequestActionButtons
              transitions={offeredTransitions(workflow, user.allowedActions, entry.code)}
              onAction={(transition) => setPending({ kind: 'action', transition, user })}
            />
            {user.requestStatusCode === 'A' && user.userStatusCode === 'N' && (
              <Button size="xs" variant="outline" onClick={() => setPending({ kind: 'resend', user })}>
                {t('user.approve.resend')}
              </Button>
            )}
            <Button size="xs" variant="ghost" onClick={() => setPending({ kind: 'history', user })}>
              {t('user.history.open')}
            </Button>
          </HStack>
        )}
      />
      {pending?.kind === 'action' && (
        <RequestActionDialog
          transition={pending.transition}
          title={t(`user.approve.${pending.transition.action.toLowerCase()}Title`, {
            defaultValue: labelOf(pending.transition, currentLanguage()),
          })}
          message={t(`user.approve.${pending.transition.action.toLowerCase()}Confirm`, {
            name: fullName(pending.user),
            defaultValue: fullName(pending.user),
          })}
          reasonLabel={t('user.approve.reason')}
          loading={approveState.loading}
          onConfirm={(reason) => void decide(pending.user, pending.transition, reason)}
          onCancel={close}
        />
      )}
      {pending?.kind === 'resend' && (
        <ConfirmDialog
          open
          title={t('user.approve.resendTitle')}
          message={t('user.approve.resendConfirm', { name: fullName(pending.user) })}
          confirmLabel={t('user.approve.resend')}
          loading={resendState.loading}
          onConfirm={() => void sendAgain(pending.user)}
          onCancel={close}
        />
      )}
      {pending?.kind === 'history' && (
        <RequestHistoryDialog user={pending.user} workflow="USER_REGISTRATION" onClose={close} />
      )}
    </FeaturePage>
  );
}
