import { useApolloClient, useMutation } from '@apollo/client/react';
import { Button, Stack } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../platform/session/session-context';
import { FeaturePage } from '../../ui/app-shell/feature-page';
import { FormErrorAlert } from '../../ui/form/form-error-alert';
import { NewPasswordFields } from '../../ui/form/new-password-fields';
import { TextField } from '../../ui/form/text-field';
import { toaster } from '../../ui/toaster';
import { ChangePasswordMutation, changePasswordSchema } from '../auth';

/**
 * /backoffice/change-password (MN-007). A password change ends the user's sessions on the server
 * (product decisions sec. 2), so afterwards the user logs in again with the new password.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const [change, { error }] = useMutation(ChangePasswordMutation);
  const session = useSessionStore();
  const client = useApolloClient();
  const navigate = useNavigate();
  return (
    <FeaturePage title={t('auth.changePassword.title')} intro={t('auth.passwordRule')}>
      <Formik
        initialValues={{ currentPassword: '', newPassword: '', confirmPassword: '' }}
        validationSchema={changePasswordSchema}
        onSubmit={async ({ currentPassword, newPassword }) => {
          try {
            await change({ variables: { currentPassword, newPassword } });
          } catch {
            return;
          }
          toaster.create({ type: 'success', title: t('auth.changePassword.done') });
          session.clear();
          await client.clearStore();
          await navigate({ to: '/backoffice/login', replace: true });
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <Stack gap="5" maxW="md">
              <TextField
                name="currentPassword"
                label={t('auth.currentPassword')}
                type="password"
                autoComplete="current-password"
                required
              />
              <NewPasswordFields name="newPassword" label={t('auth.newPassword')} />
              <FormErrorAlert error={error} />
              <Button type="submit" colorPalette="brand" loading={isSubmitting} alignSelf="start">
                {t('auth.changePassword.submit')}
              </Button>
            </Stack>
          </Form>
        )}
      </Formik>
    </FeaturePage>
  );
}
