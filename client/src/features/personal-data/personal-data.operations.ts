import { graphql } from '../../gql';

// Deletion requests as staff work them (edit-donator, MN-020; docs/public-site.md).
export const PersonalDataRequestsQuery = graphql(`
  query PersonalDataRequests($status: String) {
    personalDataRequests(status: $status) {
      id
      status
      statusLabelTh
      reason
      requestedAt
      decidedAt
      decidedByName
      decisionNote
      userId
      email
      firstNameTh
      lastNameTh
      citizenId
      donors {
        id
        code
        donorType
        nameTh
        taxId
      }
      allowedActions
      outcome
    }
  }
`);

export const DecidePersonalDataRequestMutation = graphql(`
  mutation DecidePersonalDataRequest($requestId: ID!, $action: String!, $note: String) {
    decidePersonalDataRequest(requestId: $requestId, action: $action, note: $note) {
      id
      status
      statusLabelTh
      allowedActions
      decisionNote
      outcome
    }
  }
`);
