import type { ErrorLike } from '@apollo/client';
import { Alert } from '@chakra-ui/react';
import { apiErrorMessage, isNotFound } from '../../platform/api-errors';
import { useRefusalMessage } from './form-error-message';

/** Why a submitted form was refused, in the server's words when it gave some. */
export function FormErrorAlert({ error }: { error: ErrorLike | null | undefined }) {
  const message = useRefusalMessage(error, apiErrorMessage, isNotFound);
  if (!message) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{message}</Alert.Title>
      </Alert.Content>
    </Alert.Root>
  );
}
