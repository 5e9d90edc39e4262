import { useMutation } from '@apollo/client/react';
import { Button, Field, NativeSelect } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fullName } from '../../ui/app-shell/backoffice-user';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { entryName, FeaturePage } from '../backoffice/feature-page';
import type { FeatureScreenProps } from '../backoffice/feature-screen-props';
import { useActionFeedback } from './use-action-feedback';
import { type UserRow, useUserList } from './use-user-list';
import { UserSearchForm } from './user-search-form';
import { USER_STATUS_LABEL, type UserStatusCode } from './user-status';
import { UserTable } from './user-table';
import { ChangeUserStatusMutation } from './users.operations';

/**
 * An administrator may activate (A) or deactivate (I) an account; A also unlocks a locked one (L).
 * N is reached only by registering and left only by activation, so it is never offered.
 */
const SETTABLE: readonly UserStatusCode[] = ['A', 'I'];

/** edit-status-user (MN-004): activate, deactivate or unlock accounts. */
export function EditStatusUserPage({ entry }: FeatureScreenProps) {
  const { t } = useTranslation();
  const list = useUserList();
  const [target, setTarget] = useState<{ user: UserRow; status: UserStatusCode } | null>(null);
  const [change, { loading }] = useMutation(ChangeUserStatusMutation);
  const feedback = useActionFeedback();

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

  return (
    <FeaturePage title={entryName(entry)}>
      <UserSearchForm initialValues={list.initialValues} onSearch={list.search} />
      <UserTable
        caption={entryName(entry)}
        list={list}
        actions={(user) =>
          user.userStatusCode === 'N' ? null : (
            <Button
              size="xs"
              variant="outline"
              onClick={() => setTarget({ user, status: user.userStatusCode === 'A' ? 'I' : 'A' })}
            >
              {t('user.status.change')}
            </Button>
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
    </FeaturePage>
  );
}
