import { useQuery } from '@apollo/client/react';
import { Button } from '@chakra-ui/react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { entryName, FeaturePage } from '../../ui/app-shell/feature-page';
import type { FeatureScreenProps } from '../../ui/app-shell/feature-screen-props';
import { ErrorState, LoadingState } from '../../ui/query-state';
import { toaster } from '../../ui/toaster';
import { useSaveUserGroup } from './use-save-user-group';
import { useUserGroupList } from './use-user-group-list';
import { UserGroupForm } from './user-group-form';
import { UserGroupSearchForm } from './user-group-search-form';
import { UserGroupTable } from './user-group-table';
import { UserGroupQuery } from './user-groups.operations';

/** edit-user-group (MN-028): pick a group from the list (?code=), then change its name and menus. */
export function EditUserGroupPage({ entry }: FeatureScreenProps) {
  const { code } = useSearch({ from: '/backoffice/$key' });
  return code ? (
    <EditUserGroup entryTitle={entryName(entry)} code={code} />
  ) : (
    <PickGroup title={entryName(entry)} />
  );
}

function PickGroup({ title }: { title: string }) {
  const { t } = useTranslation();
  const list = useUserGroupList({ statusCode: 'A' });
  return (
    <FeaturePage title={title} intro={t('group.pickToEdit')}>
      <UserGroupSearchForm initialValues={list.initialValues} onSearch={list.search} />
      <UserGroupTable
        caption={title}
        list={list}
        actions={(group) => (
          <Button asChild size="xs" variant="outline">
            <Link to="/backoffice/$key" params={{ key: 'edit-user-group' }} search={{ code: group.code }}>
              {t('form.edit')}
            </Link>
          </Button>
        )}
      />
    </FeaturePage>
  );
}

function EditUserGroup({ entryTitle, code }: { entryTitle: string; code: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, loading, error, refetch } = useQuery(UserGroupQuery, {
    variables: { code },
    fetchPolicy: 'network-only',
  });
  const [save, saveState] = useSaveUserGroup();
  const backToList = () =>
    navigate({ to: '/backoffice/$key', params: { key: 'edit-user-group' }, search: {} });
  const group = data?.userGroup;
  return (
    <FeaturePage title={group ? `${entryTitle}: ${group.name}` : entryTitle}>
      {loading && !data && <LoadingState />}
      {error && <ErrorState error={error} onRetry={() => void refetch()} />}
      {data && !group && <ErrorState notFound />}
      {group && (
        <UserGroupForm
          initialValues={{ code: group.code, name: group.name, menuCodes: [...group.menuCodes] }}
          codeReadOnly
          error={saveState.error}
          onCancel={() => void backToList()}
          onSubmit={async (values) => {
            try {
              await save(values);
            } catch {
              return;
            }
            toaster.create({ type: 'success', title: t('form.saved') });
            await backToList();
          }}
        />
      )}
    </FeaturePage>
  );
}
