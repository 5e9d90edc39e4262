import { useMutation } from '@apollo/client/react';
import { Button, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fullName } from '../../ui/app-shell/backoffice-user';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { entryName, FeaturePage } from '../backoffice/feature-page';
import type { FeatureScreenProps } from '../backoffice/feature-screen-props';
import { ReasonField } from './reason-field';
import { useActionFeedback } from './use-action-feedback';
import { type UserRow, useUserList } from './use-user-list';
import { UserSearchForm } from './user-search-form';
import { UserTable } from './user-table';
import { ApproveUserMutation, RequestActivationMailMutation } from './users.operations';

type PendingAction = { kind: 'approve' | 'reject' | 'resend'; user: UserRow } | null;

/**
 * approve-user (MN-001): registration requests waiting for approval (request status P). Approving
 * sends the activation e-mail; rejecting needs a reason; an approved account that was never
 * activated can get the e-mail again.
 */
export function ApproveUserPage({ entry }: FeatureScreenProps) {
  const { t } = useTranslation();
  const list = useUserList({ requestStatus: 'P' });
  const [pending, setPending] = useState<PendingAction>(null);
  const [reason, setReason] = useState('');
  const [approve, approveState] = useMutation(ApproveUserMutation);
  const [resend, resendState] = useMutation(RequestActivationMailMutation);
  const feedback = useActionFeedback();
  const close = () => {
    setPending(null);
    setReason('');
  };

  const confirm = async () => {
    if (!pending) return;
    const { kind, user } = pending;
    const ok =
      kind === 'resend'
        ? await feedback(() => resend({ variables: { userId: user.id } }), t('user.approve.resent'))
        : await feedback(
            () =>
              approve({
                variables: {
                  input: {
                    userId: user.id,
                    // The account stays N until its owner activates it with the e-mailed code.
                    user_status_code: user.userStatusCode,
                    request_status_code: kind === 'approve' ? 'A' : 'R',
                    transactionCode: null,
                    rejectReason: kind === 'reject' ? reason.trim() : null,
                  },
                },
              }),
            kind === 'approve' ? t('user.approve.approved') : t('user.approve.rejected'),
          );
    if (ok) {
      close();
      list.refetch();
    }
  };

  return (
    <FeaturePage title={entryName(entry)} intro={t('user.approve.intro')}>
      <UserSearchForm initialValues={list.initialValues} onSearch={list.search} />
      <UserTable
        caption={entryName(entry)}
        list={list}
        actions={(user) => (
          <HStack gap="2" justify="flex-end">
            {user.requestStatusCode === 'P' && (
              <>
                <Button size="xs" colorPalette="green" onClick={() => setPending({ kind: 'approve', user })}>
                  {t('user.approve.approve')}
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  onClick={() => setPending({ kind: 'reject', user })}
                >
                  {t('user.approve.reject')}
                </Button>
              </>
            )}
            {user.requestStatusCode === 'A' && user.userStatusCode === 'N' && (
              <Button size="xs" variant="outline" onClick={() => setPending({ kind: 'resend', user })}>
                {t('user.approve.resend')}
              </Button>
            )}
          </HStack>
        )}
      />
      {pending && (
        <ConfirmDialog
          open
          title={t(`user.approve.${pending.kind}Title`)}
          message={t(`user.approve.${pending.kind}Confirm`, { name: fullName(pending.user) })}
          confirmLabel={t(`user.approve.${pending.kind}`)}
          danger={pending.kind === 'reject'}
          loading={approveState.loading || resendState.loading}
          confirmDisabled={pending.kind === 'reject' && reason.trim() === ''}
          onConfirm={() => void confirm()}
          onCancel={close}
        >
          {pending.kind === 'reject' && (
            <ReasonField label={t('user.approve.reason')} value={reason} onChange={setReason} required />
          )}
        </ConfirmDialog>
      )}
    </FeaturePage>
  );
}
