import type { EntityManager } from '@mikro-orm/postgresql';
import { SubDistrict } from '../kits/core/geography.entity';
import type { DocumentField, DocumentType } from '../kits/documents/document-kit';
import { type ReferenceRow, type ReferenceType } from '../kits/reference/reference-kit';
import { statusWhere } from '../kits/reference/reference-rows';
import { bangkokToday } from '../platform/dates';

// A valid input for any declared document type, built from its field declarations and owned by a
// given unit, so the document tests cover every type (a new one included) without knowing it. A
// field kind this does not know fails loudly: extend it rather than leave a type untested.

export interface SampleScope {
  em: EntityManager;
  /** The owning unit's path: the owner reference (a storage, an account) is one of its items. */
  ownerPath: string;
  /** Another division's path: no item of it is used anywhere in the input. */
  avoidPath: string;
}

/** The fields a person writes when saving (not derived, not entered at a later action). */
export const writtenFields = (type: DocumentType) => ({
  header: type.header.filter((f) => !f.derived && !f.enteredAt),
  lines: type.lines.filter((f) => !f.derived && !f.enteredAt),
});

let serial = 0;

/** Active items of a reference type, oldest first, with their owning unit's path when they have one. */
export async function activeItems(
  em: EntityManager,
  refType: ReferenceType,
): Promise<{ id: number; path: string | null }[]> {
  const divisional = refType.scope === 'DIVISION';
  const rows = await em.find(refType.entity, statusWhere(refType, 'A') as never, {
    orderBy: { id: 'asc' } as never,
    ...(divisional ? { populate: ['ownerUnit'] as never[] } : {}),
  });
  // The organisation tree's items are units: their own path.
  const pathOf = (r: ReferenceRow) =>
    divisional
      ? ((r.ownerUnit as { path?: string } | null)?.path ?? null)
      : refType.scope === 'SUBTREE'
        ? ((r.path as string | undefined) ?? null)
        : null;
  return rows.map((r: ReferenceRow) => ({ id: r.id as number, path: pathOf(r) }));
}

async function sampleValue(
  type: DocumentType,
  f: DocumentField,
  scope: SampleScope,
  used: Set<string>,
): Promise<unknown> {
  switch (f.kind) {
    case 'reference': {
      const refType = (f.refType as () => ReferenceType)();
      const items = (await activeItems(scope.em, refType)).filter(
        (i) => !used.has(`${refType.type}:${i.id}`),
      );
      const owned = items.filter((i) => i.path?.startsWith(scope.ownerPath));
      const elsewhere = items.filter((i) => !i.path?.startsWith(scope.avoidPath));
      const item = f.name === type.owner ? owned[0] : (owned[0] ?? elsewhere[0]);
      if (!item) throw new Error(`${type.type}.${f.name}: no active ${refType.type} to use`);
      used.add(`${refType.type}:${item.id}`);
      return item.id;
    }
    case 'subDistrict':
      return (await scope.em.findOneOrFail(SubDistrict, {}, { orderBy: { id: 'asc' } })).id;
    case 'decimal': {
      const value = Math.min(Math.max(1, f.min ?? 1), f.max ?? 1);
      return String(value);
    }
    case 'integer': {
      const low = f.min ?? 1;
      const span = (f.max ?? low + 1000) - low + 1;
      return low + (++serial % span);
    }
    case 'date':
      // Today: valid for a date something happened (received, donated) and for an expiry alike.
      return bangkokToday();
    case 'text':
    case 'code':
      // A bank account number is checked for its 10 to 15 digits.
      if (/accountNumber$/i.test(f.name)) return '0123456789';
      return 'SAMPLE'.slice(0, f.maxLength ?? 6);
    case 'enum':
      return f.options[0]?.value;
    case 'boolean':
      return false;
    default:
      throw new Error(`${type.type}.${f.name}: no sample value for a ${f.kind} field`);
  }
}

/**
 * Optional fields a type's own rules need in a valid input (a support request names its office when
 * the requester is one, and a line asks for goods or money; a distribution line goes to a storage or
 * to a recipient): filled like the required ones.
 */
const alsoFilled: Record<string, { header?: string[]; lines?: string[] }> = {
  SUPPORT_REQUEST: { header: ['requesterOffice'], lines: ['resource', 'quantity'] },
  DISTRIBUTION: { lines: ['recipientName', 'receiverType'] },
};

/** A document input with every required written field, owned by the scope's unit, one line. */
export async function sampleInput(
  type: DocumentType,
  scope: SampleScope,
): Promise<{ header: Record<string, unknown>; lines?: Record<string, unknown>[] }> {
  if (typeof type.owner !== 'string')
    throw new Error(`${type.type}: its owner is a function; teach sampleInput which field decides it`);
  const { header, lines } = writtenFields(type);
  const used = new Set<string>();
  const values: Record<string, unknown> = {};
  // The owner first, so the other references of its type pick another item.
  for (const f of [...header].sort((a, b) => Number(b.name === type.owner) - Number(a.name === type.owner)))
    if (f.required || alsoFilled[type.type]?.header?.includes(f.name))
      values[f.name] = await sampleValue(type, f, scope, used);
  // A type whose draft may have no lines (a royal decoration proposal counts approved donations of
  // its donor, added later) is saved without any.
  if (!lines.length || type.minLines === 0) return { header: values };
  const line: Record<string, unknown> = {};
  for (const f of lines)
    if (f.required || alsoFilled[type.type]?.lines?.includes(f.name))
      line[f.name] = await sampleValue(type, f, scope, new Set());
  return { header: values, lines: [line] };
}
