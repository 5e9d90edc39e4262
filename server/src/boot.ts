// The built server's entry (esbuild: dist/main.js): checks the Node.js version first, then imports
// the server bundle (dist/app.js, built from main.ts). ES modules evaluate their static imports before
// their own first statement, so the check lives in this small module and the bundle is imported
// only after it: an older Node.js gets a message and exit status 1, not a crash in a dependency.
import { exitUnlessNodeSupported } from '../../scripts/node-version.mjs';

exitUnlessNodeSupported();
await import(new URL('./app.js', import.meta.url).href);
