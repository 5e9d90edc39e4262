import type { ReportFiltersInput } from '../../gql/graphql';
import { parseBE } from '../../platform/dates';
import { EMPTY_ORGANISATION_PATH, type OrganisationPath } from '../../ui/organisation/organisation-tree';
import { optionalBEDate } from '../../ui/validation/schemas';
import { object } from '../../ui/validation/yup';

/** A report's filters form as typed: Buddhist-era days, the organisation picker, chosen ids and codes. */
export interface ReportFilterValues {
  /** dd/mm/yyyy Buddhist era, or ''. */
  from: string;
  to: string;
  /** A Buddhist-era fiscal year, or ''. */
  fiscalYear: string;
  organisation: OrganisationPath;
  storageId: string;
  resourceId: string;
  accountId: string;
  provinceId: string;
  donorType: string;
  objective: string;
  status: string;
}

export const EMPTY_REPORT_FILTERS: ReportFilterValues = {
  from: '',
  to: '',
  fiscalYear: '',
  organisation: EMPTY_ORGANISATION_PATH,
  storageId: '',
  resourceId: '',
  accountId: '',
  provinceId: '',
  donorType: '',
  objective: '',
  status: '',
};

export const reportFiltersSchema = object({
  from: optionalBEDate(),
  to: optionalBEDate().test('order', 'validation.dateOrder', function toAfterFrom(value) {
    const from = parseBE(String(this.parent.from ?? ''));
    const to = parseBE(value ?? '');
    return !from.isValid || !to.isValid || to >= from;
  }),
});

const apiDay = (text: string): string | null => {
  const day = text ? parseBE(text) : null;
  return day?.isValid ? day.toISODate() : null;
};

const id = (text: string): number | null => (text ? Number(text) : null);

/** The filters as the API's input: only those given (the form shows only the ones the report takes). */
export function toReportFilters(values: ReportFilterValues): ReportFiltersInput {
  const o = values.organisation;
  const all: ReportFiltersInput = {
    fromDate: apiDay(values.from),
    toDate: apiDay(values.to),
    fiscalYear: values.fiscalYear ? Number(values.fiscalYear) : null,
    unitCode: o.division || o.bureau || o.department || o.ministry || null,
    storageId: id(values.storageId),
    resourceId: id(values.resourceId),
    accountId: id(values.accountId),
    provinceId: id(values.provinceId),
    donorType: values.donorType || null,
    objective: values.objective || null,
    status: values.status || null,
  };
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== null)) as ReportFiltersInput;
}
