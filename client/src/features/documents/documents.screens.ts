import { menuCatalogue } from '../../platform/menu-catalogue';
import { type FeatureScreens, screen } from '../../ui/app-shell/feature-screen-props';

/**
 * The catalogue objects whose screens are documents of the kit (docs/document-kit.md). Every
 * catalogue key of such an object (its save-, view-, add-, cancel-, approve-… key) is the kit's list
 * page, which shows the types whose descriptors name the key. Screens are chosen when the route
 * tree is built, before any query could read the descriptors, so a new document type adds its
 * object here; a key of a listed object that no type names yet still shows the coming-later panel.
 */
export const DOCUMENT_OBJECTS: readonly string[] = [
  'transfer-item-to-another-storage',
  'adjust-storage-item',
  'initial-money',
  'donate-things',
  'screen-donate-things',
  'donate-things-one',
  'donate-things-two',
  'donate-money',
  'receipt-money',
  // print-donate-resource: the goods donations whose evidence of receipt is printed.
  'donate-resource',
  'provide-resource',
  // Giving out (issue 12): support requests and distributions of donated goods.
  'reqs-support',
  'distribution-donate',
  'resource-disbursement',
  'money-disbursement',
  'delivery-resource-disbursement',
  'delivery-money-disbursement',
  'result-resource-disbursement',
  // Royal decoration proposals (issue 13): add-, edit-, cancel- and view-royal-decoration.
  'royal-decoration',
];

export const DOCUMENT_SCREEN_KEYS: readonly string[] = menuCatalogue
  .filter(
    (entry) =>
      !entry.external &&
      entry.route !== null &&
      DOCUMENT_OBJECTS.some((object) => entry.key === `${entry.action}-${object}`),
  )
  .map((entry) => entry.key);

// One chunk for every document key: they are the same page.
const documentListPage = screen(async () => (await import('./document-list-page')).DocumentListPage);

export const DOCUMENT_SCREENS: FeatureScreens = Object.fromEntries(
  DOCUMENT_SCREEN_KEYS.map((key) => [key, documentListPage]),
);
