import { useMutation } from '@apollo/client/react';
import { Button, SimpleGrid, Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { useSessionStore } from '../../platform/session/session-context';
import type { LoggedInUser } from '../../platform/session/session-types';
import { FormErrorAlert } from '../../ui/form/form-error-alert';
import { SelectField } from '../../ui/form/select-field';
import { TextField } from '../../ui/form/text-field';
import { toaster } from '../../ui/toaster';
import { titleOptions } from '../auth';
import { type OwnProfileValues, ownProfileSchema } from './own-profile.schema';
import { EditOwnProfileMutation } from './users.operations';

/**
 * The signed-in user's own details. LoggedInUser carries no e-mail, phone or position, so those
 * start empty and the e-mail (required by the API) is asked for again.
 */
export function OwnProfileForm({ user }: { user: LoggedInUser }) {
  const { t } = useTranslation();
  const session = useSessionStore();
  const [save, { error }] = useMutation(EditOwnProfileMutation);
  const initialValues: OwnProfileValues = {
    titleTh: user.titleTh ?? '',
    firstNameTh: user.firstNameTh,
    lastNameTh: user.lastNameTh,
    email: '',
    phone: '',
    position: '',
  };
  return (
    <Formik
      initialValues={initialValues}
      validationSchema={ownProfileSchema}
      onSubmit={async (values) => {
        try {
          const { data } = await save({
            variables: {
              input: {
                titleTh: values.titleTh || null,
                firstNameTh: values.firstNameTh.trim(),
                lastNameTh: values.lastNameTh.trim(),
                email: values.email.trim().toLowerCase(),
                phone: values.phone.trim() || null,
                position: values.position.trim() || null,
              },
            },
          });
          // The top bar shows the name from the session, so the session takes the saved user.
          const current = session.session;
          if (data && current) session.refreshed({ token: current.token, user: data.editOwnProfile });
          toaster.create({ type: 'success', title: t('form.saved') });
        } catch {
          // shown by FormErrorAlert
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
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
              <TextField name="email" label={t('auth.email')} type="email" autoComplete="email" required />
              <TextField name="phone" label={t('user.fields.phone')} type="tel" autoComplete="tel" />
              <TextField name="position" label={t('user.fields.position')} />
            </SimpleGrid>
            <FormErrorAlert error={error} />
            <Button type="submit" colorPalette="brand" loading={isSubmitting} alignSelf="start">
              {t('form.save')}
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
