import type { PropertyOptions, TriggerDef } from '@mikro-orm/core';
import type { DocumentLineRow, DocumentRow, DocumentType } from './document-kit';

// What the database keeps on a type's tables besides its declared fields (docs/document-kit.md "Kept
// by the database"): header columns no field declares, neither in the API nor written by the kit's
// commands, and the triggers that keep them, which the type's migration creates. Declared on the
// entities so that the schema diff (the migrations' drift test) expects them.

export interface KeptByDatabase {
  /** Header columns by property name, as MikroORM property options. */
  columns?: Record<string, PropertyOptions<DocumentRow>>;
  /** Triggers on the header table. */
  triggers?: TriggerDef<DocumentRow>[];
  /** Triggers on the line table. */
  lineTriggers?: TriggerDef<DocumentLineRow>[];
}

/** The type, its entities given the columns and triggers the database keeps. */
export function keptByDatabase(type: DocumentType, kept: KeptByDatabase): DocumentType {
  for (const [name, options] of Object.entries(kept.columns ?? {}))
    type.entity.addProperty(name as never, options.type as never, options);
  type.entity.meta.triggers.push(...(kept.triggers ?? []));
  type.lineEntity.meta.triggers.push(...(kept.lineTriggers ?? []));
  return type;
}
