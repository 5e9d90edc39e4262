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
    pendingTransfer {
      id
      statusCode
      requestedAt
      reason
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
      id
      statusCode
      requestedAt
      reason
    }
  }
`);

// The group select of the administrator's edit form.
export const GroupOptionsQuery = graphql(`
  query GroupOptions {
    userGroups(currentPage: 1, rows: 200, statusCode: "A") {
      items {
        code
        name
      }
    }
  }
`);
