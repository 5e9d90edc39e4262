// After `vite build` and the prerender: writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every
// text file of dist/ the server sends (scripts, styles, pages, SVG), once, at their highest levels.
// The server sends the copy the browser accepts (@fastify/static `preCompressed`,
// server/src/platform/http/spa.ts) instead of compressing the file again for every request: about
// 45 ms of the server's CPU for each first visit of a public page (docs/public-site.md, "Nothing
// holds the first frame"). A copy no smaller than the file is not written.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const compressible = /\.(js|mjs|css|html|svg|json|txt)$/;
/** Files under this size go as they are (the server's own compression threshold, server.ts). */
const THRESHOLD = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

export function precompress(root = dist) {
  let written = 0;
  for (const path of [...files(root)]) {
    if (!compressible.test(path)) continue;
    const body = readFileSync(path);
    if (body.length < THRESHOLD) continue;
    const copies = [
      [
        '.br',
        brotliCompressSync(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        }),
      ],
      ['.gz', gzipSync(body, { level: 9 })],
    ];
    for (const [extension, copy] of copies)
      if (copy.length < body.length) {
        writeFileSync(path + extension, copy);
        written++;
      }
  }
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const written = precompress();
  console.log(`precompressed: ${written} copies in ${Math.round(performance.now() - started)} ms`);
}
