import { inScope, scopePathCondition } from '../../platform/auth/data-scope';
import type { Principal } from '../../platform/auth/principal';
import type { ReferenceType } from '../reference/reference-kit';
import type { DocumentDeclaration, DocumentField } from './document-kit';

// Which items a document's reference field may name, for one person: the one rule that saving a
// document checks (document.service, on every header and line reference) and that the field's pick
// list applies (referenceOptions with documentType and documentField). A field is `caller`-scoped
// when it is the type's owner (the storage a transfer leaves from, the account a donation goes to,
// the unit receiving goods) or declares `pickScope: 'caller'` (a goods donation's storage): its item
// must be owned within the caller's data scope. Other fields (a transfer's destination, a resource,
// a reason) may name any active item.

export type PickScope = 'caller' | 'any';

export interface ReferenceFieldRule {
  /** The condition on the referenced type's entity (empty: every item). */
  where: Record<string, unknown>;
  /** The same rule on one item, by the path of the unit that owns it (ReferencedItem.ownerPath). */
  allows: (ownerPath: string | null) => boolean;
}

/** Is the field's item bound to the caller's data scope? */
export function pickScopeOf(type: DocumentDeclaration, f: DocumentField): PickScope {
  const target = (f.refType as () => ReferenceType)();
  if (target.scope !== 'DIVISION' && target.scope !== 'SUBTREE') return 'any';
  return f.pickScope ?? (type.owner === f.name ? 'caller' : 'any');
}

/** The rule for a reference field of a document type and a person. */
export function referenceFieldRule(
  type: DocumentDeclaration,
  f: DocumentField,
  principal: Principal,
): ReferenceFieldRule {
  if (pickScopeOf(type, f) === 'any') return { where: {}, allows: () => true };
  const target = (f.refType as () => ReferenceType)();
  const path = scopePathCondition(principal);
  return {
    where: path === null ? {} : target.scope === 'SUBTREE' ? { path } : { ownerUnit: { path } },
    allows: (ownerPath) => inScope(principal, ownerPath),
  };
}

/** A form's field by the name the pick list is asked with: `storage` (header) or `lines.resource`. */
export function formFieldOf(type: DocumentDeclaration, name: string): DocumentField | undefined {
  const [fields, own] = name.startsWith('lines.') ? [type.lines, name.slice(6)] : [type.header, name];
  return fields.find((f) => f.name === own && f.kind === 'reference' && f.refType);
}
