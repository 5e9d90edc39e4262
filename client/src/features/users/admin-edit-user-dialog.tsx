import { useMutation, useQuery } from '@apollo/client/react';
import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { FormDialog } from '../../ui/app-dialog';
import { fullName } from '../../ui/app-shell/backoffice-user';
import { CitizenIdField } from '../../ui/form/citizen-id-field';
import { FormErrorAlert } from '../../ui/form/form-error-alert';
import { OrganisationPathField } from '../../ui/form/organisation-path-field';
import { SelectField } from '../../ui/form/select-field';
import { TextField } from '../../ui/form/text-field';
import { deepestUnit, unitName } from '../../ui/organisation/organisation-tree';
import { useOrganisationTree } from '../../ui/organisation/use-organisation-tree';
import { toaster } from '../../ui/toaster';
import { normaliseCitizenId } from '../../ui/validation/citizen-id';
import { titleOptions } from '../auth';
import {
  type AdminEditUserValues,
  adminEditInitialValues,
  adminEditUserSchema,
} from './admin-edit-user.schema';
import type { UserRow } from './use-user-list';
import { AdminEditUserMutation, GroupOptionsQuery } from './users.operations';

export interface AdminEditUserDialogProps {
  user: UserRow;
  onClose: () => void;
  onSaved: () => void;
}

/** The administrator's edit form of one user (admin-edit-user, MN-003). */
export function AdminEditUserDialog({ user, onClose, onSaved }: AdminEditUserDialogProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [save, { error }] = useMutation(AdminEditUserMutation);
  // The groups the caller may give (the server's grant rule), and the person's own group, which a
  // profile edit keeps.
  const groups = useQuery(GroupOptionsQuery, { errorPolicy: 'all' });
  const grantable = groups.data?.grantableUserGroups;
  const groupOptions = grantable && [
    ...(grantable.some((g) => g.code === user.userGroupCode)
      ? []
      : [{ value: user.userGroupCode, label: `${user.userGroupName} (${user.userGroupCode})` }]),
    ...grantable.map((group) => ({ value: group.code, label: `${group.name} (${group.code})` })),
  ];
  const { roots } = useOrganisationTree();

  const submit = async (values: AdminEditUserValues) => {
    try {
      await save({
        variables: {
          input: {
            userId: user.id,
            titleTh: values.titleTh || null,
            firstNameTh: values.firstNameTh.trim(),
            lastNameTh: values.lastNameTh.trim(),
            email: values.email.trim().toLowerCase(),
            phone: values.phone.trim() || null,
            position: values.position.trim() || null,
            citizenId: values.citizenId ? normaliseCitizenId(values.citizenId) : null,
            userGroupCode: values.userGroupCode,
            organisationUnitCode: deepestUnit(roots, values.organisation)?.code ?? null,
          },
        },
      });
    } catch {
      return;
    }
    toaster.create({ type: 'success', title: t('form.saved') });
    onSaved();
  };

  return (
    <FormDialog
      title={t('user.edit.title', { name: fullName(user) })}
      size="xl"
      initialValues={adminEditInitialValues(user)}
      validationSchema={adminEditUserSchema}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <SelectField
            name="titleTh"
            label={t('user.fields.title')}
            placeholder={t('form.choose')}
            options={titleOptions(currentLanguage())}
          />
          <TextField name="firstNameTh" label={t('user.fields.firstNameTh')} required />
          <TextField name="lastNameTh" label={t('user.fields.lastNameTh')} required />
          <TextField name="email" label={t('auth.email')} type="email" required />
          <TextField name="phone" label={t('user.fields.phone')} type="tel" />
          <TextField name="position" label={t('user.fields.position')} />
          <CitizenIdField name="citizenId" label={t('user.fields.citizenId')} />
          {groupOptions ? (
            <SelectField
              name="userGroupCode"
              label={t('user.fields.group')}
              options={groupOptions}
              required
            />
          ) : (
            <TextField name="userGroupCode" label={t('user.fields.groupCode')} required />
          )}
        </SimpleGrid>
        <Text fontSize="sm" color="fg.muted">
          {t('user.edit.currentUnit', {
            unit: user.organisationUnit ? unitName(user.organisationUnit, language) : '—',
          })}
        </Text>
        <OrganisationPathField
          name="organisation"
          legend={t('user.edit.newUnit')}
          emptyLabel={t('form.unchanged')}
        />
        <FormErrorAlert error={error} />
      </Stack>
    </FormDialog>
  );
}
