import { CombinedGraphQLErrors, type ErrorLike, ServerError } from '@apollo/client';
import type { GraphQLFormattedError } from 'graphql';

/** What a failed call means for the session (specification sec. 8). */
export type SessionErrorKind = 'duplicate' | 'transferred' | 'idle' | 'unauthorized';

/**
 * Reads the server's error codes (docs/identity-api.md): session-ending 401s come as GraphQL errors
 * with `extensions.code` and `extensions.status = 401`, or as a REST 401 whose body names the code;
 * a plain HTTP 401 may come from a proxy.
 */
export function sessionErrorOf(error: ErrorLike | undefined | null): SessionErrorKind | null {
  if (!error) return null;
  if (CombinedGraphQLErrors.is(error)) return kindOf(error.errors);
  if (ServerError.is(error) && error.statusCode === 401)
    return kindOf(parseErrors(error.bodyText)) ?? 'unauthorized';
  return null;
}

function kindOf(errors: readonly GraphQLFormattedError[]): SessionErrorKind | null {
  let kind: SessionErrorKind | null = null;
  for (const { extensions } of errors) {
    const code = extensions?.code;
    if (code === 'DUPLICATE_LOGIN') return 'duplicate';
    if (code === 'TRANSFERD_USER') return 'transferred';
    if (code === 'SESSION_IDLE') return 'idle';
    if (extensions?.status === 401 || code === 'UNAUTHENTICATED') kind = 'unauthorized';
  }
  return kind;
}

/** A GraphQL body's errors, or a REST error body (`{ code, messageTh, messageEn }`) as one error. */
function parseErrors(bodyText: string): GraphQLFormattedError[] {
  try {
    const body = JSON.parse(bodyText) as { errors?: unknown; code?: unknown };
    if (Array.isArray(body.errors)) return body.errors as GraphQLFormattedError[];
    return typeof body.code === 'string' ? [{ message: body.code, extensions: { code: body.code } }] : [];
  } catch {
    return [];
  }
}
