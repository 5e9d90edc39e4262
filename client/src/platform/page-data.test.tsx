import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import { parse } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HomeFiguresQuery as HomeFigures } from '../gql/graphql';
import { publicOperationTexts } from '../gql/public-operations';
import { renderRoute } from '../testing/render-route';
import { ApiSourceProvider, lazyApiSource } from './api-client';
import { PAGE_QUERIES } from './page-data';
import { PLAIN_PAGES } from './plain-pages';
import { askEarly, askPageData, earlyKey, forgetEarlyAnswers } from './public-fetch';
import { usePublicQuery } from './public-query';
import { SessionStore } from './session/session-store';

// The home page's figures query, from its public text (the platform does not import the features).
const HomeFiguresQuery = parse(publicOperationTexts.HomeFigures) as TypedDocumentNode<HomeFigures>;

const figures = {
  publicFigures: {
    fiscalYear: 2569,
    moneyReceived: '1234.00',
    goodsValueReceived: '0',
    itemsGivenOut: '0',
    donationPoints: 3,
  },
};

/** A /graphql answer as the server gives it. */
const answer = (data: unknown) =>
  new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });

function Figures() {
  const { data, loading } = usePublicQuery(HomeFiguresQuery);
  return <p>{loading ? 'loading' : `money ${data?.publicFigures.moneyReceived}`}</p>;
}

const renderFigures = () =>
  render(
    <ApiSourceProvider source={lazyApiSource(new SessionStore())}>
      <Figures />
    </ApiSourceProvider>,
  );

afterEach(() => forgetEarlyAnswers());

describe('the plain pages data asked for beside the app (page-data.ts)', () => {
  it('names what each plain page asks for when it opens, no more and no less', async () => {
    // Every plain page but the home page (page-data.ts says why); the home page asks for its four.
    expect(new Set([...Object.keys(PAGE_QUERIES), '/'])).toEqual(PLAIN_PAGES);
    const home: (readonly [string])[] = [
      ['HomeFigures'],
      ['MostNeeded'],
      ['DonationPointsByRegion'],
      ['HomeOrganisation'],
    ];
    for (const [path, queries] of [...Object.entries(PAGE_QUERIES), ['/', home] as const]) {
      const asked = new Set<string>();
      const { unmount } = renderRoute(path, {
        onOperation: (operation) => {
          asked.add(earlyKey(operation.operationName ?? '', operation.variables));
        },
      });
      const expected = new Set(queries.map(([name, variables]) => earlyKey(name, variables)));
      await waitFor(() => expect(asked.size).toBeGreaterThan(0));
      // Anything the page asks for as it opens is asked for by then too.
      await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
      expect([...asked].sort(), path).toEqual([...expected].sort());
      unmount();
    }
  });

  it("asks for a page's queries with their variables, once, and nothing for the home page", () => {
    const fetchSpy = vi.fn(async () => answer({}));
    vi.stubGlobal('fetch', fetchSpy);
    askPageData('/');
    expect(fetchSpy).not.toHaveBeenCalled();
    askPageData('/short-supply');
    askPageData('/short-supply');
    const sent = fetchSpy.mock.calls.map(
      (call) => JSON.parse((call as unknown as [string, RequestInit])[1].body as string) as unknown,
    );
    expect(sent).toEqual([
      { query: publicOperationTexts.AddressProvinces },
      { query: publicOperationTexts.ShortSupply, variables: { provinceId: null } },
    ]);
  });

  it('draws the page with an answer that arrived before it, and does not ask again', async () => {
    const fetchSpy = vi.fn(async () => answer(figures));
    vi.stubGlobal('fetch', fetchSpy);
    askEarly('HomeFigures');
    // Let the answer arrive (a resolved fetch and a parsed body).
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    renderFigures();
    // The first render already has the figures: no placeholder was drawn.
    expect(screen.getByText('money 1234.00')).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('waits for an answer still on its way instead of asking twice', async () => {
    let arrive: (response: Response) => void = () => {};
    const fetchSpy = vi.fn(() => new Promise<Response>((resolve) => (arrive = resolve)));
    vi.stubGlobal('fetch', fetchSpy);
    askEarly('HomeFigures');
    renderFigures();
    expect(screen.getByText('loading')).toBeTruthy();
    arrive(answer(figures));
    expect(await screen.findByText('money 1234.00')).toBeTruthy();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('asks again when the early answer failed, and uses an early answer once only', async () => {
    const fetchSpy = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockImplementation(async () => answer(figures));
    vi.stubGlobal('fetch', fetchSpy);
    askEarly('HomeFigures');
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    renderFigures();
    expect(await screen.findByText('money 1234.00')).toBeTruthy();
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    // A second page drawn later asks anew: the early answer was taken by the first.
    renderFigures();
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(3));
  });
});
