import type { FastifySchema } from 'fastify';
import Fastify from 'fastify';
import { Arg, Int, Query, Resolver } from 'type-graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Public } from '../platform/graphql/access';
import { describeInputLimits, MaxLength } from '../platform/graphql/input-limits';
import { buildAppSchema } from '../platform/graphql/schema';
import { type RestRoute, registerRestRoutes } from '../platform/http/rest';
import { str } from '../platform/http/rest-schema';
import { hasThaiName } from '../platform/validation/input-names';
import { resolvers, restRoutes } from '../registry';
import { bearer, sessionToken } from '../testing/auth-helpers';
import { startTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Errors = { errors?: { message: string; extensions?: Record<string, unknown> }[] };
const errorOf = (body: Errors) => body.errors?.[0]?.extensions;

async function post(url: string, payload: string, contentType = 'application/json') {
  const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });
  return { status: res.statusCode, body: res.json() };
}

describe('input limits (GraphQL)', () => {
  it('lists what every argument and input field accepts (review this file when it changes)', async () => {
    const schema = await buildAppSchema(resolvers);
    const lines = describeInputLimits(schema);
    expect(lines).toContain('Mutation.login(username): text, at most 100');
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/input-limits.txt');
  });

  it('refuses an over-long argument before the resolver, naming it in Thai and English', async () => {
    const mutation = 'mutation ($u: String!) { login(username: $u, password: "x") { token } }';
    const res = await t.graphql(mutation, { u: 'a'.repeat(101) });
    expect(res.status).toBe(200);
    expect(res.body.errors?.[0].message).toBe(
      'ชื่อผู้ใช้ยาวได้ไม่เกิน 100 ตัวอักษร / username may be at most 100 characters',
    );
    expect(errorOf(res.body)).toMatchObject({
      code: 'BAD_INPUT',
      status: 400,
      details: { argument: 'username', maxLength: 100 },
    });
    // At the limit the resolver runs; characters are counted as PostgreSQL counts them (code points).
    const atLimit = await t.graphql(mutation, { u: '😀'.repeat(100) });
    expect(errorOf(atLimit.body)?.code).toBe('INVALID_CREDENTIALS');
  });

  it('checks input fields at any depth, list items, JSON values and the default of 255', async () => {
    const register = await t.graphql('mutation ($i: RegisterInput!) { register(input: $i) }', {
      i: {
        username: 'someone',
        email: 'someone@example.com',
        password: 'x',
        firstNameTh: 'ก',
        lastNameTh: 'ข',
        citizenId: '1',
        organisationUnitCode: 'X',
        position: 'p'.repeat(256),
      },
    });
    expect(errorOf(register.body)).toMatchObject({
      code: 'BAD_INPUT',
      details: { argument: 'input.position' },
    });
    expect(register.body.errors?.[0].message).toContain('position may be at most 255 characters');
    const save = 'mutation ($i: SaveUserGroupInput!) { saveUserGroup(input: $i) { code } }';
    const i = { code: 'G1', name: 'n', menuCodes: ['MN-001', 'MN-0001'] };
    // The access check comes first (anonymous: UNAUTHENTICATED), the limits just before the resolver.
    expect(errorOf((await t.graphql(save, { i })).body)?.code).toBe('UNAUTHENTICATED');
    const admin = await t.graphql(save, { i }, bearer(await sessionToken(t, 'admin.demo')));
    expect(errorOf(admin.body)).toMatchObject({
      code: 'BAD_INPUT',
      details: { argument: 'input.menuCodes[1]', maxLength: 6 },
    });
    const values = await t.graphql(
      'mutation ($v: JSONObject) { saveReferenceItem(type: COUNTING_UNIT, input: { code: "X", values: $v }) { id } }',
      { v: { nameTh: 'ก'.repeat(1001) } },
      bearer(await sessionToken(t, 'admin.demo')),
    );
    expect(errorOf(values.body)).toMatchObject({
      code: 'BAD_INPUT',
      details: { argument: 'input.values.nameTh' },
    });
    const nul = await t.graphql('{ organisationUnit(code: "A\\u0000B") { code } }');
    expect(errorOf(nul.body)).toMatchObject({ code: 'BAD_INPUT', details: { argument: 'code' } });
    expect(nul.body.errors?.[0].message).toContain('code may not contain the NUL character');
  });

  it('takes a document’s text up to its field’s length (a purpose of 1,000), refusing 1,001 with 400', async () => {
    const officer = bearer(await sessionToken(t, 'officer.demo'));
    const [unit] = await t
      .em()
      .getConnection()
      .execute<{ id: number }[]>(`select id from organisation_unit where code = 'OPS-P38-SDW'`);
    const [rice] = await t
      .em()
      .getConnection()
      .execute<{ id: number }[]>(`select id from ref_resource where code = 'RICE-5KG'`);
    const create =
      'mutation ($i: DocumentInput!) { createDocument(type: SUPPORT_REQUEST, input: $i) { id header } }';
    const input = (purpose: string) => ({
      header: {
        unit: unit.id,
        requesterKind: 'PERSON',
        requesterName: 'นายทดสอบ ความยาว',
        receiverType: 'COMMUNITY',
        province: '38',
        requestDate: '2026-11-01',
        urgency: 'NORMAL',
        purpose,
      },
      lines: [{ resource: rice.id, quantity: '1' }],
    });
    const count = async () =>
      (
        await t
          .em()
          .getConnection()
          .execute<{ n: number }[]>('select count(*)::int as n from doc_support_request')
      )[0].n;
    const before = await count();
    const atLimit = await t.graphql<{ createDocument: { header: Record<string, unknown> } }>(
      create,
      { i: input('ก'.repeat(1000)) },
      officer,
    );
    expect(atLimit.body.errors).toBeUndefined();
    expect(String(atLimit.body.data?.createDocument.header.purpose)).toHaveLength(1000);
    const over = await t.graphql(create, { i: input('ก'.repeat(1001)) }, officer);
    expect(errorOf(over.body)).toMatchObject({ code: 'BAD_INPUT', status: 400 });
    const field = (
      errorOf(over.body)?.details as { fields?: { field: string; messageTh: string; messageEn: string }[] }
    )?.fields?.find((f) => f.field === 'purpose');
    expect(field?.messageTh).toMatch(/1000|1,000/);
    expect(field?.messageTh).toMatch(/[ก-๙]/);
    expect(field?.messageEn).toMatch(/1000|1,000/);
    expect(await count()).toBe(before + 1);
  });

  it('refuses ids that are not record numbers and numbers out of range', async () => {
    const id = await t.graphql('{ subDistrict(id: -5) { id } }');
    expect(id.body.errors?.[0].message).toBe(
      'รหัสอ้างอิงต้องเป็นจำนวนเต็มตั้งแต่ 0 / id must be a whole number from 0',
    );
    const limit = await t.graphql('{ searchSubDistricts(text: "พญาไท", limit: 101) { id } }');
    expect(limit.body.errors?.[0].message).toBe(
      'จำนวนผลลัพธ์ต้องอยู่ระหว่าง 1 ถึง 100 / limit must be between 1 and 100',
    );
  });

  it('answers syntax, validation and variable errors with HTTP 400 in Thai and English', async () => {
    for (const [query, variables, code] of [
      ['{ me {', undefined, 'GRAPHQL_PARSE_FAILED'],
      [`{ ${'__typename '.repeat(6000)} }`, undefined, 'GRAPHQL_PARSE_FAILED'],
      ['{ noSuchField }', undefined, 'GRAPHQL_VALIDATION_FAILED'],
      ['query ($p: Int!) { districts(provinceId: $p) { id } }', { p: 'ten' }, 'BAD_USER_INPUT'],
      ['query ($p: Int!) { districts(provinceId: $p) { id } }', { p: 2 ** 40 }, 'BAD_USER_INPUT'],
    ] as const) {
      const res = await t.graphql(query, variables);
      expect(res.status, query.slice(0, 30)).toBe(400);
      expect(errorOf(res.body)).toMatchObject({
        code,
        messageTh: expect.stringMatching(/[ก-๙]/),
        messageEn: expect.any(String),
      });
    }
  });

  it('refuses a directive where it means nothing when the schema is built', async () => {
    @Resolver()
    class Misplaced {
      @Query(() => Int)
      @Public()
      misplaced(@MaxLength(5) @Arg('n', () => Int) n: number): number {
        return n;
      }
    }
    await expect(buildAppSchema([...resolvers, Misplaced])).rejects.toThrow(/@maxLength on n/);
  });

  it('has a Thai name for every argument, input field and REST body property', async () => {
    const schema = await buildAppSchema(resolvers);
    const graphqlNames = describeInputLimits(schema).map((l) => /[.(](\w+)\)?:/.exec(l)?.[1] ?? l);
    const restNames = restRoutes(t.deps).flatMap((r) =>
      Object.keys((r.schema as { body?: { properties?: object } } | undefined)?.body?.properties ?? {}),
    );
    const missing = [...new Set([...graphqlNames, ...restNames])].filter((n) => !hasThaiName(n));
    expect(missing).toEqual([]);
  });
});

describe('input limits (REST)', () => {
  it('names the property in Thai and English when the JSON schema refuses it', async () => {
    const res = await post('/api/auth/login', JSON.stringify({ username: 'a'.repeat(101), password: 'x' }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'BAD_INPUT',
      messageTh: 'ชื่อผู้ใช้ยาวได้ไม่เกิน 100 ตัวอักษร',
      messageEn: 'username may be at most 100 characters',
    });
    const missing = await post('/api/auth/login', JSON.stringify({ username: 'a' }));
    expect(missing.body).toMatchObject({ messageTh: 'กรุณาระบุรหัสผ่าน', messageEn: 'password is required' });
    const nul = await post('/api/auth/login', JSON.stringify({ username: 'a\u0000', password: 'x' }));
    expect(nul.body).toMatchObject({
      code: 'BAD_INPUT',
      messageEn: 'username may not contain the NUL character',
    });
  });

  it('answers malformed bodies with 4xx in the error body shape', async () => {
    for (const [payload, type, status, code] of [
      ['{"username": ', 'application/json', 400, 'BAD_INPUT'],
      ['', 'application/json', 400, 'BAD_INPUT'],
      ['[]', 'application/json', 400, 'BAD_INPUT'],
      ['a=b', 'application/x-www-form-urlencoded', 415, 'UNSUPPORTED_MEDIA_TYPE'],
      [JSON.stringify({ username: 'x'.repeat(1_100_000) }), 'application/json', 413, 'PAYLOAD_TOO_LARGE'],
    ] as const) {
      const res = await post('/api/auth/login', payload, type);
      expect(res.status, payload.slice(0, 20)).toBe(status);
      expect(res.body).toMatchObject({ code, messageTh: expect.any(String), messageEn: expect.any(String) });
    }
  });

  it('registers no route whose body schema lets text of any length through', () => {
    const route = (schema: FastifySchema): RestRoute => ({
      method: 'POST',
      url: '/x',
      access: { public: true },
      schema,
      handler: async () => ({}),
    });
    const app = Fastify();
    const open = { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false };
    expect(() => registerRestRoutes(app, [route({ body: open })])).toThrow(/body\.a: text without maxLength/);
    const loose = { type: 'object', properties: { a: str(5) } };
    expect(() => registerRestRoutes(app, [route({ body: loose })])).toThrow(/other properties of any kind/);
    expect(() => registerRestRoutes(app, [route({})])).toThrow(/declares no body schema/);
  });
});
