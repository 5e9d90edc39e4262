import { graphql } from '../../gql';

export const UserRowFields = graphql(`
  fragment UserRowFields on User {
    id
    kind
    username
    email
    titleTh
    firstNameTh
    lastNameTh
    citizenId
    phone
    position
    userGroupCode
    userGroupName
    userStatusCode
    requestStatusCode
    rejectReason
    createdAt
    lastLoginAt
    organisationUnit {
      id
      code
      nameTh
      nameEn
    }
    allowedActions
    pendingTransfer {
      id
      statusCode
      requestedAt
      reason
      allowedActions
    }
  }
`);

/** One step of a request's history (the document kit's history entry). */
export const RequestHistoryFields = graphql(`
  fragment RequestHistoryFields on DocumentHistoryEntry {
    action
    fromStatus
    toStatus
    reason
    actorName
    at
  }
`);

/** The registration and transfer workflows: the labels of their statuses and actions. */
export const UserRequestWorkflowsQuery = graphql(`
  query UserRequestWorkflows {
    userRequestWorkflows {
      name
      statuses {
        code
        labelTh
        labelEn
      }
      transitions {
        action
        labelTh
        labelEn
        from
        to
        menuCodes
        reason
      }
    }
  }
`);

/** A user's registration history and their pending transfer's, for the history dialog. */
export const UserRequestHistoryQuery = graphql(`
  query UserRequestHistory($id: ID!) {
    user(id: $id) {
      id
      history {
        ...RequestHistoryFields
      }
      pendingTransfer {
        id
        history {
          ...RequestHistoryFields
        }
      }
    }
  }
`);

export const TransferRequestFields = graphql(`
  fragment TransferRequestFields on TransferRequest {
    id
    statusCode
    requestedAt
    reason
    allowedActions
    toUnit {
      id
      code
      nameTh
      nameEn
    }
    history {
      ...RequestHistoryFields
    }
  }
`);

export const MyTransferRequestsQuery = graphql(`
  query MyTransferRequests {
    myTransferRequests {
      ...TransferRequestFields
    }
  }
`);

export const CancelTransferRequestMutation = graphql(`
  mutation CancelTransferRequest($requestId: ID!, $reason: String) {
    cancelTransferRequest(requestId: $requestId, reason: $reason) {
      ...TransferRequestFields
    }
  }
`);

export const UsersQuery = graphql(`
  query Users($filter: UserSearchFilter!) {
    users(filter: $filter) {
      total
      currentPage
      rows
      items {
        ...UserRowFields
      }
    }
  }
`);

export const ApproveUserMutation = graphql(`
  mutation ApproveUser($input: ApproveUserInput!) {
    approveUser(input: $input) {
      ...UserRowFields
    }
  }
`);

export const RequestActivationMailMutation = graphql(`
  mutation RequestActivationMail($userId: ID!) {
    requestActivationMail(userId: $userId)
  }
`);

export const AdminEditUserMutation = graphql(`
  mutation AdminEditUser($input: AdminEditUserInput!) {
    adminEditUser(input: $input) {
      ...UserRowFields
    }
  }
`);

export const ChangeUserStatusMutation = graphql(`
  mutation ChangeUserStatus($userId: ID!, $userStatusCode: String!) {
    changeUserStatus(userId: $userId, userStatusCode: $userStatusCode) {
      ...UserRowFields
    }
  }
`);

export const AnonymiseStaffUserMutation = graphql(`
  mutation AnonymiseStaffUser($userId: ID!) {
    anonymiseStaffUser(userId: $userId) {
      ...UserRowFields
    }
  }
`);

export const ApproveTransferMutation = graphql(`
  mutation ApproveTransfer($requestId: ID!, $approve: Boolean!, $reason: String) {
    approveTransfer(requestId: $requestId, approve: $approve, reason: $reason) {
      ...UserRowFields
    }
  }
`);

export const EditOwnProfileMutation = graphql(`
  mutation EditOwnProfile($input: EditOwnProfileInput!) {
    editOwnProfile(input: $input) {
      ...LoggedInUserFields
    }
  }
`);

export const RequestTransferMutation = graphql(`
  mutation RequestTransfer($toUnitCode: String!, $reason: String) {
    requestTransfer(toUnitCode: $toUnitCode, reason: $reason) {
      ...TransferRequestFields
    }
  }
`);

// The group select of the administrator's edit form: the groups the caller may give.
export const GroupOptionsQuery = graphql(`
  query GroupOptions {
    grantableUserGroups {
      code
      name
    }
  }
`);
