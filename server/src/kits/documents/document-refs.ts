import type { EntityManager } from '@mikro-orm/postgresql';
import type { DocumentRef, NamedDocument } from './document-kit';
import { documentTypeOf } from './document-types';

// Documents named by (type, id), as the ledger's movements name their source, turned into what a
// person finds them by: the number and the type's label. Not filtered by data scope: the caller
// names documents that stand in the way of its own action (a cancel refused), and a number says
// nothing beyond that the document exists.

export async function nameDocuments(
  tx: EntityManager,
  refs: readonly DocumentRef[],
): Promise<NamedDocument[]> {
  const numbers = new Map<string, string>();
  const byType = new Map<string, number[]>();
  for (const r of refs) byType.set(r.documentType, [...(byType.get(r.documentType) ?? []), r.documentId]);
  for (const [name, ids] of byType) {
    const type = documentTypeOf(name);
    if (!type) continue;
    const rows = await tx.find(type.entity, { id: { $in: ids } }, { fields: ['id', 'number'] as never[] });
    for (const row of rows) numbers.set(`${name}:${row.id}`, row.number);
  }
  return refs.map((r) => {
    const type = documentTypeOf(r.documentType);
    return {
      ...r,
      number: numbers.get(`${r.documentType}:${r.documentId}`) ?? `${r.documentType} ${r.documentId}`,
      label: type?.label ?? { th: r.documentType, en: r.documentType },
    };
  });
}
