import { scopePathCondition } from '../../platform/auth/data-scope';
import type { Principal } from '../../platform/auth/principal';
import type { ReferenceType } from '../reference/reference-kit';
import { idOf } from '../reference/reference-view';
import {
  type DocumentDeclaration,
  type DocumentField,
  LINE_ROWS,
  type ValidateContext,
} from './document-kit';

// Whose a document is: the owning unit it is written for, and the data scope of a type's lists.

/** The owning unit of a new or edited document, as its declaration says. */
export async function ownerOf(type: DocumentDeclaration, ctx: ValidateContext): Promise<number> {
  if (typeof type.owner === 'function') return type.owner(ctx);
  // checkDeclaration made sure the field exists and is a required reference.
  const known = ctx.ownerUnits?.[type.owner];
  if (known) return known;
  const field = type.header.find((f) => f.name === type.owner) as DocumentField;
  const target = (field.refType as () => ReferenceType)();
  const item = await ctx.tx.findOneOrFail(target.entity, { id: ctx.header[type.owner] as number });
  // The organisation tree's items are the units themselves.
  return target.scope === 'SUBTREE' ? item.id : (idOf(item.ownerUnit) as number);
}

/**
 * The data scope of a type's documents as a where-condition (every list of documents uses it: the
 * kit's own and the donations API): the owner, or one of the type's other scopes, is within the
 * caller's reach (platform/auth/data-scope.ts). Empty when the caller reaches everything.
 */
export function documentScopeWhere(type: DocumentDeclaration, principal: Principal): Record<string, unknown> {
  const path = scopePathCondition(principal);
  if (!path) return {};
  const nested = (p: string) =>
    p.split('.').reduceRight<Record<string, unknown>>((acc, part) => ({ [part]: acc }), { path });
  return {
    $or: [
      { ownerUnit: { path } },
      ...Object.values(type.scopes ?? {}).map(nested),
      // A line's unit (a destination storage's): some line of the document reaches it.
      ...Object.values(type.lineScopes ?? {}).map((p) => ({ [LINE_ROWS]: { $some: nested(p) } })),
    ],
  };
}
