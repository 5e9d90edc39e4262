import type { MenuCode } from '@namjai/common/menu-catalogue';
import type { DocumentType } from './document-kit';

// The document kit's list of types. A feature declares its types on the kit and names them in its
// module (`documentTypes`); server/src/registry.ts hands them to the kit once every module is
// loaded, so the kit never imports a feature. Read the list when a request or report runs, not
// while modules load.

/** What a feature module gives the document kit. */
export interface DocumentKitContribution {
  /** The feature's document types, in the order the kit lists them (enum, access snapshot, menus). */
  documentTypes?: readonly DocumentType[];
}

const registered: DocumentType[] = [];

/** Every declared document type, in registration order (filled by the registry at start). */
export const documentTypes: readonly DocumentType[] = registered;

/** One enum value per declared document type (STOCK_TRANSFER, …), filled as types register. */
export const documentTypeNames: Record<string, string> = {};

/** Adds the features' document types to the kit; the registry calls this once, before the schema is built. */
export function addDocumentTypes(types: readonly DocumentType[]): void {
  for (const t of types) {
    if (documentTypeNames[t.type]) throw new Error(`Document type ${t.type} is registered twice`);
    registered.push(t);
    documentTypeNames[t.type] = t.type;
  }
}

export function documentTypeOf(type: string): DocumentType | undefined {
  return documentTypes.find((t) => t.type === type);
}

export const documentEntities = (): unknown[] => documentTypes.flatMap((t) => [t.entity, t.lineEntity]);

/** Every menu code of the given kind across the types, for the kit's @Menu declarations. */
export function documentMenuCodes(
  types: readonly DocumentType[],
  kind: 'view' | 'create' | 'edit' | 'act' | 'createAnd',
): MenuCode[] {
  const codes =
    kind === 'act' || kind === 'createAnd'
      ? types.flatMap((t) =>
          t.workflow.transitions
            .filter((x) => kind === 'act' || (t.createAnd ?? []).includes(x.action))
            .flatMap((x) => [...x.menu]),
        )
      : types.flatMap((t) => t.menus[kind]);
  return [...new Set(codes)].sort();
}
