import { useMutation } from '@apollo/client/react';
import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entryName, FeaturePage } from '../../ui/app-shell/feature-page';
import type { FeatureScreenProps } from '../../ui/app-shell/feature-screen-props';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useActionFeedback } from '../../ui/use-action-feedback';
import { type UserGroupRow, useUserGroupList } from './use-user-group-list';
import { UserGroupSearchForm } from './user-group-search-form';
import { UserGroupTable } from './user-group-table';
import { DeleteUserGroupMutation } from './user-groups.operations';

/**
 * delete-user-group (MN-029): deleting sets the group inactive (status I, specification sec. 4); the
 * group and its history stay. Built-in groups cannot be deleted.
 */
export function DeleteUserGroupPage({ entry }: FeatureScreenProps) {
  const { t } = useTranslation();
  const list = useUserGroupList({ statusCode: 'A' });
  const [target, setTarget] = useState<UserGroupRow | null>(null);
  const [remove, { loading }] = useMutation(DeleteUserGroupMutation);
  const feedback = useActionFeedback();

  const confirm = async () => {
    if (!target) return;
    const ok = await feedback(() => remove({ variables: { code: target.code } }), t('group.deleted'));
    if (ok) {
      setTarget(null);
      list.refetch();
    }
  };

  return (
    <FeaturePage title={entryName(entry)}>
      <UserGroupSearchForm initialValues={list.initialValues} onSearch={list.search} />
      <UserGroupTable
        caption={entryName(entry)}
        list={list}
        actions={(group) =>
          group.fixed || group.statusCode !== 'A' ? null : (
            <Button size="xs" variant="outline" colorPalette="red" onClick={() => setTarget(group)}>
              {t('form.delete')}
            </Button>
          )
        }
      />
      {target && (
        <ConfirmDialog
          open
          danger
          title={t('group.deleteTitle')}
          message={t('group.deleteConfirm', { name: target.name, code: target.code })}
          confirmLabel={t('form.delete')}
          loading={loading}
          onConfirm={() => void confirm()}
          onCancel={() => setTarget(null)}
        />
      )}
    </FeaturePage>
  );
}
