import type { EntitySchema } from '@mikro-orm/core';
import { describeAccess } from '../../platform/graphql/access';
import type { FeatureModule } from '../../platform/module';
import { type ReferenceType } from '../reference/reference-kit';
import { registerFormFieldPickRule, registerPickers } from '../reference/reference-picks';
import { documentResolver } from './document.resolver';
import { registerDocumentAttachments } from './document-attachments';
import { documentExport } from './document-export';
import type { DocumentType } from './document-kit';
import { formFieldOf, referenceFieldRule } from './document-pick';
import { typedDocumentResolvers } from './document-typed.resolver';
import { addDocumentTypes, documentEntities, documentTypeOf, documentTypes } from './document-types';

/**
 * Hands the features' document types to the kit (server/src/registry.ts calls it once, with every
 * module's `documentTypes`, before it reads the modules' entities and resolvers).
 */
export function registerDocumentTypes(types: readonly DocumentType[]): void {
  addDocumentTypes(types);
  registerDocumentAttachments(types);
}

// A document's form picks the items its fields refer to: its makers may pick a donor for it.
registerPickers(() =>
  documentTypes.flatMap((t) =>
    [...t.header, ...t.lines].flatMap((f) =>
      f.kind === 'reference' && f.refType
        ? [[f.refType(), [...t.menus.create, ...t.menus.edit]] as const]
        : [],
    ),
  ),
);

// A form field's pick list offers what saving the document accepts from the caller (document-pick.ts).
registerFormFieldPickRule((documentType, name, principal) => {
  const type = documentTypeOf(documentType);
  const f = type && formFieldOf(type, name);
  if (!type || !f) return undefined;
  return {
    refType: (f.refType as () => ReferenceType)().type,
    where: referenceFieldRule(type, f, principal).where,
  };
});

/** The document kit and every document type declared on it. */
export const documentsModule: FeatureModule = {
  name: 'documents',
  get entities() {
    return documentEntities() as EntitySchema[];
  },
  get resolvers() {
    return [documentResolver(), ...typedDocumentResolvers()];
  },
  routes: () => [documentExport()],
  describeAccess: () =>
    documentTypes.flatMap((t) => [
      `document ${t.type} list, get: ${describeAccess({ kind: 'menu', codes: t.menus.view })}`,
      `document ${t.type} create: ${describeAccess({ kind: 'menu', codes: t.menus.create })}`,
      `document ${t.type} edit: ${describeAccess({ kind: 'menu', codes: t.menus.edit })}`,
      ...t.workflow.transitions.map(
        (x) =>
          `document ${t.type} ${x.action} (${x.from.join('|')} > ${x.to}${x.approval ? `, approval ${x.approval}` : ''}): ${describeAccess({ kind: 'menu', codes: [...x.menu] })}`,
      ),
    ]),
};
