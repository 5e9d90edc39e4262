import type { FastifyRequest } from 'fastify';
import { requirePrincipal } from '../../platform/auth/access-guard';
import type { AppDeps } from '../../platform/deps';
import { type RestRoute, restPrefix } from '../../platform/http/rest';
import { DonationReceipt, missingReceipt, receiptById, sendReceiptPdf } from '../receipts';
import { linkedDonatorIds } from './donor-links';

// A donor downloads the receipts of their own donations: the receipt's donor must be a donator the
// account is linked to now (donor-links.ts). Any other id, an unknown one included, is the same 404,
// so a receipt id tells a donor nothing about anyone else's. A download is a print like a staff
// print (the first is the original, later ones copies; audited as RECEIPT_PRINTED by the donor).

export const donorReceiptPdfUrl = (id: number) => `${restPrefix}/my/receipts/${id}/pdf`;

async function ownReceipt(request: FastifyRequest, id: number) {
  const principal = requirePrincipal(await request.authenticate());
  const receipt = await request.em.findOne(DonationReceipt, { id });
  if (!receipt) throw missingReceipt(id);
  const mine = await linkedDonatorIds(request.em, principal.userId);
  if (!mine.includes(receipt.donor.id)) throw missingReceipt(id);
  return principal;
}

export function donorReceiptRoutes(deps: AppDeps): RestRoute[] {
  return [
    {
      method: 'GET',
      url: '/my/receipts/:id/pdf',
      access: { donor: true },
      schema: receiptById,
      async handler(request, reply) {
        const { id } = request.params as { id: number };
        return sendReceiptPdf(deps, request, reply, id, await ownReceipt(request, id));
      },
    },
  ];
}
