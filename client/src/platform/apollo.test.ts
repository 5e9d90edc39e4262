import { gql } from '@apollo/client';
import { describe, expect, it, vi } from 'vitest';
import { createApolloClient } from './apollo';

describe('createApolloClient', () => {
  it('posts to /graphql with the header Apollo Server CSRF prevention requires', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify({ data: { __typename: 'Query', ping: 'pong' } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    const client = createApolloClient({ fetch: fetchMock, uri: 'http://localhost/graphql' });

    const result = await client.query({ query: gql`query Ping { ping }` });

    expect(result.data).toEqual({ ping: 'pong' });
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('http://localhost/graphql');
    const headers = new Headers(init?.headers);
    expect(headers.get('apollo-require-preflight')).toBe('true');
    expect(init?.method).toBe('POST');
  });
});
