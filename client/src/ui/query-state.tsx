import type { ErrorLike } from '@apollo/client';
import { Alert, Button, HStack, Spinner, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, isNotFound } from '../platform/api-errors';
import { currentLanguage } from '../platform/i18n';

/** Announced politely to screen readers, so a slow section is not silent. */
export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <HStack role="status" gap="3" py="4" color="fg.muted">
      <Spinner size="sm" color="brand.solid" />
      <Text>{label ?? t('common.loading')}</Text>
    </HStack>
  );
}

export interface ErrorStateProps {
  /** Why the load failed; a NOT_FOUND answer is shown as such, without a retry. */
  error?: ErrorLike | null;
  /** The answer came back empty where one record was expected: the same as NOT_FOUND. */
  notFound?: boolean;
  onRetry?: () => void;
}

/**
 * A failed load says so in the user's language. "Not found" is final (in the server's words when it
 * gave some); anything else offers a retry, and technical detail goes to the console.
 */
export function ErrorState({ error, notFound = false, onRetry }: ErrorStateProps) {
  const { t } = useTranslation();
  if (notFound || isNotFound(error)) {
    return (
      <Alert.Root status="warning" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{apiErrorMessage(error, currentLanguage()) ?? t('common.notFound')}</Alert.Title>
        </Alert.Content>
      </Alert.Root>
    );
  }
  return (
    <Alert.Root status="error" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('common.loadError')}</Alert.Title>
      </Alert.Content>
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </Alert.Root>
  );
}
