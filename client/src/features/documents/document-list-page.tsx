import { Tabs } from '@chakra-ui/react';
import { type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { ComingLaterPanel } from '../../ui/app-shell/coming-later-panel';
import { entryName, FeaturePage } from '../../ui/app-shell/feature-page';
import type { FeatureScreenProps } from '../../ui/app-shell/feature-screen-props';
import { ErrorState, LoadingState } from '../../ui/query-state';
import { labelOf } from '../reference';
import { DocumentListFrame } from './document-list-frame';
import { documentTypesForScreen } from './document-rules';
import { DocumentTypePanel } from './document-type-panel';
import { useDocumentTypes } from './use-document-types';

/**
 * Every document screen (save-*, view-*, approve-* of the document types): the types whose
 * descriptors list this catalogue key, one tab each when there are several. A key no declared type
 * shows yet is still to come.
 */
export function DocumentListPage({ entry, txnId }: FeatureScreenProps) {
  // Drawn again when the language changes (the title and tabs read it).
  useTranslation();
  const language = currentLanguage();
  const { descriptors, loading, error, refetch } = useDocumentTypes();
  const shown = documentTypesForScreen(descriptors, entry);
  const Frame = useContext(DocumentListFrame) ?? NoFrame;
  if (!loading && !error && shown.length === 0) return <ComingLaterPanel entry={entry} />;
  return (
    <FeaturePage title={entryName(entry)}>
      <Frame entry={entry}>
        {loading ? (
          <LoadingState />
        ) : error ? (
          <ErrorState error={error} onRetry={refetch} />
        ) : shown.length === 1 ? (
          <DocumentTypePanel screen={shown[0]} openId={documentIdOf(txnId)} />
        ) : (
          <Tabs.Root defaultValue={shown[0].descriptor.type} lazyMount variant="line">
            <Tabs.List>
              {shown.map(({ descriptor }) => (
                <Tabs.Trigger key={descriptor.type} value={descriptor.type}>
                  {labelOf(descriptor, language)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {shown.map((screen) => (
              <Tabs.Content key={screen.descriptor.type} value={screen.descriptor.type}>
                <DocumentTypePanel screen={screen} />
              </Tabs.Content>
            ))}
          </Tabs.Root>
        )}
      </Frame>
    </FeaturePage>
  );
}

/** The document a view route names by its id (`/backoffice/view-…/<txnId>`); none when not an id. */
export function documentIdOf(txnId: string | undefined): number | null {
  if (!txnId || !/^[1-9]\d{0,9}$/.test(txnId)) return null;
  const id = Number(txnId);
  return id <= 2_147_483_647 ? id : null;
}

const NoFrame = ({ children }: { children: ReactNode }) => children;
