// The import rules of issue 23: kits and the platform sit below the features, a feature meets
// another only through its front door (index.ts), no import circles, and the client never
// imports server code. `npm run deps` checks them (scripts/deps.mjs); see docs/architecture-layers.md.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle (type-only imports count: they tie the files together all the same).',
      from: { path: '^(server|client)/src/' },
      to: { circular: true },
    },
    {
      name: 'kits-below-features',
      severity: 'error',
      comment:
        'A kit or the platform imports a feature: features register with the kits through their module instead.',
      from: { path: '^server/src/(platform|kits)/' },
      to: { path: '^server/src/features/' },
    },
    {
      name: 'platform-below-app',
      severity: 'error',
      comment:
        'The platform or a kit imports the registry, the app, the test harness or the app-wide tests (their own *.test.ts and *-fixtures.ts may start the app).',
      from: { path: '^server/src/(platform|kits)/', pathNot: '(\\.test|-fixtures)\\.ts$' },
      to: { path: ['^server/src/(registry|app|main|boot)\\.ts$', '^server/src/(testing|app-tests)/'] },
    },
    {
      name: 'client-platform-below-features',
      severity: 'error',
      comment: "The client's platform or shared UI imports a feature.",
      from: { path: '^client/src/(platform|ui)/' },
      to: { path: '^client/src/features/' },
    },
    {
      name: 'feature-front-door',
      severity: 'error',
      comment:
        "A feature imports another feature's inner file: only its index.ts is open to others. One second door: " +
        "the client's public-pages/fallback-pages.ts, the root route's lazy not-found and error pages (through " +
        'index.ts they would load the about and PDPA pages with them; docs/architecture-layers-client.md).',
      from: { path: '^(server|client)/src/features/([^/]+)/' },
      to: {
        path: '^$1/src/features/[^/]+/',
        pathNot: [
          '^$1/src/features/$2/',
          '^$1/src/features/[^/]+/index\\.tsx?$',
          '^client/src/features/public-pages/fallback-pages\\.ts$',
        ],
      },
    },
    {
      name: 'client-not-server',
      severity: 'error',
      comment: 'The client imports server code or data (the generated client/src/gql is client code).',
      from: { path: '^client/' },
      to: { path: '^server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
