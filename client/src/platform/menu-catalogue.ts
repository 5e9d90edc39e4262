// The menu catalogue is one data file shared with the server, in @namjai/common
// (docs/menu-catalogue.md): reading it rather than copying it keeps the route guard and the server's
// permission codes from drifting, and its codes are the generated MenuCode type.

export {
  isMenuCode,
  isMenuSection,
  MENU_SECTIONS,
  type MenuCatalogueEntry as CatalogueEntry,
  type MenuCode,
  type MenuSection,
  menuByCode,
  menuByKey,
  menuCatalogue,
} from '@namjai/common/menu-catalogue';

// Specification sec. 2: view routes of support requests, the disbursement family and the
// delivery/result screens take an optional txnId path parameter.
const TXN_OBJECTS = [
  'reqs-support',
  'resource-disbursement',
  'money-disbursement',
  'delivery-resource-disbursement',
  'delivery-money-disbursement',
  'result-resource-disbursement',
];

/** Whether /backoffice/<key>/<txnId> is a valid address for this key. */
export function acceptsTxnId(key: string): boolean {
  return TXN_OBJECTS.some((object) => key === `view-${object}` || key === `view-approve-${object}`);
}
