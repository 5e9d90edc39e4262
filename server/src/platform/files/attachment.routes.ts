import type { FastifyRequest } from 'fastify';
import { requirePrincipal } from '../auth/access-guard';
import type { AppDeps } from '../deps';
import type { RestRoute } from '../http/rest';
import { AttachmentService, type RequestOrigin } from './attachment.service';
import { toAttachmentType } from './attachment.type';
import { ownerKindPattern } from './attachment-owners';
import { contentDisposition } from './file-name';
import { readUpload } from './upload';

const idParam = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;
const byId = {
  params: { type: 'object', properties: { id: idParam }, required: ['id'], additionalProperties: false },
};

const origin = (request: FastifyRequest): RequestOrigin => ({ ip: request.ip, requestId: request.id });

/**
 * Upload, download and removal of attachments. The routes are public at the route level because no
 * menu code decides: each needs a logged-in principal, and the owner kind's rules (registered by
 * the feature that owns it) decide who may read or change its files.
 */
export function attachmentRoutes(deps: AppDeps): RestRoute[] {
  const limits = deps.config.attachments;
  return [
    {
      method: 'POST',
      url: '/files/:ownerKind/:ownerId',
      access: { public: true },
      multipart: true,
      schema: {
        params: {
          type: 'object',
          properties: {
            ownerKind: { type: 'string', maxLength: 60, pattern: ownerKindPattern.source },
            ownerId: idParam,
          },
          required: ['ownerKind', 'ownerId'],
          additionalProperties: false,
        },
      },
      async handler(request, reply) {
        const principal = requirePrincipal(await request.authenticate());
        const { ownerKind, ownerId } = request.params as { ownerKind: string; ownerId: number };
        const service = new AttachmentService(request.em, limits, origin(request));
        // The owner's rules are checked before the body is read (a refused caller uploads nothing)
        // and again, with the count, in the transaction that stores the file.
        await service.assertCanAdd({ kind: ownerKind, id: ownerId }, principal);
        const file = await readUpload(request, limits);
        const stored = await service.add({ kind: ownerKind, id: ownerId }, file, principal);
        reply.code(201);
        return toAttachmentType(stored);
      },
    },
    {
      method: 'GET',
      url: '/files/:id',
      access: { public: true },
      schema: byId,
      async handler(request, reply) {
        const principal = requirePrincipal(await request.authenticate());
        const { id } = request.params as { id: number };
        const service = new AttachmentService(request.em, limits, origin(request));
        const { attachment, content } = await service.readable(id, principal);
        return reply
          .header('content-type', attachment.mediaType)
          .header('content-disposition', contentDisposition(attachment.fileName))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(content);
      },
    },
    {
      method: 'DELETE',
      url: '/files/:id',
      access: { public: true },
      schema: byId,
      async handler(request, reply) {
        const principal = requirePrincipal(await request.authenticate());
        const { id } = request.params as { id: number };
        await new AttachmentService(request.em, limits, origin(request)).remove(id, principal);
        return reply.code(204).send();
      },
    },
  ];
}
