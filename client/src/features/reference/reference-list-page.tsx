import { Alert, Tabs } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { entryName, FeaturePage } from '../../ui/app-shell/feature-page';
import type { FeatureScreenProps } from '../../ui/app-shell/feature-screen-props';
import { ErrorState, LoadingState } from '../../ui/query-state';
import { labelOf, typesForScreen } from './reference-rules';
import { ReferenceTypePanel } from './reference-type-panel';
import { useReferenceTypes } from './use-reference-types';

/**
 * Every basic-data screen (save-*, view-*, add-*, edit-* of the reference types): the types whose
 * descriptors list this catalogue key, one tab each when there are several.
 */
export function ReferenceListPage({ entry }: FeatureScreenProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { descriptors, loading, error, refetch } = useReferenceTypes();
  const shown = typesForScreen(descriptors, entry.key);
  return (
    <FeaturePage title={entryName(entry)}>
      {loading ? (
        <LoadingState />
      ) : error ? (
        <ErrorState error={error} onRetry={refetch} />
      ) : shown.length === 0 ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{t('reference.noTypes')}</Alert.Title>
        </Alert.Root>
      ) : shown.length === 1 ? (
        <ReferenceTypePanel descriptor={shown[0].descriptor} mode={shown[0].mode} />
      ) : (
        <Tabs.Root defaultValue={shown[0].descriptor.type} lazyMount variant="line">
          <Tabs.List>
            {shown.map(({ descriptor }) => (
              <Tabs.Trigger key={descriptor.type} value={descriptor.type}>
                {labelOf(descriptor, language)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {shown.map(({ descriptor, mode }) => (
            <Tabs.Content key={descriptor.type} value={descriptor.type}>
              <ReferenceTypePanel descriptor={descriptor} mode={mode} />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      )}
    </FeaturePage>
  );
}
