import { useMutation } from '@apollo/client/react';
import { Alert, Button, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBotCheck } from '../../platform/bot-check';
import { FormErrorAlert } from '../../ui/form/form-error-alert';
import { TextField } from '../../ui/form/text-field';
import { ForgotPasswordMutation } from './auth.operations';
import { AuthCard } from './auth-card';
import { forgotPasswordSchema } from './password.schema';

export interface ForgotPasswordPageProps {
  /** Where "back to login" leads: the donor login or the staff login. */
  loginPath: '/login' | '/backoffice/login';
}

/**
 * Asks for a reset link by e-mail. The answer is the same whether or not the address has an account,
 * so the page cannot be used to find out who is registered.
 */
export function ForgotPasswordPage({ loginPath }: ForgotPasswordPageProps) {
  const { t } = useTranslation();
  const [send, { error }] = useMutation(ForgotPasswordMutation);
  const botCheck = useBotCheck();
  const [sent, setSent] = useState(false);
  return (
    <AuthCard
      title={t('pages.forgotPassword.title')}
      intro={t('pages.forgotPassword.description')}
      footer={
        <ChakraLink asChild color="brand.fg">
          <Link to={loginPath}>{t('auth.backToLogin')}</Link>
        </ChakraLink>
      }
    >
      {sent ? (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('auth.forgotPassword.sentTitle')}</Alert.Title>
            <Alert.Description>{t('auth.forgotPassword.sent')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <Formik
          initialValues={{ email: '' }}
          validationSchema={forgotPasswordSchema}
          onSubmit={async ({ email }) => {
            try {
              await send({
                variables: { email: email.trim().toLowerCase() },
                context: { headers: botCheck.headers() },
              });
              setSent(true);
            } catch {
              // shown by FormErrorAlert
            } finally {
              botCheck.reset();
            }
          }}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              <Stack gap="5">
                <TextField name="email" label={t('auth.email')} type="email" autoComplete="email" required />
                <FormErrorAlert error={error} />
                {botCheck.widget}
                <Button type="submit" colorPalette="brand" loading={isSubmitting} disabled={!botCheck.ready}>
                  {t('auth.forgotPassword.submit')}
                </Button>
              </Stack>
            </Form>
          )}
        </Formik>
      )}
    </AuthCard>
  );
}
