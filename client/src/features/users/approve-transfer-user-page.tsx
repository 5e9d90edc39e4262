import { useMutation } from '@apollo/client/react';
import { Button, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBE } from '../../platform/dates';
import { currentLanguage } from '../../platform/i18n';
import { fullName } from '../../ui/app-shell/backoffice-user';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { unitName } from '../../ui/organisation/organisation-tree';
import { entryName, FeaturePage } from '../backoffice/feature-page';
import type { FeatureScreenProps } from '../backoffice/feature-screen-props';
import { ReasonField } from './reason-field';
import { useActionFeedback } from './use-action-feedback';
import { type UserRow, useUserList } from './use-user-list';
import { UserSearchForm } from './user-search-form';
import { UserTable } from './user-table';
import { ApproveTransferMutation } from './users.operations';

type Decision = { user: UserRow; approve: boolean } | null;

/**
 * approve-tranfer-user (MN-005): transfers of users into the administrator's units. Approving moves
 * the user and ends their sessions with the "transferred" message (product decisions sec. 2).
 */
export function ApproveTransferUserPage({ entry }: FeatureScreenProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const list = useUserList({ userStatus: 'A' });
  const [decision, setDecision] = useState<Decision>(null);
  const [reason, setReason] = useState('');
  const [decide, { loading }] = useMutation(ApproveTransferMutation);
  const feedback = useActionFeedback();
  const close = () => {
    setDecision(null);
    setReason('');
  };

  const confirm = async () => {
    const requestId = decision?.user.pendingTransfer?.id;
    if (!decision || !requestId) return;
    const ok = await feedback(
      () => decide({ variables: { requestId, approve: decision.approve, reason: reason.trim() || null } }),
      decision.approve ? t('user.transfer.approved') : t('user.transfer.rejected'),
    );
    if (ok) {
      close();
      list.refetch();
    }
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
        actions={(user) => (
          <HStack gap="2" justify="flex-end">
            <Button size="xs" colorPalette="green" onClick={() => setDecision({ user, approve: true })}>
              {t('user.approve.approve')}
            </Button>
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              onClick={() => setDecision({ user, approve: false })}
            >
              {t('user.approve.reject')}
            </Button>
          </HStack>
        )}
      />
      {decision && (
        <ConfirmDialog
          open
          title={decision.approve ? t('user.transfer.approveTitle') : t('user.transfer.rejectTitle')}
          message={t('user.transfer.confirm', { name: fullName(decision.user) })}
          confirmLabel={decision.approve ? t('user.approve.approve') : t('user.approve.reject')}
          danger={!decision.approve}
          loading={loading}
          confirmDisabled={!decision.approve && reason.trim() === ''}
          onConfirm={() => void confirm()}
          onCancel={close}
        >
          <ReasonField
            label={t('user.approve.reason')}
            value={reason}
            onChange={setReason}
            required={!decision.approve}
          />
        </ConfirmDialog>
      )}
    </FeaturePage>
  );
}
