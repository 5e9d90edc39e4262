import { sqlBangkokDate, sqlBangkokToday, sqlYearBE } from '@namjai/common/calendar';
import type { MenuCode } from '@namjai/common/menu-catalogue';
import { menuByKey } from '../../platform/auth/menu-catalogue';

// The report kit (docs/reports.md): ONE declaration per report gives its menu code, title, filters,
// SQL, columns, totals and chart. The kit runs it (report-run.ts) inside the caller's data scope and
// serves it through one GraphQL field (`report`) and one export; the client draws any report from
// the declaration it is sent.

export interface Label {
  th: string;
  en: string;
}

/** The shared filters a report may take (ReportFiltersInput). */
export const reportFilterKinds = [
  'period',
  'unit',
  'storage',
  'resource',
  'province',
  'donorType',
  'objective',
  'account',
  'status',
] as const;
export type ReportFilterKind = (typeof reportFilterKinds)[number];

/**
 * `link`: a row link the server decides (a same-origin `/api/...` path, e.g. the row's thanks-letter
 * PDF) and the client draws as a download button named by the column's label; it is never totalled,
 * charted or exported.
 */
export type ReportColumnKind = 'text' | 'integer' | 'money' | 'quantity' | 'date' | 'link';

/** The language of a report's labels and values: the screen's, or the export's `lang`. */
export type ReportLanguage = 'th' | 'en';
export const reportLanguages: readonly ReportLanguage[] = ['th', 'en'];

/** A code with its names (a common list's item, or a status option), for `ReportSql.values`. */
export type NamedCode = { code: string; nameTh: string; nameEn: string } | { code: string; label: Label };

export interface ReportColumn {
  /** The SQL's output alias (snake_case is fine; the client never parses it). */
  key: string;
  label: Label;
  kind: ReportColumnKind;
}

export interface ReportChart {
  kind: 'bar' | 'line' | 'pie';
  /** The column whose values name the categories; rows with the same value are summed. */
  by: string;
  /** The numeric columns drawn (a pie draws the first). */
  values: string[];
  /** Categories in the column's order (a period) or largest first (a ranking); at most 24 drawn. */
  order: 'label' | 'value';
}

export interface StatusOption {
  code: string;
  label: Label;
}

/**
 * Builds a report's SQL: every call returns a condition and records its parameters in the order of
 * the text, so a template literal that calls them left to right stays in step with its `?`s.
 */
export interface ReportSql {
  /** The caller's data scope on a unit's materialised path column. */
  scope(pathColumn: string): string;
  /**
   * The period filter on a date column (`timestamp`: a timestamptz read as a Bangkok day);
   * `fallback`, SQL without parameters, applies when no period is given.
   */
  period(column: string, opts?: { timestamp?: boolean; fallback?: string }): string;
  /** The organisation-subtree filter on a unit's path column. */
  unit(pathColumn: string): string;
  /** An equality filter (true when not given). `status` without a value keeps `statusDefault`. */
  eq(kind: Exclude<ReportFilterKind, 'period' | 'unit'>, column: string): string;
  /** A literal parameter. */
  param(value: unknown): string;
  /** The caller's language. Every name and fixed value a row shows goes through name, text or values. */
  lang: ReportLanguage;
  /** A table's name in the caller's language: `name_en` when recorded, else `name_th`. */
  name(alias: string): string;
  /** A fixed value shown in a row (a kind, "not specified"), as an SQL literal in the caller's language. */
  text(th: string, en: string): string;
  /** Codes and their names in the caller's language, as an SQL VALUES table of (code, name). */
  values(items: readonly NamedCode[]): string;
}

const quote = (s: string) => {
  // Parameters are `?`s in the text: a literal must not add one.
  if (s.includes('?')) throw new Error(`report literal ${s}: no question marks`);
  return `'${s.replace(/'/g, "''")}'`;
};

/** The language-dependent part of ReportSql (no parameters: the literals are the kit's own). */
export function reportLanguageSql(
  lang: ReportLanguage,
): Pick<ReportSql, 'lang' | 'name' | 'text' | 'values'> {
  const pick = (th: string, en: string) => (lang === 'en' ? en : th);
  return {
    lang,
    name: (alias) =>
      lang === 'en' ? `coalesce(nullif(${alias}.name_en, ''), ${alias}.name_th)` : `${alias}.name_th`,
    text: (th, en) => quote(pick(th, en)),
    values: (items) =>
      `(values ${items
        .map((i) => {
          const [th, en] = 'label' in i ? [i.label.th, i.label.en] : [i.nameTh, i.nameEn];
          return `(${quote(i.code)}, ${quote(pick(th, en))})`;
        })
        .join(', ')})`,
  };
}

/** Today in Bangkok, in SQL. */
export const bangkokToday = sqlBangkokToday();

/** A timestamptz column as its Bangkok day. */
export const bangkokDate = sqlBangkokDate;

export interface ReportDeclaration {
  /** The catalogue key (report-1-1, view-division-info): the menu code and the titles come from it. */
  key: string;
  /** The report's group on the index page (1 donations, 2 stock, 3 giving out, 4 donors, 5 e-Donation, 0 info). */
  group: number;
  filters: ReportFilterKind[];
  /** status filter: the allowed values, and what is counted when none is given. */
  statuses?: StatusOption[];
  statusDefault?: string[];
  /** Without a period given, the current fiscal year (the information screens). */
  periodDefault?: 'fiscalYear';
  /**
   * `asOf`: the figures are cumulative up to the period's last day (a fiscal year: its 30 September),
   * as report 4.5's eligibility is; a first day (`fromDate`) is refused with a 400.
   */
  periodKind?: 'asOf';
  columns: ReportColumn[];
  /** The columns summed over every row (not only the page). */
  totals: string[];
  chart: ReportChart;
  /** ORDER BY over the columns' keys (e.g. `amount desc, name`). */
  orderBy: string;
  sql(q: ReportSql): string;
}

export interface Report extends ReportDeclaration {
  code: MenuCode;
  title: Label;
}

export function defineReport(declaration: ReportDeclaration): Report {
  const entry = menuByKey(declaration.key);
  if (!entry) throw new Error(`report ${declaration.key}: no such key in the menu catalogue`);
  const keys = new Set(declaration.columns.map((c) => c.key));
  const links = new Set(declaration.columns.filter((c) => c.kind === 'link').map((c) => c.key));
  for (const k of [...declaration.totals, declaration.chart.by, ...declaration.chart.values]) {
    if (!keys.has(k)) throw new Error(`report ${declaration.key}: unknown column ${k}`);
    if (links.has(k))
      throw new Error(`report ${declaration.key}: link column ${k} is not totalled or charted`);
  }
  if (declaration.filters.includes('status') && !declaration.statuses?.length) {
    throw new Error(`report ${declaration.key}: a status filter needs its statuses`);
  }
  return { ...declaration, code: entry.code, title: { th: entry.nameTh, en: entry.nameEn } };
}

// Small helpers the declarations share.
export const col = {
  text: (key: string, th: string, en: string): ReportColumn => ({ key, label: { th, en }, kind: 'text' }),
  integer: (key: string, th: string, en: string): ReportColumn => ({
    key,
    label: { th, en },
    kind: 'integer',
  }),
  money: (key: string, th: string, en: string): ReportColumn => ({ key, label: { th, en }, kind: 'money' }),
  quantity: (key: string, th: string, en: string): ReportColumn => ({
    key,
    label: { th, en },
    kind: 'quantity',
  }),
  date: (key: string, th: string, en: string): ReportColumn => ({ key, label: { th, en }, kind: 'date' }),
  /** A row link: the SQL gives a same-origin `/api/...` path (or null: no link on that row). */
  link: (key: string, th: string, en: string): ReportColumn => ({ key, label: { th, en }, kind: 'link' }),
};

/** A Buddhist-era month label (2569-10) of a date expression. */
export const beMonth = (expr: string) =>
  `${sqlYearBE(expr)}::text || '-' || lpad(extract(month from ${expr})::int::text, 2, '0')`;

/**
 * A list of codes and names as an SQL VALUES table (code, name_th, name_en). A report shows names
 * through `q.values` (the caller's language) instead.
 */
export function valuesTable(items: readonly { code: string; nameTh: string; nameEn: string }[]): string {
  return `(values ${items.map((i) => `(${quote(i.code)}, ${quote(i.nameTh)}, ${quote(i.nameEn)})`).join(', ')})`;
}
