import type { FeatureModule } from '../../platform/module';
import { seedDemoProvideResource } from './provide-resource.seed';

/**
 * Provide-resource (MN-054..MN-057): goods procured or received from other state bodies. The
 * document type is declared in provide-resource.document.ts and served by the document kit; this
 * module adds its demo documents.
 */
export const provideResourceModule: FeatureModule = {
  name: 'provide-resource',
  demoSeeds: [{ name: 'provide-resource', run: ({ em }) => seedDemoProvideResource(em) }],
};
