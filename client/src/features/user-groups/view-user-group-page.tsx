import { Button, HStack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionSnapshot } from '../../platform/session/session-context';
import { entryName, FeaturePage } from '../../ui/app-shell/feature-page';
import type { FeatureScreenProps } from '../../ui/app-shell/feature-screen-props';
import { type UserGroupRow, useUserGroupList } from './use-user-group-list';
import { UserGroupDetailsDialog } from './user-group-details-dialog';
import { UserGroupSearchForm } from './user-group-search-form';
import { UserGroupTable } from './user-group-table';

/** view-user-group (MN-030): the groups, with shortcuts to add, edit and delete where the user may. */
export function ViewUserGroupPage({ entry }: FeatureScreenProps) {
  const { t } = useTranslation();
  const list = useUserGroupList();
  const [shown, setShown] = useState<UserGroupRow | null>(null);
  const allowed = new Set(useSessionSnapshot().session?.user.menus.map((menu) => menu.key) ?? []);
  return (
    <FeaturePage title={entryName(entry)}>
      {allowed.has('add-user-group') && (
        <Button asChild colorPalette="brand" alignSelf="start">
          <Link to="/backoffice/$key" params={{ key: 'add-user-group' }}>
            {t('group.add')}
          </Link>
        </Button>
      )}
      <UserGroupSearchForm initialValues={list.initialValues} onSearch={list.search} />
      <UserGroupTable
        caption={entryName(entry)}
        list={list}
        actions={(group) => (
          <HStack gap="2" justify="flex-end">
            <Button size="xs" variant="outline" onClick={() => setShown(group)}>
              {t('table.details')}
            </Button>
            {allowed.has('edit-user-group') && group.statusCode === 'A' && (
              <Button asChild size="xs" variant="outline">
                <Link to="/backoffice/$key" params={{ key: 'edit-user-group' }} search={{ code: group.code }}>
                  {t('form.edit')}
                </Link>
              </Button>
            )}
          </HStack>
        )}
      />
      {shown && <UserGroupDetailsDialog group={shown} onClose={() => setShown(null)} />}
    </FeaturePage>
  );
}
