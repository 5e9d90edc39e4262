import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { requirePrincipal } from '../../platform/auth/access-guard';
import type { Principal } from '../../platform/auth/principal';
import { badInput, forbidden, notFound } from '../../platform/errors';
import { Menu } from '../../platform/graphql/access';
import type { GraphQLContext } from '../../platform/graphql/context';
import { MaxLength, Range } from '../../platform/graphql/input-limits';
import type { ResolverClass } from '../../platform/graphql/schema';
import { commonLists } from '../core/common-lists.data';
import { ReportDescriptorType, ReportFiltersInput, ReportResultType } from './report.type';
import { type Report, type ReportLanguage, reportLanguages } from './report-kit';
import { runReport } from './report-run';
import { reportByKey, reportCodes, reports } from './reports';

const options = (items: readonly { code: string; nameTh: string; nameEn: string }[]) =>
  items.map((i) => ({ code: i.code, labelTh: i.nameTh, labelEn: i.nameEn }));

export const describeReport = (r: Report): ReportDescriptorType => ({
  key: r.key,
  code: r.code,
  group: r.group,
  titleTh: r.title.th,
  titleEn: r.title.en,
  filters: r.filters,
  statuses: (r.statuses ?? []).map((s) => ({ code: s.code, labelTh: s.label.th, labelEn: s.label.en })),
  donorTypes: r.filters.includes('donorType') ? options(commonLists['donor-type']) : [],
  objectives: r.filters.includes('objective') ? options(commonLists['objective/event']) : [],
  defaultsToFiscalYear: r.periodDefault === 'fiscalYear',
  cumulativePeriod: r.periodKind === 'asOf',
  columns: r.columns.map((c) => ({ key: c.key, labelTh: c.label.th, labelEn: c.label.en, kind: c.kind })),
  chartKind: r.chart.kind,
});

/** th or en: the language of the report's names and fixed values (400 otherwise). */
export function reportLanguage(language: string): ReportLanguage {
  if (!(reportLanguages as readonly string[]).includes(language)) {
    throw badInput('ภาษาของรายงานต้องเป็น th หรือ en', 'The report language must be th or en', {
      field: 'language',
    });
  }
  return language as ReportLanguage;
}

/** The report of this key, if the caller holds its own menu code (404 for an unknown key). */
export function reportFor(principal: Principal, key: string): Report {
  const report = reportByKey(key);
  if (!report) throw notFound(`ไม่พบรายงาน ${key.slice(0, 40)}`, `No report ${key.slice(0, 40)}`);
  if (!principal.menuCodes.has(report.code)) throw forbidden();
  return report;
}

// One field serves every declared report; each report is gated by its own menu code (the field's
// @Menu lists them all so that a holder of any reaches the field; reportFor checks the one asked for).
let made: ResolverClass | undefined;

/** The report fields, made on the first schema build once the features have registered their reports. */
export function reportResolver(): ResolverClass {
  if (made) return made;
  const codes = reportCodes();

  @Resolver()
  class ReportResolver {
    @Query(() => [ReportDescriptorType], { description: 'The reports the caller may open.' })
    @Menu(...codes)
    reports(@Ctx() ctx: GraphQLContext): ReportDescriptorType[] {
      const principal = requirePrincipal(ctx.auth);
      return reports.filter((r) => principal.menuCodes.has(r.code)).map(describeReport);
    }

    @Query(() => ReportResultType, {
      description:
        'One page of a report with its totals over every row and its chart, within the caller’s scope.',
    })
    @Menu(...codes)
    async report(
      @MaxLength(40) @Arg('key', () => String) key: string,
      @Arg('filters', () => ReportFiltersInput, { nullable: true }) filters: ReportFiltersInput | null,
      @Range(1, 100_000) @Arg('page', () => Int, { defaultValue: 1 }) page: number,
      @Range(1, 500) @Arg('pageSize', () => Int, { defaultValue: 50 }) pageSize: number,
      @MaxLength(2)
      @Arg('language', () => String, {
        defaultValue: 'th',
        description: 'th or en: the language of the names and fixed values in the rows and the chart.',
      })
      language: string,
      @Ctx() ctx: GraphQLContext,
    ): Promise<ReportResultType> {
      const principal = requirePrincipal(ctx.auth);
      const lang = reportLanguage(language);
      const report = reportFor(principal, key);
      const data = await runReport(ctx.em, principal, report, { ...(filters ?? {}) }, page, pageSize, lang);
      return {
        report: describeReport(report),
        rows: data.rows.map((cells) => ({ cells })),
        rowCount: data.rowCount,
        page,
        pageSize,
        totals: data.totals,
        chartLabels: data.chartLabels,
        chartSeries: data.chartSeries.map((s) => ({
          column: s.column,
          labelTh: s.label.th,
          labelEn: s.label.en,
          values: s.values,
        })),
      };
    }
  }
  made = ReportResolver;
  return made;
}
