import type { AppDeps } from '../../platform/deps';
import { readUploadForm } from '../../platform/files/upload';
import type { RestRoute } from '../../platform/http/rest';
import type { ReceiptRequestKind } from './receipt-request.entity';
import { parseReceiptRequest } from './receipt-request.form';
import { PublicReceiptRequestService, RECEIPT_REQUEST_CHANNEL } from './receipt-request.service';

/** Bytes of the form's data beside the evidence: room for every field at its longest, in Thai. */
const REQUEST_FIELD_BYTES = 64 * 1024;

/**
 * POST /api/public/reqs-receipt-donation-money and /api/public/reqs-receipt-donation-resource: public
 * forms (bot check, per-address limit) of multipart/form-data with the field `request` (JSON,
 * receipt-request.form.ts) and the file `evidence` (JPEG, PNG, WebP or PDF within the attachment
 * limits; required for money). 201 with the tracking number.
 */
export function receiptRequestRoutes(deps: AppDeps): RestRoute[] {
  return (Object.entries(RECEIPT_REQUEST_CHANNEL) as [ReceiptRequestKind, string][]).map(([kind, page]) => ({
    method: 'POST',
    url: `/public/${page}`,
    access: { public: true, form: true },
    multipart: true,
    async handler(request, reply) {
      const { file, fields } = await readUploadForm(request, deps.config.attachments, {
        names: ['request'],
        maxBytes: REQUEST_FIELD_BYTES,
      });
      const form = parseReceiptRequest(kind, fields.request);
      const userAgent = request.headers['user-agent'];
      const result = await new PublicReceiptRequestService(request.em, deps, {
        ip: request.ip,
        requestId: request.id,
        userAgent: typeof userAgent === 'string' ? userAgent : null,
      }).submit(form, file);
      reply.code(201);
      return result;
    },
  }));
}
