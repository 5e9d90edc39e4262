import { Alert, Button, HStack, Spinner, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

// The home sections' loading and failure states. ui/query-state.tsx reads Apollo's errors, which the
// home page does without (public-query.ts); a public section only ever offers to try again.

/** Announced politely to screen readers, so a slow section is not silent. */
export function HomeLoading() {
  const { t } = useTranslation();
  return (
    <HStack role="status" gap="3" py="4" color="fg.muted">
      <Spinner size="sm" color="brand.solid" />
      <Text>{t('common.loading')}</Text>
    </HStack>
  );
}

/** A section that failed to load says so and offers a retry. */
export function HomeLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert.Root status="error" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('common.loadError')}</Alert.Title>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert.Root>
  );
}
