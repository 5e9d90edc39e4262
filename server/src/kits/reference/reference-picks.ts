import type { MenuCode } from '@namjai/common/menu-catalogue';
import { menuCatalogue } from '../../platform/auth/menu-catalogue';
import type { Principal } from '../../platform/auth/principal';
import type { ReferenceType } from './reference-kit';

// Pick lists (referenceOptions) serve every back-office screen that chooses an item: the kit's own
// forms, documents, stock, reports and the other-data screens. A pick list shows codes and names
// only, as the legacy division-storage list does to any staff member, so holding any menu of those
// screens lets one pick any type, except a type of personal data (a donor): its pick list needs one
// of the type's own codes, or a code of a screen that chooses one (registered by the feature that
// declares that screen: a donation's create and edit codes).

/** The sections of the menu catalogue whose screens pick reference items. */
const PICKING_SECTIONS = new Set([
  'basic-data',
  'receiving-donations',
  'disbursement',
  'inventory',
  'reports',
  'other-data',
  'view-data',
]);

/**
 * Every code that may open a pick list (not the user-management, group and password menus). The
 * reports' codes are external-site entries in the catalogue and the in-product reports' codes too.
 */
export const pickListCodes: MenuCode[] = menuCatalogue
  .filter((m) => PICKING_SECTIONS.has(m.section))
  .map((m) => m.code)
  .sort();

/** Who else may pick a personal-data type: [type, codes] pairs, given lazily by the features. */
type PickerSource = () => Iterable<readonly [ReferenceType, readonly MenuCode[]]>;
const pickerSources: PickerSource[] = [];

/**
 * Lets holders of codes pick items of a personal-data type (the screens that choose a donor). The
 * source is read each time such a pick list is asked for, so after every module has loaded.
 */
export function registerPickers(source: PickerSource): void {
  pickerSources.push(source);
}

/**
 * The pick list of a document form's field (referenceOptions with documentType and documentField):
 * the referenced type's name and the condition on its items that saving the document applies too.
 * Registered by the document kit (document-pick.ts); undefined for an unknown type or field.
 */
export type FormFieldPickRule = (
  documentType: string,
  field: string,
  principal: Principal,
) => { refType: string; where: Record<string, unknown> } | undefined;
let formFieldPickRule: FormFieldPickRule = () => undefined;

export function registerFormFieldPickRule(rule: FormFieldPickRule): void {
  formFieldPickRule = rule;
}

export function formFieldPick(
  documentType: string,
  field: string,
  principal: Principal,
): ReturnType<FormFieldPickRule> {
  return formFieldPickRule(documentType, field, principal);
}

/** The codes any one of which lets a user pick items of the type. */
export function pickCodesOf(type: ReferenceType): MenuCode[] {
  if (!type.personalData) return pickListCodes;
  const codes = new Set([...type.menus.view, ...type.menus.create, ...type.menus.edit]);
  for (const source of pickerSources)
    for (const [picked, by] of source()) if (picked.type === type.type) for (const c of by) codes.add(c);
  return [...codes].sort();
}
