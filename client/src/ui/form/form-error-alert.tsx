import type { ErrorLike } from '@apollo/client';
import { Alert } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, failureMessageKey } from '../../platform/api-errors';
import { currentLanguage } from '../../platform/i18n';

/** Why a submitted form was refused, in the server's words when it gave some. */
export function FormErrorAlert({ error }: { error: ErrorLike | null | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {apiErrorMessage(error, currentLanguage()) ?? t(failureMessageKey(error, 'action'))}
        </Alert.Title>
      </Alert.Content>
    </Alert.Root>
  );
}
