import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import { Directive, Field, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { describe, expect, it } from 'vitest';
import { findRepoRoot } from '../platform/config';
import { Menu, rootFieldAccess } from '../platform/graphql/access';
import { Identity, objectIdentities } from '../platform/graphql/identity';
import { buildAppSchema, printAppSchema } from '../platform/graphql/schema';
import { registerRestRoutes } from '../platform/http/rest';
import { resolvers } from '../registry';

describe('GraphQL schema', () => {
  it('matches the committed schema.graphql (run `npm run schema:print` when this fails)', async () => {
    const printed = printAppSchema(await buildAppSchema(resolvers));
    expect(readFileSync(join(findRepoRoot(), 'schema.graphql'), 'utf8')).toBe(printed);
  });

  it('prints the access directive of every root field and writes it into the description', async () => {
    const schema = await buildAppSchema(resolvers);
    const printed = printAppSchema(schema);
    expect(printed).toContain('directive @public(form: Boolean) on FIELD_DEFINITION');
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

  it('refuses a menu code outside the catalogue in @Menu, a raw @menu directive and a REST route', async () => {
    // @ts-expect-error MN-300 is no MenuCode: the typecheck refuses it before the start does.
    expect(() => Menu('MN-300')).toThrow(/MN-300 is not in the menu catalogue/);
    expect(() => Menu()).toThrow(/at least one menu code/);
    @Resolver()
    class Typo {
      @Query(() => String)
      @Directive('@menu(code: ["MN-001", "MN-300"])')
      typo(): string {
        return 'x';
      }
    }
    await expect(buildAppSchema([...resolvers, Typo])).rejects.toThrow(
      /Query\.typo: MN-300 is not in the menu catalogue/,
    );
    const app = Fastify();
    const handler = async () => ({});
    expect(() =>
      // @ts-expect-error MN-300 is no MenuCode (as above).
      registerRestRoutes(app, [{ method: 'POST', url: '/x', access: { menu: ['MN-300'] }, handler }]),
    ).toThrow(/REST route POST \/x: MN-300 is not in the menu catalogue/);
    await app.close();
  });

  it('prints the identity of every object type with an id (one identity per record)', async () => {
    const schema = await buildAppSchema(resolvers);
    const identities = objectIdentities(schema);
    expect(identities.length).toBeGreaterThan(40);
    expect(identities.filter((i) => i.by === null)).toEqual([]);
    const printed = printAppSchema(schema);
    expect(printed).toContain('type EDonationRow @identity(by: ["documentType", "id"])');
    expect(printed).toContain('type PendingWorkItem @identity(by: ["documentType", "id", "status"])');
    expect(printed).toContain('type GoodsDonation @identity(by: ["id"])');
  });

  it('refuses to build when an object type with an id declares no identity, or names a field it lacks', async () => {
    @ObjectType('UndeclaredRow')
    class UndeclaredRow {
      @Field(() => Int) id!: number;
    }
    @Resolver()
    class Rows {
      @Query(() => [UndeclaredRow])
      @Menu('MN-001')
      undeclaredRows(): UndeclaredRow[] {
        return [];
      }
    }
    await expect(buildAppSchema([...resolvers, Rows])).rejects.toThrow(
      /UndeclaredRow has an id but no @Identity/,
    );
    @Identity('kind', 'id')
    @ObjectType('MisnamedRow')
    class MisnamedRow {
      @Field(() => Int) id!: number;
    }
    @Resolver()
    class Misnamed {
      @Query(() => [MisnamedRow])
      @Menu('MN-001')
      misnamedRows(): MisnamedRow[] {
        return [];
      }
    }
    await expect(buildAppSchema([...resolvers, Misnamed])).rejects.toThrow(
      /MisnamedRow: @Identity names kind, not a field/,
    );
    expect(() => Identity('documentType')).toThrow(/must include id/);
  });
});
