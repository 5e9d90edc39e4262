import type { CodegenConfig } from '@graphql-codegen/cli';

// Client types and typed documents from the committed contract. Run from the repository root:
// npx graphql-codegen --config codegen.ts
// The operations the public pages read with a plain fetch before Apollo Client loads.
const publicDocuments = [
  'client/src/features/home/home.queries.ts',
  'client/src/features/near-me/near-me.queries.ts',
  'client/src/features/short-supply/short-supply.queries.ts',
  'client/src/features/donate-transfer/donate-transfer.queries.ts',
  'client/src/ui/form/address.queries.ts',
];

const config: CodegenConfig = {
  schema: 'schema.graphql',
  // Tests reuse the app's documents; they never declare operations of their own.
  documents: ['client/src/**/*.{ts,tsx}', '!client/src/gql/**/*', '!client/src/**/*.test.{ts,tsx}'],
  ignoreNoDocuments: false,
  generates: {
    'client/src/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        // Unknown custom scalars must be handled on purpose, never typed as any.
        defaultScalarType: 'unknown',
        scalars: { ID: 'string' },
      },
    },
    // The text of the public pages' operations, for their plain fetch (platform/public-query.ts).
    'client/src/gql/public-operations.ts': {
      plugins: [{ './scripts/codegen-public-operations.cjs': { files: publicDocuments } }],
    },
    // The operation names GraphQL metrics are labelled with (docs/metrics.md).
    'server/src/platform/metrics/client-operations.ts': {
      plugins: ['./scripts/codegen-operation-names.cjs'],
    },
  },
};

export default config;
