import type { FastifyReply, FastifyRequest } from 'fastify';
import { DocumentService } from '../../kits/documents/document.service';
import { documentTypeOf } from '../../kits/documents/document-types';
import { notePersonalDataRead } from '../../platform/audit/personal-data-reads';
import { requirePrincipal } from '../../platform/auth/access-guard';
import type { AuthState, Principal } from '../../platform/auth/principal';
import type { AppDeps } from '../../platform/deps';
import { forbidden, notFound } from '../../platform/errors';
import { contentDisposition } from '../../platform/files/file-name';
import type { RestRoute } from '../../platform/http/rest';
import { PdfRenderer } from '../../platform/pdf/pdf-renderer';
import { donator } from '../reference';
import { DonationReceipt } from './receipt.entity';
import { ALL_RECEIPT_PRINT_MENUS, receiptKinds } from './receipt-kinds';
import { receiptPage } from './receipt-template';
import { printReceipt } from './receipts';

/** The routes' one parameter: the receipt's id, a positive 32-bit integer. */
export const receiptById = {
  params: {
    type: 'object',
    properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
    required: ['id'],
    additionalProperties: false,
  },
};

/** The one answer for a receipt the caller may not print and for an unknown id. */
export const missingReceipt = (id: number) =>
  notFound(`ไม่พบใบเสร็จรับเงินหรือหลักฐานการรับบริจาค รหัสอ้างอิง ${id}`, `No receipt ${id}`);

/**
 * The receipt a caller may print: one of the menu codes of any kind (the route checks them), the
 * document it was issued for readable by the caller (its type's view codes and data scope), then
 * the print menus of its own kind (403 without them). Anything else, an unknown id included, is the
 * same 404: whether another unit's receipt exists is not told.
 */
async function printable(request: FastifyRequest, id: number): Promise<AuthState> {
  const auth = await request.authenticate();
  const principal = requirePrincipal(auth);
  const receipt = await request.em.findOne(DonationReceipt, { id });
  const type = receipt ? documentTypeOf(receipt.documentType) : undefined;
  if (!receipt || !type) throw missingReceipt(id);
  try {
    await new DocumentService(request.em.fork(), auth, type).get(receipt.documentId);
  } catch {
    throw missingReceipt(id);
  }
  const kind = receiptKinds[receipt.kind];
  if (!kind.printMenus.some((code) => principal.menuCodes.has(code))) throw forbidden();
  // The print shows the donor's name, id and address.
  notePersonalDataRead(principal, donator.type, [receipt.donor.id], 'receipt');
  return auth;
}

/** A file name for the receipt: ใบเสร็จรับเงิน-2569-000123.pdf (สำเนา when a copy). */
export const receiptFileName = (receipt: DonationReceipt, copy: boolean) =>
  `${receiptKinds[receipt.kind].titleTh}-${receipt.number.replace('/', '-')}${copy ? '-สำเนา' : ''}.pdf`;

/**
 * Prints the receipt `id` once as a PDF for a caller already allowed to (the first print is the
 * original, later ones copies; audited as RECEIPT_PRINTED) and sends it as a private download.
 */
export async function sendReceiptPdf(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  id: number,
  principal: Principal,
) {
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
}

/**
 * GET /api/receipts/:id/pdf (the PDF) and /api/receipts/:id/print (the same page as HTML for the
 * browser's print dialog), for money receipts (view-receipt-money MN-050 or print-donate-money MN-051)
 * and goods evidence (print-donate-resource MN-052). Each answer is one print: the first is the
 * original, every later one is marked สำเนา / COPY and audited.
 */
export function receiptRoutes(deps: AppDeps): RestRoute[] {
  return [
    {
      method: 'GET',
      url: '/receipts/:id/pdf',
      access: { menu: ALL_RECEIPT_PRINT_MENUS },
      schema: receiptById,
      async handler(request, reply) {
        const { id } = request.params as { id: number };
        const auth = await printable(request, id);
        return sendReceiptPdf(deps, request, reply, id, requirePrincipal(auth));
      },
    },
    {
      method: 'GET',
      url: '/receipts/:id/print',
      access: { menu: ALL_RECEIPT_PRINT_MENUS },
      schema: receiptById,
      async handler(request, reply) {
        const { id } = request.params as { id: number };
        const auth = await printable(request, id);
        const html = await printReceipt(
          request.em.fork(),
          id,
          requirePrincipal(auth),
          { ip: request.ip, requestId: request.id },
          (print) => Promise.resolve(PdfRenderer.html(receiptPage(print))),
        );
        // The page loads nothing and runs nothing: its styles and fonts are inline.
        return reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .header(
            'content-security-policy',
            "default-src 'none'; style-src 'unsafe-inline'; font-src data:; img-src data:",
          )
          .send(html);
      },
    },
  ];
}
