import { useMutation } from '@apollo/client/react';
import { Alert, Button, Link as ChakraLink, SimpleGrid, Stack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBotCheck } from '../../platform/bot-check';
import { CheckboxField } from '../../ui/form/checkbox-field';
import { FormErrorAlert } from '../../ui/form/form-error-alert';
import { NewPasswordFields } from '../../ui/form/new-password-fields';
import { TextField } from '../../ui/form/text-field';
import { CITIZEN_ID_LENGTH, normaliseCitizenId } from '../../ui/validation/citizen-id';
import { RegisterDonorMutation } from './auth.operations';
import { AuthCard } from './auth-card';
import {
  DONOR_SIGNUP_INITIAL_VALUES,
  type DonorSignupValues,
  donorSignupSchema,
  toDonorRegisterInput,
} from './donor-signup.schema';

/**
 * /signup: a donor (internet user, UG-I01) signs up with e-mail and password. The account works once
 * the donor opens the e-mailed activation link; no administrator approves it. Staff register at
 * /register instead. A donation's tracking e-mail links here with the e-mail filled in; a citizen id
 * given here links the donor record with that id and this e-mail when the account is activated.
 */
export function DonorSignupPage({ email }: { email?: string } = {}) {
  const { t } = useTranslation();
  const [registerDonor, { error }] = useMutation(RegisterDonorMutation);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const botCheck = useBotCheck();

  const submit = async (values: DonorSignupValues) => {
    const input = toDonorRegisterInput(values);
    try {
      await registerDonor({ variables: { input }, context: { headers: botCheck.headers() } });
      setSentTo(input.email);
    } catch {
      // shown by the form's error alert
    } finally {
      botCheck.reset();
    }
  };

  return (
    <AuthCard
      wide
      title={t('auth.signup.title')}
      intro={t('auth.signup.intro')}
      footer={
        <ChakraLink asChild color="brand.fg">
          <Link to="/login">{t('auth.signup.haveAccount')}</Link>
        </ChakraLink>
      }
    >
      {sentTo ? (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('auth.signup.doneTitle')}</Alert.Title>
            <Alert.Description>{t('auth.signup.done', { email: sentTo })}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <Formik
          initialValues={{ ...DONOR_SIGNUP_INITIAL_VALUES, email: email ?? '' }}
          validationSchema={donorSignupSchema}
          onSubmit={submit}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              <Stack gap="5">
                <TextField
                  name="email"
                  label={t('auth.email')}
                  type="email"
                  autoComplete="email"
                  autoCapitalize="none"
                  spellCheck={false}
                  helperText={t('auth.signup.emailHelp')}
                  required
                />
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <NewPasswordFields
                    name="password"
                    label={t('auth.staffLogin.password')}
                    helperText={t('auth.passwordRule')}
                  />
                  <TextField
                    name="firstNameTh"
                    label={t('auth.signup.firstName')}
                    autoComplete="given-name"
                    required
                  />
                  <TextField
                    name="lastNameTh"
                    label={t('auth.signup.lastName')}
                    autoComplete="family-name"
                    required
                  />
                </SimpleGrid>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <TextField name="phone" label={t('auth.signup.phone')} type="tel" autoComplete="tel" />
                  <TextField
                    name="citizenId"
                    label={t('auth.signup.citizenId')}
                    helperText={t('auth.signup.citizenIdHelp')}
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={CITIZEN_ID_LENGTH}
                    normalise={(typed) => normaliseCitizenId(typed).slice(0, CITIZEN_ID_LENGTH)}
                  />
                </SimpleGrid>
                <CheckboxField
                  name="pdpaConsent"
                  label={t('auth.signup.consent')}
                  required
                  helperText={
                    <ChakraLink asChild color="brand.fg">
                      <Link to="/pdpa" target="_blank" rel="noopener">
                        {t('auth.signup.consentLink')}
                      </Link>
                    </ChakraLink>
                  }
                />
                <FormErrorAlert error={error} />
                {botCheck.widget}
                <Button
                  type="submit"
                  colorPalette="brand"
                  loading={isSubmitting}
                  disabled={!botCheck.ready}
                  alignSelf="start"
                >
                  {t('auth.signup.submit')}
                </Button>
              </Stack>
            </Form>
          )}
        </Formik>
      )}
    </AuthCard>
  );
}
