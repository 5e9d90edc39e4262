import { graphql } from '../../gql';

// view-thanks-letter-list (MN-148): approved donations with their thanks letters.
export const ThanksLettersQuery = graphql(`
  query ThanksLetters($search: String, $currentPage: Int!, $rows: Int!) {
    thanksLetters(search: $search, currentPage: $currentPage, rows: $rows) {
      total
      items {
        documentType
        id
        number
        donatedOn
        donorName
        donorNameEn
        unitName
        unitNameEn
        value
        printCount
        pdfPath
      }
    }
  }
`);
