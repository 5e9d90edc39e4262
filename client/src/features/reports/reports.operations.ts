import { graphql } from '../../gql';

// The reports kit (docs/reports.md): the reports the person may open, and one page of one report with
// its totals and chart. The screen is drawn from the descriptor the server sends.

export const ReportsQuery = graphql(`
  query Reports {
    reports {
      key
      code
      group
      titleTh
      titleEn
    }
  }
`);

export const ReportQuery = graphql(`
  query Report(
    $key: String!
    $filters: ReportFiltersInput
    $page: Int!
    $pageSize: Int!
    $language: String!
  ) {
    report(key: $key, filters: $filters, page: $page, pageSize: $pageSize, language: $language) {
      report {
        key
        code
        titleTh
        titleEn
        filters
        statuses {
          code
          labelTh
          labelEn
        }
        donorTypes {
          code
          labelTh
          labelEn
        }
        objectives {
          code
          labelTh
          labelEn
        }
        defaultsToFiscalYear
        cumulativePeriod
        columns {
          key
          labelTh
          labelEn
          kind
        }
        chartKind
      }
      rows {
        cells
      }
      rowCount
      page
      pageSize
      totals
      chartLabels
      chartSeries {
        column
        labelTh
        labelEn
        values
      }
    }
  }
`);
