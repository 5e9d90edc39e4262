import type { ErrorLike } from '@apollo/client';
import { Button, SimpleGrid, Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import type { BotCheck } from '../../platform/bot-check';
import { currentLanguage } from '../../platform/i18n';
import { CitizenIdField } from '../../ui/form/citizen-id-field';
import { FormErrorAlert } from '../../ui/form/form-error-alert';
import { NewPasswordFields } from '../../ui/form/new-password-fields';
import { OrganisationPathField } from '../../ui/form/organisation-path-field';
import { SelectField } from '../../ui/form/select-field';
import { TextField } from '../../ui/form/text-field';
import {
  REGISTER_INITIAL_VALUES,
  type RegisterValues,
  registerSchema,
  titleOptions,
} from './register.schema';

export interface RegisterFormProps {
  onSubmit: (values: RegisterValues) => Promise<void>;
  error: ErrorLike | null | undefined;
  /** The public form's bot check (platform/bot-check). */
  botCheck?: BotCheck;
}

export function RegisterForm({ onSubmit, error, botCheck }: RegisterFormProps) {
  const { t } = useTranslation();
  return (
    <Formik initialValues={REGISTER_INITIAL_VALUES} validationSchema={registerSchema} onSubmit={onSubmit}>
      {({ isSubmitting }) => (
        <Form noValidate>
          <Stack gap="5">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField
                name="username"
                label={t('auth.staffLogin.username')}
                autoComplete="username"
                autoCapitalize="none"
                helperText={t('auth.register.usernameRule')}
                required
              />
              <TextField name="email" label={t('auth.email')} type="email" autoComplete="email" required />
              <NewPasswordFields
                name="password"
                label={t('auth.staffLogin.password')}
                helperText={t('auth.passwordRule')}
              />
            </SimpleGrid>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              <SelectField
                name="titleTh"
                label={t('user.fields.title')}
                placeholder={t('form.choose')}
                options={titleOptions(currentLanguage())}
              />
              <TextField name="firstNameTh" label={t('user.fields.firstNameTh')} required />
              <TextField name="lastNameTh" label={t('user.fields.lastNameTh')} required />
            </SimpleGrid>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              <CitizenIdField name="citizenId" label={t('user.fields.citizenId')} required />
              <TextField name="phone" label={t('user.fields.phone')} type="tel" autoComplete="tel" />
              <TextField name="position" label={t('user.fields.position')} />
            </SimpleGrid>
            <OrganisationPathField
              name="organisation"
              legend={t('user.fields.organisation')}
              emptyLabel={t('form.choose')}
            />
            <FormErrorAlert error={error} />
            {botCheck?.widget}
            <Button
              type="submit"
              colorPalette="brand"
              loading={isSubmitting}
              disabled={botCheck ? !botCheck.ready : false}
              alignSelf="start"
            >
              {t('auth.register.submit')}
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
