import { exportRoute } from '../export/export-route';
import { cursorRows } from '../export/export-rows';
import type { ExportColumn, ExportKind } from '../export/export-source';
import { reportFor } from './report.resolver';
import type { ReportColumnKind } from './report-kit';
import { buildReport, checkFilters, pageSql, type ReportFilters } from './report-run';
import { reportCodes } from './reports';

// Every report as XLSX or CSV through the one export mechanism (docs/exports.md): GET
// /api/export/reports/<key>?format=xlsx|csv&<the report's filters>. The rows are the report's own
// statement (filters, data scope, order) read through a cursor; the report's menu code is checked
// before a byte is sent.

type Row = Record<string, string | null>;

const kinds: Record<ReportColumnKind, ExportKind> = {
  text: 'text',
  link: 'text',
  integer: 'integer',
  money: 'money',
  quantity: 'number',
  date: 'date',
};

const id = { type: 'integer' as const, minimum: 1, maximum: 2_147_483_647 };
const code = { type: 'string' as const, maxLength: 40 };

export const reportExport = () =>
  exportRoute<Row>({
    name: 'reports/:key',
    params: { key: 40 },
    access: { menu: reportCodes() },
    filters: {
      fromDate: { type: 'string', maxLength: 10 },
      toDate: { type: 'string', maxLength: 10 },
      fiscalYear: { type: 'integer', minimum: 2500, maximum: 2700 },
      unitCode: code,
      storageId: id,
      resourceId: id,
      provinceId: { type: 'integer', minimum: 1, maximum: 32_767 },
      accountId: id,
      donorType: code,
      objective: code,
      status: code,
    },
    async source({ em, principal, filters, params, lang }) {
      const report = reportFor(principal, params.key ?? '');
      const checked = await checkFilters(em, principal, report, filters as ReportFilters);
      const built = buildReport(principal, report, checked, lang);
      const [{ total }] = (await em.execute(
        `select count(*)::int as total from (${built.sql}) r`,
        built.params,
      )) as {
        total: number;
      }[];
      const all = pageSql(report, built, null, 0);
      // A row link (a path on this server, opened with the person's session) means nothing in a file.
      const columns: ExportColumn<Row>[] = report.columns.flatMap((c, i) =>
        c.kind === 'link'
          ? []
          : [
              {
                key: c.key,
                th: c.label.th,
                en: c.label.en,
                kind: kinds[c.kind],
                value: (row: Row) => row[`c${i}`] ?? null,
              },
            ],
      );
      return {
        fileName: report.title[lang],
        sheetTitle: report.title,
        columns,
        rows: cursorRows<Row>(em, all.sql, all.params),
        total,
      };
    },
  });
