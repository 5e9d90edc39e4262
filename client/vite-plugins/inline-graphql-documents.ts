import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

// The client preset's `graphql()` looks documents up in one map of every operation in the app
// (src/gql/gql.ts), so every page's first load carried the back office's queries too. In the build
// this plugin replaces each `graphql(`…`)` call with the typed document codegen generated for it
// (src/gql/graphql.ts), so a chunk holds exactly the documents its own code uses. Types are
// unchanged (they come from the call's overloads); tests and `vite dev` keep the map. This is what
// the preset's Babel plugin does, for a build without Babel.

const CALL = /\bgraphql\(\s*`([^`]*)`\s*\)/g;
const DEFINITION = /\b(query|mutation|subscription|fragment)\s+(\w+)/;
const GENERATED = /^export const (\w+(?:Document|FragmentDoc)) = (\{.*\}) as unknown as /gm;

export function inlineGraphqlDocuments(generatedFile: string): Plugin {
  let documents: Map<string, string> | null = null;
  const load = () => {
    documents ??= new Map(
      [...readFileSync(generatedFile, 'utf8').matchAll(GENERATED)].map((m) => [m[1], m[2]] as const),
    );
    return documents;
  };
  return {
    name: 'namjai:inline-graphql-documents',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/.*\.tsx?$/.test(id) || id.includes('/src/gql/') || !code.includes('graphql(`'))
        return null;
      const replaced = code.replace(CALL, (_call, source: string) => {
        const definition = DEFINITION.exec(source);
        if (!definition) throw new Error(`${id}: a graphql() document without a named operation or fragment`);
        const [, kind, name] = definition;
        const exportName = kind === 'fragment' ? `${name}FragmentDoc` : `${name}Document`;
        const document = load().get(exportName);
        if (!document)
          throw new Error(`${id}: ${exportName} is not in ${generatedFile}; run npm run codegen`);
        return `(${document})`;
      });
      return replaced === code ? null : { code: replaced, map: null };
    },
  };
}
