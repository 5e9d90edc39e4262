import type { MockLink } from '@apollo/client/testing';
import type { GraphQLFormattedError } from 'graphql';

// Answers of mocked mutations for component tests: several in turn, and a refusal as the server words it.

/**
 * One mock answering a mutation several times in turn (a refusal, then success), recording the
 * variables of every call: retries can be checked for the same idempotency key.
 */
export function answersInTurn(
  query: MockLink.MockedRequest['query'],
  answers: readonly ({ data: Record<string, unknown> } | { errors: readonly GraphQLFormattedError[] })[],
) {
  const calls: Record<string, unknown>[] = [];
  const mock: MockLink.MockedResponse = {
    request: { query, variables: () => true },
    maxUsageCount: answers.length,
    result: (variables) => {
      calls.push(variables);
      return answers[calls.length - 1] as never;
    },
  };
  return { mock, calls };
}

/** A refusal as the server sends it: a code, Thai and English words, and per-field messages. */
export function refusal(
  code: string,
  messageTh: string,
  fields: { field: string; messageTh: string }[] = [],
) {
  return {
    message: messageTh,
    extensions: {
      code,
      messageTh,
      messageEn: 'refused',
      ...(fields.length
        ? { details: { fields: fields.map((field) => ({ ...field, messageEn: 'refused' })) } }
        : {}),
    },
  };
}
