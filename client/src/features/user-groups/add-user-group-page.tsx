import { useApolloClient } from '@apollo/client/react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { entryName, FeaturePage } from '../../ui/app-shell/feature-page';
import type { FeatureScreenProps } from '../../ui/app-shell/feature-screen-props';
import { toaster } from '../../ui/toaster';
import { useSaveUserGroup } from './use-save-user-group';
import { EMPTY_USER_GROUP } from './user-group.schema';
import { UserGroupForm } from './user-group-form';
import { UserGroupQuery } from './user-groups.operations';

/** add-user-group (MN-027): a new group with its menus. */
export function AddUserGroupPage({ entry }: FeatureScreenProps) {
  const { t } = useTranslation();
  const client = useApolloClient();
  const navigate = useNavigate();
  const [save, { error }] = useSaveUserGroup();
  return (
    <FeaturePage title={entryName(entry)}>
      <UserGroupForm
        initialValues={EMPTY_USER_GROUP}
        codeReadOnly={false}
        error={error}
        onSubmit={async (values, helpers) => {
          const code = values.code.trim().toUpperCase();
          // Saving is an upsert on the server; adding must not silently overwrite an existing group.
          const existing = await client
            .query({ query: UserGroupQuery, variables: { code }, fetchPolicy: 'no-cache' })
            .then(({ data }) => data?.userGroup ?? null)
            .catch(() => null);
          if (existing) {
            helpers.setFieldError('code', t('group.codeTaken'));
            return;
          }
          try {
            await save(values);
          } catch {
            return;
          }
          toaster.create({ type: 'success', title: t('form.saved') });
          await navigate({ to: '/backoffice/$key', params: { key: 'view-user-group' } });
        }}
      />
    </FeaturePage>
  );
}
