import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entryName, FeaturePage } from '../../ui/app-shell/feature-page';
import type { FeatureScreenProps } from '../../ui/app-shell/feature-screen-props';
import { AdminEditUserDialog } from './admin-edit-user-dialog';
import { type UserRow, useUserList } from './use-user-list';
import { UserSearchForm } from './user-search-form';
import { UserTable } from './user-table';

/** admin-edit-user (MN-003): find a user, then edit their details, group and unit. */
export function AdminEditUserPage({ entry }: FeatureScreenProps) {
  const { t } = useTranslation();
  const list = useUserList();
  const [editing, setEditing] = useState<UserRow | null>(null);
  return (
    <FeaturePage title={entryName(entry)}>
      <UserSearchForm initialValues={list.initialValues} onSearch={list.search} />
      <UserTable
        caption={entryName(entry)}
        list={list}
        actions={(user) => (
          <Button size="xs" variant="outline" onClick={() => setEditing(user)}>
            {t('form.edit')}
          </Button>
        )}
      />
      {editing && (
        <AdminEditUserDialog
          user={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.refetch();
          }}
        />
      )}
    </FeaturePage>
  );
}
