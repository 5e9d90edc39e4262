import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { inlineGraphqlDocuments } from './vite-plugins/inline-graphql-documents.ts';
import { localeParts } from './vite-plugins/locale-parts.ts';

// Absolute paths: the config is also loaded from the repository root (npm -w, vitest projects).
const clientDir = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.NAMJAI_API_URL ?? 'http://localhost:3001';

// Everything the browser asks the API for goes through the dev server, so the app is same-origin
// in development exactly as behind the production reverse proxy.
const apiProxy: Record<string, ProxyOptions> = Object.fromEntries(
  ['/graphql', '/api', '/healthz', '/readyz'].map((prefix) => [prefix, { target: apiTarget }]),
);

export default defineConfig({
  root: clientDir,
  plugins: [
    // Must come before the React plugin: it rewrites route files for code splitting.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: `${clientDir}src/routes`,
      generatedRouteTree: `${clientDir}src/routeTree.gen.ts`,
      quoteStyle: 'single',
      semicolons: true,
    }),
    react(),
    inlineGraphqlDocuments(`${clientDir}src/gql/graphql.ts`),
    localeParts(`${clientDir}src/locales`),
  ],
  build: {
    // dist/.vite/manifest.json: the chunk graph the bench reads to sum what a page loads.
    manifest: true,
    outDir: `${clientDir}dist`,
    emptyOutDir: true,
    rolldownOptions: {
      // The features' front doors (features/*/index.ts) only re-export: a page that imports one door
      // must not take along everything the door offers, so their unused re-exports are dropped.
      treeshake: { moduleSideEffects: (id) => !/[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/.test(id) },
      output: {
        // The big libraries every page needs change far less often than the app, so separate chunks stay
        // cached across releases. No catch-all vendor group: it would pull libraries only lazy routes use
        // (formik, yup) into the first load. Chakra has no group either: its components split with the
        // pages that use them, so the back office's tables, dialogs and tabs stay out of the public pages.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 40 },
            {
              name: 'apollo',
              test: /node_modules[\\/](@apollo|graphql|rxjs|@wry|optimism|tslib)[\\/]/,
              priority: 20,
            },
            { name: 'router', test: /node_modules[\\/]@tanstack[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
  server: { port: 3000, strictPort: true, proxy: apiProxy },
  preview: { port: 3000, strictPort: true, proxy: apiProxy },
});
