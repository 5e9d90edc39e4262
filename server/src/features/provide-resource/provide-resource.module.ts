import type { DocumentKitContribution } from '../../kits/documents/document-types';
import type { FeatureModule } from '../../platform/module';
import { provideResource } from './provide-resource.document';
import { seedDemoProvideResource } from './provide-resource.seed';

/**
 * Provide-resource (MN-054..MN-057): goods procured or received from other state bodies. The
 * document type is declared in provide-resource.document.ts and served by the document kit; this
 * module adds its demo documents.
 */
export const provideResourceModule: FeatureModule & DocumentKitContribution = {
  name: 'provide-resource',
  documentTypes: [provideResource],
  demoSeeds: [{ name: 'provide-resource', run: ({ em }) => seedDemoProvideResource(em) }],
};
