import type { ErrorLike } from '@apollo/client';
import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorCode } from '../../platform/api-errors';
import { useBotCheck } from '../../platform/bot-check';
import { FormErrorAlert } from '../../ui/form/form-error-alert';
import { useTranslateFormError } from '../../ui/form/use-field-error';
import { DemoAccountsBanner } from './demo-accounts-banner';
import {
  isStaffLoginMessageKey,
  STAFF_LOGIN_INITIAL_VALUES,
  type StaffLoginValues,
  staffLoginSchema,
} from './staff-login.schema';

/** The server wants a bot check before it looks at this username's password (docs/sign-in.md). */
const BOT_CHECK_CODES = new Set(['BOT_CHECK_REQUIRED', 'BOT_CHECK_FAILED']);

export interface LoginFormProps {
  /**
   * Logs in with the validated values and the headers to send (the bot-check token once the server
   * asked for one); a rejection's message is shown above the button.
   */
  onSubmit: (values: StaffLoginValues, headers: Record<string, string>) => Promise<void>;
  /** The username field's label: staff log in with a username, donors with their e-mail. */
  usernameLabel?: string;
  audience?: 'staff' | 'donor';
}

export function LoginForm({ onSubmit, usernameLabel, audience = 'staff' }: LoginFormProps) {
  const { t } = useTranslation();
  const translateError = useTranslateFormError();
  const [failure, setFailure] = useState<ErrorLike | null>(null);
  // No widget until the server asks: only a username with many failed logins needs one. The one
  // answer to a wrong password or too many attempts (INVALID_CREDENTIALS) is shown as it comes.
  const [botCheckAsked, setBotCheckAsked] = useState(false);
  const botCheck = useBotCheck(undefined, { enabled: botCheckAsked });
  const formik = useFormik<StaffLoginValues>({
    initialValues: STAFF_LOGIN_INITIAL_VALUES,
    validationSchema: staffLoginSchema,
    onSubmit: async (values) => {
      setFailure(null);
      try {
        await onSubmit(values, botCheck.headers());
      } catch (error) {
        const failed = error instanceof Error ? error : new Error(String(error));
        if (BOT_CHECK_CODES.has(apiErrorCode(failed) ?? '')) setBotCheckAsked(true);
        setFailure(failed);
      } finally {
        // A token is good for one attempt.
        if (botCheckAsked) botCheck.reset();
      }
    },
  });

  const errorOf = (field: keyof StaffLoginValues): string | undefined => {
    const error = formik.touched[field] ? formik.errors[field] : undefined;
    if (!error) return undefined;
    return isStaffLoginMessageKey(error) ? t(error) : translateError(error);
  };

  return (
    <Stack gap="5">
      <form noValidate onSubmit={formik.handleSubmit}>
        <Stack gap="5">
          <Field.Root invalid={Boolean(errorOf('username'))} required>
            <Field.Label>{usernameLabel ?? t('auth.staffLogin.username')}</Field.Label>
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
          <FormErrorAlert error={failure} />
          {botCheck.widget}
          <Button type="submit" colorPalette="brand" loading={formik.isSubmitting} disabled={!botCheck.ready}>
            {t('auth.staffLogin.submit')}
          </Button>
        </Stack>
      </form>
      <DemoAccountsBanner
        audience={audience}
        onPick={(account) => {
          void formik.setValues({ username: account.username, password: account.password });
        }}
      />
    </Stack>
  );
}
