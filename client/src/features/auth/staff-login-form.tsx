import { Alert, Button, Field, Input, Stack } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  STAFF_LOGIN_INITIAL_VALUES,
  type StaffLoginMessageKey,
  type StaffLoginValues,
  staffLoginSchema,
} from './staff-login.schema';

export interface StaffLoginFormProps {
  /**
   * Called with the validated values. The staff identity service is the next issue; until it lands
   * the page passes nothing and the form says that login is not available yet.
   */
  onSubmit?: (values: StaffLoginValues) => Promise<void>;
}

export function StaffLoginForm({ onSubmit }: StaffLoginFormProps) {
  const { t } = useTranslation();
  const [notAvailable, setNotAvailable] = useState(false);
  const formik = useFormik<StaffLoginValues>({
    initialValues: STAFF_LOGIN_INITIAL_VALUES,
    validationSchema: staffLoginSchema,
    onSubmit: async (values) => {
      if (onSubmit) {
        await onSubmit(values);
        return;
      }
      setNotAvailable(true);
    },
  });

  const errorOf = (field: keyof StaffLoginValues): string | undefined => {
    const key = formik.touched[field] ? formik.errors[field] : undefined;
    // The schema only produces StaffLoginMessageKey values (see staff-login.schema.ts).
    return key ? t(key as StaffLoginMessageKey) : undefined;
  };

  return (
    <form noValidate onSubmit={formik.handleSubmit}>
      <Stack gap="5">
        <Field.Root invalid={Boolean(errorOf('username'))} required>
          <Field.Label>{t('auth.staffLogin.username')}</Field.Label>
          <Input
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...formik.getFieldProps('username')}
          />
          <Field.ErrorText>{errorOf('username')}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errorOf('password'))} required>
          <Field.Label>{t('auth.staffLogin.password')}</Field.Label>
          <Input type="password" autoComplete="current-password" {...formik.getFieldProps('password')} />
          <Field.ErrorText>{errorOf('password')}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="brand" loading={formik.isSubmitting}>
          {t('auth.staffLogin.submit')}
        </Button>
        {notAvailable && (
          <Alert.Root status="info" role="status">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('auth.staffLogin.notAvailableTitle')}</Alert.Title>
              <Alert.Description>{t('auth.staffLogin.notAvailable')}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
      </Stack>
    </form>
  );
}
