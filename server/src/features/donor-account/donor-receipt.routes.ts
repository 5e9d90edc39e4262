import type { FastifyRequest } from 'fastify';
import { requirePrincipal } from '../../platform/auth/access-guard';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { contentDisposition } from '../../platform/files/file-name';
import { type RestRoute, restPrefix } from '../../platform/http/rest';
import { DonationReceipt } from '../receipts/receipt.entity';
import { receiptFileName } from '../receipts/receipt.routes';
import { receiptPage } from '../receipts/receipt-template';
import { printReceipt } from '../receipts/receipts';
import { linkedDonatorIds } from './donor-links';

// A donor downloads the receipts of their own donations: the receipt's donor must be a donator the
// account is linked to now (donor-links.ts). Any other id, an unknown one included, is the same 404,
// so a receipt id tells a donor nothing about anyone else's. A download is a print like a staff
// print (the first is the original, later ones copies; audited as RECEIPT_PRINTED by the donor).

export const donorReceiptPdfUrl = (id: number) => `${restPrefix}/my/receipts/${id}/pdf`;

const byId = {
  params: {
    type: 'object',
    properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
    required: ['id'],
    additionalProperties: false,
  },
};

const missing = (id: number) =>
  notFound(`ไม่พบใบเสร็จรับเงินหรือหลักฐานการรับบริจาค รหัสอ้างอิง ${id}`, `No receipt ${id}`);

async function ownReceipt(request: FastifyRequest, id: number) {
  const principal = requirePrincipal(await request.authenticate());
  const receipt = await request.em.findOne(DonationReceipt, { id });
  if (!receipt) throw missing(id);
  const mine = await linkedDonatorIds(request.em, principal.userId);
  if (!mine.includes(receipt.donor.id)) throw missing(id);
  return principal;
}

export function donorReceiptRoutes(deps: AppDeps): RestRoute[] {
  return [
    {
      method: 'GET',
      url: '/my/receipts/:id/pdf',
      access: { donor: true },
      schema: byId,
      async handler(request, reply) {
        const { id } = request.params as { id: number };
        const principal = await ownReceipt(request, id);
        const { pdf, name } = await printReceipt(
          request.em.fork(),
          id,
          principal,
          { ip: request.ip, requestId: request.id },
          async (print) => ({
            pdf: await deps.pdf.render(receiptPage(print)),
            name: receiptFileName(print.receipt, print.copy),
          }),
        );
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', contentDisposition(name))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    },
  ];
}
