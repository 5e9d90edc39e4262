import type { ApolloServerOptionsWithGateway, BaseContext } from '@apollo/server';
import {
  type DocumentNode,
  type ExecutionResult,
  execute,
  GraphQLError,
  type GraphQLSchema,
  getNamedType,
  getOperationAST,
  getVariableValues,
  isLeafType,
  type OperationDefinitionNode,
  typeFromAST,
} from 'graphql';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';

// How the server executes an operation Apollo has parsed and validated (docs/benchmarks.md, "The
// donations API part"). A query runs compiled: graphql-jit turns the operation into one JavaScript
// function for this schema, once per document (Apollo keeps each validated document, so the same
// text is the same document), which completes the answer without graphql-js's work per field (its
// resolve info, arguments and completion for each of a nested page's thousands of fields). The
// schema's resolvers run as they are: the access checks, input limits and batch loaders unchanged.
// graphql-js executes what the compiler does not take on: a mutation (fields one after another),
// an input object in a variable (leafVariablesOnly), variables that do not fit their types (its
// messages, which Apollo answers as BAD_USER_INPUT, HTTP 400), an operation it cannot find or compile.

type Executor = NonNullable<
  Awaited<ReturnType<ApolloServerOptionsWithGateway<BaseContext>['gateway']['load']>>['executor']
>;

/** The compiled operations of each document, by operation name ('' for the only one). */
const compiled = new WeakMap<DocumentNode, Map<string, CompiledQuery | null>>();

function compiledOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | undefined,
): CompiledQuery | null {
  let byName = compiled.get(document);
  if (!byName) {
    byName = new Map();
    compiled.set(document, byName);
  }
  const key = operationName ?? '';
  let query = byName.get(key);
  if (query === undefined) {
    const operation = getOperationAST(document, operationName);
    const result =
      operation && leafVariablesOnly(schema, operation)
        ? compileQuery(schema, document, operationName)
        : null;
    query = result && isCompiledQuery(result) ? result : null;
    byName.set(key, query);
  }
  return query;
}

/**
 * Whether the operation's variables are all scalars or enums (or lists of them). graphql-jit
 * coerces an input object in a variable its own way: a non-null field with a default that the
 * caller left out is refused ("was not provided") where graphql-js fills in the default (the
 * `rows` and `currentPage` of the list filters). Such operations stay with graphql-js; an input
 * object written in the operation itself (`filter: { rows: $rows }`) is coerced by graphql-js's
 * valueFromAST in both.
 */
function leafVariablesOnly(schema: GraphQLSchema, operation: OperationDefinitionNode): boolean {
  return (operation.variableDefinitions ?? []).every((definition) => {
    const type = typeFromAST(schema, definition.type);
    return type !== undefined && isLeafType(getNamedType(type));
  });
}

/** Executes one operation: compiled when it is a query whose variables fit, else by graphql-js. */
export function executeOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode | undefined,
  operationName: string | undefined,
  variables: Record<string, unknown> | undefined,
  contextValue: unknown,
): ExecutionResult | Promise<ExecutionResult> {
  const variableValues = variables ?? {};
  const query =
    operation?.operation === 'query' &&
    !getVariableValues(schema, operation.variableDefinitions ?? [], variableValues).errors
      ? compiledOperation(schema, document, operationName)
      : null;
  if (!query) return execute({ schema, document, contextValue, variableValues, operationName });
  const result = query.query(undefined, contextValue, variableValues);
  return 'then' in result ? result.then(withGraphQLErrors) : withGraphQLErrors(result);
}

/**
 * The compiled query's errors as graphql-js's own, which Apollo and formatError expect (an
 * `extensions` object, the resolver's error as `originalError`, its extensions copied), at the same
 * path and locations.
 */
function withGraphQLErrors(result: ExecutionResult): ExecutionResult {
  if (!result.errors?.length) return result;
  const errors = result.errors.map((e) => {
    const error = new GraphQLError(e.message, { path: e.path, originalError: e.originalError ?? undefined });
    (error as { locations?: GraphQLError['locations'] }).locations = e.locations;
    return error;
  });
  return { ...result, errors };
}

/**
 * Apollo's seam for an executor of its own: a gateway whose schema is ours. Apollo still parses,
 * validates (its rules and the query limits), caches documents, runs the plugins and formats the
 * errors; only the execution is this module's.
 */
export function compiledExecution(
  schema: GraphQLSchema,
): ApolloServerOptionsWithGateway<BaseContext>['gateway'] {
  const executor: Executor = async (request) =>
    executeOperation(
      schema,
      request.document,
      request.operation,
      request.request.operationName,
      request.request.variables,
      request.context,
    ) as Awaited<ReturnType<Executor>>;
  return {
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => {};
    },
    load: async () => ({ executor }),
    stop: async () => {},
  };
}
