import { graphql } from '../../gql';

// Pending work (notification-pending-work, MN-106; docs/pending-work.md).
export const PendingWorkQuery = graphql(`
  query PendingWork {
    pendingWork {
      total
      groups {
        source
        kind
        documentType
        labelTh
        labelEn
        status
        statusLabelTh
        statusLabelEn
        action
        actionLabelTh
        actionLabelEn
        menuCode
        link
        count
        items {
          documentType
          id
          number
          status
          unitNameTh
          unitNameEn
          date
        }
      }
    }
  }
`);

/** The top bar's badge: the total only (the server counts in SQL, lists nothing). */
export const PendingWorkCountQuery = graphql(`
  query PendingWorkCount {
    pendingWorkCount
  }
`);
