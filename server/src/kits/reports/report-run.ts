import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlDayBE } from '@namjai/common/calendar';
import { scopePathSql } from '../../platform/auth/data-scope';
import { checkedPeriod, periodSql, subtreeSql, unitSubtreePath } from '../../platform/auth/period-scope';
import type { Principal } from '../../platform/auth/principal';
import { bangkokDay, checkListedYearBE, fiscalYearBE, fiscalYearRange } from '../../platform/dates';
import { badInput } from '../../platform/errors';
import { commonLists } from '../core/common-lists.data';
import {
  bangkokDate,
  type Report,
  type ReportColumn,
  type ReportFilterKind,
  type ReportLanguage,
  type ReportSql,
  reportLanguageSql,
} from './report-kit';

// Runs a declared report: checks the filters, builds its SQL inside the caller's data scope and reads
// one page, the totals over every row and the chart's series, all computed by PostgreSQL.

export interface ReportFilters {
  fromDate?: string | null;
  toDate?: string | null;
  fiscalYear?: number | null;
  unitCode?: string | null;
  storageId?: number | null;
  resourceId?: number | null;
  provinceId?: number | null;
  donorType?: string | null;
  objective?: string | null;
  accountId?: number | null;
  status?: string | null;
}

/** Which filter kind each input field belongs to, and its name in a refusal. */
const fieldKinds: Record<keyof ReportFilters, { kind: ReportFilterKind; th: string; en: string }> = {
  fromDate: { kind: 'period', th: 'ตั้งแต่วันที่', en: 'from date' },
  toDate: { kind: 'period', th: 'ถึงวันที่', en: 'to date' },
  fiscalYear: { kind: 'period', th: 'ปีงบประมาณ', en: 'fiscal year' },
  unitCode: { kind: 'unit', th: 'หน่วยงาน', en: 'unit' },
  storageId: { kind: 'storage', th: 'คลัง', en: 'storage' },
  resourceId: { kind: 'resource', th: 'สิ่งของ', en: 'resource' },
  provinceId: { kind: 'province', th: 'จังหวัด', en: 'province' },
  donorType: { kind: 'donorType', th: 'ประเภทผู้บริจาค', en: 'donor type' },
  objective: { kind: 'objective', th: 'วัตถุประสงค์', en: 'objective' },
  accountId: { kind: 'account', th: 'บัญชีเงิน', en: 'money account' },
  status: { kind: 'status', th: 'สถานะ', en: 'status' },
};

export const reportFilterFields = Object.keys(fieldKinds) as (keyof ReportFilters)[];

export interface CheckedFilters {
  from: string | null;
  to: string | null;
  unitPath: string | null;
  values: Partial<Record<ReportFilterKind, unknown>>;
}

const isoOf = (d: { year: number; month: number; day: number }) =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/** The filters checked against the report: a filter it does not take, a bad day or code is a 400. */
export async function checkFilters(
  em: EntityManager,
  principal: Principal,
  report: Report,
  filters: ReportFilters,
): Promise<CheckedFilters> {
  for (const field of Object.keys(filters) as (keyof ReportFilters)[]) {
    const value = filters[field];
    if (value === null || value === undefined || value === '') continue;
    const name = fieldKinds[field];
    if (!name) throw badInput(`ไม่รู้จักตัวกรอง ${String(field)}`, `Unknown filter ${String(field)}`);
    if (!report.filters.includes(name.kind)) {
      throw badInput(`รายงานนี้กรองตาม${name.th}ไม่ได้`, `This report cannot be filtered by ${name.en}`, {
        field,
      });
    }
  }
  // A fiscal year is one of the year list's (the screen offers those): 2555 to the current one.
  if (filters.fiscalYear) checkListedYearBE(filters.fiscalYear, 'fiscalYear');
  if (report.periodDefault === 'fiscalYear' && !filters.fromDate && !filters.toDate && !filters.fiscalYear) {
    filters = { ...filters, fiscalYear: fiscalYearBE() };
  }
  if (report.periodKind === 'asOf' && filters.fromDate) {
    throw badInput(
      'รายงานนี้นับยอดสะสมจนถึงวันสิ้นสุดของช่วงเวลา: ระบุได้เฉพาะถึงวันที่หรือปีงบประมาณ',
      'This report counts cumulatively up to the last day of the period: give only the to date or a fiscal year',
      { field: 'fromDate' },
    );
  }
  // A fiscal year narrows the period to its days (1 October to 30 September, Bangkok).
  const range = filters.fiscalYear ? fiscalYearRange(filters.fiscalYear) : null;
  const period = checkedPeriod(
    { from: filters.fromDate, to: filters.toDate },
    {
      fields: { from: 'fromDate', to: 'toDate' },
      within: range
        ? { from: isoOf(bangkokDay(range.start)), to: isoOf(bangkokDay(new Date(range.end.getTime() - 1))) }
        : undefined,
    },
  );
  // A cumulative report counts everything up to the period's last day.
  const from = report.periodKind === 'asOf' ? null : period.from;
  const to = period.to;
  const values: CheckedFilters['values'] = {};
  const code = (field: 'donorType' | 'objective' | 'status', allowed: readonly string[]) => {
    const value = filters[field];
    if (!value) return;
    if (!allowed.includes(value)) {
      const name = fieldKinds[field];
      throw badInput(`ไม่รู้จัก${name.th} ${value.slice(0, 40)}`, `Unknown ${name.en} ${value.slice(0, 40)}`, {
        field,
      });
    }
    values[fieldKinds[field].kind] = value;
  };
  code(
    'donorType',
    commonLists['donor-type'].map((i) => i.code),
  );
  code(
    'objective',
    commonLists['objective/event'].map((i) => i.code),
  );
  code(
    'status',
    (report.statuses ?? []).map((s) => s.code),
  );
  if (filters.storageId) values.storage = filters.storageId;
  if (filters.resourceId) values.resource = filters.resourceId;
  if (filters.provinceId) values.province = filters.provinceId;
  if (filters.accountId) values.account = filters.accountId;
  const unitPath = await unitSubtreePath(em, principal, filters.unitCode);
  return { from, to, unitPath, values };
}

export interface BuiltReport {
  sql: string;
  params: unknown[];
}

/**
 * The report's SQL with its parameters, within the caller's scope and the checked filters; names and
 * fixed values in the caller's language.
 */
export function buildReport(
  principal: Principal,
  report: Report,
  f: CheckedFilters,
  lang: ReportLanguage = 'th',
): BuiltReport {
  const params: unknown[] = [];
  const used = new Set<ReportFilterKind>();
  const param = (value: unknown) => {
    params.push(value);
    return '?';
  };
  const sqlOf = (part: { sql: string; params: unknown[] }) => {
    params.push(...part.params);
    return part.sql;
  };
  const q: ReportSql = {
    // The caller's scope, the period and the unit subtree: the shared rule (platform/auth/period-scope.ts).
    scope(pathColumn) {
      return `(${sqlOf(scopePathSql(principal, pathColumn))})`;
    },
    period(column, opts = {}) {
      used.add('period');
      const expr = opts.timestamp ? bangkokDate(column) : column;
      if (!f.from && !f.to && opts.fallback) return `(${opts.fallback})`;
      return sqlOf(periodSql(expr, f));
    },
    unit(pathColumn) {
      used.add('unit');
      return sqlOf(subtreeSql(pathColumn, f.unitPath));
    },
    eq(kind, column) {
      used.add(kind);
      const value = f.values[kind];
      if (kind === 'status' && value === undefined && report.statusDefault) {
        return `${column} in (${report.statusDefault.map((s) => param(s)).join(', ')})`;
      }
      if (value === undefined) return 'true';
      const cast = typeof value === 'number' ? '::int' : '';
      return `${column} = ${param(value)}${cast}`;
    },
    param,
    ...reportLanguageSql(lang),
  };
  const sql = report.sql(q);
  for (const kind of report.filters) {
    if (!used.has(kind)) throw new Error(`report ${report.key}: filter ${kind} is declared but not applied`);
  }
  return { sql, params };
}

/** A column's value as text: money to two places, quantities without trailing zeros, days as ISO. */
export function cellSql(column: ReportColumn, expr: string): string {
  switch (column.kind) {
    case 'money':
      return `round((${expr})::numeric, 2)::text`;
    case 'quantity':
      return `trim_scale((${expr})::numeric)::text`;
    case 'integer':
      return `(${expr})::bigint::text`;
    case 'date':
      return `(${expr})::date::text`;
    default:
      return `(${expr})::text`;
  }
}

const ident = (key: string) => `r."${key}"`;

export function pageSql(
  report: Report,
  built: BuiltReport,
  limit: number | null,
  offset: number,
): BuiltReport {
  const select = report.columns.map((c, i) => `${cellSql(c, ident(c.key))} as c${i}`).join(', ');
  const order = report.orderBy.replace(/([a-z_][a-z0-9_]*)/g, (w) =>
    report.columns.some((c) => c.key === w) ? ident(w) : w,
  );
  const paging = limit === null ? '' : ` limit ${limit} offset ${offset}`;
  return {
    sql: `select ${select} from (${built.sql}) r order by ${order}${paging}`,
    params: built.params,
  };
}

export interface ReportChartSeries {
  column: string;
  label: { th: string; en: string };
  values: number[];
}

export interface ReportResultData {
  rows: (string | null)[][];
  rowCount: number;
  totals: (string | null)[];
  chartLabels: string[];
  chartSeries: ReportChartSeries[];
}

export async function runReport(
  em: EntityManager,
  principal: Principal,
  report: Report,
  filters: ReportFilters,
  page: number,
  pageSize: number,
  lang: ReportLanguage = 'th',
): Promise<ReportResultData> {
  const checked = await checkFilters(em, principal, report, filters);
  const built = buildReport(principal, report, checked, lang);
  const pageQuery = pageSql(report, built, pageSize, (page - 1) * pageSize);
  const rows = (await em.execute(pageQuery.sql, pageQuery.params, 'all')) as Record<string, string | null>[];
  const totalCols = report.columns.map((c) =>
    report.totals.includes(c.key) ? cellSql(c, `coalesce(sum(${ident(c.key)}), 0)`) : 'null',
  );
  const [summary] = (await em.execute(
    `select count(*)::int as row_count, ${totalCols.map((s, i) => `${s} as t${i}`).join(', ')} from (${built.sql}) r`,
    built.params,
  )) as Record<string, string | number | null>[];
  const chart = report.chart;
  const sums = chart.values.map((v, i) => `coalesce(sum(${ident(v)}), 0)::float8 as v${i}`).join(', ');
  const by = ident(chart.by);
  const byKind = report.columns.find((c) => c.key === chart.by)?.kind;
  // Days are drawn as people read them (dd/mm/yyyy, Buddhist era), in calendar order.
  const label = byKind === 'date' ? `coalesce(${sqlDayBE(by)}, '-')` : `coalesce(${by}::text, '-')`;
  const chartOrder = chart.order === 'label' ? `${by} nulls last` : `v0 desc, ${by}`;
  const chartRows = (await em.execute(
    `select ${label} as label, ${sums} from (${built.sql}) r group by ${by} order by ${chartOrder} limit 24`,
    built.params,
  )) as Record<string, string | number>[];
  return {
    rows: rows.map((r) => report.columns.map((_, i) => r[`c${i}`] ?? null)),
    rowCount: Number(summary?.row_count ?? 0),
    totals: report.columns.map((_, i) => (summary?.[`t${i}`] as string | null) ?? null),
    chartLabels: chartRows.map((r) => String(r.label)),
    chartSeries: chart.values.map((v, i) => {
      const column = report.columns.find((c) => c.key === v) as ReportColumn;
      return { column: v, label: column.label, values: chartRows.map((r) => Number(r[`v${i}`])) };
    }),
  };
}
