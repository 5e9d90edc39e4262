import { PassThrough } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MenuCode } from '@namjai/common/menu-catalogue';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../platform/audit/audit';
import { flushPersonalDataReads } from '../../platform/audit/personal-data-reads';
import { requirePrincipal } from '../../platform/auth/access-guard';
import type { AuthState, Principal } from '../../platform/auth/principal';
import { badInput } from '../../platform/errors';
import type { RestRoute } from '../../platform/http/rest';
import { type ExportFormat, type ExportLanguage, type ExportSource, exportFormats } from './export-source';
import { writeCsv } from './write-csv';
import { writeXlsx } from './write-xlsx';

// One route helper for every export (docs/exports.md): GET /api/export/<name>?format=xlsx|csv&lang=th|en
// &<the list's filters>. The route declares its menu codes like every REST route; the source is built
// by the list's own service (its filter checks, menu and data scope) before a byte is sent, so bad
// filters are a 4xx with Thai and English and nothing else; then the file streams with its Thai name
// (filename*), X-Total-Count for the progress bar, and an EXPORT audit event records who exported
// what, with which filters, and how many rows (also when the download stopped half way).

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv; charset=utf-8';

export interface ExportContext {
  em: EntityManager;
  auth: AuthState;
  principal: Principal;
  /** The list's filters as the query string gave them (format and lang removed). */
  filters: Record<string, unknown>;
  params: Record<string, string>;
  lang: ExportLanguage;
  origin: { ip: string | null; requestId: string | null };
  request: FastifyRequest;
}

type QueryProp = {
  type: 'string' | 'integer' | 'boolean';
  maxLength?: number;
  minimum?: number;
  maximum?: number;
};

export interface ExportDeclaration<Row> {
  /** Path below /api/export, e.g. `donation-history` or `documents/:type`. */
  name: string;
  access: { menu: readonly MenuCode[] };
  /** The list's filters, as query-string properties (texts bounded by maxLength). */
  filters: Record<string, QueryProp>;
  /** Path parameters (each a bounded text), e.g. `{ type: 30 }`. */
  params?: Record<string, number>;
  source: (ctx: ExportContext) => Promise<ExportSource<Row>>;
}

/** `attachment` with an ASCII fallback name and the real (Thai) one in RFC 5987 form. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function checkFormat(format: unknown): ExportFormat {
  if (!exportFormats.includes(format as ExportFormat))
    throw badInput(
      `รูปแบบไฟล์ต้องเป็น ${exportFormats.join(' หรือ ')}`,
      `format must be ${exportFormats.join(' or ')}`,
      { field: 'format' },
    );
  return format as ExportFormat;
}

function checkLang(lang: unknown): ExportLanguage {
  if (lang === undefined || lang === null || lang === '') return 'th';
  if (lang !== 'th' && lang !== 'en')
    throw badInput('ภาษาของไฟล์ต้องเป็น th หรือ en', 'lang must be th or en', { field: 'lang' });
  return lang;
}

/** The REST route serving one export as a streamed download. */
export function exportRoute<Row>(decl: ExportDeclaration<Row>): RestRoute {
  const params = decl.params
    ? {
        type: 'object',
        properties: Object.fromEntries(
          Object.entries(decl.params).map(([k, max]) => [k, { type: 'string', maxLength: max }]),
        ),
        required: Object.keys(decl.params),
        additionalProperties: false,
      }
    : undefined;
  return {
    method: 'GET',
    url: `/export/${decl.name}`,
    access: { menu: decl.access.menu },
    schema: {
      querystring: {
        type: 'object',
        properties: {
          format: { type: 'string', maxLength: 8 },
          lang: { type: 'string', maxLength: 8 },
          ...decl.filters,
        },
        // format is checked by the handler, after the access check: a caller without the menu code
        // is refused 403 whatever the query string says.
        additionalProperties: false,
      },
      ...(params ? { params } : {}),
    },
    async handler(request, reply) {
      const auth = await request.authenticate();
      const principal = requirePrincipal(auth);
      const { format: rawFormat, lang: rawLang, ...filters } = request.query as Record<string, unknown>;
      const format = checkFormat(rawFormat);
      const lang = checkLang(rawLang);
      const origin = { ip: request.ip, requestId: request.id };
      const source = await decl.source({
        em: request.em,
        auth,
        principal,
        filters,
        params: (request.params ?? {}) as Record<string, string>,
        lang,
        origin,
        request,
      });
      const fileName = `${source.fileName}.${format}`;
      reply.header('content-type', format === 'xlsx' ? XLSX_TYPE : CSV_TYPE);
      reply.header('content-disposition', contentDisposition(fileName));
      reply.header('cache-control', 'no-store');
      if (source.total !== undefined) reply.header('x-total-count', String(source.total));

      const started = Date.now();
      let written = 0;
      let recorded = false;
      const record = async (completed: boolean, error?: unknown) => {
        if (recorded) return;
        recorded = true;
        const fork = request.em.fork() as EntityManager;
        audit(fork, {
          event: 'EXPORT',
          actorUserId: principal.userId,
          subject: `${decl.name.replace(/:(\w+)/g, (_, k) => String((request.params as Record<string, string>)[k]))}`,
          details: {
            format,
            lang,
            filters,
            rows: written,
            total: source.total ?? null,
            completed,
            ms: Date.now() - started,
            ...(error ? { error: String((error as Error).message ?? error) } : {}),
          },
          ip: origin.ip,
          requestId: origin.requestId,
        });
        await fork.flush();
        // Personal data the pages read while the file streamed (the first page's left with the headers).
        await flushPersonalDataReads(request.em, principal, origin);
      };
      const progress = (rows: number) => {
        written = rows;
      };
      // The EXPORT event is committed before the file's last byte leaves (the stream's flush runs
      // before its end is sent): whoever has the whole file finds it audited.
      const body = new PassThrough({
        flush: (done) => {
          record(true).then(
            () => done(),
            (err) => done(err),
          );
        },
      });
      // A download stopped after the last rows were written, before they all left, is audited too.
      body.once('close', () => {
        if (!recorded)
          record(false, new Error('the download was stopped')).catch((e) =>
            request.log.error({ err: e }, 'export audit failed'),
          );
      });
      const write = format === 'xlsx' ? writeXlsx : writeCsv;
      write(source, body, lang, progress)
        .then(() => {
          if (format === 'csv') body.end();
        })
        .catch(async (err) => {
          if (!body.destroyed) request.log.error({ err }, 'export failed');
          body.destroy(err);
          await record(false, err).catch((e) => request.log.error({ err: e }, 'export audit failed'));
        });
      return reply.send(body);
    },
  };
}
