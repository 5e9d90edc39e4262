import { registerEnumType } from 'type-graphql';
import type { DocumentDeclaration } from '../../kits/documents/document-kit';

/** A GraphQL enum of a document type's statuses, from its workflow declaration, labels as descriptions. */
export function statusEnum(type: DocumentDeclaration, name: string): Record<string, string> {
  const values = Object.fromEntries(type.workflow.statuses.map((s) => [s.code, s.code]));
  registerEnumType(values, {
    name,
    description: `Statuses of a ${type.label.en.toLowerCase()} (its workflow).`,
    valuesConfig: Object.fromEntries(
      type.workflow.statuses.map((s) => [s.code, { description: `${s.label.th} / ${s.label.en}` }]),
    ),
  });
  return values;
}
