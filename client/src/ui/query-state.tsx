import { Alert, Button, HStack, Spinner, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

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

/** A failed load says so in the user's language and offers a retry; technical detail goes to the console. */
export function ErrorState({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
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
