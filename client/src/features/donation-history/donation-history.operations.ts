import { graphql } from '../../gql';

// The ministry's donation history (view-donation-history-MSDHS, MN-058): one page of goods and money
// donations in the caller's data scope, and, as a query of their own asked once per filter set (not
// once per page), the totals over everything the filters select.
export const DonationHistoryQuery = graphql(`
  query DonationHistory(
    $from: String
    $to: String
    $unitCode: String
    $donor: String
    $kind: DonationKind
    $objective: String
    $status: String
    $currentPage: Int!
    $rows: Int!
    $sort: String
    $direction: String
    $first: Int
    $after: String
    $last: Int
    $before: String
  ) {
    donationHistory(
      from: $from
      to: $to
      unitCode: $unitCode
      donor: $donor
      kind: $kind
      objective: $objective
      status: $status
      currentPage: $currentPage
      rows: $rows
      sort: $sort
      direction: $direction
      first: $first
      after: $after
      last: $last
      before: $before
    ) {
      items {
        kind
        documentType
        id
        number
        donatedOn
        donorCode
        donorNameTh
        donorNameEn
        unitCode
        unitNameTh
        unitNameEn
        status
        objective
        value
        receiptNumber
        receiptVoid
      }
      total
      startCursor
      endCursor
    }
  }
`);

export const DonationHistoryTotalsQuery = graphql(`
  query DonationHistoryTotals(
    $from: String
    $to: String
    $unitCode: String
    $donor: String
    $kind: DonationKind
    $objective: String
    $status: String
  ) {
    donationHistoryTotals(
      from: $from
      to: $to
      unitCode: $unitCode
      donor: $donor
      kind: $kind
      objective: $objective
      status: $status
    ) {
      count
      goodsCount
      moneyCount
      cancelledCount
      moneyTotal
      moneyApprovedTotal
      goodsValueTotal
      goodsApprovedTotal
    }
  }
`);
