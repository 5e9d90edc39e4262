import type { AppDeps } from '../../platform/deps';
import { readUploadForm } from '../../platform/files/upload';
import type { RestRoute } from '../../platform/http/rest';
import { parseTransferDonation } from './donate-transfer.form';
import { TransferDonationService } from './donate-transfer.service';

/** Bytes of the form's data beside the slip: room for every field at its longest, in Thai. */
const DONATION_FIELD_BYTES = 64 * 1024;

/**
 * POST /api/public/donate-money-by-bank-transfer: a public form (bot check, per-address limit)
 * of multipart/form-data with the field `donation` (JSON, donate-transfer.form.ts) and the file
 * `slip` (JPEG, PNG, WebP or PDF within the attachment limits). 201 with the tracking number.
 */
export function donateTransferRoutes(deps: AppDeps): RestRoute[] {
  return [
    {
      method: 'POST',
      url: '/public/donate-money-by-bank-transfer',
      access: { public: true, form: true },
      multipart: true,
      async handler(request, reply) {
        const { file, fields } = await readUploadForm(request, deps.config.attachments, {
          names: ['donation'],
          maxBytes: DONATION_FIELD_BYTES,
        });
        const form = parseTransferDonation(fields.donation);
        const userAgent = request.headers['user-agent'];
        const result = await new TransferDonationService(request.em, deps, {
          ip: request.ip,
          requestId: request.id,
          userAgent: typeof userAgent === 'string' ? userAgent : null,
        }).submit(form, file);
        reply.code(201);
        return result;
      },
    },
  ];
}
