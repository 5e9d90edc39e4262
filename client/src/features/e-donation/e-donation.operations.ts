import { graphql } from '../../gql';

// The e-Donation export (MN-111, MN-112): the rows in the caller's data scope with their totals, and
// the keyed-in marks.
export const EDonationRowFields = graphql(`
  fragment EDonationRowFields on EDonationRow {
    kind
    documentType
    id
    number
    donatedOn
    dueOn
    donorTaxId
    donorName
    donorNameEn
    donorType
    value
    revenueTypeCode
    revenueTypeTh
    revenueTypeEn
    receiptNumber
    unitCode
    unitNameTh
    unitNameEn
    keyedAt
    keyedByUsername
    keyedByName
    overdue
  }
`);

export const EDonationRowsQuery = graphql(`
  query EDonationRows(
    $from: String
    $to: String
    $unitCode: String
    $keying: EDonationKeying
    $kind: DonationKind
    $currentPage: Int!
    $rows: Int!
  ) {
    eDonationRows(
      from: $from
      to: $to
      unitCode: $unitCode
      keying: $keying
      kind: $kind
      currentPage: $currentPage
      rows: $rows
    ) {
      items {
        ...EDonationRowFields
      }
      totals {
        count
        moneyCount
        moneyTotal
        goodsCount
        goodsTotal
        total
        keyedCount
        notKeyedCount
        overdueCount
      }
    }
  }
`);

export const MarkEDonationKeyedMutation = graphql(`
  mutation MarkEDonationKeyed($donations: [EDonationRowRef!]!) {
    markEDonationKeyed(donations: $donations) {
      changed
      rows {
        ...EDonationRowFields
      }
    }
  }
`);

export const UnmarkEDonationKeyedMutation = graphql(`
  mutation UnmarkEDonationKeyed($donations: [EDonationRowRef!]!, $reason: String!) {
    unmarkEDonationKeyed(donations: $donations, reason: $reason) {
      changed
      rows {
        ...EDonationRowFields
      }
    }
  }
`);
