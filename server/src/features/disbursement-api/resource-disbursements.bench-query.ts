// The GraphQL page `npm run bench` asks for, which resource-disbursements.bench-route.ts
// answers by hand: in a module of its own without imports, so that the API test and the bench
// script (scripts/, through tsx) send this one text and the two sides cannot drift apart.

export const BENCH_DISBURSEMENTS_QUERY = `query ResourceDisbursementsPage($currentPage: Int!, $rows: Int!) {
  resourceDisbursements(currentPage: $currentPage, rows: $rows) {
    items {
      id number status recipientName
      supportRequest { id number status province urgency }
      storage { id code nameTh organisation { id code nameTh } }
      delivery { deliveredOn receivedBy }
      result { recordedOn beneficiaries outcome }
      lines {
        lineNo lot expiryDate quantity deliveredQuantity
        resource { id code nameTh }
        countingUnit { id code nameTh }
      }
    }
  }
}`;
