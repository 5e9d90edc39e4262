// Writes schema.graphql from the server's type-graphql schema (`--check`: only compares, exit 1 if stale).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findRepoRoot } from '../src/platform/config';
import { buildAppSchema, printAppSchema } from '../src/platform/graphql/schema';
import { resolvers } from '../src/registry';

const file = join(findRepoRoot(), 'schema.graphql');
const printed = printAppSchema(await buildAppSchema(resolvers));
if (process.argv.includes('--check')) {
  const current = readFileSync(file, 'utf8');
  if (current !== printed) {
    console.error('schema.graphql is stale: run `npm run schema:print` and commit it.');
    process.exit(1);
  }
  console.log('schema.graphql is up to date');
} else {
  writeFileSync(file, printed);
  console.log(`wrote ${file}`);
}
