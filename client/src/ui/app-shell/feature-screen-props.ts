import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { CatalogueEntry } from '../../platform/menu-catalogue';

/**
 * What every back-office screen receives: the catalogue entry of the feature key it was opened by.
 * This module imports no screen and no registry, so screens, the features' screen lists and the
 * back office's registry all depend on it and never on each other.
 */
export interface FeatureScreenProps {
  entry: CatalogueEntry;
  /** The document a view route names (`/backoffice/view-<key>/<txnId>`): the screen opens it. */
  txnId?: string;
}

export type LazyScreen = LazyExoticComponent<ComponentType<FeatureScreenProps>>;

/** The screens a feature offers, by catalogue feature key (approve-user, view-user-group, …). */
export type FeatureScreens = Readonly<Record<string, LazyScreen>>;

/** A screen loaded when first opened: each is its own chunk, so a user loads only what they open. */
export const screen = (load: () => Promise<ComponentType<FeatureScreenProps>>): LazyScreen =>
  lazy(async () => ({ default: await load() }));
