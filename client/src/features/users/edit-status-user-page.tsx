import { useMutation } from '@apollo/client/react';
import { Button, Field, HStack, NativeSelect } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionSnapshot } from '../../platform/session/session-context';
import { fullName } from '../../ui/app-shell/backoffice-user';
import { entryName, FeaturePage } from '../../ui/app-shell/feature-page';
import type { FeatureScreenProps } from '../../ui/app-shell/feature-screen-props';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useActionFeedback } from '../../ui/use-action-feedback';
import { type UserRow, useUserList } from './use-user-list';
import { UserSearchForm } from './user-search-form';
import { isAnonymised, USER_STATUS_LABEL, type UserStatusCode } from './user-status';
import { UserTable } from './user-table';
import { AnonymiseStaffUserMutation, ChangeUserStatusMutation } from './users.operations';

/**
 * An administrator may activate (A) or deactivate (I) an account; A also unlocks a locked one (L).
 * N is reached only by registering and left only by activation, so it is never offered.
 */
const SETTABLE: readonly UserStatusCode[] = ['A', 'I'];

/**
 * edit-status-user (MN-004): activate, deactivate or unlock accounts; anonymise the account of a staff
 * member who has left (docs/staff-anonymisation.md): not an active one, not one's own.
 */
export function EditStatusUserPage({ entry }: FeatureScreenProps) {
  const { t } = useTranslation();
  const list = useUserList();
  const [target, setTarget] = useState<{ user: UserRow; status: UserStatusCode } | null>(null);
  const [change, { loading }] = useMutation(ChangeUserStatusMutation);
  const [anonymiseTarget, setAnonymiseTarget] = useState<UserRow | null>(null);
  const [anonymise, anonymising] = useMutation(AnonymiseStaffUserMutation);
  const feedback = useActionFeedback();
  const selfId = useSessionSnapshot().session?.user.userId;
  const mayAnonymise = (user: UserRow) =>
    user.kind === 'STAFF' && user.userStatusCode !== 'A' && user.id !== selfId && !isAnonymised(user);

  const confirm = async () => {
    if (!target) return;
    const ok = await feedback(
      () => change({ variables: { userId: target.user.id, userStatusCode: target.status } }),
      t('user.status.changed'),
    );
    if (ok) {
      setTarget(null);
      list.refetch();
    }
  };

  const confirmAnonymise = async () => {
    if (!anonymiseTarget) return;
    const ok = await feedback(
      () => anonymise({ variables: { userId: anonymiseTarget.id } }),
      t('user.anonymise.done'),
    );
    if (ok) {
      setAnonymiseTarget(null);
      list.refetch();
    }
  };

  return (
    <FeaturePage title={entryName(entry)}>
      <UserSearchForm initialValues={list.initialValues} onSearch={list.search} />
      <UserTable
        caption={entryName(entry)}
        list={list}
        actions={(user) =>
          user.userStatusCode === 'N' && !mayAnonymise(user) ? null : (
            <HStack gap="2" justify="end">
              {user.userStatusCode !== 'N' && !isAnonymised(user) && (
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => setTarget({ user, status: user.userStatusCode === 'A' ? 'I' : 'A' })}
                >
                  {t('user.status.change')}
                </Button>
              )}
              {mayAnonymise(user) && (
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  onClick={() => setAnonymiseTarget(user)}
                >
                  {t('user.anonymise.action')}
                </Button>
              )}
            </HStack>
          )
        }
      />
      {target && (
        <ConfirmDialog
          open
          title={t('user.status.changeTitle', { name: fullName(target.user) })}
          confirmLabel={t('form.save')}
          loading={loading}
          confirmDisabled={target.status === target.user.userStatusCode}
          onConfirm={() => void confirm()}
          onCancel={() => setTarget(null)}
        >
          <Field.Root>
            <Field.Label>{t('user.status.newStatus')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={target.status}
                onChange={(event) =>
                  setTarget({ user: target.user, status: event.target.value as UserStatusCode })
                }
              >
                {SETTABLE.map((code) => (
                  <option key={code} value={code}>
                    {t(USER_STATUS_LABEL[code])}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </ConfirmDialog>
      )}
      {anonymiseTarget && (
        <ConfirmDialog
          open
          danger
          title={t('user.anonymise.title', { name: fullName(anonymiseTarget) })}
          message={t('user.anonymise.confirm')}
          confirmLabel={t('user.anonymise.action')}
          loading={anonymising.loading}
          onConfirm={() => void confirmAnonymise()}
          onCancel={() => setAnonymiseTarget(null)}
        />
      )}
    </FeaturePage>
  );
}
