import { Stack } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import type { CatalogueEntry } from '../../platform/menu-catalogue';
import { ComingLaterPanel } from '../../ui/app-shell/coming-later-panel';
import { LoadingState } from '../../ui/query-state';
import { DocumentListFrame } from '../documents';
import { ExternalMenuPanel } from './external-menu-panel';
import { FEATURE_SCREENS } from './feature-screens';
import { FEATURE_SECTIONS } from './feature-sections';

/** The document screens' ledger-view tabs, loaded with the first document screen that shows them. */
const InventoryViewTabs = lazy(() =>
  import('../inventory').then((module) => ({ default: module.InventoryViewTabs })),
);

/**
 * Renders the screen of a feature key that passed the route's permission check, and the sections
 * other features add below it.
 */
export function FeatureScreen({ entry, txnId }: { entry: CatalogueEntry; txnId?: string }) {
  const Screen = FEATURE_SCREENS[entry.key];
  if (Screen) {
    return (
      <Suspense fallback={<LoadingState />}>
        <Stack gap="10">
          <DocumentListFrame.Provider value={InventoryViewTabs}>
            <Screen entry={entry} txnId={txnId} />
          </DocumentListFrame.Provider>
          {(FEATURE_SECTIONS[entry.key] ?? []).map((Section, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list per key
            <Section key={i} entry={entry} />
          ))}
        </Stack>
      </Suspense>
    );
  }
  if (entry.external) return <ExternalMenuPanel entry={entry} />;
  return <ComingLaterPanel entry={entry} txnId={txnId} />;
}
