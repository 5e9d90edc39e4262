import { ref } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resource } from '../features/reference/types/resource.reference';
import { storage } from '../features/reference/types/storage.reference';
import { UserGroupService } from '../features/user-groups/user-group.service';
import { newUser } from '../features/users/user.service';
import { OrganisationUnit } from '../kits/core/organisation.entity';
import { RequestStatus, UserStatus } from '../kits/core/user.entity';
import { attachmentKindOf } from '../kits/documents/document-attachments';
import type { DocumentType } from '../kits/documents/document-kit';
import { documentTypes } from '../kits/documents/document-types';
import { LedgerService } from '../kits/ledger/ledger.service';
import { type ReferenceType } from '../kits/reference/reference-kit';
import { statusWhere } from '../kits/reference/reference-rows';
import { AuditEvent } from '../platform/audit/audit-event.entity';
import { menuCatalogue } from '../platform/auth/menu-catalogue';
import { samples } from '../platform/files/file-samples';
import { bearer, fixtureAdministrator, sessionToken } from '../testing/auth-helpers';
import { activeItems, sampleInput, writtenFields } from '../testing/document-samples';
import { multipart } from '../testing/multipart';
import { startTestApp, type TestApp } from '../testing/test-app';

// Issue 9: for every declared document type (the documentTypes list, so a new type is covered by
// itself), a division user holding every menu can neither read, list, edit, act on, attach to nor
// create another division's document. By id the answer is 404, as for a document that does not exist
// (whether it exists is not told); a create against another division's storage or account is 403
// with the data-scope message. Nothing is written (the refused create is audited).
// And bad input for every type, derived from its field declarations: zero, negative and too many
// decimals, an unknown or inactive item, a stale version; each a 4xx naming the field in Thai and
// English, writing nothing. (Oversize and disguised files: attachments.test.ts.)

let t: TestApp;
let maker: Record<string, string>;
let outsider: Record<string, string>;
let ownerPath: string;
let outsiderPath: string;
let outsiderId: number;

const sql = <T>(query: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(query, params);

async function gql(headers: Record<string, string>, query: string, variables: Record<string, unknown> = {}) {
  const res = await t.graphql<Record<string, unknown>>(query, variables, headers);
  return { data: res.body.data, error: res.body.errors?.[0] };
}

async function person(em: EntityManager, username: string, unit: OrganisationUnit): Promise<number> {
  const user = newUser(em, {
    kind: 'STAFF',
    username,
    email: `${username}@example.com`,
    passwordHash: 'not-used',
    firstNameTh: 'ขอบเขต',
    lastNameTh: 'เอกสาร',
    userStatusCode: UserStatus.Active,
    requestStatusCode: RequestStatus.Approved,
    userGroupCode: 'UG-T96',
    organisationUnit: ref(unit),
  });
  await em.flush();
  return user.id;
}

beforeAll(async () => {
  t = await startTestApp();
  const em = t.em();
  // Every menu: only the data scope tells the two apart.
  await new UserGroupService(em).save(fixtureAdministrator, {
    code: 'UG-T96',
    name: 'ทดสอบขอบเขตเอกสาร',
    menuCodes: menuCatalogue.map((m) => m.code),
    transactionCode: null,
  });
  const owner = await em.findOneOrFail(OrganisationUnit, { code: 'DSDW-P28-DON' });
  const other = await em.findOneOrFail(OrganisationUnit, { code: 'OPS-P38-SDW' });
  ownerPath = owner.path;
  outsiderPath = other.path;
  const makerId = await person(em, 'scope.maker', owner);
  outsiderId = await person(em, 'scope.outsider', other);
  maker = bearer(await sessionToken(t, 'scope.maker'));
  outsider = bearer(await sessionToken(t, 'scope.outsider'));
  // Free stock of the resource a sample line names, in every storage of the owning division (a
  // transfer reserves what it will send when it is saved).
  const [firstResource] = await activeItems(em, resource);
  const owned = (await activeItems(em, storage)).filter((s) => s.path?.startsWith(ownerPath));
  await t.em().transactional(async (tx) => {
    const ledger = new LedgerService(tx as EntityManager);
    for (const s of owned)
      await ledger.receive(
        { storageId: s.id, resourceId: firstResource.id, quantity: '1000', unitValue: '1.00', lot: 'SCOPE' },
        { documentType: 'TEST_SEED', documentId: 1, lineId: null, userId: makerId },
      );
  });
});
afterAll(() => t.close());

/** Rows a refused request must not have added or changed. */
async function footprint(type: DocumentType) {
  const [row] = await sql<Record<string, string>>(
    `select (select count(*) from ${type.table})::text as documents,
       (select coalesce(max(version), 0) from ${type.table})::text as versions,
       (select string_agg(status, ',' order by id) from ${type.table}) as statuses,
       (select count(*) from ${type.table}_line)::text as lines,
       (select count(*) from document_history)::text as history,
       (select coalesce(sum(last), 0) from document_counter)::text as numbers,
       (select count(*) from stock_movement)::text as stock_movements,
       (select count(*) from money_movement)::text as money_movements,
       (select count(*) from idempotency_key where user_id = ?)::text as keys,
       (select count(*) from attachment)::text as files`,
    [outsiderId],
  );
  return row;
}

const notFound = (error: { extensions?: Record<string, unknown> } | undefined, label: string) => {
  expect(error?.extensions, label).toMatchObject({
    code: 'NOT_FOUND',
    status: 404,
    messageTh: expect.stringMatching(/^ไม่พบ/),
    messageEn: expect.stringMatching(/^No /),
  });
};

const upload = (kind: string, id: number, headers: Record<string, string>) => {
  const body = multipart([{ fileName: 'ใบแนบ.pdf', content: samples.pdf }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/files/${kind}/${id}`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};

describe('another division’s documents, for every document type', () => {
  it.each(documentTypes.map((type) => [type.type, type] as const))(
    '%s: no read, list, edit, action, file or create for a division user outside the owner',
    async (name, type) => {
      const input = await sampleInput(type, { em: t.em(), ownerPath, avoidPath: outsiderPath });
      const created = await gql(
        maker,
        `mutation ($input: DocumentInput!) { createDocument(type: ${name}, input: $input) { id number version } }`,
        { input },
      );
      expect(created.error, `the maker writes a ${name}`).toBeUndefined();
      const doc = created.data?.createDocument as { id: number; number: string; version: number };
      const kind = attachmentKindOf(type);
      const file = await upload(kind, doc.id, maker);
      expect(file.statusCode).toBe(201);
      const before = await footprint(type);

      notFound(
        (await gql(outsider, `{ document(type: ${name}, id: ${doc.id}) { id } }`)).error,
        'read by id',
      );
      const listed = await gql(
        outsider,
        `query ($search: String) { documents(type: ${name}, search: $search) { total items { id } } }`,
        { search: doc.number },
      );
      expect(listed.error).toBeUndefined();
      expect(listed.data?.documents).toEqual({ total: 0, items: [] });
      const all = await gql(outsider, `{ documents(type: ${name}, rows: 200) { items { id } } }`);
      const page = all.data?.documents as { items: { id: number }[] } | undefined;
      expect(page?.items.map((d) => d.id)).not.toContain(doc.id);

      notFound(
        (
          await gql(
            outsider,
            `mutation ($input: DocumentInput!) { updateDocument(type: ${name}, id: ${doc.id}, version: ${doc.version}, input: $input) { id } }`,
            { input },
          )
        ).error,
        'edit',
      );
      for (const transition of type.workflow.transitions) {
        notFound(
          (
            await gql(
              outsider,
              `mutation ($key: String) { actOnDocument(type: ${name}, id: ${doc.id}, input: { action: "${transition.action}", version: ${doc.version}, reason: "ทดสอบ" }, idempotencyKey: $key) { id } }`,
              { key: `scope-${name}-${transition.action}` },
            )
          ).error,
          transition.action,
        );
      }
      expect((await upload(kind, doc.id, outsider)).statusCode, 'attach a file').toBe(404);
      const [{ id: fileId }] = await sql<{ id: number }>(
        'select id from attachment where owner_kind = ? and owner_id = ?',
        [kind, doc.id],
      );
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/files/${fileId}`, headers: outsider })).statusCode,
        'read a file',
      ).toBe(404);

      // Writing one against the owner's storage or account: the data-scope refusal.
      const refused = await gql(
        outsider,
        `mutation ($input: DocumentInput!) { createDocument(type: ${name}, input: $input, idempotencyKey: "scope-create-${name}") { id } }`,
        { input },
      );
      expect(refused.error?.extensions).toMatchObject({
        code: 'FORBIDDEN',
        status: 403,
        details: { reason: 'SCOPE' },
        messageTh: 'ข้อมูลนี้เป็นของหน่วยงานนอกสังกัดของท่าน จึงดูหรือแก้ไขไม่ได้',
        messageEn: 'This record belongs to a unit outside your own, so you cannot see or change it',
      });
      expect(
        await t.em().count(AuditEvent, {
          event: 'PERMISSION_REFUSED',
          actorUserId: outsiderId,
          subject: `document ${name} create`,
        }),
      ).toBe(1);

      expect(await footprint(type)).toEqual(before);
    },
  );
});

// Issue 24: create-and-act in one request (createAndActOnDocument), for every action a type allows
// at creation: the maker gets the action's status with both steps in the history; a user outside the
// owner is refused with the data-scope answer and nothing is written.
describe('created and acted on in one request, for every type and action that allows it', () => {
  const cases = documentTypes.flatMap((type) =>
    (type.createAnd ?? []).map((action) => [type.type, action, type] as const),
  );
  it('covers more than the stock adjustment', () => expect(cases.length).toBeGreaterThan(1));
  it.each(cases)('%s %s', async (name, action, type) => {
    const input = await sampleInput(type, { em: t.em(), ownerPath, avoidPath: outsiderPath });
    const mutation = `mutation ($input: DocumentInput!, $key: String) {
      createAndActOnDocument(type: ${name}, input: $input, action: { action: "${action}" }, idempotencyKey: $key) {
        id number status version history { action fromStatus toStatus }
      }
    }`;
    const before = await footprint(type);
    const refused = await gql(outsider, mutation, { input, key: `scope-createand-${name}` });
    expect(refused.error?.extensions).toMatchObject({
      code: 'FORBIDDEN',
      status: 403,
      details: { reason: 'SCOPE' },
    });
    expect(await footprint(type), 'the refused one wrote nothing').toEqual(before);

    const done = await gql(maker, mutation, { input, key: `createand-${name}` });
    expect(done.error, `${name} ${action}`).toBeUndefined();
    const doc = done.data?.createAndActOnDocument as {
      id: number;
      number: string;
      status: string;
      version: number;
      history: { action: string; fromStatus: string | null; toStatus: string }[];
    };
    const transition = type.workflow.transitions.find((x) => x.action === action);
    expect(doc.status).toBe(transition?.to);
    expect(doc.version).toBe(2);
    expect(doc.number).toMatch(new RegExp(`^${type.prefix}-\\d{4}-\\d{6}$`));
    expect(doc.history.map((h) => [h.action, h.fromStatus, h.toStatus])).toEqual([
      ['CREATE', null, type.workflow.initial],
      [action, type.workflow.initial, transition?.to],
    ]);
    // A retry with the same key answers the same document and writes nothing more.
    const after = await footprint(type);
    const again = await gql(maker, mutation, { input, key: `createand-${name}` });
    expect((again.data?.createAndActOnDocument as { id: number } | undefined)?.id).toBe(doc.id);
    expect(await footprint(type)).toEqual(after);
  });
});

interface FieldErrorShape {
  field: string;
  messageTh: string;
  messageEn: string;
}

const thai = /[ก-๙]/;
/** English: Latin words and no Thai. */
const english = /^[^ก-๙]*[A-Za-z][^ก-๙]*$/;

const createQuery = (name: string) =>
  `mutation ($input: DocumentInput!) { createDocument(type: ${name}, input: $input) { id version } }`;

/** A create the server must refuse as bad input naming `field`, in both languages, writing nothing. */
async function refusedCreate(
  type: DocumentType,
  input: Record<string, unknown>,
  field: string,
  label: string,
) {
  const before = await footprint(type);
  const { error } = await gql(maker, createQuery(type.type), { input });
  expect(error?.extensions, label).toMatchObject({
    code: 'BAD_INPUT',
    status: 400,
    messageTh: expect.stringMatching(thai),
    messageEn: expect.stringMatching(english),
  });
  const fields = (error?.extensions?.details as { fields?: FieldErrorShape[] } | undefined)?.fields ?? [];
  const named = fields.find((f) => f.field === field);
  expect(named, `${label}: names ${field} (got ${fields.map((f) => f.field).join(', ')})`).toBeDefined();
  expect(named?.messageTh, label).toMatch(thai);
  expect(named?.messageEn, label).toMatch(english);
  expect(await footprint(type), `${label} wrote nothing`).toEqual(before);
}

/** The input with one field (header `name` or `lines.0.name`) set to a value. */
function withValue(
  input: { header: Record<string, unknown>; lines?: Record<string, unknown>[] },
  path: string,
  value: unknown,
) {
  if (!path.startsWith('lines.0.')) return { ...input, header: { ...input.header, [path]: value } };
  const [line] = input.lines ?? [{}];
  return { ...input, lines: [{ ...line, [path.slice('lines.0.'.length)]: value }] };
}

describe('bad input, for every document type', () => {
  it.each(documentTypes.map((type) => [type.type, type] as const))(
    '%s: zero, negative and too precise numbers, unknown and inactive items, a stale version',
    async (name, type) => {
      const input = await sampleInput(type, { em: t.em(), ownerPath, avoidPath: outsiderPath });
      const { header, lines } = writtenFields(type);
      const fields = [
        ...header.map((f) => ({ f, path: f.name })),
        ...lines.map((f) => ({ f, path: `lines.0.${f.name}` })),
      ];
      let tried = 0;
      for (const { f, path } of fields) {
        if (f.kind === 'decimal') {
          // Nothing is written for nothing: a required quantity or amount of zero is refused.
          if (f.required) await refusedCreate(type, withValue(input, path, '0'), path, `${path} zero`);
          if ((f.min ?? 0) >= 0)
            await refusedCreate(type, withValue(input, path, '-5'), path, `${path} negative`);
          const tooPrecise = `1.${'1'.repeat((f.scale ?? 0) + 1)}`;
          await refusedCreate(type, withValue(input, path, tooPrecise), path, `${path} ${tooPrecise}`);
          tried++;
        }
        if (f.kind === 'reference') {
          await refusedCreate(type, withValue(input, path, 99_999_999), path, `${path} unknown`);
          const refType = (f.refType as () => ReferenceType)();
          const value = (path.startsWith('lines.0.') ? input.lines?.[0]?.[f.name] : input.header[f.name]) as
            | number
            | undefined;
          if (value !== undefined) {
            const em = t.em();
            await em.nativeUpdate(refType.entity, { id: value } as never, statusWhere(refType, 'I') as never);
            try {
              await refusedCreate(type, input, path, `${path} inactive`);
            } finally {
              await em.nativeUpdate(
                refType.entity,
                { id: value } as never,
                statusWhere(refType, 'A') as never,
              );
            }
          }
          tried++;
        }
      }
      expect(
        tried,
        'a type with no number or reference to check would need cases of its own',
      ).toBeGreaterThan(0);

      // A stale version: someone edited it since it was read.
      const created = await gql(maker, createQuery(name), { input });
      const doc = created.data?.createDocument as { id: number; version: number };
      const edited = await gql(
        maker,
        `mutation ($input: DocumentInput!) { updateDocument(type: ${name}, id: ${doc.id}, version: ${doc.version}, input: $input) { version } }`,
        { input: { ...input, remark: 'แก้ไขแล้ว' } },
      );
      expect(edited.error).toBeUndefined();
      const before = await footprint(type);
      const stale = [
        await gql(
          maker,
          `mutation ($input: DocumentInput!) { updateDocument(type: ${name}, id: ${doc.id}, version: ${doc.version}, input: $input) { id } }`,
          { input },
        ),
        ...(await Promise.all(
          type.workflow.transitions.map((x) =>
            gql(
              maker,
              `mutation { actOnDocument(type: ${name}, id: ${doc.id}, input: { action: "${x.action}", version: ${doc.version}, reason: "ทดสอบ" }) { id } }`,
            ),
          ),
        )),
      ];
      for (const res of stale)
        expect(res.error?.extensions).toMatchObject({
          code: 'CONFLICT',
          status: 409,
          messageTh: expect.stringContaining('ถูกแก้ไขโดยผู้อื่นแล้ว'),
          messageEn: expect.stringContaining('was changed by someone else'),
        });
      expect(await footprint(type)).toEqual(before);
    },
  );
});
