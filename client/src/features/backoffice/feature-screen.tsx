import { Suspense } from 'react';
import type { CatalogueEntry } from '../../platform/menu-catalogue';
import { LoadingState } from '../../ui/query-state';
import { ComingLaterPanel } from './coming-later-panel';
import { ExternalMenuPanel } from './external-menu-panel';
import { FEATURE_SCREENS } from './feature-screens';

/** Renders the screen of a feature key that passed the route's permission check. */
export function FeatureScreen({ entry, txnId }: { entry: CatalogueEntry; txnId?: string }) {
  const Screen = FEATURE_SCREENS[entry.key];
  if (Screen) {
    return (
      <Suspense fallback={<LoadingState />}>
        <Screen entry={entry} />
      </Suspense>
    );
  }
  if (entry.external) return <ExternalMenuPanel entry={entry} />;
  return <ComingLaterPanel entry={entry} txnId={txnId} />;
}
