import { type ComponentType, createContext, type ReactNode } from 'react';
import type { CatalogueEntry } from '../../platform/menu-catalogue';

export interface DocumentListFrameProps {
  entry: CatalogueEntry;
  children: ReactNode;
}

/**
 * What a document screen shows around its lists: the inventory feature's ledger-view tabs
 * (InventoryViewTabs), handed in by the back office's FeatureScreen. The documents feature does not
 * import the inventory, which reads documents. Without a frame the lists are shown as they are.
 */
export const DocumentListFrame = createContext<ComponentType<DocumentListFrameProps> | null>(null);
