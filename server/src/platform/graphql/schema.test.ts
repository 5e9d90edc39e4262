import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Query, Resolver } from 'type-graphql';
import { describe, expect, it } from 'vitest';
import { resolvers } from '../../registry';
import { findRepoRoot } from '../config';
import { rootFieldAccess } from './access';
import { buildAppSchema, printAppSchema } from './schema';

describe('GraphQL schema', () => {
  it('matches the committed schema.graphql (run `npm run schema:print` when this fails)', async () => {
    const printed = printAppSchema(await buildAppSchema(resolvers));
    expect(readFileSync(join(findRepoRoot(), 'schema.graphql'), 'utf8')).toBe(printed);
  });

  it('prints the access directive of every root field and writes it into the description', async () => {
    const schema = await buildAppSchema(resolvers);
    const printed = printAppSchema(schema);
    expect(printed).toContain('directive @public on FIELD_DEFINITION');
    expect(printed).toMatch(/organisationTree: \[OrganisationUnit!\]! @public/);
    const field = schema.getQueryType()?.getFields().organisationTree;
    expect(field?.description).toContain('Access: public (no menu code; some calls still need a login).');
    expect(rootFieldAccess(schema).every((r) => r.access !== null)).toBe(true);
  });

  it('refuses to build when a root field declares neither @public nor @menu', async () => {
    @Resolver()
    class Undeclared {
      @Query(() => String)
      secret(): string {
        return 'x';
      }
    }
    await expect(buildAppSchema([...resolvers, Undeclared])).rejects.toThrow(/Missing on: Query\.secret/);
  });
});
