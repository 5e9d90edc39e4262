import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  buildClientSchema,
  buildSchema,
  getIntrospectionQuery,
  type IntrospectionQuery,
  lexicographicSortSchema,
  printSchema,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRepoRoot, loadConfig } from '../platform/config';
import { inlineScriptHashes } from '../platform/http/spa';
import { startTestApp, type TestApp } from '../testing/test-app';

/** A prerendered page's inline script (client/scripts/prerender.mjs inlines public/language.js). */
const inlineScript = "(() => { document.documentElement.lang = 'th'; })();\n";
const languageScript = `<script>${inlineScript}</script>`;

let t: TestApp;
/** The same application with Strict-Transport-Security on, as in production. */
let hstsOn: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'namjai-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="th"><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  // The build's Brotli copy of an asset (client/scripts/precompress.mjs).
  writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log(1)'));
  mkdirSync(join(dist, 'prerendered'));
  for (const [file, text] of [
    ['index.html', 'home first paint'],
    ['near-me.html', 'near-me first paint'],
  ]) {
    writeFileSync(
      join(dist, 'prerendered', file),
      `<!doctype html><html lang="th"><head>${languageScript}<script src="/language.js"></script></head><body><div id="root"><h1>${text}</h1></div></body></html>`,
    );
  }
  t = await startTestApp({ clientDist: dist });
  hstsOn = await startTestApp({ clientDist: dist, hsts: { maxAge: 31_536_000 } });
});
afterAll(async () => {
  await hstsOn?.close();
  await t?.close();
});

describe('HTTP server', () => {
  it('answers the health and readiness probes', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('serves the client: index.html for / and for any unknown page, with status 200', async () => {
    for (const url of ['/', '/no-such-page', '/backoffice/login', '/near-me?province=38']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('lang="th"');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('sends a prerendered page its first paint, and every other page the plain app', async () => {
    const page = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;
    expect(await page('/')).toContain('home first paint');
    expect(await page('/near-me')).toContain('near-me first paint');
    expect(await page('/near-me?from=home')).toContain('near-me first paint');
    for (const url of ['/short-supply', '/near-me/x', '/backoffice', '/no-such-page']) {
      const body = await page(url);
      expect(body, url).toContain('<div id="root"></div>');
    }
    const res = await t.app.inject({ method: 'GET', url: '/near-me' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it("allows a page's inline script by its hash and no other, and sends the build's compressed copies", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/near-me' });
    const hash = createHash('sha256').update(inlineScript, 'utf8').digest('base64');
    const scriptSrc = /script-src ([^;]*)/.exec(res.headers['content-security-policy'] as string)?.[1];
    expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
    expect(
      inlineScriptHashes(`<script>${inlineScript}</script><script type="module" src="/a.js"></script>`),
    ).toEqual([`sha256-${hash}`]);
    const asset = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers.vary).toContain('accept-encoding');
    expect(asset.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe('console.log(1)');
    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('answers 404, not the client page, for paths no page has: the server prefixes, files, dot paths', async () => {
    for (const url of [
      '/metrics', // off: no METRICS_TOKEN
      '/metrics/x',
      '/api/x/y',
      '/graphql/x',
      '/healthz/x',
      '/healthzz',
      '/readyz/deep',
      '/assets/missing-abc123.js',
      '/wp-login.php',
      '/index.php?x=1',
      '/.env',
      '/.git/config',
      '/robots.txt',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'NOT_FOUND', messageTh: expect.any(String) });
    }
    for (const url of ['/backoffice/MN-001/12345', '/near-me/x', '/a.b/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
    }
  });

  it('keeps API 404s as JSON in Thai and English instead of the client page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-call' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'NOT_FOUND',
      messageTh: expect.any(String),
      messageEn: expect.stringContaining('/api/no-such-call'),
    });
    const post = await t.app.inject({ method: 'POST', url: '/no-such-page', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('gzips large responses for clients that accept it', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/common/province-tree' });
    const zipped = await t.app.inject({
      method: 'GET',
      url: '/api/common/province-tree',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length * 4).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toHaveLength(77);
  });

  it('answers malformed JSON with a clear 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: '{"query": ',
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses queries deeper than the limit with a client error', async () => {
    let selection = 'code';
    for (let i = 0; i < 14; i++) selection = `children { ${selection} }`;
    const res = await t.graphql(`{ organisationTree { ${selection} } }`);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0].message).toMatch(/depth/i);
    expect(res.body.errors?.[0].extensions?.code).not.toBe('INTERNAL');
  });

  it('blocks cross-site GET queries without a preflight header (CSRF prevention)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/graphql?query=%7B__typename%7D' });
    expect(res.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'GET',
      url: '/graphql?query=%7B__typename%7D',
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(ok.statusCode).toBe(200);
    // No GraphQL answer is kept by a browser or a proxy, a GET query's included.
    expect(ok.headers['cache-control']).toBe('no-store');
  });

  it('answers every POST /graphql with Cache-Control: no-store, refusals and malformed requests included', async () => {
    const post = (
      payload: string,
      headers: Record<string, string> = { 'content-type': 'application/json' },
    ) => t.app.inject({ method: 'POST', url: '/graphql', headers, payload });
    const cases: [string, Awaited<ReturnType<typeof post>>][] = [
      ['a query', await post(JSON.stringify({ query: '{ __typename }' }))],
      // A login answers a token (or its refusal) in the body.
      [
        'a login',
        await post(
          JSON.stringify({
            query: 'mutation { login(username: "admin.demo", password: "wrong-password-1") { accessToken } }',
          }),
        ),
      ],
      ['a query refused (not logged in)', await post(JSON.stringify({ query: '{ me { username } }' }))],
      ['a syntax error', await post(JSON.stringify({ query: '{ __typename' }))],
      ['a body without a query', await post('{}')],
      ['malformed JSON', await post('{"query": ')],
      [
        'a body over the limit',
        await post(JSON.stringify({ query: `{ __typename } #${'x'.repeat(4 * 1024 * 1024)}` })),
      ],
      ['a content type GraphQL refuses', await post('{ __typename }', { 'content-type': 'text/plain' })],
    ];
    for (const [name, res] of cases) {
      expect(res.statusCode, name).toBeGreaterThanOrEqual(200);
      expect(res.headers['cache-control'], `${name} (${res.statusCode})`).toBe('no-store');
    }
    // Everything else keeps its own caching.
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('gives every response a request id, keeping a well-formed one the caller sent', async () => {
    const mine = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-12345678' },
    });
    expect(mine.headers['x-request-id']).toBe('abc-12345678');
    const generated = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id!' },
    });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves exactly the committed schema.graphql', async () => {
    const res = await t.graphql<IntrospectionQuery>(getIntrospectionQuery());
    expect(res.body.errors).toBeUndefined();
    const served = lexicographicSortSchema(buildClientSchema(res.body.data as IntrospectionQuery));
    const committed = lexicographicSortSchema(
      buildSchema(readFileSync(join(findRepoRoot(), 'schema.graphql'), 'utf8')),
    );
    expect(printSchema(served)).toBe(printSchema(committed));
  });

  it('reports not ready when a migration is pending', async () => {
    // As the owner: the server's role may only read the migrations table.
    await (await t.ownerEm())
      .getConnection()
      .execute("delete from mikro_orm_migrations where name like 'Migration%'");
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().status).toBe('migrations pending');
  });
});

describe('Strict-Transport-Security', () => {
  it('is on in production by default (a year, subdomains included), off outside production or at HSTS_MAX_AGE=0', () => {
    const prod = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig({ ...prod }).hsts).toEqual({ maxAge: 31_536_000 });
    expect(loadConfig({ ...prod, HSTS_MAX_AGE: '600' }).hsts).toEqual({ maxAge: 600 });
    expect(loadConfig({ ...prod, HSTS_MAX_AGE: '0' }).hsts).toBeNull();
    expect(loadConfig({ NODE_ENV: 'development', HSTS_MAX_AGE: '600' }).hsts).toBeNull();
    expect(loadConfig({ NODE_ENV: 'test' }).hsts).toBeNull();
    expect(() => loadConfig({ ...prod, HSTS_MAX_AGE: 'a year' })).toThrow(/HSTS_MAX_AGE/);
  });

  it('is not sent when off', async () => {
    for (const url of ['/healthz', '/', '/api/no-such-call']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
    const graphql = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(graphql.statusCode).toBe(200);
    expect(graphql.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent on every answer when on: pages, the API, GraphQL, refusals', async () => {
    const answers = [
      await hstsOn.app.inject({ method: 'GET', url: '/' }),
      await hstsOn.app.inject({ method: 'GET', url: '/healthz' }),
      await hstsOn.app.inject({ method: 'GET', url: '/api/no-such-call' }),
      await hstsOn.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ query: '{ __typename }' }),
      }),
      await hstsOn.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json' },
        payload: '{"query": ',
      }),
    ];
    for (const res of answers) {
      expect(res.headers['strict-transport-security'], `${res.statusCode}`).toBe(
        'max-age=31536000; includeSubDomains',
      );
    }
  });
});
