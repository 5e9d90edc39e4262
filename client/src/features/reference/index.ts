// The front door of this feature: what other features and the routes may use (issue 23).

export { ReferenceOptionsQuery } from './reference.operations';
export { REFERENCE_SCREEN_KEYS, REFERENCE_SCREENS } from './reference.screens';
export { dayBE, displayIn, fieldText, isQuantity } from './reference-cells';
export { ReferenceFormField } from './reference-form-field';
export type { FormValue, ReferenceFormValues } from './reference-form-values';
export { errorPathOf, fieldSchema, formValueOf, inputValue, valuesRecord } from './reference-form-values';
export { ReferenceInlineCreateProvider } from './reference-inline-create';
export { ReferenceOptionSelect, useDebounced } from './reference-option-select';
export { labelOf } from './reference-rules';
export { ReferenceSearchForm } from './reference-search-form';
export type { ReferenceSearchValues } from './use-reference-list';
export { EMPTY_REFERENCE_SEARCH } from './use-reference-list';
