import { useMutation } from '@apollo/client/react';
import { Alert, Button, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../ui/form/form-error-alert';
import { NewPasswordFields } from '../../ui/form/new-password-fields';
import { ResetPasswordMutation } from './auth.operations';
import { AuthCard } from './auth-card';
import { resetPasswordSchema } from './password.schema';

export interface ResetPasswordPageProps {
  /** The one-time token from the e-mailed link (?token=). */
  token: string;
  loginPath: '/login' | '/backoffice/login';
}

/** Sets a new password with the token from the reset e-mail. */
export function ResetPasswordPage({ token, loginPath }: ResetPasswordPageProps) {
  const { t } = useTranslation();
  const [reset, { error }] = useMutation(ResetPasswordMutation);
  const [done, setDone] = useState(false);
  const loginLink = (
    <ChakraLink asChild color="brand.fg">
      <Link to={loginPath}>{t('auth.backToLogin')}</Link>
    </ChakraLink>
  );
  return (
    <AuthCard title={t('auth.resetPassword.title')} intro={t('auth.resetPassword.intro')} footer={loginLink}>
      {!token ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{t('auth.resetPassword.missingToken')}</Alert.Title>
        </Alert.Root>
      ) : done ? (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>{t('auth.resetPassword.done')}</Alert.Title>
        </Alert.Root>
      ) : (
        <Formik
          initialValues={{ newPassword: '', confirmPassword: '' }}
          validationSchema={resetPasswordSchema}
          onSubmit={async ({ newPassword }) => {
            try {
              await reset({ variables: { token, newPassword } });
              setDone(true);
            } catch {
              // shown by FormErrorAlert
            }
          }}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              <Stack gap="5">
                <NewPasswordFields
                  name="newPassword"
                  label={t('auth.newPassword')}
                  helperText={t('auth.passwordRule')}
                />
                <FormErrorAlert error={error} />
                <Button type="submit" colorPalette="brand" loading={isSubmitting}>
                  {t('auth.resetPassword.submit')}
                </Button>
              </Stack>
            </Form>
          )}
        </Formik>
      )}
    </AuthCard>
  );
}
