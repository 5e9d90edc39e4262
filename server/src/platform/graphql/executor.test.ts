import { buildSchema, execute, GraphQLError, type GraphQLSchema, getOperationAST, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { executeOperation } from './executor';

// The compiled execution answers what graphql-js answers: the same data, the same errors (as
// graphql-js's GraphQLError, the resolver's error kept as originalError), and graphql-js's own
// answer where it takes over (variables that do not fit, mutations).

class RefusedError extends Error {}

function testSchema(): { schema: GraphQLSchema; log: string[] } {
  const schema = buildSchema(`
    type Item { id: Int! name: String price: String! }
    type Page { items: [Item!]! total: Int }
    input Filter { currentPage: Int! = 1 rows: Int! = 20 name: String }
    type Query { page(rows: Int!): Page! refused: Int item: Item filtered(filter: Filter!): String }
    type Mutation { first: Int second: Int }
  `);
  const log: string[] = [];
  const query = schema.getQueryType()?.getFields() ?? {};
  query.page.resolve = async (_root, { rows }: { rows: number }) => ({
    items: Array.from({ length: rows }, (_, i) => ({
      id: i,
      name: i % 2 ? null : `n${i}`,
      price: `${i}.00`,
    })),
    total: rows * 10,
  });
  query.filtered.resolve = (_root, args) => JSON.stringify(args);
  query.refused.resolve = () => {
    throw new RefusedError('not yours');
  };
  // A non-null field without a value: graphql-js's "Cannot return null" error, data null upwards.
  query.item.resolve = () => ({ id: 1, name: 'x', price: null });
  const mutation = schema.getMutationType()?.getFields() ?? {};
  mutation.first.resolve = async () => {
    await new Promise((r) => setTimeout(r, 20));
    log.push('first');
    return 1;
  };
  mutation.second.resolve = () => {
    log.push('second');
    return 2;
  };
  return { schema, log };
}

async function both(schema: GraphQLSchema, text: string, variables: Record<string, unknown>) {
  const document = parse(text);
  const compiled = await executeOperation(
    schema,
    document,
    getOperationAST(document) ?? undefined,
    undefined,
    variables,
    {},
  );
  const reference = await execute({ schema, document, variableValues: variables });
  return { compiled, reference };
}

describe('executeOperation', () => {
  it('answers a query as graphql-js does, data and errors', async () => {
    const { schema } = testSchema();
    const { compiled, reference } = await both(
      schema,
      'query P($rows: Int!) { page(rows: $rows) { items { id name price } total } refused item { id price } }',
      { rows: 7 },
    );
    expect(JSON.parse(JSON.stringify(compiled))).toEqual(JSON.parse(JSON.stringify(reference)));
    expect(compiled.errors).toHaveLength(2);
    for (const error of compiled.errors ?? []) {
      expect(error).toBeInstanceOf(GraphQLError);
      expect(error.extensions).toEqual({});
    }
    const refused = compiled.errors?.find((e) => e.path?.[0] === 'refused');
    expect(refused?.originalError).toBeInstanceOf(RefusedError);
  });

  it('gives an input object in a variable its fields’ defaults', async () => {
    const { schema } = testSchema();
    const { compiled, reference } = await both(schema, 'query F($f: Filter!) { filtered(filter: $f) }', {
      f: { name: 'x' },
    });
    expect(compiled).toEqual(reference);
    expect(JSON.parse(compiled.data?.filtered as string)).toEqual({
      filter: { currentPage: 1, rows: 20, name: 'x' },
    });
    const literal = await both(schema, 'query F($n: String) { filtered(filter: { name: $n }) }', { n: 'y' });
    expect(literal.compiled).toEqual(literal.reference);
    expect(JSON.parse(literal.compiled.data?.filtered as string)).toEqual({
      filter: { currentPage: 1, rows: 20, name: 'y' },
    });
  });

  it('leaves variables that do not fit to graphql-js, with its messages', async () => {
    const { schema } = testSchema();
    const { compiled, reference } = await both(
      schema,
      'query P($rows: Int!) { page(rows: $rows) { total } }',
      {
        rows: 'seven',
      },
    );
    expect(compiled).toEqual(reference);
    expect(compiled.errors?.[0].message).toMatch(/^Variable "\$rows" got invalid value/);
    expect(compiled.errors?.[0].nodes).toHaveLength(1);
  });

  it('runs a mutation’s fields one after another', async () => {
    const { schema, log } = testSchema();
    const document = parse('mutation { first second }');
    const result = await executeOperation(
      schema,
      document,
      getOperationAST(document) ?? undefined,
      undefined,
      {},
      {},
    );
    expect(result).toEqual({ data: { first: 1, second: 2 } });
    expect(log).toEqual(['first', 'second']);
  });
});
