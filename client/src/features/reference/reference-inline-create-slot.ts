import { type ComponentType, createContext } from 'react';
import type { ReferenceTypeName } from '../../gql/graphql';
import type { ApiExistingItem } from '../../platform/api-errors';

export interface ReferenceInlineCreateProps {
  refType: ReferenceTypeName;
  /** The pick list's label: the button reads "add new <label>". */
  fieldLabel: string;
  /** The saved item (or the existing one a refusal named and the person chose). */
  onCreated: (item: ApiExistingItem) => void;
}

/**
 * The "add new …" a pick list shows under itself, handed down by the form around it (a document's
 * form, the reference list's) through `ReferenceInlineCreateProvider`. The pick list does not import
 * it: adding an item opens the reference form, whose own pick lists would otherwise import themselves.
 * Without a provider a pick list offers no "add new".
 */
export const ReferenceInlineCreateSlot = createContext<ComponentType<ReferenceInlineCreateProps> | null>(
  null,
);
