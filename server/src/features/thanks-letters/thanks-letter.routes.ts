import type { MenuCode } from '@namjai/common/menu-catalogue';
import { notePersonalDataRead } from '../../platform/audit/personal-data-reads';
import { requirePrincipal } from '../../platform/auth/access-guard';
import { menuByKey } from '../../platform/auth/menu-catalogue';
import type { AppDeps } from '../../platform/deps';
import { contentDisposition } from '../../platform/files/file-name';
import type { RestRoute } from '../../platform/http/rest';
import { donator } from '../reference';
import { type DonationType, missingLetter, printThanksLetter, thanksLetterFileName } from './thanks-letters';

/** view-thanks-letter-list. */
export const THANKS_LETTER_MENU: MenuCode = 'MN-148';
/** Report 4.6 (thanks letters) links each row to its letter, so its holders may open the letter too. */
const reportEntry = menuByKey('report-4-6');
if (!reportEntry) throw new Error('menu catalogue: no report-4-6');
export const THANKS_LETTER_REPORT_MENU = reportEntry.code;

const slugs: Record<string, DonationType> = { money: 'MONEY_DONATION', goods: 'GOODS_DONATION' };

/** /api/thanks-letters/money/12/pdf */
export const thanksLetterPdfPath = (documentType: string, id: number) =>
  `/api/thanks-letters/${documentType === 'MONEY_DONATION' ? 'money' : 'goods'}/${id}/pdf`;

/** The same path in SQL, from a document type and an id column (report 4.6's row link). */
export const thanksLetterPdfPathSql = (documentTypeColumn: string, idColumn: string) =>
  `'/api/thanks-letters/' || case ${documentTypeColumn} when 'MONEY_DONATION' then 'money' else 'goods' end || '/' || ${idColumn} || '/pdf'`;

/**
 * GET /api/thanks-letters/:kind/:id/pdf (kind money or goods): the thanks letter of an approved
 * donation in the caller's data scope, one audited print (later ones marked พิมพ์ซ้ำ / REPRINT); 404
 * for anything else.
 */
export function thanksLetterRoutes(deps: AppDeps): RestRoute[] {
  return [
    {
      method: 'GET',
      url: '/thanks-letters/:kind/:id/pdf',
      access: { menu: [THANKS_LETTER_MENU, THANKS_LETTER_REPORT_MENU] },
      schema: {
        params: {
          type: 'object',
          properties: {
            // Checked after the access (an unknown kind is 404 like an unknown id).
            kind: { type: 'string', maxLength: 20 },
            id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
          },
          required: ['kind', 'id'],
          additionalProperties: false,
        },
      },
      async handler(request, reply) {
        const { kind, id } = request.params as { kind: string; id: number };
        const principal = requirePrincipal(await request.authenticate());
        const documentType = Object.hasOwn(slugs, kind) ? (slugs[kind] as DonationType) : null;
        if (!documentType) throw missingLetter();
        const { pdf, name } = await printThanksLetter(
          request.em.fork(),
          principal,
          documentType,
          id,
          { ip: request.ip, requestId: request.id },
          async (page, facts, reprint) => {
            notePersonalDataRead(principal, donator.type, [facts.donorId], 'thanks letter');
            return { pdf: await deps.pdf.render(page), name: thanksLetterFileName(facts, reprint) };
          },
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
