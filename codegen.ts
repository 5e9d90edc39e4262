import type { CodegenConfig } from '@graphql-codegen/cli';

// Client types and typed documents from the committed contract. Run from the repository root:
// npx graphql-codegen --config codegen.ts
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
    // The operation names GraphQL metrics are labelled with (docs/metrics.md).
    'server/src/platform/metrics/client-operations.ts': {
      plugins: ['./scripts/codegen-operation-names.cjs'],
    },
  },
};

export default config;
