import { graphql } from '../../gql';

// The ledger's read views (kits/ledger on the server), shown as tabs of the document screens.

export const StockOnHandQuery = graphql(`
  query StockOnHand($storageId: Int) {
    stockOnHand(storageId: $storageId) {
      balanceId
      storageCode
      storageNameTh
      storageNameEn
      resourceCode
      resourceNameTh
      resourceNameEn
      countingUnitTh
      lot
      expiryDate
      onHand
      reserved
      available
      inTransit
      value
    }
  }
`);

// The stock card by pages: the opening balance at the period's start, then the period's movements
// by key (`after` the last one shown).
export const StockCardQuery = graphql(`
  query StockCard(
    $storageId: Int!
    $resourceId: Int!
    $from: DateTimeISO
    $to: DateTimeISO
    $first: Int
    $after: String
  ) {
    stockCardPage(storageId: $storageId, resourceId: $resourceId, from: $from, to: $to, first: $first, after: $after) {
      opening {
        onHand
        lots {
          lot
          expiryDate
          onHand
        }
      }
      nextCursor
      entries {
        movementId
        createdAt
        movementType
        lot
        quantity
        onHandAfter
        lotOnHandAfter
        documentType
        documentId
        documentNumber
        reasonNameTh
      }
    }
  }
`);

export const ExpiringLotsQuery = graphql(`
  query ExpiringLots($withinDays: Int!, $storageId: Int) {
    expiringLots(withinDays: $withinDays, storageId: $storageId) {
      balanceId
      storageCode
      storageNameTh
      storageNameEn
      resourceCode
      resourceNameTh
      resourceNameEn
      countingUnitTh
      lot
      expiryDate
      daysLeft
      available
    }
  }
`);

export const MoneyBalancesQuery = graphql(`
  query MoneyBalances {
    moneyBalances {
      accountId
      accountCode
      accountNameTh
      accountNameEn
      accountNumber
      bankCode
      balance
      reserved
      available
    }
  }
`);

export const MoneyCardQuery = graphql(`
  query MoneyCard($accountId: Int!, $from: DateTimeISO, $to: DateTimeISO) {
    moneyCard(accountId: $accountId, from: $from, to: $to) {
      movementId
      createdAt
      movementType
      amount
      balanceAfter
      reservedAfter
      documentType
      documentId
      documentNumber
    }
  }
`);
