import { graphql } from 'graphql';
import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEvent } from '../platform/audit/audit-event.entity';
import { Attachment } from '../platform/files/attachment.entity';
import { AttachmentService } from '../platform/files/attachment.service';
import { AttachmentType, toAttachmentType } from '../platform/files/attachment.type';
import { registerAttachmentOwner } from '../platform/files/attachment-owners';
import { activePdfs, samples, sized } from '../platform/files/file-samples';
import { Public } from '../platform/graphql/access';
import type { GraphQLContext } from '../platform/graphql/context';
import { buildAppSchema } from '../platform/graphql/schema';
import { bearer, sessionToken } from '../testing/auth-helpers';
import { multipart, type UploadPart } from '../testing/multipart';
import { startTestApp, type TestApp } from '../testing/test-app';

// Issue 9: attachments. A test-only owner kind stands in for a document type: owners 1..999 exist;
// officer.demo may read and change their files, approver1.demo may only read them, nobody else may
// do either.

const kind = 'test-folder';
const maxBytes = 2 * 1024 * 1024;
let t: TestApp;
let undo: () => void;
let officer: Record<string, string>;
let reader: Record<string, string>;
let stranger: Record<string, string>;

beforeAll(async () => {
  undo = registerAttachmentOwner(kind, {
    canRead: async (_em, p, id) => id < 1000 && ['officer.demo', 'approver1.demo'].includes(p.username),
    canWrite: async (_em, p, id) => id < 1000 && p.username === 'officer.demo',
  });
  t = await startTestApp();
  officer = bearer(await sessionToken(t, 'officer.demo'));
  reader = bearer(await sessionToken(t, 'approver1.demo'));
  stranger = bearer(await sessionToken(t, 'executive.demo'));
});
afterAll(async () => {
  undo();
  await t.close();
});

const upload = (
  ownerId: number,
  parts: UploadPart[],
  auth: Record<string, string> = officer,
  ownerKind = kind,
) => {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/files/${ownerKind}/${ownerId}`,
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
};
const download = (id: number, auth: Record<string, string> = officer) =>
  t.app.inject({ method: 'GET', url: `/api/files/${id}`, headers: auth });
const stored = (ownerId: number) => t.em().count(Attachment, { ownerKind: kind, ownerId });

describe('attachments: upload and download', () => {
  it.each([
    ['photo.jpg', samples.jpeg, 'image/jpeg', 'photo.jpg'],
    ['diagram.png', samples.png, 'image/png', 'diagram.png'],
    ['ภาพถ่าย.webp', samples.webp, 'image/webp', 'ภาพถ่าย.webp'],
    ['ใบเสร็จรับเงิน (ฉบับที่ 1).pdf', samples.pdf, 'application/pdf', 'ใบเสร็จรับเงิน (ฉบับที่ 1).pdf'],
  ])('stores %s and gives the same bytes back, with safe headers', async (name, content, type, fileName) => {
    const res = await upload(1, [{ fileName: name, content }]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      fileName,
      mediaType: type,
      size: content.length,
      createdAt: expect.any(String),
      url: `/api/files/${body.id}`,
    });
    const got = await download(body.id);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(content)).toBe(true);
    expect(got.headers['content-type']).toBe(type);
    expect(got.headers['content-length']).toBe(String(content.length));
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['cache-control']).toBe('private, no-store');
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="${fileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
    );
    // A reader of the owner may download too.
    expect((await download(body.id, reader)).statusCode).toBe(200);
  });

  it("stores the type found in the content, not the client's claim, and fixes the extension", async () => {
    const res = await upload(2, [{ fileName: 'scan.jpg', content: samples.png, claimedType: 'image/jpeg' }]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ fileName: 'scan.png', mediaType: 'image/png' });
    const row = await t.em().findOneOrFail(Attachment, { id: res.json().id });
    expect(row).toMatchObject({
      ownerKind: kind,
      ownerId: 2,
      mediaType: 'image/png',
      size: samples.png.length,
    });
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
    const added = await t
      .em()
      .findOneOrFail(AuditEvent, { event: 'ATTACHMENT_ADDED', subject: `attachment ${row.id}` });
    expect(added.details).toMatchObject({ ownerKind: kind, ownerId: 2, fileName: 'scan.png' });
    expect(await t.em().count(AuditEvent, { event: 'ATTACHMENT_ADDED', details: { ownerId: 2 } })).toBe(1);
  });

  it('accepts a file of exactly the limit', async () => {
    const res = await upload(3, [{ fileName: 'big.pdf', content: sized(samples.pdf, maxBytes) }]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().size).toBe(maxBytes);
  });
});

describe('attachments: refused content writes nothing', () => {
  it.each([
    ['setup.pdf', samples.exe, 400, 'FILE_TYPE_NOT_ALLOWED', 'application/pdf'],
    ['script.pdf', activePdfs.javaScript, 400, 'FILE_TYPE_NOT_ALLOWED', 'application/pdf'],
    ['hidden-script.pdf', activePdfs.inObjectStream, 400, 'FILE_TYPE_NOT_ALLOWED', 'application/pdf'],
    ['program.jpg', samples.elf, 400, 'FILE_TYPE_NOT_ALLOWED', 'image/jpeg'],
    ['page.png', samples.html, 400, 'FILE_TYPE_NOT_ALLOWED', 'image/png'],
    ['ว่าง.pdf', Buffer.alloc(0), 400, 'FILE_EMPTY', 'application/pdf'],
    ['เกิน.pdf', sized(samples.pdf, maxBytes + 1), 413, 'FILE_TOO_LARGE', 'application/pdf'],
  ])('refuses %s', async (name, content, status, code, claimedType) => {
    const res = await upload(10, [{ fileName: name, content, claimedType }]);
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
    // The message names the file, in Thai and in English.
    expect(res.json().messageTh).toContain(name);
    expect(res.json().messageEn).toContain(name);
    expect(await stored(10)).toBe(0);
  });

  it('refuses a request whose declared length is over the limit before reading it', async () => {
    const res = await upload(10, [{ fileName: 'huge.pdf', content: sized(samples.pdf, 3 * maxBytes) }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(res.json().messageEn).toContain('2 MB');
  });

  it('takes one file per request, and needs one', async () => {
    const two = await upload(10, [
      { fileName: 'a.png', content: samples.png },
      { fileName: 'b.png', content: samples.png },
    ]);
    expect(two.statusCode).toBe(400);
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/files/${kind}/10`,
      headers: { ...officer, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(none.statusCode).toBe(400);
    expect(await stored(10)).toBe(0);
    expect(await t.em().count(AuditEvent, { event: 'ATTACHMENT_ADDED', details: { ownerId: 10 } })).toBe(0);
  });
});

describe('attachments: at most 20 per owner', () => {
  it('refuses the 21st file', async () => {
    for (let i = 1; i <= 20; i++) {
      const res = await upload(20, [{ fileName: `หน้า ${i}.png`, content: samples.png }]);
      expect(res.statusCode, `file ${i}`).toBe(201);
    }
    const res = await upload(20, [{ fileName: 'หน้า 21.png', content: samples.png }]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'TOO_MANY_FILES' });
    expect(res.json().messageTh).toContain('20');
    expect(await stored(20)).toBe(20);
  });

  it('lets only as many concurrent uploads through as there are places left', async () => {
    for (let i = 1; i <= 18; i++)
      expect((await upload(21, [{ fileName: `${i}.png`, content: samples.png }])).statusCode).toBe(201);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => upload(21, [{ fileName: `race ${i}.png`, content: samples.png }])),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect(await stored(21)).toBe(20);
  });
});

describe('attachments: access decided by the owner kind', () => {
  let id: number;
  beforeAll(async () => {
    id = (await upload(30, [{ fileName: 'private.pdf', content: samples.pdf }])).json().id;
  });

  it('answers 401 to anonymous callers', async () => {
    expect((await download(id, {})).statusCode).toBe(401);
    expect((await upload(30, [{ fileName: 'x.pdf', content: samples.pdf }], {})).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/files/${id}` })).statusCode).toBe(401);
  });

  it('answers 404 to a principal the owner refuses, as for a file that does not exist', async () => {
    const refused = await download(id, stranger);
    const missing = await download(999_999, stranger);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().messageEn).toBe(missing.json().messageEn);
    expect(refused.headers['content-disposition']).toBeUndefined();
    expect((await upload(30, [{ fileName: 'x.pdf', content: samples.pdf }], stranger)).statusCode).toBe(404);
    expect(
      await t.em().count(AuditEvent, { event: 'PERMISSION_REFUSED', subject: `attachment ${id} read` }),
    ).toBe(1);
  });

  it('answers 404 for an owner that does not exist or a kind nobody registered', async () => {
    expect((await upload(5000, [{ fileName: 'x.pdf', content: samples.pdf }])).statusCode).toBe(404);
    expect(
      (await upload(1, [{ fileName: 'x.pdf', content: samples.pdf }], officer, 'no-such-kind')).statusCode,
    ).toBe(404);
    expect(
      (await upload(1, [{ fileName: 'x.pdf', content: samples.pdf }], officer, 'Bad_Kind')).statusCode,
    ).toBe(400);
  });

  it('lets a reader read but not change the files (403)', async () => {
    expect((await upload(30, [{ fileName: 'x.pdf', content: samples.pdf }], reader)).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/files/${id}`, headers: reader });
    expect(res.statusCode).toBe(403);
    expect(await stored(30)).toBe(1);
  });

  it('removes a file for a writer, audited', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: `/api/files/${id}`, headers: officer });
    expect(res.statusCode).toBe(204);
    expect((await download(id)).statusCode).toBe(404);
    expect(await t.em().count(AuditEvent, { event: 'ATTACHMENT_REMOVED', subject: `attachment ${id}` })).toBe(
      1,
    );
  });
});

@Resolver()
class AttachmentProbeResolver {
  @Public()
  @Query(() => [AttachmentType])
  async probeAttachments(@Ctx() ctx: GraphQLContext, @Arg('ownerId', () => Int) ownerId: number) {
    const list = await new AttachmentService(ctx.em, t.config.attachments).list({ kind, id: ownerId });
    return list.map(toAttachmentType);
  }
}

describe('attachments: the GraphQL type a feature exposes', () => {
  it("lists an owner's files without their bytes", async () => {
    await upload(40, [{ fileName: 'one.png', content: samples.png }]);
    await upload(40, [{ fileName: 'two.pdf', content: samples.pdf }]);
    const schema = await buildAppSchema([AttachmentProbeResolver]);
    const res = await graphql({
      schema,
      source: '{ probeAttachments(ownerId: 40) { id fileName mediaType size createdAt url } }',
      contextValue: { em: t.em() },
    });
    expect(res.errors).toBeUndefined();
    const list = res.data?.probeAttachments as { id: string; fileName: string; url: string }[];
    expect(list.map((a) => a.fileName)).toEqual(['one.png', 'two.pdf']);
    expect(list[0].url).toBe(`/api/files/${list[0].id}`);
    const byOwner = await new AttachmentService(t.em(), t.config.attachments).listByOwner(kind, [40, 41]);
    expect(byOwner.get(40)?.map((a) => a.fileName)).toEqual(['one.png', 'two.pdf']);
    expect(byOwner.get(41)).toEqual([]);
    // Lists never read the bytes.
    expect(byOwner.get(40)?.every((a) => !a.content.isInitialized())).toBe(true);
  });
});
