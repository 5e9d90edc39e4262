// The GraphQL page `npm run bench` asks for, which goods-donations.bench-route.ts
// answers by hand: in a module of its own without imports, so that the API test and the bench
// script (scripts/, through tsx) send this one text and the two sides cannot drift apart.

export const BENCH_GOODS_QUERY = `query GoodsDonationsPage($currentPage: Int!, $rows: Int!) {
  goodsDonations(currentPage: $currentPage, rows: $rows) {
    items {
      id number status donationDate objective
      donor { id code nameTh }
      storage { id code nameTh }
      items { lineNo quantity unitValue resource { id code nameTh } }
    }
  }
}`;
