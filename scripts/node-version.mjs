// The Node.js the server needs, checked first thing by `npm start` (scripts/start.mjs) and by the
// built server's entry (server/src/boot.ts, bundled as server/dist/main.js) before anything heavy is
// imported: on an older Node.js the bundle's dependencies can crash the process with no message at all
// (Node 20: a segmentation fault). Plain JavaScript with no imports, so it runs on any Node.js.

/** The oldest Node.js supported: package.json `engines` (">=22.17"); a test keeps the two the same. */
export const requiredNode = '22.17';

/** Null when `version` (process.versions.node) is new enough, else what is wrong and what to do. */
export function nodeVersionProblem(version = process.versions.node) {
  const [major, minor] = version.split('.').map(Number);
  const [needMajor, needMinor] = requiredNode.split('.').map(Number);
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return null;
  return (
    `Namjai needs Node.js ${requiredNode} or newer (package.json "engines": ">=${requiredNode}"), ` +
    `but this is Node.js ${version} (${process.execPath}). Install Node.js 24 (or 22.17+) and start ` +
    'the server with it (docs/operations.md).'
  );
}

/** Prints the problem and exits with status 1 when this Node.js is too old. */
export function exitUnlessNodeSupported() {
  const problem = nodeVersionProblem();
  if (!problem) return;
  console.error(`\n  Namjai could not start: ${problem}\n`);
  process.exit(1);
}
