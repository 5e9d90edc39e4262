import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import { FIRST_LIST_YEAR_BE, LAST_YEAR_INPUT_BE } from '../../platform/dates';
import { MaxLength, Range } from '../../platform/graphql/input-limits';

@ObjectType('ReportColumn')
export class ReportColumnType {
  @Field(() => String) key!: string;
  @Field(() => String) labelTh!: string;
  @Field(() => String) labelEn!: string;
  @Field(() => String, {
    description:
      'text, integer, money, quantity, date (ISO yyyy-mm-dd) or link (a same-origin /api path the row opens, or null).',
  })
  kind!: string;
}

@ObjectType('ReportStatusOption')
export class ReportStatusOptionType {
  @Field(() => String) code!: string;
  @Field(() => String) labelTh!: string;
  @Field(() => String) labelEn!: string;
}

@ObjectType('ReportDescriptor', { description: 'A declared report: what the client draws its screen from.' })
export class ReportDescriptorType {
  @Field(() => String, { description: 'The menu catalogue key (report-1-1, view-division-info).' })
  key!: string;
  @Field(() => String) code!: string;
  @Field(() => Int, {
    description: '1 donations, 2 stock, 3 giving out, 4 donors, 5 e-Donation, 0 information.',
  })
  group!: number;
  @Field(() => String) titleTh!: string;
  @Field(() => String) titleEn!: string;
  @Field(() => [String], {
    description: 'period, unit, storage, resource, province, donorType, objective, account, status.',
  })
  filters!: string[];
  @Field(() => [ReportStatusOptionType]) statuses!: ReportStatusOptionType[];
  @Field(() => [ReportStatusOptionType], { description: 'The donor types, when the report takes them.' })
  donorTypes!: ReportStatusOptionType[];
  @Field(() => [ReportStatusOptionType], {
    description: 'The objectives and events, when the report takes them.',
  })
  objectives!: ReportStatusOptionType[];
  @Field(() => Boolean, { description: 'Without a period, the current fiscal year is shown.' })
  defaultsToFiscalYear!: boolean;
  @Field(() => Boolean, {
    description:
      'The figures are cumulative up to the last day of the period (a fiscal year: its 30 September); the report takes no first day (fromDate).',
  })
  cumulativePeriod!: boolean;
  @Field(() => [ReportColumnType]) columns!: ReportColumnType[];
  @Field(() => String, { description: 'bar, line or pie.' }) chartKind!: string;
}

@ObjectType('ReportRow')
export class ReportRowType {
  @Field(() => [String], { nullable: 'items', description: 'One value per column, as text.' })
  cells!: (string | null)[];
}

@ObjectType('ReportSeries')
export class ReportSeriesType {
  @Field(() => String) column!: string;
  @Field(() => String) labelTh!: string;
  @Field(() => String) labelEn!: string;
  @Field(() => [Float]) values!: number[];
}

@ObjectType('ReportResult')
export class ReportResultType {
  @Field(() => ReportDescriptorType) report!: ReportDescriptorType;
  @Field(() => [ReportRowType], { description: 'The page asked for.' }) rows!: ReportRowType[];
  @Field(() => Int, { description: 'Rows over every page.' }) rowCount!: number;
  @Field(() => Int) page!: number;
  @Field(() => Int) pageSize!: number;
  @Field(() => [String], { nullable: 'items', description: 'Per column: its sum over every row, or null.' })
  totals!: (string | null)[];
  @Field(() => [String], { description: 'The chart’s categories (at most 24).' }) chartLabels!: string[];
  @Field(() => [ReportSeriesType]) chartSeries!: ReportSeriesType[];
}

@InputType('ReportFiltersInput', {
  description: 'The shared filters; a report refuses one it does not take.',
})
export class ReportFiltersInput {
  @MaxLength(10)
  @Field(() => String, {
    nullable: true,
    description: 'yyyy-mm-dd (Gregorian; screens show the Buddhist era).',
  })
  fromDate?: string | null;
  @MaxLength(10)
  @Field(() => String, { nullable: true, description: 'yyyy-mm-dd, inclusive.' })
  toDate?: string | null;
  @Range(FIRST_LIST_YEAR_BE, LAST_YEAR_INPUT_BE)
  @Field(() => Int, {
    nullable: true,
    description: 'Buddhist-era fiscal year (1 Oct to 30 Sep): from 2555 to the current one.',
  })
  fiscalYear?: number | null;
  @MaxLength(40)
  @Field(() => String, { nullable: true, description: 'A unit code: the unit and every unit below it.' })
  unitCode?: string | null;
  @Range(1, 2_147_483_647) @Field(() => Int, { nullable: true }) storageId?: number | null;
  @Range(1, 2_147_483_647) @Field(() => Int, { nullable: true }) resourceId?: number | null;
  @Range(1, 32_767) @Field(() => Int, { nullable: true }) provinceId?: number | null;
  @MaxLength(40) @Field(() => String, { nullable: true }) donorType?: string | null;
  @MaxLength(40) @Field(() => String, { nullable: true }) objective?: string | null;
  @Range(1, 2_147_483_647) @Field(() => Int, { nullable: true }) accountId?: number | null;
  @MaxLength(40) @Field(() => String, { nullable: true }) status?: string | null;
}
