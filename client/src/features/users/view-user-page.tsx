import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entryName, FeaturePage } from '../../ui/app-shell/feature-page';
import type { FeatureScreenProps } from '../../ui/app-shell/feature-screen-props';
import { type UserRow, useUserList } from './use-user-list';
import { UserDetailsDialog } from './user-details-dialog';
import { UserSearchForm } from './user-search-form';
import { UserTable } from './user-table';

/** view-user (MN-002): search users by organisation, id card, names, dates and status. */
export function ViewUserPage({ entry }: FeatureScreenProps) {
  const { t } = useTranslation();
  const list = useUserList();
  const [shown, setShown] = useState<UserRow | null>(null);
  return (
    <FeaturePage title={entryName(entry)}>
      <UserSearchForm initialValues={list.initialValues} onSearch={list.search} />
      <UserTable
        caption={entryName(entry)}
        list={list}
        actions={(user) => (
          <Button size="xs" variant="outline" onClick={() => setShown(user)}>
            {t('table.details')}
          </Button>
        )}
      />
      {shown && <UserDetailsDialog user={shown} onClose={() => setShown(null)} />}
    </FeaturePage>
  );
}
